package budget

import (
	"testing"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// A preview line says what the submit would say (checkDraws' finding, the
// same words), counting what the document holds of the budget as available
// to it; a draw without a budget follows its account's control.
func TestPreviewLine(t *testing.T) {
	node := Node{CompanyCode: "1000", Department: "IT01", Period: "2026-11"}
	b := Budget{ID: 7, CompanyCode: "1000", Department: "IT01", BudgetAccount: "660201", Period: "2026-11", Amount: 100000, Occupied: 20000, Control: ControlStrong}
	budgets := map[string]Budget{"660201": b}
	draw := Draw{Account: "660201", Amount: decimal.RequireFromString("1380.00")}
	submit := checkDraws(Plan{Node: node, Draws: []Draw{draw}}, budgets, nil)
	for _, tt := range []struct {
		name      string
		held      Money
		available string
		finding   *engine.Finding
	}{
		{"beyond a strong budget", 0, "800.00", &submit[0]},
		{"within it once what the document holds counts", 60000, "1400.00", nil},
	} {
		l := previewLine(node, draw, budgets, map[uint]Money{7: tt.held}, "zh")
		if l.Available.String() != tt.available || l.Draw.String() != "1380.00" || !l.Budgeted || l.Control != ControlStrong {
			t.Errorf("%s: %+v", tt.name, l)
		}
		switch {
		case tt.finding == nil && (l.Exceeds || l.Severity != "" || l.Message != ""):
			t.Errorf("%s: a finding %+v", tt.name, l)
		case tt.finding != nil && (!l.Exceeds || l.Severity != string(tt.finding.Severity) || l.Rule != tt.finding.Rule || l.Message != tt.finding.Message.In("zh")):
			t.Errorf("%s: %+v, want the submit's %+v", tt.name, l, tt.finding)
		}
	}
	weak := Draw{Account: "660299", Amount: decimal.RequireFromString("10.00"), Control: ControlWeak}
	l := previewLine(node, weak, budgets, nil, "en")
	want := unbudgeted(node, weak, nil)
	if l.Budgeted || !l.Exceeds || l.Severity != "confirm" || l.Message != want.Message.In("en") {
		t.Errorf("a draw without a budget on a weak account: %+v", l)
	}
}
