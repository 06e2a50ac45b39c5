package seeding

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

func TestPeriodRange(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"2026-11", "[2026-11]"},
		{"2026-11..2027-02", "[2026-11 2026-12 2027-01 2027-02]"},
		{" 2026-01 .. 2026-01 ", "[2026-01]"},
		{"2026-03..2026-01", "error"},
		{"2026-13", "error"},
		{"", "error"},
	} {
		got, err := periodRange(tt.in)
		s := fmt.Sprint(got)
		if err != nil {
			s = "error"
		}
		if s != tt.want {
			t.Errorf("%q: %s (%v), want %s", tt.in, s, err, tt.want)
		}
	}
}

// A bad seed is an error naming the budget and what is wrong, before
// anything is written (no store is reached: the service is nil).
func TestBudgetSeedErrors(t *testing.T) {
	for _, tt := range []struct{ yaml, want string }{
		{`budgets: [{companyCode: "1000", department: SAL02, account: "660201", periods: 2026-01, amount: "1.005", control: strong}]`, "budget 1: 1.005 has more than 2 decimals"},
		{`budgets: [{companyCode: "1000", department: SAL02, account: "660201", periods: 2026-01, amount: "1", control: hard}]`, "budget 1: control must be strong, weak or none"},
		{`budgets: [{companyCode: "1000", department: SAL02, account: "660201", periods: 2026-1, amount: "1", control: weak}]`, `budget 1: periods "2026-1"`},
		{`budget: []`, "field budget not found"},
	} {
		fsys := fstest.MapFS{"budget.yaml": {Data: []byte(tt.yaml)}}
		_, err := Budgets(context.Background(), fsys, nil, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error with %q", tt.yaml, err, tt.want)
		}
	}
	if n, err := Budgets(context.Background(), fstest.MapFS{}, nil, nil); n != 0 || err != nil {
		t.Errorf("no budget.yaml: %d %v, want nothing and no error", n, err)
	}
}
