package sqldb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"formwork/budget"

	"gorm.io/gorm"
)

// the sums of budgets, as integers (cents)
const budgetSums = "COUNT(*) AS count, COALESCE(SUM(b.amount), 0) AS amount, COALESCE(SUM(b.occupied), 0) AS occupied, COALESCE(SUM(b.consumed), 0) AS consumed"

// Totals sums the budgets q selects.
func (s *BudgetStore) Totals(ctx context.Context, q budget.Query) (budget.Totals, error) {
	var t budget.Totals
	err := budgetFilter(s.db.WithContext(ctx).Table("budgets AS b"), q, "b.").Select(budgetSums).Scan(&t).Error
	if err != nil {
		return t, fmt.Errorf("sum budgets: %w", err)
	}
	return t, nil
}

// Departmental sums the budgets q selects per company, department and
// period.
func (s *BudgetStore) Departmental(ctx context.Context, q budget.Query) ([]budget.DepartmentSum, error) {
	type row struct {
		CompanyCode, Department, Period string
		Count                           int64
		Amount, Occupied, Consumed      budget.Money
	}
	var rows []row
	err := budgetFilter(s.db.WithContext(ctx).Table("budgets AS b"), q, "b.").
		Select("b.company_code, b.department, b.period, " + budgetSums).Group("b.company_code, b.department, b.period").
		Order("b.company_code, b.department, b.period DESC").Limit(2000).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("sum budgets per department: %w", err)
	}
	out := make([]budget.DepartmentSum, len(rows))
	for i, r := range rows {
		out[i] = budget.DepartmentSum{CompanyCode: r.CompanyCode, Department: r.Department, Period: r.Period,
			Totals: budget.Totals{Count: r.Count, Amount: r.Amount, Occupied: r.Occupied, Consumed: r.Consumed}}
	}
	return out, nil
}

// Movements are a page of the budget log, newest first.
func (s *BudgetStore) Movements(ctx context.Context, q budget.MovementQuery) ([]budget.MovementView, int64, error) {
	db := budgetFilter(s.db.WithContext(ctx).Table("budget_movements AS m").Joins("JOIN budgets b ON b.id = m.budget_id").
		Joins("LEFT JOIN documents d ON d.business_id = m.business_id AND m.business_id <> ''"), q.Node, "b.")
	db = whereSet(db, map[string]string{"m.business_id": q.BusinessID, "m.kind": q.Kind, "m.actor": q.Actor})
	if q.BudgetID != 0 {
		db = db.Where("m.budget_id = ?", q.BudgetID)
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count budget movements: %w", err)
	}
	rows := []budget.MovementView{}
	err := db.Select("m.id, m.budget_id, b.company_code, b.department, b.budget_account, b.project, b.period, m.business_id, COALESCE(d.doc_type, '') AS doc_type, m.kind, m.amount, m.at, m.actor, m.reason, m.pending").
		Order("m.at DESC, m.id DESC").Limit(q.Limit).Offset(q.Offset).Scan(&rows).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list budget movements: %w", err)
	}
	return rows, total, nil
}

// Entries are a page of what documents hold of budgets, latest change
// first, with the documents' types and states.
func (s *BudgetStore) Entries(ctx context.Context, q budget.EntryQuery) ([]budget.EntryView, int64, error) {
	db := budgetFilter(s.db.WithContext(ctx).Table("budget_entries AS e").Joins("JOIN budgets b ON b.id = e.budget_id").
		Joins("LEFT JOIN documents d ON d.business_id = e.business_id"), q.Node, "b.")
	db = whereSet(db, map[string]string{"e.business_id": q.BusinessID})
	if q.BudgetID != 0 {
		db = db.Where("e.budget_id = ?", q.BudgetID)
	}
	if q.Holding {
		db = db.Where("e.occupied > 0")
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count budget entries: %w", err)
	}
	type row struct {
		budget.Holding
		BusinessID, DocType, Status string
		UpdatedAt                   time.Time
	}
	var rows []row
	err := db.Select("e.budget_id, b.company_code, b.department, b.budget_account, b.project, b.period, e.budget_status, e.occupied, e.consumed, e.released, " +
		"e.business_id, COALESCE(d.doc_type, '') AS doc_type, COALESCE(d.status, '') AS status, e.updated_at").
		Order("e.updated_at DESC, e.id DESC").Limit(q.Limit).Offset(q.Offset).Scan(&rows).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list budget entries: %w", err)
	}
	out := make([]budget.EntryView, len(rows))
	for i, r := range rows {
		out[i] = budget.EntryView{Holding: r.Holding, BusinessID: r.BusinessID, DocType: r.DocType, Status: r.Status, UpdatedAt: r.UpdatedAt}
	}
	return out, total, nil
}

// whereSet adds col = value for each value that is not blank.
func whereSet(db *gorm.DB, eq map[string]string) *gorm.DB {
	for col, v := range eq {
		if v = strings.TrimSpace(v); v != "" {
			db = db.Where(col+" = ?", v)
		}
	}
	return db
}
