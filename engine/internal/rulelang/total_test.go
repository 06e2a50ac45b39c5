package rulelang

import (
	"testing"

	"github.com/shopspring/decimal"
)

// total sums as adding the items one by one to decimal.Zero does: the same
// value and exponent, whether the int64 path takes the list or not.
func TestTotalMatchesAddingOneByOne(t *testing.T) {
	d := decimal.RequireFromString
	big := decimal.New(9e17, -2) // 18 digits: the int64 path, until the sum overflows
	tests := []struct {
		name  string
		list  []any
		int64 bool // whether sumOneExponent takes the list
	}{
		{"empty", nil, false},
		{"cents", []any{d("12.34"), d("0.66"), d("-3.00")}, true},
		{"one", []any{d("5.10")}, true},
		{"exponents differ", []any{d("12.34"), d("1.5")}, false},
		{"positive exponent", []any{decimal.New(5, 2), decimal.New(7, 2)}, false},
		{"whole numbers", []any{decimal.New(5, 0), decimal.New(7, 0)}, true},
		{"an int", []any{d("1.00"), 3}, false},
		{"overflow", []any{big, big, big, big, big, big, big, big, big, big, big}, false},
		{"negative overflow", []any{big.Neg(), big.Neg(), big.Neg(), big.Neg(), big.Neg(), big.Neg(), big.Neg(), big.Neg(), big.Neg(), big.Neg(), big.Neg()}, false},
		{"19 digits", []any{d("1234567890123456789.12")}, false},
	}
	for _, tt := range tests {
		want := decimal.Zero
		for _, v := range tt.list {
			want = want.Add(toDec(v))
		}
		got := total(tt.list)
		if !got.Equal(want) || got.Exponent() != want.Exponent() {
			t.Errorf("%s: total = %s (exp %d), want %s (exp %d)", tt.name, got, got.Exponent(), want, want.Exponent())
		}
		if _, ok := sumOneExponent(tt.list); ok != tt.int64 {
			t.Errorf("%s: sumOneExponent took the list: %v, want %v", tt.name, ok, tt.int64)
		}
	}
}
