package eval

import (
	"testing"

	"github.com/shopspring/decimal"
)

// moneyText writes what StringFixed(2) writes, for every amount it takes.
func TestMoneyTextIsStringFixed(t *testing.T) {
	for _, s := range []string{"0", "0.00", "1", "-1", "12.3", "12.34", "-0.05", "-12.30", "999999999999999.99", "-999999999999999", "100", "0.1"} {
		d := decimal.RequireFromString(s)
		got, ok := moneyText(d)
		if !ok || got != d.StringFixed(2) {
			t.Errorf("moneyText(%s) = %q, %v; want %q", s, got, ok, d.StringFixed(2))
		}
	}
	for _, s := range []string{"1.234", "12345678901234567", "1e17"} {
		if got, ok := moneyText(decimal.RequireFromString(s)); ok {
			t.Errorf("moneyText(%s) = %q: takes what it cannot write", s, got)
		}
	}
	if got, ok := moneyText(decimal.New(-123, 1)); !ok || got != "-1230.00" {
		t.Errorf("moneyText(-123e1) = %q, %v", got, ok)
	}
}
