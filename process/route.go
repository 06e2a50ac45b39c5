package process

import (
	"slices"
	"sort"

	"github.com/shopspring/decimal"
)

// ApproverRule is one row of the approver configuration
// (navigation-and-access.md 3.4): for documents of a company, cost center
// and business type whose amount lies between MinAmount and MaxAmount, the
// approvers of the two tasks. A blank criterion matches anything; a nil
// bound is no bound. BusinessType matches the document type, businessType1
// or businessType2 (EX02, A01 or A0101).
type ApproverRule struct {
	ID           uint
	CompanyCode  string
	CostCenter   string
	BusinessType string
	MinAmount    *decimal.Decimal // included
	MaxAmount    *decimal.Decimal // included
	Approvers    [2]string        // task 1, task 2; blank: no such task
}

// RouteFacts are what routing reads of a document.
type RouteFacts struct {
	CompanyCode   string
	CostCenter    string
	DocType       string
	BusinessType1 string
	BusinessType2 string
	Amount        decimal.Decimal
}

// Matches reports whether the rule applies to the document.
func (r ApproverRule) Matches(f RouteFacts) bool {
	if r.CompanyCode != "" && r.CompanyCode != f.CompanyCode ||
		r.CostCenter != "" && r.CostCenter != f.CostCenter {
		return false
	}
	if bt := r.BusinessType; bt != "" && bt != f.DocType && bt != f.BusinessType1 && bt != f.BusinessType2 {
		return false
	}
	if r.MinAmount != nil && f.Amount.LessThan(*r.MinAmount) ||
		r.MaxAmount != nil && f.Amount.GreaterThan(*r.MaxAmount) {
		return false
	}
	return true
}

// specificity ranks a matching rule: each criterion it names counts, the
// business type by how fine it is (businessType2 over businessType1 over
// document type).
func (r ApproverRule) specificity(f RouteFacts) int {
	n := 0
	if r.CompanyCode != "" {
		n += 8
	}
	if r.CostCenter != "" {
		n += 4
	}
	switch r.BusinessType {
	case "":
	case f.BusinessType2:
		n += 3
	case f.BusinessType1:
		n += 2
	default:
		n++
	}
	return n
}

// SelectApproverRule picks the rule that routes a document: among the
// matching rules the most specific (company, then cost center, then the
// finest business type), then the one with the narrowest amount band (the
// highest minimum, then the lowest maximum), then the lowest ID. ok is false
// when no rule matches.
func SelectApproverRule(rules []ApproverRule, f RouteFacts) (ApproverRule, bool) {
	var match []ApproverRule
	for _, r := range rules {
		if r.Matches(f) {
			match = append(match, r)
		}
	}
	if len(match) == 0 {
		return ApproverRule{}, false
	}
	sort.SliceStable(match, func(i, j int) bool {
		a, b := match[i], match[j]
		if sa, sb := a.specificity(f), b.specificity(f); sa != sb {
			return sa > sb
		}
		if c := compareBound(a.MinAmount, b.MinAmount, false); c != 0 {
			return c > 0
		}
		if c := compareBound(a.MaxAmount, b.MaxAmount, true); c != 0 {
			return c < 0
		}
		return a.ID < b.ID
	})
	return match[0], true
}

// compareBound compares two optional bounds; nil is minus infinity for a
// minimum and plus infinity for a maximum (upper).
func compareBound(a, b *decimal.Decimal, upper bool) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		if upper {
			return 1
		}
		return -1
	case b == nil:
		if upper {
			return -1
		}
		return 1
	}
	return a.Cmp(*b)
}

// ApprovalSteps lists the approvers of a rule's tasks in order, leaving out
// blank tasks and tasks whose approver is one of self (the applicant and the
// maker: nobody approves their own document). An empty list means the
// document has no one to approve it.
func (r ApproverRule) ApprovalSteps(self ...string) []ApprovalStep {
	var out []ApprovalStep
	for i, a := range r.Approvers {
		if a == "" || slices.Contains(self, a) {
			continue
		}
		out = append(out, ApprovalStep{Step: approvalStepNames[i], Assignee: a})
	}
	return out
}

// ApprovalStep is one task of an approval route.
type ApprovalStep struct {
	Step     string // task1, task2
	Assignee string
}

var approvalStepNames = [2]string{"task1", "task2"}
