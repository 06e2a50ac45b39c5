// Package registry is the live catalogue and lifecycle of a running
// formwork, with the status of the last reload, and the queries on it:
// document types, editions, versions and their differences, the form
// export (with its validator) and evaluate.
package registry

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"formwork"
	"formwork/engine"
)

// Service holds the catalogue and the lifecycle in use. A reload switches
// them at once; requests already running finish with the ones they
// started with. Safe for concurrent use.
type Service struct {
	cat    atomic.Pointer[engine.Catalogue]
	lc     atomic.Pointer[engine.Lifecycle]
	status atomic.Pointer[Status]
	// generation changes on every reload; it starts at a random number so
	// that a restarted server does not reuse the validators of another
	// catalogue.
	generation atomic.Uint64
	now        func() time.Time
}

// NewService holds cat and lc (nil: the lifecycle built into the binary);
// now is the clock of the reload status.
func NewService(cat *engine.Catalogue, lc *engine.Lifecycle, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{now: now}
	s.generation.Store(rand.Uint64())
	s.cat.Store(cat)
	s.storeLifecycle(lc)
	return s
}

// Status tells whether the last reload of the catalogue worked; when it did
// not, the last good catalogue keeps serving and Problems say why.
type Status struct {
	OK       bool             `json:"ok"`
	LoadedAt time.Time        `json:"loadedAt"`
	Problems []engine.Problem `json:"problems,omitempty"`
}

// Catalogue returns the catalogue in use.
func (s *Service) Catalogue() *engine.Catalogue { return s.cat.Load() }

// SetCatalogue switches to another catalogue (a reload) and records that
// the reload worked.
func (s *Service) SetCatalogue(c *engine.Catalogue) {
	s.cat.Store(c)
	s.generation.Add(1)
	s.status.Store(&Status{OK: true, LoadedAt: s.now()})
}

// ReloadFailed records a catalogue edit that did not load; the catalogue in
// use stays.
func (s *Service) ReloadFailed(problems []engine.Problem) {
	s.status.Store(&Status{OK: false, LoadedAt: s.now(), Problems: problems})
}

// Status is the status of the last reload; OK before any.
func (s *Service) Status() Status {
	if st := s.status.Load(); st != nil {
		return *st
	}
	return Status{OK: true}
}

// Generation is a number that changes on every reload of the catalogue or
// the lifecycle.
func (s *Service) Generation() uint64 { return s.generation.Load() }

// Lifecycle returns the lifecycle in use: which action moves which state.
func (s *Service) Lifecycle() *engine.Lifecycle { return s.lc.Load() }

// SetLifecycle switches to another lifecycle (a reload); nil is the
// built-in one.
func (s *Service) SetLifecycle(lc *engine.Lifecycle) {
	s.storeLifecycle(lc)
	s.generation.Add(1)
}

func (s *Service) storeLifecycle(lc *engine.Lifecycle) {
	if lc == nil {
		lc = BuiltinLifecycle()
	}
	s.lc.Store(lc)
}

// BuiltinLifecycle is the lifecycle shipped with the binary (the embedded
// catalogue's), read once. It panics if that does not load: the binary
// was built from a broken catalogue.
var BuiltinLifecycle = sync.OnceValue(func() *engine.Lifecycle {
	lc, err := engine.LoadLifecycle(formwork.Catalogue)
	if err != nil {
		panic("the built-in lifecycle does not load: " + err.Error())
	}
	return lc
})
