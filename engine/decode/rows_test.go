package decode_test

import (
	"fmt"
	"strings"
	"testing"

	"formwork/engine/decode"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"

	"github.com/shopspring/decimal"
)

// The rows of a large table are read as written whatever the decoder keeps
// between rows: texts that repeat and texts that all differ (more than one
// arena of them), the same amount row after row and then another, keys in
// another order in some rows, and an unknown key among them.
func TestDecodeManyRows(t *testing.T) {
	c, err := load.Load(enginetest.Mini(""))
	if err != nil {
		t.Fatal(err)
	}
	const n = 700
	var rows []string
	for i := 0; i < n; i++ {
		note := fmt.Sprintf("note %d %s", i, strings.Repeat("x", i%40))
		if i%3 == 0 {
			note = "same"
		}
		amount := "12.34"
		if i >= n/2 {
			amount = fmt.Sprintf("%d.%02d", i, i%100)
		}
		if i%7 == 0 {
			rows = append(rows, fmt.Sprintf(`{"note": %q, "amount": %s}`, note, amount))
		} else {
			rows = append(rows, fmt.Sprintf(`{"amount": %s, "note": %q}`, amount, note))
		}
	}
	rows[5] = `{"amount": 12.34, "bogus": "x", "note": "note 5 xxxxx"}`
	d, fs, err := decode.Decode(c, []byte(`{"head": {"docType": "T1"}, "lineList": [`+strings.Join(rows, ",")+`]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].Path != "lineList[5].bogus" || fs[0].Rule != "unknownField" {
		t.Errorf("findings %+v, want lineList[5].bogus unknownField", fs)
	}
	got := d.Tables["lineList"]
	if len(got) != n {
		t.Fatalf("%d rows, want %d", len(got), n)
	}
	for i, row := range got {
		note := fmt.Sprintf("note %d %s", i, strings.Repeat("x", i%40))
		if i%3 == 0 {
			note = "same"
		}
		amount := decimal.RequireFromString("12.34")
		if i >= n/2 {
			amount = decimal.RequireFromString(fmt.Sprintf("%d.%02d", i, i%100))
		}
		if row["note"] != note {
			t.Errorf("lineList[%d].note = %v, want %s", i, row["note"], note)
		}
		if a, ok := row["amount"].(decimal.Decimal); !ok || !a.Equal(amount) || a.Exponent() != -2 {
			t.Errorf("lineList[%d].amount = %v, want %s", i, row["amount"], amount.StringFixed(2))
		}
	}
}
