package budget

import (
	"context"
	"slices"
	"strings"
	"time"

	"formwork/engine"
)

// Reads is what the budget pages read of the store besides Find.
type Reads interface {
	// Totals sums the budgets q selects (paging ignored).
	Totals(ctx context.Context, q Query) (Totals, error)
	// Departmental sums the budgets q selects per company, department and
	// period (paging ignored), by company, department, then newest period.
	Departmental(ctx context.Context, q Query) ([]DepartmentSum, error)
	// Movements are a page of the budget log q selects, newest first, and
	// how many it selects in all.
	Movements(ctx context.Context, q MovementQuery) ([]MovementView, int64, error)
	// Entries are a page of what documents hold of the budgets q selects,
	// latest change first, and how many it selects in all.
	Entries(ctx context.Context, q EntryQuery) ([]EntryView, int64, error)
}

// Totals are the sums of budgets; Available is Amount - Occupied -
// Consumed.
type Totals struct {
	Count     int64 `json:"count"`
	Amount    Money `json:"amount"`
	Occupied  Money `json:"occupied"`
	Consumed  Money `json:"consumed"`
	Available Money `json:"available"`
}

// Finish sets Available.
func (t *Totals) Finish() { t.Available = t.Amount - t.Occupied - t.Consumed }

// DepartmentSum is the sum of a department's budgets in a period.
type DepartmentSum struct {
	CompanyCode string `json:"companyCode"`
	Department  string `json:"department"`
	Period      string `json:"period"`
	Totals
}

// MovementQuery selects movements: of one budget (BudgetID), of one
// document (BusinessID), of one kind, by one actor, or of the budgets
// whose node fields match; within a scope, one page.
type MovementQuery struct {
	Node          Query // its node fields and scope select the budgets
	BudgetID      uint
	BusinessID    string
	Kind          string
	Actor         string
	Limit, Offset int
}

// MovementView is a movement with its budget's node.
type MovementView struct {
	ID            int64     `json:"id"`
	BudgetID      uint      `json:"budgetId"`
	CompanyCode   string    `json:"companyCode"`
	Department    string    `json:"department"`
	BudgetAccount string    `json:"budgetAccount"`
	Project       string    `json:"project"`
	Period        string    `json:"period"`
	BusinessID    string    `json:"businessId"`
	DocType       string    `json:"docType"` // the document's type ("" without a document)
	Kind          string    `json:"kind"`
	Amount        Money     `json:"amount"`
	At            time.Time `json:"at"`
	Actor         string    `json:"actor"`
	Reason        string    `json:"reason"`
	Pending       bool      `json:"pending"`
}

// EntryQuery selects what documents hold: of one budget, of one document,
// or of the budgets whose node fields match; Holding only entries that
// still occupy something; within a scope, one page.
type EntryQuery struct {
	Node          Query
	BudgetID      uint
	BusinessID    string
	Holding       bool
	Limit, Offset int
}

// EntryView is what one document holds of one budget, with the budget's
// node and the document's type and state.
type EntryView struct {
	Holding
	BusinessID string    `json:"businessId"`
	DocType    string    `json:"docType"`
	Status     string    `json:"status"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// sortable are the columns the budget table sorts by.
var sortable = []string{"companyCode", "department", "budgetAccount", "project", "period", "amount", "occupied", "consumed", "available", "control", "updatedAt"}

// Sortable says whether the budget table sorts by a field.
func Sortable(field string) bool { return slices.Contains(sortable, strings.TrimPrefix(field, "-")) }

// checkQuery refuses a sort the table does not know.
func checkQuery(q Query) error {
	if q.Sort != "" && !Sortable(q.Sort) {
		s := engine.Clip(q.Sort, 40)
		return refuse(engine.EINVALID, "sort", "不能按"+s+"排序（可选："+strings.Join(sortable, "、")+"，前加-为降序）",
			"cannot sort by "+s+" (one of "+strings.Join(sortable, ", ")+"; a leading - sorts descending)",
			"ไม่สามารถเรียงตาม "+s+" ได้ (เลือกจาก "+strings.Join(sortable, ", ")+" ขึ้นต้นด้วย - เพื่อเรียงจากมากไปน้อย)")
	}
	return nil
}

// Totals sums the budgets q selects.
func (s *Service) Totals(ctx context.Context, q Query) (Totals, error) {
	t, err := s.reads().Totals(ctx, q)
	t.Finish()
	return t, err
}

// Departmental sums the budgets q selects per department and period.
func (s *Service) Departmental(ctx context.Context, q Query) ([]DepartmentSum, error) {
	rows, err := s.reads().Departmental(ctx, q)
	for i := range rows {
		rows[i].Finish()
	}
	return rows, err
}

// Movements are a page of the budget log.
func (s *Service) Movements(ctx context.Context, q MovementQuery) ([]MovementView, int64, error) {
	if q.Kind != "" && !slices.Contains(MovementKinds, q.Kind) {
		k := engine.Clip(q.Kind, 20)
		return nil, 0, refuse(engine.EINVALID, "kind", "没有预算变动类型"+k, "no movement kind "+k+" (one of "+strings.Join(MovementKinds, ", ")+")",
			"ไม่มีประเภทการเคลื่อนไหว "+k)
	}
	return s.reads().Movements(ctx, q)
}

// Entries are a page of what documents hold of budgets.
func (s *Service) Entries(ctx context.Context, q EntryQuery) ([]EntryView, int64, error) {
	return s.reads().Entries(ctx, q)
}

// reads is the store's reads: every Store has them.
func (s *Service) reads() Reads { return s.store }
