// Package advances keeps the advances of the portal (issue 12 item 4):
// loans, pre-applications, prepayments and withholdings (which document
// types create which: schemas/_advances.yaml), each with its amount, what was
// paid out, written off, returned and repaid, and what is outstanding. The
// server maintains them from the lifecycle: an approved advance document
// creates its advance, or one per line where the book says so (AA's
// prepayment lines, AX's accrual lines); a document referring to advances (a claim writing
// off, a repayment, a withholding reversal) holds its amounts when it is
// submitted, settles them when it is approved and gives them back when it
// is rejected, recalled or voided. The invariant written off + repaid +
// returned + held <= paid out is kept by the store's conditional update in
// the approval's transaction. It knows neither HTTP nor SQL.
package advances

import (
	"time"

	"formwork/budget"
	"formwork/engine"
)

// Money is an amount in cents.
type Money = budget.Money

// Kinds of advances.
const (
	KindLoan           = "loan"
	KindPreApplication = "preApplication"
	KindPrepayment     = "prepayment"
	KindWithholding    = "withholding"
)

// Kinds are the kinds of advances, as the list filters them.
var Kinds = []string{KindLoan, KindPreApplication, KindPrepayment, KindWithholding}

// Statuses of an advance: open while something is outstanding.
const (
	StatusOpen   = "open"
	StatusClosed = "closed"
)

// Advance is one advance and its amounts.
type Advance struct {
	BusinessID  string    `json:"businessId"`
	Item        string    `json:"item,omitempty"` // the line, for an advance kept per line
	DocType     string    `json:"docType"`
	Kind        string    `json:"kind"`
	Applicant   string    `json:"applicant"`
	CompanyCode string    `json:"companyCode"`
	Currency    string    `json:"currency"`
	Description string    `json:"description"`
	Amount      Money     `json:"amount"`
	PaidOut     Money     `json:"paidOut"`
	WrittenOff  Money     `json:"writtenOff"`
	Returned    Money     `json:"returned"`
	Repaid      Money     `json:"repaid"`
	Held        Money     `json:"held"` // by submitted documents not yet approved
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Outstanding is what is left of the advance: paid out less what was
// written off, returned, repaid and what submitted documents hold.
func (a Advance) Outstanding() Money {
	return a.PaidOut - a.WrittenOff - a.Returned - a.Repaid - a.Held
}

// Total is the advance of a document kept per line as a whole: its lines'
// amounts added up (Item blank); the one line itself otherwise.
func Total(lines []Advance) Advance {
	if len(lines) == 0 {
		return Advance{}
	}
	t := lines[0]
	t.Item = ""
	for _, l := range lines[1:] {
		t.Amount += l.Amount
		t.PaidOut += l.PaidOut
		t.WrittenOff += l.WrittenOff
		t.Returned += l.Returned
		t.Repaid += l.Repaid
		t.Held += l.Held
		t.UpdatedAt = later(t.UpdatedAt, l.UpdatedAt)
	}
	return t
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// Status is open while something is outstanding or held, else closed.
func (a Advance) Status() string {
	if a.Outstanding() > 0 || a.Held > 0 {
		return StatusOpen
	}
	return StatusClosed
}

// Effects of a referring document on an advance.
const (
	EffectWriteOff = "writeOff" // a claim writes it off
	EffectRepay    = "repay"    // a repayment (EX05) pays it back
	EffectReturn   = "return"   // a reversal (AY) gives back what will not be claimed
)

// States of a hold.
const (
	HoldPending  = "pending"  // the referring document is in approval
	HoldSettled  = "settled"  // it was approved: the effect is booked
	HoldReleased = "released" // it was rejected, recalled or voided
)

// Hold is what a submitted document holds on an advance: Amount for
// Effect, from its row Row of list List.
type Hold struct {
	ID            int64
	DocBusinessID string
	DocType       string
	AdvanceID     string
	Kind          string // the advance's
	Item          string
	List          string
	Row           int
	Effect        string
	Amount        Money
	State         string
	At            time.Time
}

// Movement actions.
const (
	ActionCreate  = "create"  // the advance document was approved
	ActionHold    = "hold"    // a referring document was submitted
	ActionRelease = "release" // ... rejected, recalled or voided
	// a settled hold's action is its effect (writeOff, repay, return)
)

// Movement is one change of an advance, for its history.
type Movement struct {
	ID            int64     `json:"id"`
	AdvanceID     string    `json:"businessId"`
	Item          string    `json:"item,omitempty"`
	DocBusinessID string    `json:"docBusinessId"`
	DocType       string    `json:"docType"`
	Action        string    `json:"action"`
	Amount        Money     `json:"amount"`
	By            string    `json:"by"`
	At            time.Time `json:"at"`
}

// Book is the advance types (schemas/_advances.yaml, read and checked by
// the engine): which document types create which advances, per document
// or per line, by which tables documents name them, and what a document
// does to them.
type Book = engine.AdvanceBook

// Key is an advance's key: its document's number and, for an advance kept
// per line, the line's number.
func (a Advance) Key() string { return key(a.BusinessID, a.Item) }

func key(id, item string) string {
	if item == "" {
		return id
	}
	return id + "/" + item
}
