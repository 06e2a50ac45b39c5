package documents

import (
	"context"
	"time"
)

// Store keeps document records. Implementations: adapters/sqldb.
type Store interface {
	// Number begins storing a new document of docType: it allocates the
	// next number on the day of at (EX02 + yyyyMMdd + a 4-digit sequence,
	// more digits past 9999) in a transaction it leaves open for the
	// finished record (Numbered.Insert) or for Abandon.
	Number(ctx context.Context, docType string, at time.Time) (Numbered, error)
	// Create numbers a new document of docType on the day of at and
	// stores the record build makes of that number, with its event, in
	// one transaction, possibly shared with other creates (a group
	// commit); it answers only after that transaction committed. build
	// may be called more than once; the record of its last call is stored.
	Create(ctx context.Context, docType string, at time.Time, build func(businessID string) (*Record, *Event, error)) (*Record, error)
	// Update replaces the stored document if its version is still
	// expectVersion, writing ev (when not nil) in the same transaction; it
	// reports false, writing nothing, when the version is not the latest.
	Update(ctx context.Context, rec *Record, expectVersion int, ev *Event) (bool, error)
	// Get loads one record; ENOTFOUND when there is none.
	Get(ctx context.Context, businessID string) (*Record, error)
	// Count is the number of stored documents.
	Count(ctx context.Context) (int64, error)
	// OnTodoList reports whether the document is on the open to-do list of
	// owner, or of someone owner is an active delegate of on day today.
	OnTodoList(ctx context.Context, owner, businessID, today string) (bool, error)
	// HasDecided reports whether user completed a task on the document
	// (their completed list).
	HasDecided(ctx context.Context, user, businessID string) (bool, error)
}

// CreatesAhead is a Store that collects creates into group commits and
// can be told of one on its way (Ahead, while it is checked): its batch
// may wait for it, so concurrent saves share one commit. The create made
// with the context Ahead answers ends the announcement; done ends it when
// there is none.
type CreatesAhead interface {
	Ahead(ctx context.Context) (_ context.Context, done func())
}

// Numbered is a new document's number in its open transaction: the number
// and the record are written in one transaction, so a number is used by
// exactly one stored document and no number is lost.
type Numbered interface {
	// BusinessID is the number allocated.
	BusinessID() string
	// Insert stores the finished record (numbered, its server fields filled
	// in) with its event, and commits.
	Insert(rec *Record, ev *Event) error
	// Abandon rolls the transaction back, the number with it; after Insert
	// it does nothing. Every Numbered is inserted or abandoned.
	Abandon()
}

// Tx is what another use case writes of documents inside its own unit of
// work (the approval workflow: a transition and its event).
type Tx interface {
	// UpdateDocument writes rec over the stored document if it is still at
	// expectVersion (and in expectStatus, unless that is ""); false when
	// someone was quicker.
	UpdateDocument(rec *Record, expectVersion int, expectStatus string) (bool, error)
	AddEvent(ev *Event) error
}
