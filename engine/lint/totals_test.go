package lint_test

import (
	"slices"
	"testing"

	"formwork/engine/internal/enginetest"
	"formwork/engine/lint"
	"formwork/engine/load"
)

// lint --coverage lists the document types with lines (a table with an
// amount column) whose head derives no total from them.
func TestWithoutTotals(t *testing.T) {
	tests := []struct {
		name   string
		fields string // T1's field overrides
		listed bool
	}{
		{"the head amount entered", "", true},
		{"the head amount is the lines' total", "fields:\n  head.amount: {readOnly: true, value: 'total(map(lineList, .amount))'}\n", false},
		{"a head value derived from the head only is no total", "fields:\n  head.amount: {readOnly: true, value: 'head.price * 2'}\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := load.Load(enginetest.Mini(tt.fields))
			if err != nil {
				t.Fatal(err)
			}
			got := lint.WithoutTotals(c)
			if listed := slices.Contains(got, "form/T1") || slices.Contains(got, "/T1"); listed != tt.listed {
				t.Errorf("listed %v, want %v: %v", listed, tt.listed, got)
			}
		})
	}
	// the catalogue: EX02 derives its totals, K02 keeps its credit limit
	// entered (its YAML says why), FE has lines without amounts
	got := lint.WithoutTotals(enginetest.Catalogue(t))
	for code, want := range map[string]bool{"form/EX02": false, "form/DZ11": false, "form/K02": true, "form/CF": true, "form/FE": false} {
		if slices.Contains(got, code) != want {
			t.Errorf("%s listed %v, want %v: %v", code, !want, want, got)
		}
	}
}
