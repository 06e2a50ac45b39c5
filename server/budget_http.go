package server

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// budgetView is a budget as answered: with what is still available and the
// account's title.
type budgetView struct {
	Budget
	BudgetAccountTxt string `json:"budgetAccountTxt"`
	Available        Money  `json:"available"`
}

func (s *Server) budgetViews(ctx context.Context, l string, rows []Budget) []budgetView {
	titles := map[string]string{}
	out := make([]budgetView, 0, len(rows))
	for _, b := range rows {
		t, ok := titles[b.BudgetAccount]
		if !ok {
			t = s.dictionaryText(ctx, dicBudgetAccount, b.BudgetAccount, l)
			titles[b.BudgetAccount] = t
		}
		out = append(out, budgetView{Budget: b, BudgetAccountTxt: t, Available: b.Available()})
	}
	return out
}

// dictionaryText is a code's title in a dictionary, or the code.
func (s *Server) dictionaryText(ctx context.Context, dic, code, l string) string {
	var e DictionaryEntry
	if err := s.db.WithContext(ctx).Where("dic_id = ? AND code = ?", dic, code).Take(&e).Error; err != nil {
		return code
	}
	return engine.Text{"zh": e.Zh, "en": e.En, "th": e.Th}.In(l)
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
	BusinessID   string            `json:"businessId"`
	BudgetStatus string            `json:"budgetStatus"`
	CompanyCode  string            `json:"companyCode"`
	Department   string            `json:"department"`
	Project      string            `json:"project"`
	Period       string            `json:"period"`
	Draws        []budgetDrawView  `json:"draws"`
	Entries      []budgetEntryView `json:"entries"`
}

// budgetDrawView is one account a document draws on, with its budget (nil:
// no budget for that node, not controlled).
type budgetDrawView struct {
	BudgetAccount    string      `json:"budgetAccount"`
	BudgetAccountTxt string      `json:"budgetAccountTxt"`
	Amount           Money       `json:"amount"`
	Budget           *budgetView `json:"budget"`
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
		return engine.Errorf(engine.EFORBIDDEN, "", "%s", say(c, "您没有菜单budget的权限：只能按单据号查询预算", "the budget table needs the menu budget: ask with a businessId instead"))
	}
	page, err := pageOf(q.PageSize, q.CurrentPage)
	if err != nil {
		return err
	}
	db := s.db.WithContext(ctx).Model(&Budget{})
	for _, f := range []struct{ col, v string }{{"company_code", q.CompanyCode}, {"department", q.Department}, {"budget_account", q.BudgetAccount},
		{"project", q.Project}, {"period", q.Period}, {"control", q.Control}} {
		if v := strings.TrimSpace(f.v); v != "" {
			db = db.Where(f.col+" = ?", v)
		}
	}
	if who.Scope() != scopeAll {
		db = db.Where("company_code IN ?", who.Companies)
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return fmt.Errorf("count budgets: %w", err)
	}
	var rows []Budget
	if err := db.Order("period DESC, company_code, department, budget_account, project").Limit(page.size).Offset(page.offset()).Find(&rows).Error; err != nil {
		return fmt.Errorf("list budgets: %w", err)
	}
	return ok(c, pageAnswer{List: s.budgetViews(ctx, lang(c), rows), Total: total, PageSize: page.size, CurrentPage: page.current})
}

// documentBudget says what a document draws and holds.
func (s *Server) documentBudget(c echo.Context, rec *DocumentRecord, doc *engine.Document) (*documentBudget, error) {
	ctx := c.Request().Context()
	plan, err := s.budgetPlanOf(ctx, doc)
	if err != nil {
		return nil, err
	}
	v := &documentBudget{BusinessID: rec.BusinessID, BudgetStatus: budgetStatusOf(rec.DocType), CompanyCode: plan.Node.CompanyCode,
		Department: plan.Node.Department, Project: plan.Node.Project, Period: plan.Node.Period, Draws: []budgetDrawView{}}
	accounts := make([]string, 0, len(plan.Draws))
	for _, d := range plan.Draws {
		accounts = append(accounts, d.Account)
	}
	budgets, err := budgetsOf(s.db.WithContext(ctx), plan.Node, accounts)
	if err != nil {
		return nil, err
	}
	l := lang(c)
	for _, d := range plan.Draws {
		dv := budgetDrawView{BudgetAccount: d.Account, BudgetAccountTxt: s.dictionaryText(ctx, dicBudgetAccount, d.Account, l), Amount: MoneyOf(d.Amount)}
		if b := budgets[d.Account]; b != nil {
			bv := s.budgetViews(ctx, l, []Budget{*b})[0]
			dv.Budget = &bv
		}
		v.Draws = append(v.Draws, dv)
	}
	if v.Entries, err = s.budgetHeld(ctx, rec.BusinessID); err != nil {
		return nil, err
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
		return engine.Errorf(engine.ECONFLICT, "status", "%s", say(c,
			fmt.Sprintf("单据%s当前状态为%s，预算已随提交占用，不能再过账", rec.BusinessID, s.stateTitle(rec.Status, "zh")),
			fmt.Sprintf("document %s is %s: its budget was posted on submit", rec.BusinessID, rec.Status)))
	}
	plan, err := s.budgetPlanOf(ctx, doc)
	if err != nil {
		return err
	}
	var findings []engine.Finding
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// the document row first, as every transition locks it: no deadlock
		if res := tx.Model(&DocumentRecord{}).Where("business_id = ? AND version = ? AND status = ?", rec.BusinessID, rec.Version, rec.Status).
			Update("updated_at", s.now()); res.Error != nil || res.RowsAffected == 0 {
			return firstErr(res.Error, engine.Errorf(engine.ECONFLICT, "businessId", "document %s was changed meanwhile by someone else: reload it and try again", rec.BusinessID))
		}
		var err error
		findings, err = occupyBudget(tx, rec.BusinessID, rec.DocType, plan, confirmed(c), who.Username(), s.now())
		if err == nil && len(findings) > 0 {
			err = errRefused
		}
		return err
	})
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

// releaseADVBudget: GET /api/galaxyform/budget/releaseADVBudget?businessId=
// [&amount=]. Releases what a pre-application (posting status "1", EX01)
// still occupies: all of it, or amount. More than it occupies is refused
// (409) and nothing is released. Its owner, finance staff of its company or
// an administrator may release.
func (s *Server) releaseADVBudget(c echo.Context) error {
	in := processInput{BusinessID: strings.TrimSpace(c.QueryParam("businessId"))}
	if in.BusinessID == "" {
		return engine.Errorf(engine.EINVALID, "businessId", "businessId is missing")
	}
	var limit *Money
	if a := strings.TrimSpace(c.QueryParam("amount")); a != "" {
		m, err := parseMoney(strings.ReplaceAll(a, ",", ""))
		if err != nil {
			return engine.Errorf(engine.EINVALID, "amount", "amount: %v", err)
		}
		if m <= 0 {
			return engine.Errorf(engine.EINVALID, "amount", "amount must be above 0")
		}
		limit = &m
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
	var released Money
	err = s.db.WithContext(c.Request().Context()).Transaction(func(tx *gorm.DB) error {
		var err error
		released, err = releaseBudget(tx, rec.BusinessID, budgetStatusAdvance, limit, who.Username(), s.now())
		if err == nil && released == 0 {
			err = engine.Errorf(engine.ECONFLICT, "businessId", "%s", say(c,
				fmt.Sprintf("单据%s没有占用中的事前申请预算", rec.BusinessID),
				fmt.Sprintf("document %s holds no pre-application budget to release", rec.BusinessID)))
		}
		return err
	})
	if err != nil {
		return err
	}
	v, err := s.documentBudget(c, rec, doc)
	if err != nil {
		return err
	}
	return ok(c, map[string]any{"businessId": rec.BusinessID, "released": released, "budget": v})
}

var periodRe = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// saveBudget: POST /api/galaxyform/budget/save {id?, companyCode,
// department, budgetAccount, project, period, amount, control} (menu
// budget). Adds a budget or, with id, changes its amount and control; a
// strong budget cannot drop below what is occupied and consumed (409).
func (s *Server) saveBudget(c echo.Context) error {
	var in struct {
		ID            uint   `json:"id"`
		CompanyCode   string `json:"companyCode"`
		Department    string `json:"department"`
		BudgetAccount string `json:"budgetAccount"`
		Project       string `json:"project"`
		Period        string `json:"period"`
		Amount        *Money `json:"amount"`
		Control       string `json:"control"`
	}
	const example = `{"companyCode": "1000", "department": "SAL02", "budgetAccount": "660201", "project": "", "period": "2026-11", "amount": 50000.00, "control": "strong"}`
	if err := readJSON(c, &in, true, example); err != nil {
		return err
	}
	ctx := c.Request().Context()
	who := CurrentUser(c)
	b := Budget{ID: in.ID, CompanyCode: strings.TrimSpace(in.CompanyCode), Department: strings.TrimSpace(in.Department),
		BudgetAccount: strings.TrimSpace(in.BudgetAccount), Project: strings.TrimSpace(in.Project), Period: strings.TrimSpace(in.Period),
		Control: in.Control, UpdateBy: who.Username()}
	if b.Project == "0" {
		b.Project = ""
	}
	switch {
	case in.Amount == nil:
		return engine.Errorf(engine.EINVALID, "amount", "amount is missing (send JSON such as %s)", example)
	case *in.Amount < 0:
		return engine.Errorf(engine.EINVALID, "amount", "amount must not be negative")
	case b.Control != controlStrong && b.Control != controlWeak && b.Control != controlNone:
		return engine.Errorf(engine.EINVALID, "control", "control must be strong, weak or none")
	}
	b.Amount = *in.Amount
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if b.ID == 0 {
			for _, f := range []struct {
				path, v string
				max     int
			}{{"companyCode", b.CompanyCode, 20}, {"department", b.Department, 40}, {"budgetAccount", b.BudgetAccount, 40}, {"project", b.Project, 40}} {
				if f.v == "" && f.path != "project" {
					return engine.Errorf(engine.EINVALID, f.path, "%s is missing (send JSON such as %s)", f.path, example)
				}
				if utf8.RuneCountInString(f.v) > f.max {
					return engine.Errorf(engine.EINVALID, f.path, "%s is longer than %d characters", f.path, f.max)
				}
			}
			if !periodRe.MatchString(b.Period) {
				return engine.Errorf(engine.EINVALID, "period", "period must be a month yyyy-MM, not %q", clipText(b.Period, 20))
			}
			if who.Scope() != scopeAll && !who.WorksFor(b.CompanyCode) {
				return engine.Errorf(engine.EFORBIDDEN, "companyCode", "you do not work for company %s", clipText(b.CompanyCode, 20))
			}
			var n int64
			if err := tx.Model(&Budget{}).Where("company_code = ? AND department = ? AND budget_account = ? AND project = ? AND period = ?",
				b.CompanyCode, b.Department, b.BudgetAccount, b.Project, b.Period).Count(&n).Error; err != nil {
				return fmt.Errorf("look up budget: %w", err)
			}
			if n > 0 {
				return engine.Errorf(engine.ECONFLICT, "period", "a budget for %s/%s/%s %s %s exists already: change it by its id", b.CompanyCode, b.Department, b.BudgetAccount, b.Project, b.Period)
			}
			if err := tx.Create(&b).Error; err != nil {
				if e := strings.ToLower(err.Error()); strings.Contains(e, "unique") || strings.Contains(e, "duplicate") {
					return engine.Errorf(engine.ECONFLICT, "period", "a budget for %s/%s/%s %s %s exists already: change it by its id", b.CompanyCode, b.Department, b.BudgetAccount, b.Project, b.Period)
				}
				return fmt.Errorf("add budget: %w", err)
			}
			return nil
		}
		var stored Budget
		err := tx.Clauses(lockForUpdate).Where("id = ?", b.ID).Take(&stored).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && who.Scope() != scopeAll && !who.WorksFor(stored.CompanyCode) {
			return engine.Errorf(engine.ENOTFOUND, "id", "no budget %d", b.ID)
		}
		if err != nil {
			return fmt.Errorf("load budget: %w", err)
		}
		for _, f := range []struct{ path, sent, stored string }{{"companyCode", b.CompanyCode, stored.CompanyCode}, {"department", b.Department, stored.Department},
			{"budgetAccount", b.BudgetAccount, stored.BudgetAccount}, {"period", b.Period, stored.Period}} {
			if f.sent != "" && f.sent != f.stored {
				return engine.Errorf(engine.EINVALID, f.path, "the node of budget %d cannot change (%s is %s): add another budget", b.ID, f.path, f.stored)
			}
		}
		if b.Control == controlStrong && b.Amount < stored.Occupied+stored.Consumed {
			return engine.Errorf(engine.ECONFLICT, "amount", "budget %s has %s occupied and %s consumed: under strong control it cannot drop to %s",
				nodeText(&stored), stored.Occupied, stored.Consumed, b.Amount)
		}
		res := tx.Model(&Budget{}).Where("id = ?", b.ID).Updates(map[string]any{"amount": int64(b.Amount), "control": b.Control, "update_by": b.UpdateBy, "updated_at": s.now()})
		if res.Error != nil {
			return fmt.Errorf("save budget: %w", res.Error)
		}
		return tx.Where("id = ?", b.ID).Take(&b).Error
	})
	if err != nil {
		return err
	}
	return ok(c, s.budgetViews(ctx, lang(c), []Budget{b})[0])
}
