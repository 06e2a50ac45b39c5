// Package rulelookup answers the master data the rules of a document read
// (record, standard; engine.Lookup) from the master-data service: the
// current records of the types the document type's rules read, as the
// service's in-memory snapshots hold them. Rules read master data whoever
// saves: no read permission applies.
package rulelookup

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"formwork/engine"
	"formwork/engine/lookup"
	"formwork/masterdata"
)

// Source is a documents.RuleRecords over a master-data service. The lookup
// built of a company's records of some types is kept while the snapshots
// it was built of are current (one save builds none when master data did
// not change).
type Source struct {
	MasterData *masterdata.Service

	mu    sync.Mutex
	built map[string]builtSet
}

// New is a Source over md.
func New(md *masterdata.Service) *Source { return &Source{MasterData: md} }

// maxBuilt bounds the lookups kept (a company code is the client's until
// the reference check refuses it): past it, they are built afresh.
const maxBuilt = 256

// builtSet is a lookup and the records it was built of, by type (a
// snapshot's records are replaced, never changed, when its type changes).
type builtSet struct {
	of  map[string][]masterdata.Record
	set *lookup.Set
}

// current says whether b was built of records.
func (b builtSet) current(records map[string][]masterdata.Record) bool {
	if len(b.of) != len(records) {
		return false
	}
	for typ, recs := range records {
		was, ok := b.of[typ]
		if !ok || len(was) != len(recs) || len(recs) > 0 && &was[0] != &recs[0] {
			return false
		}
	}
	return true
}

// RuleLookup is a lookup for a document of company dated date over the
// records of types.
func (s *Source) RuleLookup(ctx context.Context, company, date string, types []string) (engine.Lookup, error) {
	for _, typ := range types {
		if s.MasterData.Type(typ) == nil {
			return nil, fmt.Errorf("rules read master-data type %s, which the master data does not know", typ)
		}
	}
	records, err := s.MasterData.RuleRecords(ctx, types)
	if err != nil {
		return nil, fmt.Errorf("read the master data the rules read: %w", err)
	}
	key := company + "\x00" + strings.Join(types, "\x00")
	s.mu.Lock()
	b, ok := s.built[key]
	s.mu.Unlock()
	if ok && b.current(records) {
		return b.set.On(date), nil
	}
	set := build(company, records)
	s.mu.Lock()
	if s.built == nil || len(s.built) >= maxBuilt {
		s.built = map[string]builtSet{}
	}
	s.built[key] = builtSet{of: records, set: set}
	s.mu.Unlock()
	return set.On(date), nil
}

// build is the lookup of company's records (and the group's) among
// records, dated later (lookup.Set.On).
func build(company string, records map[string][]masterdata.Record) *lookup.Set {
	set := lookup.New(company, "")
	for typ, recs := range records {
		rows := make([]lookup.Record, 0, len(recs))
		for _, r := range recs {
			if r.Active && (company == "" || r.Company == "" || r.Company == company) {
				rows = append(rows, lookup.Record{Key: r.Key, Company: r.Company, Active: true, ValidFrom: r.ValidFrom, ValidTo: r.ValidTo, Body: r.Body})
			}
		}
		set.Add(typ, rows...)
	}
	return set
}
