package budget

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"formwork/engine"
)

// Store is where budgets live.
type Store interface {
	// InTx runs fn in one transaction: committed when fn returns nil,
	// rolled back otherwise.
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// InDocumentTx runs fn in the transaction of a stored document: it
	// first holds the document's row at the version and state it was read
	// at (stamping it changed at at), as every transition does, so that a
	// transition at the same moment waits or fails. ErrDocumentChanged,
	// with nothing done, when the document is no longer at them.
	InDocumentTx(ctx context.Context, doc DocumentRef, at time.Time, fn func(tx Tx) error) error
	// Mapping is the budget account mapping, in the order it was written.
	Mapping(ctx context.Context) ([]AccountMapping, error)
	// BudgetsOf loads the budgets of node's accounts, by account.
	BudgetsOf(ctx context.Context, node Node, accounts []string) (map[string]Budget, error)
	// Holdings are what a document holds of budgets, in budget id order.
	Holdings(ctx context.Context, businessID string) ([]Holding, error)
	// Find returns a page of the budgets q selects (newest period first,
	// then by node) and how many it selects in all.
	Find(ctx context.Context, q Query) ([]Budget, int64, error)
	// Budget loads a budget; nil when there is none with that id.
	Budget(ctx context.Context, id uint) (*Budget, error)
	// NodeTaken says whether b's node (and account) has a budget already.
	NodeTaken(ctx context.Context, b Budget) (bool, error)
	// AddBudget adds a budget and sets its id; ErrNodeTaken when its node
	// has one already.
	AddBudget(ctx context.Context, b *Budget) error
	// ChangeBudget sets a budget's amount and control; with covered, only
	// while amount still covers what it has occupied and consumed: false,
	// and nothing changed, when it does not.
	ChangeBudget(ctx context.Context, id uint, amount Money, control, by string, now time.Time, covered bool) (bool, error)
	// HasMapping and HasBudgets say whether there is any mapping or budget.
	HasMapping(ctx context.Context) (bool, error)
	HasBudgets(ctx context.Context) (bool, error)
	// AddMappings and AddBudgets write seed data.
	AddMappings(ctx context.Context, rows []AccountMapping) error
	AddBudgets(ctx context.Context, rows []Budget) error
	// InAdjustTx runs fn in one transaction: committed when fn returns
	// nil, rolled back otherwise.
	InAdjustTx(ctx context.Context, fn func(tx AdjustTx) error) error
	Reads
}

// ErrNodeTaken is AddBudget's error when the node has a budget already.
var ErrNodeTaken = errors.New("the budget node is taken")

// ErrDocumentChanged is InDocumentTx's error when the document is no longer
// at the version and state it was read at.
var ErrDocumentChanged = errors.New("the document was changed meanwhile")

// DocumentRef is a stored document as it was read: its number, type,
// version and lifecycle state.
type DocumentRef struct {
	BusinessID string
	DocType    string
	Version    int
	Status     string
}

// Service is budget control's use cases.
type Service struct {
	store    Store
	now      func() time.Time
	controls AccountControls
	codes    Codes
	mapping  atomic.Pointer[[]AccountRule] // the mapping once written (see Mapping)
}

// AccountControls says how a budget account is controlled in a company
// where a node has no budget of it: strong, weak or none ("" for an
// account it does not know). Master data says it: the budget rule of the
// company and account when there is one, else the budget account's own
// control.
type AccountControls interface {
	AccountControl(ctx context.Context, company, account string) (string, error)
}

// SetAccountControls sets where the accounts' own control is read; unset,
// a draw without a budget is not controlled.
func (s *Service) SetAccountControls(c AccountControls) { s.controls = c }

// AccountControl is how an account is controlled in a company where a
// node has no budget of it ("" when nothing says: not controlled).
func (s *Service) AccountControl(ctx context.Context, company, account string) (string, error) {
	if s.controls == nil {
		return "", nil
	}
	return s.controls.AccountControl(ctx, company, account)
}

// NewService builds the service on a store and a clock.
func NewService(store Store, now func() time.Time) *Service {
	return &Service{store: store, now: now}
}

// Scope is whose budgets someone sees and changes: every company's (All)
// or those of Companies.
type Scope struct {
	All       bool
	Companies []string
}

// Covers says whether the scope includes company.
func (s Scope) Covers(company string) bool { return s.All || slices.Contains(s.Companies, company) }

// Query selects budgets: by each criterion that is not blank, within a
// scope, one page (Limit rows after Offset).
type Query struct {
	CompanyCode, Department, BudgetAccount, Project, Period, Control string
	// PeriodFrom and PeriodTo (yyyy-MM) bound the period when set.
	PeriodFrom, PeriodTo string
	// Pending: only budgets with a change waiting for confirmation.
	Pending bool
	// Sort is a field of the table (Sortable), a leading "-" descending;
	// "": newest period first, then by node.
	Sort string

	Scope         Scope
	Limit, Offset int
}

// Find is a page of budgets and how many the query selects in all.
func (s *Service) Find(ctx context.Context, q Query) ([]Budget, int64, error) {
	if err := checkQuery(q); err != nil {
		return nil, 0, err
	}
	return s.store.Find(ctx, q)
}

// Mapping is the budget account mapping in force, as rules (shared: read,
// never change). The mapping is written once, by SeedMapping into a
// database that has none, and never changed after: once this server has
// read one that is not empty it keeps it in memory and reads no more (every
// server on the database sees the same rows); an empty one is read again
// on every call, until a seed writes it.
func (s *Service) Mapping(ctx context.Context) ([]AccountRule, error) {
	if m := s.mapping.Load(); m != nil {
		return *m, nil
	}
	rows, err := s.store.Mapping(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]AccountRule, len(rows))
	for i, r := range rows {
		out[i] = r.Rule()
	}
	if len(out) > 0 {
		s.mapping.Store(&out)
	}
	return out, nil
}

// PlanOf works out what a document draws (Draws) with the mapping in
// force; a document without a date draws in the current month.
func (s *Service) PlanOf(ctx context.Context, doc *engine.Document) (Plan, error) {
	rules, err := s.Mapping(ctx)
	if err != nil {
		return Plan{}, err
	}
	node, draws := Draws(doc, rules, s.now().Format("2006-01-02"))
	for i := range draws {
		if s.controls != nil {
			if draws[i].Control, err = s.controls.AccountControl(ctx, node.CompanyCode, draws[i].Account); err != nil {
				return Plan{}, err
			}
		}
	}
	return Plan{Node: node, Draws: draws}, nil
}

// DocumentBudget is what a document draws and holds.
type DocumentBudget struct {
	BusinessID string
	Status     string // its posting status
	Node       Node
	Draws      []DrawBudget
	Held       []Holding
}

// DrawBudget is one account a document draws on and its budget (nil: no
// budget for that node, not controlled).
type DrawBudget struct {
	Draw
	Budget *Budget
}

// OfDocument says what a stored document draws and holds.
func (s *Service) OfDocument(ctx context.Context, businessID, docType string, doc *engine.Document) (*DocumentBudget, error) {
	plan, err := s.PlanOf(ctx, doc)
	if err != nil {
		return nil, err
	}
	budgets, err := s.store.BudgetsOf(ctx, plan.Node, plan.Accounts())
	if err != nil {
		return nil, err
	}
	v := &DocumentBudget{BusinessID: businessID, Status: StatusOf(docType), Node: plan.Node, Draws: []DrawBudget{}}
	for _, d := range plan.Draws {
		db := DrawBudget{Draw: d}
		if b, ok := budgets[d.Account]; ok {
			db.Budget = &b
		}
		v.Draws = append(v.Draws, db)
	}
	if v.Held, err = s.store.Holdings(ctx, businessID); err != nil {
		return nil, err
	}
	return v, nil
}

// Holdings are what a document holds of budgets, in budget id order.
func (s *Service) Holdings(ctx context.Context, businessID string) ([]Holding, error) {
	return s.store.Holdings(ctx, businessID)
}

// errRefused rolls back a unit of work whose budget control refused.
var errRefused = errors.New("refused by budget control")

// Post occupies the budget a document draws now (PlanOf), replacing what it
// held, in the document's own transaction (Store.InDocumentTx), which holds
// the document as it was read, so that a transition at the same moment
// waits or fails: a document changed meanwhile is ECONFLICT. When budget
// control refuses it returns the findings with nothing done.
func (s *Service) Post(ctx context.Context, ref DocumentRef, doc *engine.Document, confirmed map[string]bool, by string) ([]engine.Finding, error) {
	plan, err := s.PlanOf(ctx, doc)
	if err != nil {
		return nil, err
	}
	var findings []engine.Finding
	now := s.now()
	err = s.store.InDocumentTx(ctx, ref, now, func(tx Tx) error {
		var err error
		findings, err = Occupy(tx, ref.BusinessID, ref.DocType, plan, confirmed, by, now)
		if err == nil && len(findings) > 0 {
			err = errRefused
		}
		return err
	})
	switch {
	case len(findings) > 0:
		return findings, nil
	case errors.Is(err, ErrDocumentChanged):
		return nil, engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
			"zh": fmt.Sprintf("单据%s已被他人同时更改，请刷新后重试", ref.BusinessID),
			"en": fmt.Sprintf("document %s was changed meanwhile by someone else: reload it and try again", ref.BusinessID),
			"th": fmt.Sprintf("เอกสาร %s ถูกผู้อื่นเปลี่ยนแปลงในระหว่างนี้ กรุณาโหลดใหม่แล้วลองอีกครั้ง", ref.BusinessID),
		})
	}
	return nil, err
}

// ReleaseAdvance releases what a pre-application still occupies (its
// entries of posting status StatusAdvance): all of it, or limit. It
// returns what it released. More than the document occupies is ECONFLICT
// with nothing released, and so is a document that occupies nothing;
// concurrent releases of one document each see what the others left.
func (s *Service) ReleaseAdvance(ctx context.Context, businessID string, limit *Money, by string) (Money, error) {
	var released Money
	err := s.store.InTx(ctx, func(tx Tx) error {
		var err error
		released, err = Release(tx, businessID, StatusAdvance, limit, by, s.now())
		if err == nil && released == 0 {
			err = engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
				"zh": fmt.Sprintf("单据%s没有占用中的事前申请预算", businessID),
				"en": fmt.Sprintf("document %s holds no pre-application budget to release", businessID),
				"th": fmt.Sprintf("เอกสาร %s ไม่มีงบประมาณคำขออนุมัติล่วงหน้าที่ใช้อยู่ให้คืน", businessID),
			})
		}
		return err
	})
	return released, err
}
