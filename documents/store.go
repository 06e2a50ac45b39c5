package documents

import (
	"context"
	"time"
)

// Store keeps document records. Implementations: adapters/sqldb.
type Store interface {
	// NextBusinessID allocates the next number of a document of docType
	// on the day of at: EX02 + yyyyMMdd + a 4-digit sequence (more digits
	// past 9999). A number is never handed out twice; one whose document
	// is then not stored (the database failed) is a gap in the sequence.
	NextBusinessID(ctx context.Context, docType string, at time.Time) (string, error)
	// Create stores a finished new record (numbered, its server fields
	// filled in) with its event, in one transaction.
	Create(ctx context.Context, rec *Record, ev *Event) error
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

// Tx is what another use case writes of documents inside its own unit of
// work (the approval workflow: a transition and its event).
type Tx interface {
	// UpdateDocument writes rec over the stored document if it is still at
	// expectVersion (and in expectStatus, unless that is ""); false when
	// someone was quicker.
	UpdateDocument(rec *Record, expectVersion int, expectStatus string) (bool, error)
	AddEvent(ev *Event) error
}
