// Package advances keeps the advances of the portal (issue 12 item 4):
// loans (EX04, the travel edition's B01, AK), pre-applications (EX01),
// prepayments (AA) and withholdings (AX), each with its amount, what was
// paid out, written off, returned and repaid, and what is outstanding. The
// server maintains them from the lifecycle: an approved advance document
// creates its advance; a document referring to advances (a claim writing
// off, a repayment, a withholding reversal) holds its amounts when it is
// submitted, settles them when it is approved and gives them back when it
// is rejected, recalled or voided. The invariant written off + repaid +
// returned + held <= paid out is kept by the store's conditional update in
// the approval's transaction. It knows neither HTTP nor SQL.
package advances

import (
	"slices"
	"time"

	"formwork/budget"
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
	DocBusinessID string    `json:"docBusinessId"`
	DocType       string    `json:"docType"`
	Action        string    `json:"action"`
	Amount        Money     `json:"amount"`
	By            string    `json:"by"`
	At            time.Time `json:"at"`
}

// kindOf names the document types that are advances.
type kindOf struct {
	DocType, Edition, Kind string // Edition "" is any edition
}

// advanceTypes are the document types whose approval creates an advance.
// B01 is a loan only in the travel edition (the form-entry edition's B01
// is a chicken settlement).
var advanceTypes = []kindOf{
	{DocType: "EX04", Kind: KindLoan},
	{DocType: "B01", Edition: "travel", Kind: KindLoan},
	{DocType: "AK", Kind: KindLoan},
	{DocType: "EX01", Kind: KindPreApplication},
	{DocType: "AA", Kind: KindPrepayment},
	{DocType: "AX", Kind: KindWithholding},
}

// KindOf is the kind of advance a document type creates: "" when none.
func KindOf(docType, edition string) string {
	for _, k := range advanceTypes {
		if k.DocType == docType && (k.Edition == "" || k.Edition == edition) {
			return k.Kind
		}
	}
	return ""
}

// refList is a table of a document referring to advances: the fields
// naming the advance and the amount, and the kinds it may name.
type refList struct {
	List, ID, Item, Amount string
	Kinds                  []string
}

// refLists are the tables by which documents refer to advances.
var refLists = []refList{
	{List: "outStandList", ID: "advBusinessId", Item: "advBusinessItem", Amount: "verAmount", Kinds: []string{KindLoan, KindPrepayment}},
	{List: "refAdvApplies", ID: "advBusinessId", Item: "advBusinessItem", Amount: "verAmount", Kinds: []string{KindPreApplication}},
	{List: "withHoldRefs", ID: "withholdBusinessId", Item: "withholdItem", Amount: "amount", Kinds: []string{KindWithholding}},
}

// effectOf is what a document type does to the advances it names.
func effectOf(docType string) string {
	switch docType {
	case "EX05":
		return EffectRepay
	case "AY":
		return EffectReturn
	}
	return EffectWriteOff
}

func (l refList) accepts(kind string) bool { return slices.Contains(l.Kinds, kind) }
