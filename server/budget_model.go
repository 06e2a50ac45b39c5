package server

import (
	"time"

	"formwork/engine"
)

// Budget is the budget of one node: company, department, budget account,
// project ("" for none) and period (yyyy-MM). Occupied is held by documents
// in approval (and approved pre-applications), Consumed by approved
// documents. Under strong control Occupied + Consumed never exceeds Amount.
type Budget struct {
	ID            uint      `gorm:"primaryKey" json:"id"`
	CompanyCode   string    `gorm:"size:20;not null;uniqueIndex:idx_budgets_node,priority:1" json:"companyCode"`
	Department    string    `gorm:"size:40;not null;uniqueIndex:idx_budgets_node,priority:2" json:"department"`
	BudgetAccount string    `gorm:"size:40;not null;uniqueIndex:idx_budgets_node,priority:5" json:"budgetAccount"`
	Project       string    `gorm:"size:40;not null;uniqueIndex:idx_budgets_node,priority:3" json:"project"`
	Period        string    `gorm:"size:7;not null;uniqueIndex:idx_budgets_node,priority:4" json:"period"`
	Amount        Money     `gorm:"not null" json:"amount"`
	Occupied      Money     `gorm:"not null" json:"occupied"`
	Consumed      Money     `gorm:"not null" json:"consumed"`
	Control       string    `gorm:"size:10;not null" json:"control"` // controlStrong, controlWeak, controlNone
	UpdateBy      string    `gorm:"size:64" json:"updateBy"`
	CreatedAt     time.Time `json:"-"`
	UpdatedAt     time.Time `json:"updatedAt"`
}

// TableName is the budgets table.
func (Budget) TableName() string { return "budgets" }

// Available is what the budget still allows.
func (b Budget) Available() Money { return b.Amount - b.Occupied - b.Consumed }

// Budget control of a node: strong refuses a document beyond the budget,
// weak lets it through once the user confirms, none only records.
const (
	controlStrong = "strong"
	controlWeak   = "weak"
	controlNone   = "none"
)

// The confirm and refusal rule ids of budget control: the web resends
// ruleBudgetWeak in ?confirm= once the user confirmed.
const (
	ruleBudgetStrong = "budget.strong"
	ruleBudgetWeak   = "budget.weak"
)

// BudgetAccountMapping says which budget account a document draws on
// (engine.BudgetAccountRule): seeded from seeds/budget.yaml.
type BudgetAccountMapping struct {
	ID            uint   `gorm:"primaryKey"`
	DocType       string `gorm:"size:20;not null"`
	BusinessType  string `gorm:"size:20;not null"`
	CostType      string `gorm:"size:40;not null"`
	BudgetAccount string `gorm:"size:40;not null"`
}

// TableName is the mapping table.
func (BudgetAccountMapping) TableName() string { return "budget_account_mappings" }

func (m BudgetAccountMapping) rule() engine.BudgetAccountRule {
	return engine.BudgetAccountRule{DocType: m.DocType, BusinessType: m.BusinessType, CostType: m.CostType, Account: m.BudgetAccount}
}

// BudgetEntry is what one document holds of one budget: Occupied now,
// Consumed by its approval, Released in all. BudgetStatus is the spec's
// posting status: "1" for EX01 (a pre-application: its occupation outlives
// the approval until releaseADVBudget), "2" for every other type (consumed on
// approval).
type BudgetEntry struct {
	ID           int64     `gorm:"primaryKey;autoIncrement"`
	BusinessID   string    `gorm:"size:40;not null;uniqueIndex:idx_budget_entries_doc,priority:1"`
	BudgetID     uint      `gorm:"not null;uniqueIndex:idx_budget_entries_doc,priority:2"`
	BudgetStatus string    `gorm:"size:1;not null"`
	Occupied     Money     `gorm:"not null"`
	Consumed     Money     `gorm:"not null"`
	Released     Money     `gorm:"not null"`
	CreatedAt    time.Time `gorm:"not null"`
	UpdatedAt    time.Time
}

// TableName is the budget entries table.
func (BudgetEntry) TableName() string { return "budget_entries" }

// Posting statuses (documents.md 4 and 9).
const (
	budgetStatusAdvance = "1" // EX01
	budgetStatusClaim   = "2" // every other type
)

// budgetStatusOf is the posting status of a document type.
func budgetStatusOf(docType string) string {
	if docType == "EX01" {
		return budgetStatusAdvance
	}
	return budgetStatusClaim
}

// BudgetMovement is one change of a budget by a document: the budget log.
type BudgetMovement struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	BudgetID   uint      `gorm:"not null;index"`
	BusinessID string    `gorm:"size:40;not null;index"`
	Kind       string    `gorm:"size:10;not null"` // movementOccupy, movementRelease, movementConsume
	Amount     Money     `gorm:"not null"`
	At         time.Time `gorm:"not null"`
	Actor      string    `gorm:"size:64;not null"`
}

// TableName is the budget log table.
func (BudgetMovement) TableName() string { return "budget_movements" }

const (
	movementOccupy  = "occupy"
	movementRelease = "release"
	movementConsume = "consume"
)
