package payments

import (
	"context"
	"time"
)

// Filter selects payment lines: of Applicant, Status and BusinessID (""
// for any).
type Filter struct {
	Applicant  string
	Status     string
	BusinessID string
}

// Store keeps payment lines and their events. Implementation:
// adapters/sqldb/paymentdb.
type Store interface {
	// Lines are the payment lines of a document, by item.
	Lines(ctx context.Context, businessID string) ([]Line, error)
	// Find lists the lines f selects, newest first (at most 1,000).
	Find(ctx context.Context, f Filter) ([]Line, error)
	// Events are a document's payment events, oldest first.
	Events(ctx context.Context, businessID string) ([]Event, error)
	// InTx runs fn in one transaction: all its writes, or none.
	InTx(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is what the use cases write of payments in one transaction (the
// approval's, or the store's own).
type Tx interface {
	// Line is row item of a document's payments; nil when there is none.
	Line(businessID string, item int) (*Line, error)
	// AddLines stores the lines of a document that became payable (Version
	// 1, IDs set); none when it has lines already (an approval books once).
	AddLines(lines []Line) (added bool, err error)
	// UpdateLine replaces the line of l.ID whose version is version by l
	// (l.Version the next); false, and nothing written, when its version is
	// another by now.
	UpdateLine(l Line, version int64) (bool, error)
	// AddEvent records a change of a line.
	AddEvent(businessID string, e Event) error
}

// stamp is the next version of l, changed by by at now.
func stamp(l *Line, by string, now time.Time) {
	l.Version++
	l.UpdatedBy, l.UpdatedAt = by, now
}
