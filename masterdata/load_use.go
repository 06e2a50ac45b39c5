package masterdata

import (
	"context"
	"fmt"
)

// SeedBy is who the audit events of the seeds name.
const SeedBy = "seeds"

// Type is the catalogue's master-data type of a code; nil when there is
// none.
func (s *Service) Type(code string) *Type { return s.typeOf(code) }

// Load writes records (NewRecord's) into the store in one transaction,
// each stamped and with an audit event (ActionImport) by `by`: for an
// empty store, the seeds. A key the store has already fails the load
// (ErrExists) and nothing is written. It checks nothing: the caller has
// (seeding checks its seeds).
func (s *Service) Load(ctx context.Context, by string, records []Record) error {
	now := s.now()
	events := make([]Event, len(records))
	for i := range records {
		records[i].stamp(by, now)
		events[i] = Event{Type: records[i].Type, Key: records[i].Key, Action: ActionImport, By: by, At: now, After: records[i].image()}
	}
	err := s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.Insert(records); err != nil {
			return err
		}
		return tx.AddEvents(events)
	})
	if err != nil {
		return fmt.Errorf("load the master data: %w", err)
	}
	return nil
}
