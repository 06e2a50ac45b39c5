package budget_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"formwork/budget"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// Money is whole 分 inside and a two-decimal JSON number outside; it
// reads numbers and numeric texts exactly, never through a float.
func TestMoneyJSON(t *testing.T) {
	for _, tt := range []struct{ in, out, err string }{
		{`2458.5`, `2458.50`, ""},
		{`"1,380.00"`, `1380.00`, ""},
		{`0.1`, `0.10`, ""},
		{`-12.34`, `-12.34`, ""},
		{`999999999999999`, `999999999999999.00`, ""},
		{`-999999999999999.01`, "", "beyond"},
		{`1.005`, "", "more than 2 decimals"},
		{`1.500`, `1.50`, ""},
		{`"abc"`, "", "is not an amount"},
		{`1000000000000000`, "", "beyond"},
		{`null`, `0.00`, ""},
	} {
		var m budget.Money
		err := json.Unmarshal([]byte(tt.in), &m)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: %v, want an error with %q", tt.in, err, tt.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.in, err)
		default:
			if b, _ := json.Marshal(m); string(b) != tt.out {
				t.Errorf("%s: %s, want %s", tt.in, b, tt.out)
			}
		}
	}
	if got := budget.MoneyOf(decimal.RequireFromString("0.30")).Decimal().Add(decimal.RequireFromString("0.1")); got.String() != "0.4" {
		t.Errorf("0.30 + 0.1 = %s", got)
	}
}

// A bad amount is EINVALID, said in every language.
func TestParseMoneyRefusesInEveryLanguage(t *testing.T) {
	for _, in := range []string{"abc", "1.005", "1000000000000000"} {
		_, err := budget.ParseMoney(in)
		var e *engine.Error
		if !errors.As(err, &e) || e.Code != engine.EINVALID {
			t.Fatalf("%s: %v, want EINVALID", in, err)
		}
		for _, l := range []string{"zh", "en", "th"} {
			if e.Text[l] == "" || !strings.Contains(e.Text[l], in) {
				t.Errorf("%s: the %s message %q does not name the amount", in, l, e.Text[l])
			}
		}
	}
}
