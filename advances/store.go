package advances

import (
	"context"
	"time"
)

// Filter selects advances of the list: Applicant's, of Kind and Status
// ("" for any).
type Filter struct {
	Applicant string
	Kind      string
	Status    string
}

// Store keeps advances, their holds and movements. Implementations:
// adapters/sqldb/advancedb.
type Store interface {
	// Advances are the advances of the documents ids that exist, by
	// document number: one, or one per line (by line number).
	Advances(ctx context.Context, ids []string) (map[string][]Advance, error)
	// Find lists the advances f selects, newest first.
	Find(ctx context.Context, f Filter) ([]Advance, error)
	// Movements are the movements of a document's advances (all its
	// lines), oldest first.
	Movements(ctx context.Context, businessID string) ([]Movement, error)
	// PendingHolds are the pending holds of a referring document.
	PendingHolds(ctx context.Context, docBusinessID string) ([]Hold, error)
}

// Tx is what the lifecycle writes of advances in its own transaction
// (the approval's unit of work), so that they commit with the transition.
type Tx interface {
	// Advances loads the advances of a document (one, or one per line);
	// none when there are none.
	Advances(businessID string) ([]Advance, error)
	// CreateAdvance stores a new advance; false, and nothing written, when
	// there is one of its business id and line already.
	CreateAdvance(a Advance) (bool, error)
	// AddHold holds h.Amount of h's advance (h.AdvanceID, line h.Item), only if that much is
	// outstanding then (one conditional update: concurrent holds each see
	// what the others left), and stores h (setting its ID); false, and
	// nothing written, when not that much is outstanding.
	AddHold(h *Hold) (bool, error)
	// PendingHolds are the pending holds of a referring document.
	PendingHolds(docBusinessID string) ([]Hold, error)
	// SettleHold books a pending hold as its effect (written off, repaid,
	// returned); false, and nothing written, when it is no longer pending.
	SettleHold(h Hold, at time.Time) (bool, error)
	// ReleaseHold gives a pending hold back; false, and nothing written,
	// when it is no longer pending.
	ReleaseHold(h Hold, at time.Time) (bool, error)
	// AddMovement writes a movement of an advance.
	AddMovement(m Movement) error
}
