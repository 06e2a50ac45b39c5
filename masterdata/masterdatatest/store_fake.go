// Package masterdatatest has an in-memory masterdata.Store for the tests of
// the packages that read the master data.
package masterdatatest

import (
	"context"
	"slices"
	"strings"
	"sync"

	"formwork/masterdata"
)

// Store keeps master records in memory (masterdata.Store). Err, when set,
// is the answer of every read.
type Store struct {
	mu        sync.Mutex
	records   map[string]masterdata.Record // by type + "\x00" + key
	revisions map[string]int64
	events    []masterdata.Event
	Err       error
}

var _ masterdata.Store = (*Store)(nil)

// NewStore is an empty store.
func NewStore() *Store {
	return &Store{records: map[string]masterdata.Record{}, revisions: map[string]int64{}}
}

func id(typ, key string) string { return typ + "\x00" + key }

func (s *Store) Revisions(_ context.Context, types []string, revs []int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, t := range types {
		revs[i] = s.revisions[t]
	}
	return s.Err
}

func (s *Store) Records(_ context.Context, typ string) (int64, []masterdata.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []masterdata.Record
	for k, r := range s.records {
		if strings.HasPrefix(k, typ+"\x00") {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b masterdata.Record) int { return strings.Compare(a.Key, b.Key) })
	return s.revisions[typ], out, s.Err
}

func (s *Store) Events(_ context.Context, q masterdata.EventQuery) (int64, []masterdata.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var match []masterdata.Event
	for i := len(s.events) - 1; i >= 0; i-- {
		e := s.events[i]
		if (q.Type == "" || e.Type == q.Type) && (q.Key == "" || e.Key == q.Key) {
			match = append(match, e)
		}
	}
	from := min((q.Page-1)*q.PageSize, len(match))
	return int64(len(match)), match[from:min(from+q.PageSize, len(match))], s.Err
}

// InTx runs fn on a copy of the store and keeps it only when fn succeeds:
// all the writes, or none.
func (s *Store) InTx(_ context.Context, fn func(tx masterdata.Tx) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := &fakeTx{records: map[string]masterdata.Record{}, revisions: map[string]int64{}}
	for k, r := range s.records {
		tx.records[k] = r
	}
	for k, v := range s.revisions {
		tx.revisions[k] = v
	}
	if err := fn(tx); err != nil {
		return err
	}
	s.records, s.revisions = tx.records, tx.revisions
	for _, e := range tx.events {
		e.ID = int64(len(s.events) + 1)
		s.events = append(s.events, e)
	}
	return nil
}

// fakeTx is the writes of a transaction (masterdata.Tx).
type fakeTx struct {
	records   map[string]masterdata.Record
	revisions map[string]int64
	events    []masterdata.Event
}

func (t *fakeTx) Record(typ, key string) (*masterdata.Record, error) {
	r, ok := t.records[id(typ, key)]
	if !ok {
		return nil, nil
	}
	return &r, nil
}

func (t *fakeTx) Insert(records []masterdata.Record) error {
	for _, r := range records {
		if _, had := t.records[id(r.Type, r.Key)]; had {
			return masterdata.ErrExists
		}
		t.records[id(r.Type, r.Key)] = r
		t.revisions[r.Type]++
	}
	return nil
}

func (t *fakeTx) Update(r masterdata.Record, version int64) (bool, error) {
	had, ok := t.records[id(r.Type, r.Key)]
	if !ok || had.Version != version {
		return false, nil
	}
	t.records[id(r.Type, r.Key)] = r
	t.revisions[r.Type]++
	return true, nil
}

func (t *fakeTx) AddEvents(events []masterdata.Event) error {
	t.events = append(t.events, events...)
	return nil
}
