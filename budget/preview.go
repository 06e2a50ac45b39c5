package budget

import (
	"context"

	"formwork/engine"
)

// Preview is what a document would draw on budgets if it were submitted
// now, while it is being drafted: per account it draws on, the budget of
// its node, what is available to it and whether it would exceed it. Nothing
// is occupied by asking.
type Preview struct {
	Lines []PreviewLine `json:"lines"`
}

// PreviewLine is one draw of a document as the preview answers it. A draw
// whose node has no budget (Budgeted false) follows its account's own
// control (Control; "" for an account master data does not control).
// Available includes what the document itself holds of that budget (it
// gives that back on submit). Severity and Message are the finding the
// submit would give (the same words): error under strong control (the
// submit is refused), confirm under weak control (the submit asks);
// Exceeds says whether the draw is beyond what is available at all.
type PreviewLine struct {
	CompanyCode   string `json:"companyCode"`
	Department    string `json:"department"`
	BudgetAccount string `json:"budgetAccount"`
	Project       string `json:"project"`
	Period        string `json:"period"`
	Budgeted      bool   `json:"budgeted"`
	Control       string `json:"control"`
	Amount        Money  `json:"amount"`
	Available     Money  `json:"available"`
	Draw          Money  `json:"draw"`
	Exceeds       bool   `json:"exceeds"`
	Rule          string `json:"rule,omitempty"`
	Severity      string `json:"severity,omitempty"`
	Message       string `json:"message,omitempty"`
}

// Preview works out what doc would draw now (PlanOf) and how each draw
// stands against its budget, with messages in lang. heldBy is the stored
// document doc is a version of ("" for none): what it holds already counts
// as available to it, as Occupy releases it first.
func (s *Service) Preview(ctx context.Context, doc *engine.Document, heldBy, lang string) (*Preview, error) {
	plan, err := s.PlanOf(ctx, doc)
	if err != nil {
		return nil, err
	}
	out := &Preview{Lines: []PreviewLine{}}
	if len(plan.Draws) == 0 {
		return out, nil
	}
	budgets, err := s.store.BudgetsOf(ctx, plan.Node, plan.Accounts())
	if err != nil {
		return nil, err
	}
	held := map[uint]Money{}
	if heldBy != "" {
		holdings, err := s.store.Holdings(ctx, heldBy)
		if err != nil {
			return nil, err
		}
		for _, h := range holdings {
			held[h.BudgetID] += h.Occupied
		}
	}
	for _, d := range plan.Draws {
		out.Lines = append(out.Lines, previewLine(plan.Node, d, budgets, held, lang))
	}
	return out, nil
}

// previewLine is one draw against its budget (or its account's control),
// with the finding the submit would give.
func previewLine(node Node, d Draw, budgets map[string]Budget, held map[uint]Money, lang string) PreviewLine {
	need := MoneyOf(d.Amount)
	l := PreviewLine{CompanyCode: node.CompanyCode, Department: node.Department, BudgetAccount: d.Account, Project: node.Project,
		Period: node.Period, Control: d.Control, Draw: need}
	var f *engine.Finding
	if b, ok := budgets[d.Account]; ok {
		avail := b.Available() + held[b.ID]
		l.Budgeted, l.Control, l.Amount, l.Available, l.Exceeds = true, b.Control, b.Amount, avail, need > avail
		f = exceeded(b, avail, need, nil)
	} else {
		l.Exceeds = d.Control == ControlStrong || d.Control == ControlWeak
		f = unbudgeted(node, d, nil)
	}
	if f != nil {
		l.Rule, l.Severity, l.Message = f.Rule, string(f.Severity), f.Message.In(lang)
	}
	return l
}
