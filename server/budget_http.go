package server

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"formwork/adapters/sqldb"
	"formwork/budget"
	"formwork/engine"
	"formwork/seeding"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// budgetView is a budget as answered: with what is still available and the
// account's title.
type budgetView struct {
	budget.Budget
	BudgetAccountTxt string       `json:"budgetAccountTxt"`
	Available        budget.Money `json:"available"`
}

func (s *Server) budgetViews(ctx context.Context, l string, rows []budget.Budget) []budgetView {
	titles := map[string]string{}
	out := make([]budgetView, 0, len(rows))
	for _, b := range rows {
		t, ok := titles[b.BudgetAccount]
		if !ok {
			t = s.dictionaryText(ctx, seeding.DicBudgetAccount, b.BudgetAccount, l)
			titles[b.BudgetAccount] = t
		}
		out = append(out, budgetView{Budget: b, BudgetAccountTxt: t, Available: b.Available()})
	}
	return out
}

// dictionaryText is a code's title in a dictionary, or the code. (A
// dictionary helper: print_view.go uses it too.)
func (s *Server) dictionaryText(ctx context.Context, dic, code, l string) string {
	var e DictionaryEntry
	if err := s.db.WithContext(ctx).Where("dic_id = ? AND code = ?", dic, code).Take(&e).Error; err != nil {
		return code
	}
	return engine.Text{"zh": e.Zh, "en": e.En, "th": e.Th}.In(l)
}

// budgetScope is whose budgets the user sees and changes.
func budgetScope(who *Identity) budget.Scope {
	return budget.Scope{All: who.Scope() == scopeAll, Companies: who.Companies}
}

// budgetQuery is the body of queryBudget.
type budgetQuery struct {
	BusinessID    string `json:"businessId"`
	CompanyCode   string `json:"companyCode"`
	Department    string `json:"department"`
	BudgetAccount string `json:"budgetAccount"`
	Project       string `json:"project"`
	Period        string `json:"period"`
	Control       string `json:"control"`
	PageSize      int    `json:"pageSize"`
	CurrentPage   int    `json:"currentPage"`
}

// documentBudget is what a document draws and holds.
type documentBudget struct {
	BusinessID   string           `json:"businessId"`
	BudgetStatus string           `json:"budgetStatus"`
	CompanyCode  string           `json:"companyCode"`
	Department   string           `json:"department"`
	Project      string           `json:"project"`
	Period       string           `json:"period"`
	Draws        []budgetDrawView `json:"draws"`
	Entries      []budget.Holding `json:"entries"`
}

// budgetDrawView is one account a document draws on, with its budget (nil:
// no budget for that node, not controlled).
type budgetDrawView struct {
	BudgetAccount    string       `json:"budgetAccount"`
	BudgetAccountTxt string       `json:"budgetAccountTxt"`
	Amount           budget.Money `json:"amount"`
	Budget           *budgetView  `json:"budget"`
}

// queryBudget: POST /api/galaxyform/budget/queryBudget. With businessId:
// what that document draws (per account, with the budget and what is
// available) and holds (its entries); anyone who may open the document may
// ask. Otherwise the budget table filtered by companyCode, department,
// budgetAccount, project, period (yyyy-MM), control, paged (pageSize
// default 10, currentPage default 1); that needs the budget menu, and
// finance staff see only their companies.
func (s *Server) queryBudget(c echo.Context) error {
	var q budgetQuery
	if err := readJSON(c, &q, true, `{"businessId": "EX02202611220001"} or {"companyCode": "1000", "period": "2026-11"}`); err != nil {
		return err
	}
	ctx := c.Request().Context()
	who := CurrentUser(c)
	if q.BusinessID = strings.TrimSpace(q.BusinessID); q.BusinessID != "" {
		rec, doc, _, err := s.storedDocument(ctx, q.BusinessID)
		if err != nil {
			return err
		}
		if err := s.mayOpen(c, who, rec); err != nil {
			return err
		}
		v, err := s.documentBudget(c, rec, doc)
		if err != nil {
			return err
		}
		return ok(c, v)
	}
	menus, err := s.permittedMenus(ctx, who)
	if err != nil {
		return err
	}
	if !menus["budget"] {
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

// documentBudget says what a document draws and holds.
func (s *Server) documentBudget(c echo.Context, rec *DocumentRecord, doc *engine.Document) (*documentBudget, error) {
	ctx := c.Request().Context()
	db, err := s.budgets.OfDocument(ctx, rec.BusinessID, rec.DocType, doc)
	if err != nil {
		return nil, err
	}
	v := &documentBudget{BusinessID: db.BusinessID, BudgetStatus: db.Status, CompanyCode: db.Node.CompanyCode, Department: db.Node.Department,
		Project: db.Node.Project, Period: db.Node.Period, Draws: []budgetDrawView{}, Entries: db.Held}
	l := lang(c)
	for _, d := range db.Draws {
		dv := budgetDrawView{BudgetAccount: d.Account, BudgetAccountTxt: s.dictionaryText(ctx, seeding.DicBudgetAccount, d.Account, l), Amount: budget.MoneyOf(d.Amount)}
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
	who := CurrentUser(c)
	rec, doc, _, err := s.documentToAct(c, in)
	if err != nil {
		return err
	}
	if err := s.mustBeOwner(c, who, rec, "save"); err != nil {
		return err
	}
	if st := s.Lifecycle().States[rec.Status]; st == nil || !st.Editable {
		return engine.Refuse(engine.ECONFLICT, "status", engine.Text{
			"zh": fmt.Sprintf("单据%s当前状态为%s，预算已随提交占用，不能再过账", rec.BusinessID, s.stateTitle(rec.Status, "zh")),
			"en": fmt.Sprintf("document %s is %s: its budget was posted on submit", rec.BusinessID, s.stateTitle(rec.Status, "en")),
			"th": fmt.Sprintf("เอกสาร %s อยู่ในสถานะ %s: งบประมาณถูกตั้งใช้ไปแล้วเมื่อส่งอนุมัติ จึงตั้งใช้อีกไม่ได้", rec.BusinessID, s.stateTitle(rec.Status, "th")),
		})
	}
	findings, err := s.budgets.Post(ctx, rec.BusinessID, rec.DocType, doc, confirmed(c), who.Username(), s.inDocumentTx(ctx, rec))
	if len(findings) > 0 {
		return refuseAs(c, findingsResult(doc, findings...), saveFailed)
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

// inDocumentTx is a unit of work in the document's transaction (documents
// have no store of their own yet): it holds the document's row first, at
// the version and state read, as every transition does, then runs fn on
// the budget's share of the transaction. A document changed meanwhile is
// ECONFLICT.
//
// transitional: remove after the split (the documents or process store
// provides this unit of work).
func (s *Server) inDocumentTx(ctx context.Context, rec *DocumentRecord) func(fn func(tx budget.Tx) error) error {
	return func(fn func(tx budget.Tx) error) error {
		return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if res := tx.Table("documents").Where("business_id = ? AND version = ? AND status = ?", rec.BusinessID, rec.Version, rec.Status).
				Update("updated_at", s.now()); res.Error != nil || res.RowsAffected == 0 {
				return firstErr(res.Error, engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
					"zh": fmt.Sprintf("单据%s已被他人同时更改，请刷新后重试", rec.BusinessID),
					"en": fmt.Sprintf("document %s was changed meanwhile by someone else: reload it and try again", rec.BusinessID),
					"th": fmt.Sprintf("เอกสาร %s ถูกผู้อื่นเปลี่ยนแปลงในระหว่างนี้ กรุณาโหลดใหม่แล้วลองอีกครั้ง", rec.BusinessID),
				}))
			}
			return fn(sqldb.BudgetTx(tx))
		})
	}
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
	who := CurrentUser(c)
	rec, doc, _, err := s.documentToAct(c, in)
	if err != nil {
		return err
	}
	if !(who.Scope() == scopeCompany && who.WorksFor(rec.CompanyCode)) {
		if err := s.mustBeOwner(c, who, rec, "void"); err != nil {
			return err
		}
	}
	released, err := s.budgets.ReleaseAdvance(c.Request().Context(), rec.BusinessID, limit, who.Username())
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
	var in struct {
		ID            uint          `json:"id"`
		CompanyCode   string        `json:"companyCode"`
		Department    string        `json:"department"`
		BudgetAccount string        `json:"budgetAccount"`
		Project       string        `json:"project"`
		Period        string        `json:"period"`
		Amount        *budget.Money `json:"amount"`
		Control       string        `json:"control"`
	}
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
