package sqldb

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"formwork/budget"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// budgetTx is budget.Tx on a gorm transaction.
type budgetTx struct{ db *gorm.DB }

// BudgetTx is budget.Tx on tx, a transaction begun by the caller, so that
// budget.Occupy, Release and Consume commit (or roll back) with the
// caller's other writes.
func BudgetTx(tx *gorm.DB) budget.Tx { return budgetTx{db: tx} }

func (t budgetTx) HeldEntries(businessID, status string) ([]budget.Entry, error) {
	q := t.db.Where("business_id = ? AND occupied > 0", businessID)
	if status != "" {
		q = q.Where("budget_status = ?", status)
	}
	var rows []BudgetEntry
	if err := q.Order("budget_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load budget entries: %w", err)
	}
	out := make([]budget.Entry, len(rows))
	for i, r := range rows {
		out[i] = budget.Entry(r)
	}
	return out, nil
}

func (t budgetTx) LockBudgets(ids []uint, node budget.Node, accounts []string) error {
	if len(ids) == 0 && len(accounts) == 0 {
		return nil
	}
	// SELECT ... FOR UPDATE on PostgreSQL; SQLite has one writer
	var locked []uint
	err := t.db.Model(&Budget{}).Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("id IN ? OR company_code = ? AND department = ? AND project = ? AND period = ? AND budget_account IN ?",
			append(ids, 0), node.CompanyCode, node.Department, node.Project, node.Period, append(accounts, "")).
		Order("id").Pluck("id", &locked).Error
	if err != nil {
		return fmt.Errorf("lock budgets: %w", err)
	}
	return nil
}

func (t budgetTx) BudgetsOf(node budget.Node, accounts []string) (map[string]budget.Budget, error) {
	return budgetsOf(t.db, node, accounts)
}

// budgetsOf loads the budgets of a node's accounts, by account.
func budgetsOf(db *gorm.DB, node budget.Node, accounts []string) (map[string]budget.Budget, error) {
	out := map[string]budget.Budget{}
	if len(accounts) == 0 {
		return out, nil
	}
	var rows []Budget
	err := db.Where("company_code = ? AND department = ? AND project = ? AND period = ? AND budget_account IN ?",
		node.CompanyCode, node.Department, node.Project, node.Period, accounts).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("load budgets: %w", err)
	}
	for _, r := range rows {
		out[r.BudgetAccount] = budget.Budget(r)
	}
	return out, nil
}

func (t budgetTx) OccupyBudget(id uint, amount budget.Money, now time.Time) (bool, error) {
	res := t.db.Model(&Budget{}).Where("id = ? AND (control <> ? OR amount - occupied - consumed >= ?)", id, budget.ControlStrong, int64(amount)).
		Updates(map[string]any{"occupied": gorm.Expr("occupied + ?", int64(amount)), "updated_at": now})
	if res.Error != nil {
		return false, fmt.Errorf("occupy budget: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (t budgetTx) AddToEntry(businessID string, budgetID uint, status string, amount budget.Money, now time.Time) error {
	var entry BudgetEntry
	err := t.db.Where("business_id = ? AND budget_id = ?", businessID, budgetID).Take(&entry).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		entry = BudgetEntry{BusinessID: businessID, BudgetID: budgetID, BudgetStatus: status, Occupied: amount, CreatedAt: now, UpdatedAt: now}
		err = t.db.Create(&entry).Error
	case err == nil:
		err = t.db.Model(&BudgetEntry{}).Where("id = ?", entry.ID).
			Updates(map[string]any{"occupied": gorm.Expr("occupied + ?", int64(amount)), "budget_status": status, "updated_at": now}).Error
	}
	if err != nil {
		return fmt.Errorf("record budget entry: %w", err)
	}
	return nil
}

func (t budgetTx) ReleaseBudget(id uint, amount budget.Money, now time.Time) (bool, error) {
	return t.update(&Budget{}, "release budget", "id = ? AND occupied >= ?", id, amount,
		map[string]any{"occupied": gorm.Expr("occupied - ?", int64(amount)), "updated_at": now})
}

func (t budgetTx) ReleaseEntry(id int64, amount budget.Money, now time.Time) (bool, error) {
	return t.update(&BudgetEntry{}, "release budget entry", "id = ? AND occupied >= ?", id, amount,
		map[string]any{"occupied": gorm.Expr("occupied - ?", int64(amount)), "released": gorm.Expr("released + ?", int64(amount)), "updated_at": now})
}

func (t budgetTx) ConsumeBudget(id uint, amount budget.Money, now time.Time) (bool, error) {
	return t.update(&Budget{}, "consume budget", "id = ? AND occupied >= ?", id, amount,
		map[string]any{"occupied": gorm.Expr("occupied - ?", int64(amount)), "consumed": gorm.Expr("consumed + ?", int64(amount)), "updated_at": now})
}

func (t budgetTx) ConsumeEntry(id int64, amount budget.Money, now time.Time) (bool, error) {
	return t.update(&BudgetEntry{}, "consume budget entry", "id = ? AND occupied = ?", id, amount,
		map[string]any{"occupied": 0, "consumed": gorm.Expr("consumed + ?", int64(amount)), "updated_at": now})
}

// update is a conditional update of one row: false when the condition
// (on id and amount) does not hold.
func (t budgetTx) update(model any, what, where string, id any, amount budget.Money, set map[string]any) (bool, error) {
	res := t.db.Model(model).Where(where, id, int64(amount)).Updates(set)
	if res.Error != nil {
		return false, fmt.Errorf("%s: %w", what, res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (t budgetTx) LoadBudget(id uint) (*budget.Budget, error) {
	var rows []Budget
	if err := t.db.Where("id = ?", id).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load budget: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	b := budget.Budget(rows[0])
	return &b, nil
}

func (t budgetTx) PutBudget(b budget.Budget, now time.Time, covered bool) (bool, error) {
	db := t.db.Model(&Budget{}).Where("id = ?", b.ID)
	if covered {
		db = db.Where("occupied + consumed <= ?", int64(b.Amount))
	}
	var pending any // NULL when nothing waits
	if b.Pending != nil {
		pending = int64(*b.Pending)
	}
	res := db.Updates(map[string]any{"amount": int64(b.Amount), "control": b.Control, "pending": pending, "pending_kind": b.PendingKind,
		"pending_by": b.PendingBy, "pending_reason": b.PendingReason, "pending_at": b.PendingAt, "update_by": b.UpdateBy, "updated_at": now})
	if res.Error != nil {
		return false, fmt.Errorf("save budget: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (t budgetTx) InsertBudget(b *budget.Budget) error {
	row := Budget(*b)
	if err := t.db.Create(&row).Error; err != nil {
		if e := strings.ToLower(err.Error()); strings.Contains(e, "unique") || strings.Contains(e, "duplicate") {
			return budget.ErrNodeTaken
		}
		return fmt.Errorf("add budget: %w", err)
	}
	*b = budget.Budget(row)
	return nil
}

func (t budgetTx) LogMovement(m budget.Movement) error {
	row := BudgetMovement(m)
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("log budget movement: %w", err)
	}
	return nil
}
