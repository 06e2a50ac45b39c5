package httpapi

import (
	"context"
	"errors"
	"formwork/adapters/httpapi/contract"
	"strings"

	"formwork/budget"
	"formwork/documents"
	"formwork/engine"
	"formwork/identity"
	"formwork/seeding"

	"github.com/labstack/echo/v4"
)

func (s *Server) budgetViews(ctx context.Context, l string, rows []budget.Budget) []contract.BudgetView {
	titles := map[string]string{}
	out := make([]contract.BudgetView, 0, len(rows))
	for _, b := range rows {
		t, ok := titles[b.BudgetAccount]
		if !ok {
			t = s.codeTitle(ctx, seeding.DicBudgetAccount, b.BudgetAccount, l)
			titles[b.BudgetAccount] = t
		}
		out = append(out, contract.BudgetView{Budget: b, BudgetAccountTxt: t, Available: b.Available()})
	}
	return out
}

// budgetScope is whose budgets the user sees and changes.
func budgetScope(who *identity.Identity) budget.Scope {
	return budget.Scope{All: who.Scope() == identity.ScopeAll, Companies: who.Companies}
}

// queryBudget: POST /api/galaxyform/budget/queryBudget. With businessId:
// what that document draws (per account, with the budget and what is
// available) and holds (its entries); anyone who may open the document may
// ask. Otherwise the budget table filtered by companyCode, department,
// budgetAccount, project, period (yyyy-MM), control, paged (pageSize
// default 10, currentPage default 1); that needs the budget menu, and
// finance staff see only their companies.
func (s *Server) queryBudget(c echo.Context) error {
	var q contract.BudgetQuery
	if err := readJSON(c, &q, true, `{"businessId": "EX02202611220001"} or {"companyCode": "1000", "period": "2026-11"}`); err != nil {
		return err
	}
	ctx := c.Request().Context()
	who := CurrentUser(c)
	if q.BusinessID = strings.TrimSpace(q.BusinessID); q.BusinessID != "" {
		rec, doc, _, err := s.documents.Stored(ctx, q.BusinessID)
		if err != nil {
			return err
		}
		if err := s.documents.MayOpen(ctx, who, rec); err != nil {
			return err
		}
		v, err := s.documentBudget(c, rec, doc)
		if err != nil {
			return err
		}
		return ok(c, v)
	}
	if !who.MayOpen("budget") {
		return engine.Refuse(engine.EFORBIDDEN, "", engine.Text{
			"zh": "您没有菜单budget的权限：只能按单据号查询预算",
			"en": "the budget table needs the menu budget: ask with a businessId instead",
			"th": "ตารางงบประมาณต้องมีสิทธิ์เมนู budget: กรุณาค้นหาด้วยเลขที่เอกสาร (businessId) แทน",
		})
	}
	page, err := pageOf(q.PageSize, q.CurrentPage)
	if err != nil {
		return err
	}
	rows, total, err := s.budgets.Find(ctx, budget.Query{CompanyCode: q.CompanyCode, Department: q.Department, BudgetAccount: q.BudgetAccount,
		Project: q.Project, Period: q.Period, Control: q.Control, Scope: budgetScope(who), Limit: page.size, Offset: page.offset()})
	if err != nil {
		return err
	}
	return ok(c, pageAnswer{List: s.budgetViews(ctx, lang(c), rows), Total: total, PageSize: page.size, CurrentPage: page.current})
}

// contract.DocumentBudget says what a document draws and holds.
func (s *Server) documentBudget(c echo.Context, rec *documents.Record, doc *engine.Document) (*contract.DocumentBudget, error) {
	ctx := c.Request().Context()
	db, err := s.budgets.OfDocument(ctx, rec.BusinessID, rec.DocType, doc)
	if err != nil {
		return nil, err
	}
	v := &contract.DocumentBudget{BusinessID: db.BusinessID, BudgetStatus: db.Status, CompanyCode: db.Node.CompanyCode, Department: db.Node.Department,
		Project: db.Node.Project, Period: db.Node.Period, Draws: []contract.BudgetDrawView{}, Entries: db.Held}
	l := lang(c)
	for _, d := range db.Draws {
		dv := contract.BudgetDrawView{BudgetAccount: d.Account, BudgetAccountTxt: s.codeTitle(ctx, seeding.DicBudgetAccount, d.Account, l), Amount: budget.MoneyOf(d.Amount)}
		if d.Budget != nil {
			bv := s.budgetViews(ctx, l, []budget.Budget{*d.Budget})[0]
			dv.Budget = &bv
		}
		v.Draws = append(v.Draws, dv)
	}
	return v, nil
}

// postBudget: POST /api/galaxyform/budget/postBudget {businessId}
// [?confirm=budget.weak]. Occupies the budget a draft or returned document
// draws now, replacing what it held (submit does the same, so posting first
// and submitting after occupies once). The posting status is "1" for EX01
// and "2" otherwise. Strong control refuses (422 ECHECK), weak control asks
// to confirm (422 ECONFIRM, rule budget.weak). The document's owner posts.
func (s *Server) postBudget(c echo.Context) error {
	in, err := readProcessInput(c, `{"businessId": "EX02202611220001"}`)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	rec, doc, err := s.process.LoadToPostBudget(ctx, in.request(c))
	if err != nil {
		return err
	}
	ref := budget.DocumentRef{BusinessID: rec.BusinessID, DocType: rec.DocType, Version: rec.Version, Status: rec.Status}
	findings, err := s.budgets.Post(ctx, ref, doc, confirmed(c), CurrentUser(c).Username())
	if len(findings) > 0 {
		return refuseAs(c, engine.CheckResult{DocType: doc.Type.Code, SchemaVersion: doc.Type.Version, Valid: false, Errors: findings}, saveFailed)
	}
	if err != nil {
		return err
	}
	v, err := s.documentBudget(c, rec, doc)
	if err != nil {
		return err
	}
	return ok(c, v)
}

// releaseADVBudget: GET /api/galaxyform/budget/releaseADVBudget?businessId=
// [&amount=]. Releases what a pre-application (posting status "1", EX01)
// still occupies: all of it, or amount. More than it occupies, or nothing
// to release, is refused (409) and nothing is released; so are concurrent
// releases beyond what is left. Its owner, finance staff of its company or
// an administrator may release.
func (s *Server) releaseADVBudget(c echo.Context) error {
	in := processInput{BusinessID: strings.TrimSpace(c.QueryParam("businessId"))}
	if in.BusinessID == "" {
		return engine.Refuse(engine.EINVALID, "businessId", engine.Text{
			"zh": "缺少单据号（businessId）", "en": "businessId is missing", "th": "ไม่ได้ระบุเลขที่เอกสาร (businessId)"})
	}
	limit, err := releaseAmount(c.QueryParam("amount"))
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	who := CurrentUser(c)
	rec, doc, _, err := s.process.Load(ctx, in.request(c))
	if err != nil {
		return err
	}
	if !(who.Scope() == identity.ScopeCompany && who.WorksFor(rec.CompanyCode)) {
		if err := s.process.MustBeOwner(ctx, who, rec, "void"); err != nil {
			return err
		}
	}
	released, err := s.budgets.ReleaseAdvance(ctx, rec.BusinessID, limit, who.Username())
	if err != nil {
		return err
	}
	v, err := s.documentBudget(c, rec, doc)
	if err != nil {
		return err
	}
	return ok(c, map[string]any{"businessId": rec.BusinessID, "released": released, "budget": v})
}

// releaseAmount reads releaseADVBudget's amount: nil when not given.
func releaseAmount(q string) (*budget.Money, error) {
	a := strings.TrimSpace(q)
	if a == "" {
		return nil, nil
	}
	m, err := budget.ParseMoney(strings.ReplaceAll(a, ",", ""))
	if e := (*engine.Error)(nil); errors.As(err, &e) {
		t := make(engine.Text, len(e.Text))
		for l, msg := range e.Text {
			t[l] = "amount: " + msg
		}
		return nil, engine.Refuse(engine.EINVALID, "amount", t)
	}
	if m <= 0 {
		return nil, engine.Refuse(engine.EINVALID, "amount", engine.Text{
			"zh": "释放金额（amount）须大于0", "en": "amount must be above 0", "th": "จำนวนเงินที่คืน (amount) ต้องมากกว่า 0"})
	}
	return &m, nil
}

// saveBudget: POST /api/galaxyform/budget/save {id?, companyCode,
// department, budgetAccount, project, period, amount, control} (menu
// budget). Adds a budget or, with id, changes its amount and control; a
// strong budget cannot drop below what is occupied and consumed (409).
func (s *Server) saveBudget(c echo.Context) error {
	var in contract.BudgetChange
	const example = `{"companyCode": "1000", "department": "SAL02", "budgetAccount": "660201", "project": "", "period": "2026-11", "amount": 50000.00, "control": "strong"}`
	if err := readJSON(c, &in, true, example); err != nil {
		return err
	}
	ctx := c.Request().Context()
	who := CurrentUser(c)
	b, err := s.budgets.Save(ctx, budget.Change{ID: in.ID, CompanyCode: in.CompanyCode, Department: in.Department, BudgetAccount: in.BudgetAccount,
		Project: in.Project, Period: in.Period, Amount: in.Amount, Control: in.Control}, budgetScope(who), who.Username())
	if err != nil {
		return err
	}
	return ok(c, s.budgetViews(ctx, lang(c), []budget.Budget{b})[0])
}

// codeTitle is the name of a code of a dictionary in lang, or the code
// itself when the dictionary has no name for it.
func (s *Server) codeTitle(ctx context.Context, dic, code, lang string) string {
	if t, err := s.masterData.CodeName(ctx, dic, code); err == nil && t.In(lang) != "" {
		return t.In(lang)
	}
	return code
}
