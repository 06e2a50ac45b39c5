package budget

import (
	"sort"
	"strings"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// AccountRule maps documents to a budget account: documents of
// DocType whose businessType1 or businessType2 is BusinessType, for charge
// lines of CostType. A blank criterion matches anything.
type AccountRule struct {
	DocType      string
	BusinessType string
	CostType     string
	Account      string
}

func (r AccountRule) matches(docType, bt1, bt2, costType string) bool {
	return (r.DocType == "" || r.DocType == docType) &&
		(r.BusinessType == "" || r.BusinessType == bt1 || r.BusinessType == bt2) &&
		(r.CostType == "" || r.CostType == costType)
}

func (r AccountRule) specificity(bt2 string) int {
	n := 0
	if r.CostType != "" {
		n += 8
	}
	if r.BusinessType != "" {
		n += 2
		if r.BusinessType == bt2 {
			n++
		}
	}
	if r.DocType != "" {
		n++
	}
	return n
}

// AccountFor returns the account of the most specific matching rule
// (cost type, then business type, businessType2 over businessType1, then
// document type; the first listed on a tie); ok is false when none matches.
func AccountFor(rules []AccountRule, docType, bt1, bt2, costType string) (string, bool) {
	best, bestScore := "", -1
	for _, r := range rules {
		if !r.matches(docType, bt1, bt2, costType) {
			continue
		}
		if s := r.specificity(bt2); s > bestScore {
			best, bestScore = r.Account, s
		}
	}
	return best, bestScore >= 0
}

// Node is the budget a document draws on, but for the account:
// company, department, project ("" for none) and period (yyyy-MM).
type Node struct {
	CompanyCode string
	Department  string
	Project     string
	Period      string
}

// Draw is what a document draws on one budget account, in the local
// currency.
type Draw struct {
	Account string
	Amount  decimal.Decimal
	// Control is the account's own control (master data's budget account),
	// which a draw whose node has no budget follows: strong refuses, weak
	// asks to confirm, none or "" (an account master data does not
	// control) draws nothing.
	Control string
}

// Draws says which budget a document draws on and how much per
// account. The node comes from the head: bgtComp else companyCode, bgtDept
// else department, bgtProject else project ("0", the no-project code, is
// none), and the period of docDate, else pstingDate, else createAt, else
// today (yyyy-MM-dd). Each charge line (lineList, rows flagged D left out)
// draws its amount times head.exchangeRate, rounded to 2 decimals, on the
// account of its costType; a document without charge lines draws
// head.amount on the account of its business type. Lines no rule maps, and
// accounts whose total is not above zero, draw nothing. Draws are sorted by
// account.
func Draws(doc *engine.Document, rules []AccountRule, today string) (Node, []Draw) {
	h := doc.Head()
	first := func(names ...string) string {
		for _, n := range names {
			if s := strings.TrimSpace(h.String(n)); s != "" {
				return s
			}
		}
		return ""
	}
	node := Node{
		CompanyCode: first("bgtComp", "companyCode"),
		Department:  first("bgtDept", "department"),
		Project:     first("bgtProject", "project"),
	}
	if node.Project == "0" {
		node.Project = ""
	}
	if d := first("docDate", "pstingDate", "createAt"); len(d) >= 7 {
		node.Period = d[:7]
	} else if len(today) >= 7 {
		node.Period = today[:7]
	}
	rate := decimal.NewFromInt(1)
	if r, ok := h["exchangeRate"].(decimal.Decimal); ok && r.IsPositive() {
		rate = r
	}
	code, bt1, bt2 := doc.Type.Code, h.String("businessType1"), h.String("businessType2")
	sums := map[string]decimal.Decimal{}
	add := func(costType string, amount any) {
		a, ok := amount.(decimal.Decimal)
		if !ok {
			return
		}
		if acct, ok := AccountFor(rules, code, bt1, bt2, costType); ok {
			sums[acct] = sums[acct].Add(a.Mul(rate).Round(2))
		}
	}
	lines := 0
	for _, row := range doc.Tables["lineList"] {
		if engine.RowDeleted(row) {
			continue
		}
		lines++
		add(row.String("costType"), row["amount"])
	}
	if lines == 0 {
		add(h.String("costType"), h["amount"])
	}
	var out []Draw
	for acct, sum := range sums {
		if sum.IsPositive() {
			out = append(out, Draw{Account: acct, Amount: sum})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Account < out[j].Account })
	return node, out
}
