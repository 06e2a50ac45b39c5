package jsontext_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"formwork/engine/internal/jsontext"
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
