// Package payments keeps the payment lines of approved documents (issue 13
// item 1): a document with payment lines becomes payable on its final
// approval, each of its payment lines (paymentList) a payment with a status
// (pending, paid, failed), the bank's reference of a paid one and the
// bank's message of a failed one. Finance marks lines paid or failed; a
// failed payment returns to finance with the bank's message, whose payee
// account finance corrects and re-sends (pending again). Every change is
// made against the line's version (a stale one is refused) and kept as an
// event. It knows neither HTTP nor SQL.
package payments

import (
	"time"

	"formwork/budget"
	"formwork/engine"
)

// Money is an amount in cents.
type Money = budget.Money

// Statuses of a payment line.
const (
	StatusPending = "pending" // sent to the bank (or to be), no answer yet
	StatusPaid    = "paid"    // the bank paid it: BankRef
	StatusFailed  = "failed"  // the bank refused it: BankMessage; finance corrects and re-sends
)

// Statuses are the statuses of a payment line, as the lists filter them.
var Statuses = []string{StatusPending, StatusPaid, StatusFailed}

// Line is one payment of an approved document: row Item of its paymentList.
type Line struct {
	ID          int64     `json:"id"`
	BusinessID  string    `json:"businessId"`
	Item        int       `json:"item"` // the row of paymentList, 1-based
	DocType     string    `json:"docType"`
	Applicant   string    `json:"applicant"`
	CompanyCode string    `json:"companyCode"`
	Currency    string    `json:"currency"`
	Payee       string    `json:"payee"`       // the vendor (or employee) code
	AccountName string    `json:"accountName"` // the name of the account paid
	Bank        string    `json:"bank"`
	Cnaps       string    `json:"cnaps"`
	Account     string    `json:"account"`
	Method      string    `json:"paymentMethod"`
	Amount      Money     `json:"amount"`
	Status      string    `json:"status"`
	BankRef     string    `json:"bankRef"`
	BankMessage string    `json:"bankMessage"`
	Contracts   []Share   `json:"contracts,omitempty"` // what it pays against contracts, moved to them when paid
	Version     int64     `json:"version"`
	UpdatedBy   string    `json:"updatedBy"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Share is what a payment line pays against one contract: the contract's
// paid amount grows by it when the line is paid (contracts.AddPaid).
type Share struct {
	ContractNo string `json:"contractNo"`
	Amount     Money  `json:"amount"`
}

// Masked is the line as a reader who is not finance sees it: an account
// number longer than 8 characters shows its first and last 4 only.
func (l Line) Masked() Line {
	l.Account = engine.MaskAccountNumber(l.Account)
	return l
}

// Event actions of a payment line.
const (
	ActionPayable = "payable" // the document was approved
	ActionPaid    = "paid"
	ActionFailed  = "failed"
	ActionAccount = "account" // finance set or corrected the payee account
	ActionResend  = "resend"  // a failed payment was sent again
)

// Event is one change of a payment line, for its history.
type Event struct {
	LineID  int64     `json:"lineId"`
	Action  string    `json:"action"`
	Status  string    `json:"status"` // the status after it
	Message string    `json:"message"`
	By      string    `json:"by"`
	At      time.Time `json:"at"`
}
