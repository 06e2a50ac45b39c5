// Package budgetapi is the HTTP handlers of the budget pages (the /budget
// menu): the budget table and its totals, occupancy, the budget log,
// adjustments and their confirmation, the import and export of budgets,
// and the departmental sums. Handlers parse, call one use case of the
// budget service and answer; every rule lives in the budget package.
package budgetapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/adapters/httpapi/refuse"
	"formwork/budget"
	"formwork/engine"
	"formwork/identity"

	"github.com/labstack/echo/v4"
)

// Names names codes of a dictionary (masterdata.Service does).
type Names interface {
	CodeName(ctx context.Context, dic, code string) (engine.Text, error)
}

// API is the budget pages' handlers.
type API struct {
	budgets *budget.Service
	names   Names
}

// New builds the handlers on the budget service and the names of codes.
func New(budgets *budget.Service, names Names) *API { return &API{budgets: budgets, names: names} }

// Routes are the budget pages' routes, for the route table: everyone with
// the menu budget; the import and export also with the finance menu's
// budget import (CW00001, the same page).
func (a *API) Routes() []kit.Route {
	access, imports := kit.Menu("budget"), kit.Menu("budget", "CW00001")
	return []kit.Route{
		{Method: "GET", Path: "/api/formwork/budget/budgets", Access: access, Handle: a.list},
		{Method: "GET", Path: "/api/formwork/budget/entries", Access: access, Handle: a.entries},
		{Method: "GET", Path: "/api/formwork/budget/movements", Access: access, Handle: a.movements},
		{Method: "GET", Path: "/api/formwork/budget/departmental", Access: access, Handle: a.departmental},
		{Method: "POST", Path: "/api/formwork/budget/adjust", Access: access, Handle: a.adjust},
		{Method: "POST", Path: "/api/formwork/budget/decide", Access: access, Handle: a.decide},
		{Method: "POST", Path: "/api/formwork/budget/import", Access: imports, Handle: a.importBudgets},
		{Method: "GET", Path: "/api/formwork/budget/export.xlsx", Access: imports, Handle: a.export},
	}
}

// ImportPath is the route whose body is a workbook.
const ImportPath = "/api/formwork/budget/import"

// Scope is whose budgets the user sees and changes.
func Scope(who *identity.Identity) budget.Scope {
	return budget.Scope{All: who.Scope() == identity.ScopeAll, Companies: who.Companies}
}

// nodeQuery reads the query parameters that select budgets.
func nodeQuery(c echo.Context) budget.Query {
	p := func(name string) string { return strings.TrimSpace(c.QueryParam(name)) }
	return budget.Query{CompanyCode: p("companyCode"), Department: p("department"), BudgetAccount: p("budgetAccount"), Project: p("project"),
		Period: p("period"), PeriodFrom: p("periodFrom"), PeriodTo: p("periodTo"), Control: p("control"), Scope: Scope(kit.CurrentUser(c))}
}

// page reads page (from 1) and pageSize (default 20, at most 500).
func page(c echo.Context) (limit, offset int, err error) {
	n := func(name string, def, max int) (int, error) {
		s := strings.TrimSpace(c.QueryParam(name))
		if s == "" {
			return def, nil
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > max {
			return 0, engine.Refuse(engine.EINVALID, name, engine.Text{
				"zh": name + "须为1至" + strconv.Itoa(max) + "的整数", "en": name + " must be a whole number from 1 to " + strconv.Itoa(max),
				"th": name + " ต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง " + strconv.Itoa(max)})
		}
		return v, nil
	}
	size, err := n("pageSize", 20, 500)
	if err != nil {
		return 0, 0, err
	}
	p, err := n("page", 1, 1_000_000)
	return size, (p - 1) * size, err
}

// flag reads a true/false query parameter ("" false).
func flag(c echo.Context, name string) (bool, error) {
	switch s := strings.TrimSpace(c.QueryParam(name)); s {
	case "", "false", "0":
		return false, nil
	case "true", "1":
		return true, nil
	}
	return false, engine.Refuse(engine.EINVALID, name, engine.Text{"zh": name + "须为true或false", "en": name + " must be true or false",
		"th": name + " ต้องเป็น true หรือ false"})
}

// id reads a whole-number query parameter (0 when blank).
func id(c echo.Context, name string) (uint, error) {
	s := strings.TrimSpace(c.QueryParam(name))
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, engine.Refuse(engine.EINVALID, name, engine.Text{"zh": name + "须为整数", "en": name + " must be a whole number",
			"th": name + " ต้องเป็นจำนวนเต็ม"})
	}
	return uint(v), nil
}

// list: GET /api/formwork/budget/budgets: a page of the budget table and
// the totals of the filter.
func (a *API) list(c echo.Context) error {
	q := nodeQuery(c)
	var err error
	if q.Pending, err = flag(c, "pending"); err != nil {
		return err
	}
	q.Sort = strings.TrimSpace(c.QueryParam("sort"))
	if q.Limit, q.Offset, err = page(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	rows, total, err := a.budgets.Find(ctx, q)
	if err != nil {
		return err
	}
	totals, err := a.budgets.Totals(ctx, q)
	if err != nil {
		return err
	}
	return kit.OK(c, contract.BudgetTablePage{Rows: a.views(ctx, kit.Lang(c), rows), Total: total, Totals: totals})
}

// entries: GET /api/formwork/budget/entries: what documents hold.
func (a *API) entries(c echo.Context) error {
	q := budget.EntryQuery{Node: nodeQuery(c), BusinessID: strings.TrimSpace(c.QueryParam("businessId"))}
	var err error
	if q.BudgetID, err = id(c, "budgetId"); err != nil {
		return err
	}
	if q.Holding, err = flag(c, "holding"); err != nil {
		return err
	}
	if q.Limit, q.Offset, err = page(c); err != nil {
		return err
	}
	rows, total, err := a.budgets.Entries(c.Request().Context(), q)
	if err != nil {
		return err
	}
	return kit.OK(c, contract.BudgetEntryPage{Rows: rows, Total: total})
}

// movements: GET /api/formwork/budget/movements: the budget log.
func (a *API) movements(c echo.Context) error {
	q := budget.MovementQuery{Node: nodeQuery(c), BusinessID: strings.TrimSpace(c.QueryParam("businessId")),
		Kind: strings.TrimSpace(c.QueryParam("kind")), Actor: strings.TrimSpace(c.QueryParam("actor"))}
	var err error
	if q.BudgetID, err = id(c, "budgetId"); err != nil {
		return err
	}
	if q.Limit, q.Offset, err = page(c); err != nil {
		return err
	}
	rows, total, err := a.budgets.Movements(c.Request().Context(), q)
	if err != nil {
		return err
	}
	return kit.OK(c, contract.BudgetMovementPage{Rows: rows, Total: total})
}

// departmental: GET /api/formwork/budget/departmental.
func (a *API) departmental(c echo.Context) error {
	ctx := c.Request().Context()
	rows, err := a.budgets.Departmental(ctx, nodeQuery(c))
	if err != nil {
		return err
	}
	l := kit.Lang(c)
	names := map[string]string{}
	out := make([]contract.BudgetDepartmentSum, len(rows))
	for i, r := range rows {
		n, ok := names[r.Department]
		if !ok {
			n = a.title(ctx, "department", r.Department, l)
			names[r.Department] = n
		}
		out[i] = contract.BudgetDepartmentSum{DepartmentSum: r, DepartmentTxt: n}
	}
	return kit.OK(c, out)
}

// adjust: POST /api/formwork/budget/adjust {id, delta, reason}.
func (a *API) adjust(c echo.Context) error {
	var in contract.BudgetAdjustInput
	if err := kit.ReadJSON(c, &in, true, `{"id": 12, "delta": 5000.00, "reason": "新增展会预算"}`); err != nil {
		return err
	}
	who := kit.CurrentUser(c)
	b, err := a.budgets.Adjust(c.Request().Context(), budget.Adjustment{ID: in.ID, Delta: in.Delta, Reason: in.Reason}, Scope(who), who.Username())
	if err != nil {
		return refuse.AtField(err, kit.Lang(c))
	}
	return kit.OK(c, a.views(c.Request().Context(), kit.Lang(c), []budget.Budget{b})[0])
}

// decide: POST /api/formwork/budget/decide {id, confirm, reason}.
func (a *API) decide(c echo.Context) error {
	var in contract.BudgetDecisionInput
	if err := kit.ReadJSON(c, &in, true, `{"id": 12, "confirm": true}`); err != nil {
		return err
	}
	who := kit.CurrentUser(c)
	b, err := a.budgets.Decide(c.Request().Context(), budget.Decision{ID: in.ID, Confirm: in.Confirm, Reason: in.Reason}, Scope(who), who.Username())
	if err != nil {
		return refuse.AtField(err, kit.Lang(c))
	}
	return kit.OK(c, a.views(c.Request().Context(), kit.Lang(c), []budget.Budget{b})[0])
}

// importBudgets: POST /api/formwork/budget/import, the body an xlsx
// workbook: all its budgets, or none (422 listing every bad row).
func (a *API) importBudgets(c echo.Context) error {
	file, err := kit.ReadUpload(c, contract.XLSX)
	if err != nil {
		return err
	}
	rows, err := budget.ReadWorkbook(file)
	who := kit.CurrentUser(c)
	var done budget.Imported
	if err == nil {
		done, err = a.budgets.Import(c.Request().Context(), rows, Scope(who), who.Username())
	}
	var problems budget.ImportProblems
	if errors.As(err, &problems) {
		return refuse.Import(problems, kit.Lang(c))
	}
	if err != nil {
		return err
	}
	return kit.OK(c, done)
}

// export: GET /api/formwork/budget/export.xlsx: the budgets of the filter.
func (a *API) export(c echo.Context) error {
	q := nodeQuery(c)
	q.Limit = budgetExportLimit
	rows, _, err := a.budgets.Find(c.Request().Context(), q)
	if err != nil {
		return err
	}
	file, err := budget.WriteWorkbook(rows, kit.Lang(c))
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="budgets.xlsx"`)
	return c.Blob(http.StatusOK, contract.XLSX, file)
}

// budgetExportLimit is the most budgets an export holds (the import reads
// as many).
const budgetExportLimit = 20000

// views are budgets as answered: with what is available and the
// account's title.
func (a *API) views(ctx context.Context, lang string, rows []budget.Budget) []contract.BudgetView {
	titles := map[string]string{}
	out := make([]contract.BudgetView, 0, len(rows))
	for _, b := range rows {
		t, ok := titles[b.BudgetAccount]
		if !ok {
			t = a.title(ctx, "budgetAccount", b.BudgetAccount, lang)
			titles[b.BudgetAccount] = t
		}
		out = append(out, contract.BudgetView{Budget: b, BudgetAccountTxt: t, Available: b.Available()})
	}
	return out
}

// title is the name of a code of a dictionary in lang, or the code.
func (a *API) title(ctx context.Context, dic, code, lang string) string {
	if t, err := a.names.CodeName(ctx, dic, code); err == nil && t.In(lang) != "" {
		return t.In(lang)
	}
	return code
}
