package masterdata

import (
	"context"
	"time"
)

// Service is the master data's use cases: the records of every type (list,
// search, read, create, update, deactivate, xlsx import and export), the
// reference checks of documents, the prefill of a new document, and the
// typed views of the organisation, people and partners that the search
// helps, dictionaries and the print view read.
type Service struct {
	store Store
	cache cache
	types func() []*Type
	now   func() time.Time
}

// Config is what the service needs besides its store.
type Config struct {
	// Types are the master-data types of the catalogue in use (it may be
	// reloaded: the service asks each time). Nil: none; the typed views
	// and reference checks still work, the use cases that need a type's
	// description answer that it is unknown.
	Types func() []*Type
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// NewService builds the master-data service on its store.
func NewService(store Store, cfg Config) *Service {
	s := &Service{store: store, types: cfg.Types, now: cfg.Now}
	if s.types == nil {
		s.types = func() []*Type { return nil }
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// typeOf is the type of a code; nil when the catalogue has none.
func (s *Service) typeOf(code string) *Type {
	for _, t := range s.types() {
		if t.Code == code {
			return t
		}
	}
	return nil
}

// today is the date of the service's clock, YYYY-MM-DD.
func (s *Service) today() string { return s.now().Format(time.DateOnly) }

// Empty reports whether there is no master data yet (no company).
func (s *Service) Empty(ctx context.Context) (bool, error) {
	snap, err := s.snapshot(ctx, TypeCompany)
	if err != nil {
		return false, err
	}
	return len(snap.records) == 0, nil
}
