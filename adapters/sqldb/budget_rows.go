package sqldb

import (
	"time"

	"formwork/budget"
)

// Budget is a row of budgets (budget.Budget).
type Budget struct {
	ID            uint         `gorm:"primaryKey"`
	CompanyCode   string       `gorm:"size:20;not null;uniqueIndex:idx_budgets_node,priority:1"`
	Department    string       `gorm:"size:40;not null;uniqueIndex:idx_budgets_node,priority:2"`
	BudgetAccount string       `gorm:"size:40;not null;uniqueIndex:idx_budgets_node,priority:5"`
	Project       string       `gorm:"size:40;not null;uniqueIndex:idx_budgets_node,priority:3"`
	Period        string       `gorm:"size:7;not null;uniqueIndex:idx_budgets_node,priority:4"`
	Amount        budget.Money `gorm:"not null"`
	Occupied      budget.Money `gorm:"not null"`
	Consumed      budget.Money `gorm:"not null"`
	Control       string       `gorm:"size:10;not null"`
	UpdateBy      string       `gorm:"size:64"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
	Pending       *budget.Money
	PendingKind   string `gorm:"size:10;not null;default:''"`
	PendingBy     string `gorm:"size:64;not null;default:''"`
	PendingReason string `gorm:"size:400;not null;default:''"`
	PendingAt     *time.Time
}

// TableName is the budgets table.
func (Budget) TableName() string { return "budgets" }

// BudgetAccountMapping is a row of the budget account mapping
// (budget.AccountMapping).
type BudgetAccountMapping struct {
	ID            uint   `gorm:"primaryKey"`
	DocType       string `gorm:"size:20;not null"`
	BusinessType  string `gorm:"size:20;not null"`
	CostType      string `gorm:"size:40;not null"`
	BudgetAccount string `gorm:"size:40;not null"`
}

// TableName is the mapping table.
func (BudgetAccountMapping) TableName() string { return "budget_account_mappings" }

// BudgetEntry is a row of budget_entries (budget.Entry): one per document
// and budget.
type BudgetEntry struct {
	ID           int64        `gorm:"primaryKey;autoIncrement"`
	BusinessID   string       `gorm:"size:40;not null;uniqueIndex:idx_budget_entries_doc,priority:1"`
	BudgetID     uint         `gorm:"not null;uniqueIndex:idx_budget_entries_doc,priority:2"`
	BudgetStatus string       `gorm:"size:1;not null"`
	Occupied     budget.Money `gorm:"not null"`
	Consumed     budget.Money `gorm:"not null"`
	Released     budget.Money `gorm:"not null"`
	CreatedAt    time.Time    `gorm:"not null"`
	UpdatedAt    time.Time
}

// TableName is the budget entries table.
func (BudgetEntry) TableName() string { return "budget_entries" }

// BudgetMovement is a row of the budget log (budget.Movement).
type BudgetMovement struct {
	ID         int64        `gorm:"primaryKey;autoIncrement"`
	BudgetID   uint         `gorm:"not null;index"`
	BusinessID string       `gorm:"size:40;not null;index"`
	Kind       string       `gorm:"size:10;not null"`
	Amount     budget.Money `gorm:"not null"`
	At         time.Time    `gorm:"not null;index"`
	Actor      string       `gorm:"size:64;not null"`
	Reason     string       `gorm:"size:400;not null;default:''"`
	Pending    bool         `gorm:"not null;default:false"`
}

// TableName is the budget log table.
func (BudgetMovement) TableName() string { return "budget_movements" }

// BudgetModels are the row types of budget control, for migration.
func BudgetModels() []any {
	return []any{&Budget{}, &BudgetAccountMapping{}, &BudgetEntry{}, &BudgetMovement{}}
}
