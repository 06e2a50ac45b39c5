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
//
// Across requests, a Store made by New keeps the revisions of every type
// for the process and reads them again at most once per its interval: a
// request reads no revision from the database when they were read lately.
// A change made through this process (InTx) forgets them at once; a change
// made by another process (a replica on the same PostgreSQL, a CLI on the
// same SQLite file) shows within the interval, as the identity cache's.
package revisionmemo

import (
	"context"
	"sync"
	"time"

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
type Store struct {
	masterdata.Store
	process *processRevisions // nil: none kept across requests
}

// New is store with the revisions of every type kept for the process and
// read again at most once per every (when store reads them all at once).
func New(store masterdata.Store, every time.Duration, now func() time.Time) Store {
	if now == nil {
		now = time.Now
	}
	return Store{Store: store, process: &processRevisions{every: every, now: now}}
}

// processRevisions are the revisions of every type as this process last
// read them, and when.
type processRevisions struct {
	every time.Duration
	now   func() time.Time

	mu   sync.Mutex
	revs map[string]int64 // nil: to be read; shared, never changed
	at   time.Time
	// forgets counts the changes this process made: revisions read while
	// one was made may be older than it and are not kept.
	forgets uint64
}

// read answers the revisions of every type, from what the process read
// within the interval, else from the store.
func (p *processRevisions) read(ctx context.Context, all AllRevisions) (map[string]int64, error) {
	p.mu.Lock()
	now := p.now()
	if p.revs != nil && now.Sub(p.at) < p.every {
		revs := p.revs
		p.mu.Unlock()
		return revs, nil
	}
	forgets := p.forgets
	p.mu.Unlock()
	got, err := all.AllRevisions(ctx)
	if err != nil {
		return nil, err
	}
	if got == nil {
		got = map[string]int64{}
	}
	p.mu.Lock()
	if p.forgets == forgets {
		p.revs, p.at = got, now
	}
	p.mu.Unlock()
	return got, nil
}

// forget drops the revisions kept (this process changed master data).
func (p *processRevisions) forget() {
	p.mu.Lock()
	p.revs = nil
	p.forgets++
	p.mu.Unlock()
}

// InTx runs fn in the store's transaction and forgets the revisions the
// process kept: the next read sees what fn wrote.
func (s Store) InTx(ctx context.Context, fn func(tx masterdata.Tx) error) error {
	err := s.Store.InTx(ctx, fn)
	if s.process != nil {
		s.process.forget()
	}
	return err
}

// allRevisions reads the revisions of every type, through the process's
// when it keeps them.
func (s Store) allRevisions(ctx context.Context, all AllRevisions) (map[string]int64, error) {
	if s.process == nil {
		return all.AllRevisions(ctx)
	}
	return s.process.read(ctx, all)
}

// Revisions answers the memo's revisions, reading those of types not read
// yet in ctx (all of them when ctx has no memo).
func (s Store) Revisions(ctx context.Context, types []string) (map[string]int64, error) {
	all, canAll := s.Store.(AllRevisions)
	m, ok := ctx.Value(key{}).(*memo)
	if !ok {
		if !canAll || s.process == nil {
			return s.Store.Revisions(ctx, types)
		}
		got, err := s.process.read(ctx, all)
		if err != nil {
			return nil, err
		}
		out := make(map[string]int64, len(types))
		for _, t := range types {
			out[t] = got[t]
		}
		return out, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if canAll && !m.all && len(m.revs) == 0 {
		got, err := s.allRevisions(ctx, all)
		if err != nil {
			return nil, err
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
		got, err := s.Store.Revisions(ctx, missing)
		if err != nil {
			return nil, err
		}
		for _, t := range missing {
			m.revs[t] = got[t]
		}
	}
	out := make(map[string]int64, len(types))
	for _, t := range types {
		out[t] = m.revs[t]
	}
	return out, nil
}
