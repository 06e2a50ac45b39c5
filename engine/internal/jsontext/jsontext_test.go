package jsontext_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"formwork/engine/internal/jsontext"

	"github.com/shopspring/decimal"
)

// FuzzAppendString: AppendString writes every string as encoding/json does.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "差旅费 ค่าเดินทาง", `quote " backslash \ slash /`, "<b>&amp;</b>",
		"tab\tnew\nline\rcr\bbs\fff\x00\x1f\x7f", "\u2028\u2029", "bad \xff\xfe utf8 \xe4\xb8", "emoji 🧾"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := jsontext.AppendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %s, encoding/json: %s", s, got, want)
		}
	})
}

// AppendFixed writes what StringFixed writes, for every amount and number
// of places, those it leaves to StringFixed too.
func TestAppendFixedIsStringFixed(t *testing.T) {
	for _, s := range []string{"0", "0.00", "1", "-1", "12.3", "12.34", "-0.05", "-12.30", "999999999999999.99", "-999999999999999",
		"100", "0.1", "1.234", "12345678901234567", "1e17", "-123e1", "0.0001"} {
		d := decimal.RequireFromString(s)
		for _, places := range []int32{0, 1, 2, 4} {
			if got, want := string(jsontext.AppendFixed(nil, d, places)), d.StringFixed(places); got != want {
				t.Errorf("AppendFixed(%s, %d) = %q, StringFixed: %q", s, places, got, want)
			}
		}
	}
}

func FuzzAppendFixed(f *testing.F) {
	f.Add(int64(12345), int32(-2), int32(2))
	f.Add(int64(-5), int32(-2), int32(2))
	f.Add(int64(-123), int32(1), int32(2))
	f.Add(int64(999999999999999999), int32(0), int32(0))
	f.Fuzz(func(t *testing.T, coefficient int64, exp, places int32) {
		if exp < -30 || exp > 30 || places < 0 || places > 20 {
			t.Skip()
		}
		d := decimal.New(coefficient, exp)
		if got, want := string(jsontext.AppendFixed(nil, d, places)), d.StringFixed(places); got != want {
			t.Fatalf("AppendFixed(%s, %d) = %q, StringFixed: %q", d, places, got, want)
		}
	})
}
