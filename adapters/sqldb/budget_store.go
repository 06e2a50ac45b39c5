package sqldb

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"formwork/adapters/sqldb/freshness"
	"formwork/budget"

	"gorm.io/gorm"
)

// BudgetStore is budget.Store on gorm.
type BudgetStore struct {
	db *gorm.DB
	// what the forms' budget panels read (Preview, OfDocument), kept
	// while this process writes no budget (freshness)
	budgets  *freshness.Cache[string, map[string]budget.Budget]
	holdings *freshness.Cache[string, []budget.Holding]
}

// NewBudgetStore is the budget store on an opened, migrated database.
func NewBudgetStore(db *gorm.DB) *BudgetStore {
	return &BudgetStore{db: db,
		budgets:  freshness.NewCache[string, map[string]budget.Budget](db, freshness.TTL, freshness.Size, "budgets"),
		holdings: freshness.NewCache[string, []budget.Holding](db, freshness.TTL, freshness.Size, "budget_entries", "budgets")}
}

var _ budget.Store = (*BudgetStore)(nil)

// InTx runs fn in one transaction.
func (s *BudgetStore) InTx(ctx context.Context, fn func(tx budget.Tx) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return fn(BudgetTx(tx)) })
}

// InDocumentTx runs fn in a transaction that first holds the document's
// row at doc's version and state (budget.Store).
func (s *BudgetStore) InDocumentTx(ctx context.Context, doc budget.DocumentRef, at time.Time, fn func(tx budget.Tx) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Table("documents").Where("business_id = ? AND version = ? AND status = ?", doc.BusinessID, doc.Version, doc.Status).
			Update("updated_at", at)
		switch {
		case res.Error != nil:
			return fmt.Errorf("hold document %s: %w", doc.BusinessID, res.Error)
		case res.RowsAffected == 0:
			return budget.ErrDocumentChanged
		}
		return fn(BudgetTx(tx))
	})
}

// Mapping is the budget account mapping in id order.
func (s *BudgetStore) Mapping(ctx context.Context) ([]budget.AccountMapping, error) {
	var rows []BudgetAccountMapping
	if err := s.db.WithContext(ctx).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load budget account mapping: %w", err)
	}
	out := make([]budget.AccountMapping, len(rows))
	for i, r := range rows {
		out[i] = budget.AccountMapping(r)
	}
	return out, nil
}

// BudgetsOf loads the budgets of node's accounts, by account.
func (s *BudgetStore) BudgetsOf(ctx context.Context, node budget.Node, accounts []string) (map[string]budget.Budget, error) {
	key := strings.Join(append([]string{node.CompanyCode, node.Department, node.Project, node.Period}, accounts...), "\x00")
	found, err := s.budgets.Get(key, func() (map[string]budget.Budget, error) { return budgetsOf(s.db.WithContext(ctx), node, accounts) })
	return maps.Clone(found), err
}

// Holdings are a document's entries with their budgets' nodes.
func (s *BudgetStore) Holdings(ctx context.Context, businessID string) ([]budget.Holding, error) {
	rows, err := s.holdings.Get(businessID, func() ([]budget.Holding, error) { return s.readHoldings(ctx, businessID) })
	return slices.Clone(rows), err
}

func (s *BudgetStore) readHoldings(ctx context.Context, businessID string) ([]budget.Holding, error) {
	var rows []budget.Holding
	err := s.db.WithContext(ctx).Table("budget_entries AS e").
		Select("e.budget_id, b.company_code, b.department, b.budget_account, b.project, b.period, e.budget_status, e.occupied, e.consumed, e.released").
		Joins("JOIN budgets b ON b.id = e.budget_id").Where("e.business_id = ?", businessID).Order("e.budget_id").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("load budget entries: %w", err)
	}
	if rows == nil {
		rows = []budget.Holding{}
	}
	return rows, nil
}

// Find is a page of budgets and how many q selects.
func (s *BudgetStore) Find(ctx context.Context, q budget.Query) ([]budget.Budget, int64, error) {
	db := budgetFilter(s.db.WithContext(ctx).Model(&Budget{}), q, "")
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count budgets: %w", err)
	}
	var rows []Budget
	if err := db.Order(budgetOrder(q.Sort)).Limit(q.Limit).Offset(q.Offset).Find(&rows).Error; err != nil {
		return nil, 0, fmt.Errorf("list budgets: %w", err)
	}
	out := make([]budget.Budget, len(rows))
	for i, r := range rows {
		out[i] = budget.Budget(r)
	}
	return out, total, nil
}

// budgetFilter selects the budgets of q (columns of the table named by
// prefix, "" or "b.").
func budgetFilter(db *gorm.DB, q budget.Query, prefix string) *gorm.DB {
	for _, f := range []struct{ col, v string }{{"company_code", q.CompanyCode}, {"department", q.Department}, {"budget_account", q.BudgetAccount},
		{"project", q.Project}, {"period", q.Period}, {"control", q.Control}} {
		if v := strings.TrimSpace(f.v); v != "" {
			db = db.Where(prefix+f.col+" = ?", v)
		}
	}
	if v := strings.TrimSpace(q.PeriodFrom); v != "" {
		db = db.Where(prefix+"period >= ?", v)
	}
	if v := strings.TrimSpace(q.PeriodTo); v != "" {
		db = db.Where(prefix+"period <= ?", v)
	}
	if q.Pending {
		db = db.Where(prefix + "pending IS NOT NULL")
	}
	if !q.Scope.All {
		db = db.Where(prefix+"company_code IN ?", append(q.Scope.Companies, ""))
	}
	return db
}

// budgetColumns are the columns of the budget table's sortable fields.
var budgetColumns = map[string]string{"companyCode": "company_code", "department": "department", "budgetAccount": "budget_account",
	"project": "project", "period": "period", "amount": "amount", "occupied": "occupied", "consumed": "consumed",
	"available": "amount - occupied - consumed", "control": "control", "updatedAt": "updated_at"}

// budgetOrder is the ORDER BY of a sort (budget.Sortable checked it).
func budgetOrder(sort string) string {
	const natural = "period DESC, company_code, department, budget_account, project"
	col, ok := budgetColumns[strings.TrimPrefix(sort, "-")]
	if !ok {
		return natural
	}
	if strings.HasPrefix(sort, "-") {
		col += " DESC"
	}
	return col + ", " + natural + ", id"
}

// Budget loads a budget; nil when there is none.
func (s *BudgetStore) Budget(ctx context.Context, id uint) (*budget.Budget, error) {
	var rows []Budget
	if err := s.db.WithContext(ctx).Where("id = ?", id).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load budget: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	b := budget.Budget(rows[0])
	return &b, nil
}

// NodeTaken says whether b's node has a budget.
func (s *BudgetStore) NodeTaken(ctx context.Context, b budget.Budget) (bool, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&Budget{}).Where("company_code = ? AND department = ? AND budget_account = ? AND project = ? AND period = ?",
		b.CompanyCode, b.Department, b.BudgetAccount, b.Project, b.Period).Count(&n).Error; err != nil {
		return false, fmt.Errorf("look up budget: %w", err)
	}
	return n > 0, nil
}

// AddBudget adds a budget and sets its id and times; budget.ErrNodeTaken
// when the node has one (the unique index says so).
func (s *BudgetStore) AddBudget(ctx context.Context, b *budget.Budget) error {
	row := Budget(*b)
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		if e := strings.ToLower(err.Error()); strings.Contains(e, "unique") || strings.Contains(e, "duplicate") {
			return budget.ErrNodeTaken
		}
		return fmt.Errorf("add budget: %w", err)
	}
	*b = budget.Budget(row)
	return nil
}

// ChangeBudget sets amount and control, with covered only while amount
// covers what the budget has occupied and consumed.
func (s *BudgetStore) ChangeBudget(ctx context.Context, id uint, amount budget.Money, control, by string, now time.Time, covered bool) (bool, error) {
	db := s.db.WithContext(ctx).Model(&Budget{}).Where("id = ?", id)
	if covered {
		db = db.Where("occupied + consumed <= ?", int64(amount))
	}
	res := db.Updates(map[string]any{"amount": int64(amount), "control": control, "update_by": by, "updated_at": now})
	if res.Error != nil {
		return false, fmt.Errorf("save budget: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// InAdjustTx runs fn in one transaction.
func (s *BudgetStore) InAdjustTx(ctx context.Context, fn func(tx budget.AdjustTx) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return fn(budgetTx{db: tx}) })
}

// HasMapping says whether there is any mapping row.
func (s *BudgetStore) HasMapping(ctx context.Context) (bool, error) {
	return s.hasRows(ctx, &BudgetAccountMapping{})
}

// HasBudgets says whether there is any budget.
func (s *BudgetStore) HasBudgets(ctx context.Context) (bool, error) { return s.hasRows(ctx, &Budget{}) }

func (s *BudgetStore) hasRows(ctx context.Context, model any) (bool, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(model).Limit(1).Count(&n).Error; err != nil {
		return false, fmt.Errorf("count %T: %w", model, err)
	}
	return n > 0, nil
}

// AddMappings writes mapping rows.
func (s *BudgetStore) AddMappings(ctx context.Context, rows []budget.AccountMapping) error {
	out := make([]BudgetAccountMapping, len(rows))
	for i, r := range rows {
		out[i] = BudgetAccountMapping(r)
	}
	if err := s.db.WithContext(ctx).Create(&out).Error; err != nil {
		return fmt.Errorf("seed budget mapping: %w", err)
	}
	return nil
}

// AddBudgets writes budgets, 200 a statement.
func (s *BudgetStore) AddBudgets(ctx context.Context, rows []budget.Budget) error {
	out := make([]Budget, len(rows))
	for i, r := range rows {
		out[i] = Budget(r)
	}
	if err := s.db.WithContext(ctx).CreateInBatches(&out, 200).Error; err != nil {
		return fmt.Errorf("seed budgets: %w", err)
	}
	return nil
}
