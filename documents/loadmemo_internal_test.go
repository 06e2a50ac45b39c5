package documents

import (
	"testing"

	"github.com/shopspring/decimal"
)

// A value is the same only when it would be written the same: a decimal
// of another exponent, or a value of another kind, is changed.
func TestSameValue(t *testing.T) {
	tests := []struct {
		x, y any
		same bool
	}{
		{"a", "a", true},
		{"a", "b", false},
		{decimal.RequireFromString("1.50"), decimal.RequireFromString("1.50"), true},
		{decimal.RequireFromString("1.50"), decimal.RequireFromString("1.5"), false},
		{decimal.RequireFromString("0.00"), decimal.NewFromInt(0), false},
		{decimal.RequireFromString("2.00"), decimal.RequireFromString("3.00"), false},
		{3, 3, true},
		{3, "3", false},
		{true, true, true},
		{[]string{"x"}, []string{"x"}, false}, // not a kind a document holds: changed
	}
	for _, tt := range tests {
		if got := sameValue(tt.x, tt.y); got != tt.same {
			t.Errorf("sameValue(%v, %v) = %v, want %v", tt.x, tt.y, got, tt.same)
		}
	}
}
