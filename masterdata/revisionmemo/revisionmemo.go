// Package revisionmemo reads the master data revisions once per request.
// The master data service keeps each type in memory and asks the store for
// the revisions on every read to see whether its copy is current. One save
// or load of a document reads master data many times (reference check,
// rule lookups, the budget account control of each line): within a context
// made by With, the store wrapped by Store answers every revision after the
// first read of it from that read, so the request sees one state of the
// master data throughout. A store that can read the revisions of every type
// at once (AllRevisions) is asked once per request, whatever types the
// request reads later; another is asked once per type.
//
// Use With only for requests that do not change master data.
package revisionmemo

import (
	"context"
	"sync"

	"formwork/masterdata"
)

type key struct{}

// memo is the revisions read in one request; all says it holds every
// type's (a type it lacks has revision 0).
type memo struct {
	mu   sync.Mutex
	revs map[string]int64
	all  bool
}

// AllRevisions is a store that reads the revision of every type in one
// query (a type never written may be left out: revision 0).
type AllRevisions interface {
	AllRevisions(ctx context.Context) (map[string]int64, error)
}

// With is ctx with an empty memo of revisions.
func With(ctx context.Context) context.Context {
	return context.WithValue(ctx, key{}, &memo{revs: map[string]int64{}})
}

// Store is a masterdata.Store whose Revisions answer from the context's
// memo (With) what it read before in the same context.
type Store struct{ masterdata.Store }

// Revisions reads the memo's revisions into revs, reading those of types
// not read yet in ctx first (all of them when ctx has no memo).
func (s Store) Revisions(ctx context.Context, types []string, revs []int64) error {
	m, ok := ctx.Value(key{}).(*memo)
	if !ok {
		return s.Store.Revisions(ctx, types, revs)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if all, ok := s.Store.(AllRevisions); ok && !m.all && len(m.revs) == 0 {
		got, err := all.AllRevisions(ctx)
		if err != nil {
			return err
		}
		if got == nil {
			got = map[string]int64{}
		}
		m.revs, m.all = got, true
	}
	var missing []string
	for _, t := range types {
		if _, ok := m.revs[t]; !ok && !m.all {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		got := make([]int64, len(missing))
		if err := s.Store.Revisions(ctx, missing, got); err != nil {
			return err
		}
		for i, t := range missing {
			m.revs[t] = got[i]
		}
	}
	for i, t := range types {
		revs[i] = m.revs[t]
	}
	return nil
}
