// Package budget is budget control: budgets per node (company, department,
// budget account, project, period), what a document draws on them
// (Draws), and the occupation, release and consumption of budget by
// documents as they go through approval (Occupy, Release, Consume).
package budget

import "time"

// Budget is the budget of one node: company, department, budget account,
// project ("" for none) and period (yyyy-MM). Occupied is held by documents
// in approval (and approved pre-applications), Consumed by approved
// documents. Under strong control Occupied + Consumed never exceeds Amount.
type Budget struct {
	ID            uint      `json:"id"`
	CompanyCode   string    `json:"companyCode"`
	Department    string    `json:"department"`
	BudgetAccount string    `json:"budgetAccount"`
	Project       string    `json:"project"`
	Period        string    `json:"period"`
	Amount        Money     `json:"amount"`
	Occupied      Money     `json:"occupied"`
	Consumed      Money     `json:"consumed"`
	Control       string    `json:"control"` // ControlStrong, ControlWeak, ControlNone
	UpdateBy      string    `json:"updateBy"`
	CreatedAt     time.Time `json:"-"`
	UpdatedAt     time.Time `json:"updatedAt"`
	// Pending is an amount above Amount that an import or an adjustment
	// asked for and that waits for a second person's confirmation (nil:
	// none); until then control reads Amount, the confirmed amount.
	Pending       *Money     `json:"pending"`
	PendingKind   string     `json:"pendingKind"` // MovementAdjust or MovementImport
	PendingBy     string     `json:"pendingBy"`
	PendingReason string     `json:"pendingReason"`
	PendingAt     *time.Time `json:"pendingAt"`
}

// Available is what the budget still allows.
func (b Budget) Available() Money { return b.Amount - b.Occupied - b.Consumed }

// Node is the budget's node but for the account.
func (b Budget) Node() Node {
	return Node{CompanyCode: b.CompanyCode, Department: b.Department, Project: b.Project, Period: b.Period}
}

// NodeText names a budget in messages: 1000/SAL02/660201/2026-11, with the
// project before the period when there is one.
func NodeText(b Budget) string {
	s := b.CompanyCode + "/" + b.Department + "/" + b.BudgetAccount
	if b.Project != "" {
		s += "/" + b.Project
	}
	return s + "/" + b.Period
}

// Budget control of a node: strong refuses a document beyond the budget,
// weak lets it through once the user confirms, none only records.
const (
	ControlStrong = "strong"
	ControlWeak   = "weak"
	ControlNone   = "none"
)

// ValidControl says whether c is one of the controls.
func ValidControl(c string) bool {
	return c == ControlStrong || c == ControlWeak || c == ControlNone
}

// The rule ids of budget control's findings: RuleStrong refuses, RuleWeak
// asks to confirm, and the web resends it in ?confirm= once the user
// confirmed.
const (
	RuleStrong = "budget.strong"
	// RuleNoBudget refuses a draw without a budget on a strongly
	// controlled account.
	RuleNoBudget = "budget.none"
	RuleWeak     = "budget.weak"
)

// AccountMapping says which budget account a document draws on (an
// AccountRule): seeded from seeds/budget.yaml.
type AccountMapping struct {
	ID            uint
	DocType       string
	BusinessType  string
	CostType      string
	BudgetAccount string
}

// Rule is the mapping as a rule of AccountFor.
func (m AccountMapping) Rule() AccountRule {
	return AccountRule{DocType: m.DocType, BusinessType: m.BusinessType, CostType: m.CostType, Account: m.BudgetAccount}
}

// Entry is what one document holds of one budget: Occupied now, Consumed
// by its approval, Released in all. BudgetStatus is the spec's posting
// status (StatusAdvance or StatusClaim).
type Entry struct {
	ID           int64
	BusinessID   string
	BudgetID     uint
	BudgetStatus string
	Occupied     Money
	Consumed     Money
	Released     Money
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Posting statuses (documents.md 4 and 9).
const (
	// StatusAdvance is EX01's, a pre-application: its occupation outlives
	// the approval until it is released (releaseADVBudget).
	StatusAdvance = "1"
	// StatusClaim is every other type's: consumed on approval.
	StatusClaim = "2"
)

// StatusOf is the posting status of a document type.
func StatusOf(docType string) string {
	if docType == "EX01" {
		return StatusAdvance
	}
	return StatusClaim
}

// Holding is an entry of a document with its budget's node, as answered
// (the process view's budget and queryBudget's entries).
type Holding struct {
	BudgetID      uint   `json:"budgetId"`
	CompanyCode   string `json:"companyCode"`
	Department    string `json:"department"`
	BudgetAccount string `json:"budgetAccount"`
	Project       string `json:"project"`
	Period        string `json:"period"`
	BudgetStatus  string `json:"budgetStatus"`
	Occupied      Money  `json:"occupied"`
	Consumed      Money  `json:"consumed"`
	Released      Money  `json:"released"`
}

// Movement is one change of a budget, by a document (occupy, release,
// consume) or by budget staff (adjust, import, confirm, reject): the budget
// log. Amount is positive for a document's movements; for the others it is
// the change of the budget's amount (negative when lowered).
type Movement struct {
	ID         int64
	BudgetID   uint
	BusinessID string // "" for budget staff's movements
	Kind       string // MovementOccupy ... MovementReject
	Amount     Money
	At         time.Time
	Actor      string
	// Reason is the reason given for an adjustment or a rejection.
	Reason string
	// Pending: a raise that waits for confirmation (it counts once
	// confirmed: a MovementConfirm follows).
	Pending bool
}

// Movement kinds.
const (
	MovementOccupy  = "occupy"
	MovementRelease = "release"
	MovementConsume = "consume"
	MovementAdjust  = "adjust"
	MovementImport  = "import"
	MovementConfirm = "confirm"
	MovementReject  = "reject"
)

// MovementKinds are the kinds of movement, in the order a log lists them.
var MovementKinds = []string{MovementOccupy, MovementRelease, MovementConsume, MovementAdjust, MovementImport, MovementConfirm, MovementReject}

// Plan is what a document draws: the node and the amount per account.
type Plan struct {
	Node  Node
	Draws []Draw
}

// Accounts are the accounts the plan draws on.
func (p Plan) Accounts() []string {
	out := make([]string, 0, len(p.Draws))
	for _, d := range p.Draws {
		out = append(out, d.Account)
	}
	return out
}
