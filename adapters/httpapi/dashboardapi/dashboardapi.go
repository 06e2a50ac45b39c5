// Package dashboardapi serves the home page's summary in one call (issue
// 15 item 5): the signed-in user's to-do, draft and returned counts (the
// worklists' own counts), open advances, the budgets of their department
// this month, and their most recent documents. Each figure is the use case
// that owns it answering; nothing is computed here but the sums of the
// lines shown.
package dashboardapi

import (
	"context"
	"time"

	"formwork/adapters/httpapi/kit"
	"formwork/advances"
	"formwork/budget"
	"formwork/documents"
	"formwork/process"

	"github.com/labstack/echo/v4"
)

// Path is the dashboard's route.
const Path = "/api/formwork/dashboard"

// RecentCount is how many recent documents the dashboard shows.
const RecentCount = 5

// Deps are the use cases the dashboard reads.
type Deps struct {
	Process  *process.Service
	Lists    *documents.Lists
	Advances *advances.Service
	Budgets  *budget.Service
	Now      func() time.Time // the clock (the budget period); nil: time.Now
}

// Dashboard is the summary.
type Dashboard struct {
	Todo     int64               `json:"todo"`     // open tasks of mine or of those I act for
	Drafts   int64               `json:"drafts"`   // my drafts
	Returned int64               `json:"returned"` // my returned documents
	Advances OpenAdvances        `json:"advances"`
	Budget   DepartmentBudget    `json:"budget"`
	Recent   []documents.ListRow `json:"recent"` // my documents, last changed first
}

// OpenAdvances are my open advances, newest first, and what they have
// outstanding in all.
type OpenAdvances struct {
	Count       int                `json:"count"`
	Outstanding advances.Money     `json:"outstanding"`
	List        []advances.Advance `json:"list"` // at most RecentCount
}

// DepartmentBudget is the budgets of my department in my company for a
// period, per budget account, with their sums.
type DepartmentBudget struct {
	CompanyCode string       `json:"companyCode"`
	Department  string       `json:"department"`
	Period      string       `json:"period"` // yyyy-MM
	Lines       []BudgetLine `json:"lines"`
	Total       BudgetLine   `json:"total"` // budgetAccount blank
}

// BudgetLine is one budget account's amounts (all the budgets of the
// account in the period: its projects together).
type BudgetLine struct {
	BudgetAccount string       `json:"budgetAccount"`
	Amount        budget.Money `json:"amount"`
	Occupied      budget.Money `json:"occupied"`
	Consumed      budget.Money `json:"consumed"`
	Available     budget.Money `json:"available"`
}

// API is the dashboard's handler.
type API struct{ deps Deps }

// New builds the handler on deps.
func New(deps Deps) *API {
	if deps.Now == nil {
		deps.Now = time.Now
	}
	return &API{deps: deps}
}

// Routes are the dashboard's route: everyone signed in (each figure is
// the user's own).
func (a *API) Routes() []kit.Route {
	return []kit.Route{{Method: "GET", Path: Path, Access: kit.SignedIn, Handle: a.dashboard}}
}

// dashboard: GET /api/formwork/dashboard.
func (a *API) dashboard(c echo.Context) error {
	ctx, who, lang := c.Request().Context(), kit.CurrentUser(c), kit.Lang(c)
	var d Dashboard
	for _, n := range []struct {
		list string
		into *int64
	}{{process.ListTodo, &d.Todo}, {process.ListDraft, &d.Drafts}, {process.ListReturned, &d.Returned}} {
		_, total, err := a.deps.Process.Worklist(ctx, who, process.Query{List: n.list, Limit: 1}, lang)
		if err != nil {
			return err
		}
		*n.into = total
	}
	var err error
	if d.Advances, err = a.openAdvances(ctx, who.Username()); err != nil {
		return err
	}
	if d.Budget, err = a.departmentBudget(ctx, who.Company, who.User.DeptID); err != nil {
		return err
	}
	page, err := a.deps.Lists.Query(ctx, documents.Reader{Actor: who, Companies: who.Companies}, documents.ListQuery{
		Filters: documents.ListFilters{Applicant: who.Username()}, Sort: documents.ListSort{Field: "updatedAt", Order: "desc"},
		Page: 1, PageSize: RecentCount}, lang)
	if err != nil {
		return err
	}
	d.Recent = append([]documents.ListRow{}, page.Rows...)
	return kit.OK(c, d)
}

// openAdvances are the user's open advances.
func (a *API) openAdvances(ctx context.Context, username string) (OpenAdvances, error) {
	list, err := a.deps.Advances.List(ctx, username, "", advances.StatusOpen)
	out := OpenAdvances{Count: len(list), List: []advances.Advance{}}
	for i, adv := range list {
		out.Outstanding += adv.Outstanding()
		if i < RecentCount {
			out.List = append(out.List, adv)
		}
	}
	return out, err
}

// departmentBudget is the budgets of department in company this month.
func (a *API) departmentBudget(ctx context.Context, company, department string) (DepartmentBudget, error) {
	out := DepartmentBudget{CompanyCode: company, Department: department, Period: a.deps.Now().Format("2006-01"), Lines: []BudgetLine{}}
	if company == "" || department == "" {
		return out, nil
	}
	rows, _, err := a.deps.Budgets.Find(ctx, budget.Query{CompanyCode: company, Department: department, Period: out.Period,
		Sort: "budgetAccount", Scope: budget.Scope{Companies: []string{company}}, Limit: 200})
	if err != nil {
		return out, err
	}
	byAccount := map[string]int{}
	for _, b := range rows {
		i, ok := byAccount[b.BudgetAccount]
		if !ok {
			i = len(out.Lines)
			byAccount[b.BudgetAccount] = i
			out.Lines = append(out.Lines, BudgetLine{BudgetAccount: b.BudgetAccount})
		}
		for _, l := range []*BudgetLine{&out.Lines[i], &out.Total} {
			l.Amount += b.Amount
			l.Occupied += b.Occupied
			l.Consumed += b.Consumed
			l.Available += b.Available()
		}
	}
	return out, nil
}
