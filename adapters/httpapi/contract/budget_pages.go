package contract

import "formwork/budget"

// The budget pages' requests and answers (adapters/httpapi/budgetapi).

// BudgetTablePage is a page of the budget table with the totals of every
// budget the filter selects.
type BudgetTablePage struct {
	Rows   []BudgetView  `json:"rows"`
	Total  int64         `json:"total"`
	Totals budget.Totals `json:"totals"`
}

// BudgetEntryPage is a page of what documents hold of budgets.
type BudgetEntryPage struct {
	Rows  []budget.EntryView `json:"rows"`
	Total int64              `json:"total"`
}

// BudgetMovementPage is a page of the budget log.
type BudgetMovementPage struct {
	Rows  []budget.MovementView `json:"rows"`
	Total int64                 `json:"total"`
}

// BudgetDepartmentSum is a department's budgets in a period, summed, with
// the department's name.
type BudgetDepartmentSum struct {
	budget.DepartmentSum
	DepartmentTxt string `json:"departmentTxt"`
}

// BudgetAdjustInput is the body of an adjustment.
type BudgetAdjustInput struct {
	ID     uint          `json:"id"`
	Delta  *budget.Money `json:"delta" description:"Positive raises the budget (it then waits for confirmation), negative lowers it at once."`
	Reason string        `json:"reason"`
}

// BudgetDecisionInput is the body of a confirmation or rejection.
type BudgetDecisionInput struct {
	ID      uint   `json:"id"`
	Confirm bool   `json:"confirm" description:"true confirms the pending amount, false rejects it (reason required)."`
	Reason  string `json:"reason"`
}

// budgetNodeQuery are the query parameters that select budgets.
var budgetNodeQuery = []string{"companyCode", "department", "budgetAccount", "project", "period", "periodFrom", "periodTo", "control"}

func init() {
	q := func(more ...string) []string { return append(append([]string{}, budgetNodeQuery...), more...) }
	for k, v := range map[string]apiDoc{
		"GET /api/formwork/budget/budgets":      {Tag: "budget", Summary: "A page of the budget table (available = amount - occupied - consumed) with the totals of every budget the filter selects; pending=true: those waiting for confirmation.", Query: q("pending", "sort", "page", "pageSize"), Response: BudgetTablePage{}},
		"GET /api/formwork/budget/entries":      {Tag: "budget", Summary: "What documents hold of budgets (occupancy): business id, document type and state, occupied, consumed, released.", Query: q("budgetId", "businessId", "holding", "page", "pageSize"), Response: BudgetEntryPage{}},
		"GET /api/formwork/budget/movements":    {Tag: "budget", Summary: "The budget log: occupy, release, consume, adjust, import, confirm and reject, with who, when, document, amount and reason.", Query: q("budgetId", "businessId", "kind", "actor", "page", "pageSize"), Response: BudgetMovementPage{}},
		"GET /api/formwork/budget/departmental": {Tag: "budget", Summary: "Per department and period, the sums of amount, occupied, consumed and available over its accounts.", Query: budgetNodeQuery, Response: []BudgetDepartmentSum{}},
		"POST /api/formwork/budget/adjust":      {Tag: "budget", Summary: "Raise or lower a budget with a reason: lowering counts at once (never below what is held under strong control: 422 at delta), raising waits for a second person's confirmation.", Request: BudgetAdjustInput{}, Response: BudgetView{}, Refusals: refusedOrStale},
		"POST /api/formwork/budget/decide":      {Tag: "budget", Summary: "Confirm or reject a budget's pending change; only someone other than who asked for it.", Request: BudgetDecisionInput{}, Response: BudgetView{}, Refusals: stale},
		"POST /api/formwork/budget/import":      {Tag: "budget", Summary: "Import a workbook of budgets (company, department, budgetAccount, project, period, amount, control): all or nothing; 422 lists every bad row and field. New budgets and raises wait for confirmation.", Upload: XLSX, Response: budget.Imported{}, Refusals: refused},
		"GET /api/formwork/budget/export.xlsx":  {Tag: "budget", Summary: "The budgets the filter selects as the import's workbook (confirmed amounts).", Query: budgetNodeQuery, File: XLSX},
	} {
		apiDocs[k] = v
	}
}
