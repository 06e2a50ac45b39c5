package documents

import (
	"context"
	"fmt"
	"time"

	"formwork/engine"
)

// Service is the documents use cases.
type Service struct {
	store       Store
	cat         func() *engine.Catalogue
	people      People
	gate        Gate
	refs        References
	rules       RuleRecords
	derived     Derived
	attachments Attachments
	now         func() time.Time
	loads       loadMemo
}

// NewService builds the documents use cases on store, reading the live
// catalogue from cat. The lifecycle gate is set with SetGate once the
// approval workflow is built (it reads documents too).
func NewService(store Store, cat func() *engine.Catalogue, people People, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, cat: cat, people: people, now: now}
}

// SetGate sets what the lifecycle says about saving.
func (s *Service) SetGate(g Gate) { s.gate = g }

// today is the date delegations are judged by, in the server's time zone.
func (s *Service) today() string { return s.now().Format("2006-01-02") }

// Get loads one record; ENOTFOUND when there is none.
func (s *Service) Get(ctx context.Context, businessID string) (*Record, error) {
	return s.store.Get(ctx, businessID)
}

// Count is the number of stored documents.
func (s *Service) Count(ctx context.Context) (int64, error) { return s.store.Count(ctx) }

// StoredType is the document type a stored document was saved under: its
// edition and schema version. A version the catalogue no longer has (never
// released, then changed) falls back to the live type; nil when the
// catalogue has no such type at all.
func (s *Service) StoredType(rec *Record) *engine.DocType { return storedType(s.cat(), rec) }

func storedType(cat *engine.Catalogue, rec *Record) *engine.DocType {
	edition := rec.Edition
	if edition == "" {
		edition = cat.DefaultEdition
	}
	if d := cat.DocTypeVersion(edition, rec.DocType, rec.SchemaVersion); d != nil {
		return d
	}
	return cat.DocTypeIn(edition, rec.DocType)
}

// Stored loads a document with its decoded body, under the type and
// version it was saved with.
func (s *Service) Stored(ctx context.Context, businessID string) (*Record, *engine.Document, []engine.Finding, error) {
	rec, err := s.store.Get(ctx, businessID)
	if err != nil {
		return nil, nil, nil, err
	}
	doc, structural, err := s.Decoded(rec)
	return rec, doc, structural, err
}

// Decoded decodes a stored record's body under its type and version.
func (s *Service) Decoded(rec *Record) (*engine.Document, []engine.Finding, error) {
	dt, err := s.storedTypeOf(rec)
	if err != nil {
		return nil, nil, err
	}
	doc, structural, err := engine.DecodeAs(dt, []byte(rec.Body))
	if err != nil {
		return nil, nil, unreadable(rec, err)
	}
	return doc, structural, nil
}

// storedTypeOf is StoredType, an error when the catalogue has no such type.
func (s *Service) storedTypeOf(rec *Record) (*engine.DocType, error) {
	if dt := s.StoredType(rec); dt != nil {
		return dt, nil
	}
	return nil, fmt.Errorf("document %s is a %s, which the catalogue no longer has", rec.BusinessID, rec.DocType)
}

func unreadable(rec *Record, err error) error {
	return fmt.Errorf("stored document %s cannot be read: %w", rec.BusinessID, err)
}

// Loaded is a stored document opened under an action mode: its record (the
// body as stored), the document under the type and version it was saved
// with, and its evaluation under the action (field states and check).
type Loaded struct {
	Record     *Record
	Doc        *engine.Document
	Evaluation *engine.Evaluation
}

// Load opens a stored document for who under action, as the form shows it:
// ENOTFOUND when there is none, EFORBIDDEN when who may not read it
// (MayRead), EINVALID when family is not its type's. The document is
// prepared and checked once, or not at all when the same bytes were
// loaded lately under the same action (loadMemo).
func (s *Service) Load(ctx context.Context, who Actor, businessID, family, action string) (*Loaded, error) {
	rec, err := s.store.Get(ctx, businessID)
	if err != nil {
		return nil, err
	}
	if err := s.MayRead(ctx, who, rec); err != nil {
		return nil, err
	}
	dt, err := s.storedTypeOf(rec)
	if err != nil {
		return nil, err
	}
	if err := checkFamily(family, dt); err != nil {
		return nil, err
	}
	doc, decoded, structural, err := s.loads.decode(dt, rec.Body)
	if err != nil {
		return nil, unreadable(rec, err)
	}
	stored := rec.Body
	if err := s.deriveLoaded(ctx, rec, doc, decoded); err != nil {
		return nil, err
	}
	ev := s.loads.evaluate(doc, structural, stored, rec.Body, action)
	return &Loaded{Record: rec, Doc: ev.Doc, Evaluation: ev}, nil
}
