package documents

import (
	"context"
	"sync"

	"formwork/engine"
)

// Derived fills in the fields of a document the server derives from other
// records (advances.Service: what the advances a claim refers to have
// outstanding), ignoring the client's values, and says what is wrong with
// what the document refers to. prev, the stored document an update
// changes (nil otherwise), gets the same values.
type Derived interface {
	Derive(ctx context.Context, doc, prev *engine.Document) ([]engine.Finding, error)
}

// SetDerived sets what derives fields from other records; unset, nothing
// is derived.
func (s *Service) SetDerived(d Derived) { s.derived = d }

// derive fills in the derived fields of doc (and prev) before a save is
// checked; the findings refuse the save unless it is temporary.
func (s *Service) derive(ctx context.Context, doc, prev *engine.Document) ([]engine.Finding, error) {
	if s.derived == nil {
		return nil, nil
	}
	return s.derived.Derive(ctx, doc, prev)
}

// saveReads are what the derivations of one save read of other records, by
// key: a save derives before and after its check, from one state of them.
type saveReads struct {
	mu sync.Mutex
	m  map[string]any
}

type saveReadsKey struct{}

// withSaveReads is ctx with an empty memo of the save's reads.
func withSaveReads(ctx context.Context) context.Context {
	return context.WithValue(ctx, saveReadsKey{}, &saveReads{m: map[string]any{}})
}

// ReadOnce answers what read answered for key before in the same save (a
// Derived's reads: a save derives twice and reads once), else reads; outside
// a save it always reads. A failed read is not kept.
func ReadOnce[T any](ctx context.Context, key string, read func() (T, error)) (T, error) {
	m, ok := ctx.Value(saveReadsKey{}).(*saveReads)
	if !ok {
		return read()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.m[key]; ok {
		return v.(T), nil
	}
	v, err := read()
	if err == nil {
		m.m[key] = v
	}
	return v, err
}

// deriveLoaded fills in the derived fields of a loaded document as they are
// now, in doc and in the record's body that the answer carries; the body
// stays as stored when doc still has the values of stored, the document
// decoded from it.
func (s *Service) deriveLoaded(ctx context.Context, rec *Record, doc, stored *engine.Document) error {
	if s.derived == nil {
		return nil
	}
	if _, err := s.derived.Derive(ctx, doc, nil); err != nil {
		return err
	}
	if sameValuesOf(doc, stored) {
		return nil
	}
	body, err := doc.MarshalJSON() // the body only: the record's other columns stay as stored
	if err != nil {
		return err
	}
	rec.Body = string(body)
	return nil
}
