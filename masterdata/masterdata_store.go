package masterdata

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Record is a master record of any type: the generic form every type is
// stored in. Company, ValidFrom and ValidTo repeat the body's fields
// `company`, `validFrom` and `validTo` (for lists and reference checks);
// Active false is a deactivated record, kept for the documents that name it.
type Record struct {
	Type      string         `json:"type"`
	Key       string         `json:"key"`
	Company   string         `json:"company,omitempty"`
	Active    bool           `json:"active"`
	ValidFrom string         `json:"validFrom,omitempty"` // YYYY-MM-DD, "" open
	ValidTo   string         `json:"validTo,omitempty"`   // YYYY-MM-DD, "" open
	Body      map[string]any `json:"body"`
	Version   int64          `json:"version"`
	UpdatedAt time.Time      `json:"updatedAt"`
	UpdatedBy string         `json:"updatedBy"`
}

// Event is an audit event: one per created, updated, deactivated or
// imported record, with the record before and after (nil before a create).
type Event struct {
	ID     int64           `json:"id"`
	Type   string          `json:"type"`
	Key    string          `json:"key"`
	Action string          `json:"action"` // one of the Action* values
	By     string          `json:"by"`
	At     time.Time       `json:"at"`
	Before json.RawMessage `json:"before,omitempty"`
	After  json.RawMessage `json:"after,omitempty"`
}

// The actions of an audit event.
const (
	ActionCreate     = "create"
	ActionUpdate     = "update"
	ActionDeactivate = "deactivate"
	ActionImport     = "import"
)

// EventQuery narrows the audit events: of a type (and a key of it) when
// set; a page of PageSize, newest first.
type EventQuery struct {
	Type, Key      string
	Page, PageSize int
}

// Store is where the master records are kept: every type in one generic
// form, an audit event per change, and a revision per type that moves with
// every write of the type (the service keeps each type in memory while its
// revision stays).
type Store interface {
	// Revisions reads the revision of each type asked into revs (as long
	// as types, in their order); a type never written has revision 0.
	Revisions(ctx context.Context, types []string, revs []int64) error
	// Records lists every record of a type (active or not) by key, with the
	// type's revision read before them.
	Records(ctx context.Context, typ string) (revision int64, records []Record, err error)
	// Events answers a page of audit events, newest first, and how many
	// match.
	Events(ctx context.Context, q EventQuery) (total int64, events []Event, err error)
	// InTx runs fn in one transaction: all its writes, or none.
	InTx(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the writes of the use cases, within one transaction. Every write
// of a record moves its type's revision.
type Tx interface {
	// Record reads a record; nil when there is none.
	Record(typ, key string) (*Record, error)
	// Insert adds new records (Version 1); a key the store has already is
	// ErrExists and nothing is written.
	Insert(records []Record) error
	// Update replaces the record of r.Type and r.Key whose version is
	// version with r (r.Version is the next version); false when the
	// record is gone or has another version.
	Update(r Record, version int64) (bool, error)
	// AddEvents records audit events.
	AddEvents(events []Event) error
}

// ErrExists is a Tx.Insert of a key the store has already.
var ErrExists = errors.New("a record with this key exists already")
