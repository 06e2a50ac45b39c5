// Package rulelookup answers the master data the rules of a document read
// (record, standard; engine.Lookup) from the master-data service: the
// current records of the types the document type's rules read, as the
// service's in-memory snapshots hold them. Rules read master data whoever
// saves: no read permission applies.
package rulelookup

import (
	"context"
	"fmt"

	"formwork/engine"
	"formwork/engine/lookup"
	"formwork/masterdata"
)

// Source is a documents.RuleRecords over a master-data service.
type Source struct {
	MasterData *masterdata.Service
}

// RuleLookup is a lookup for a document of company dated date over the
// records of types.
func (s Source) RuleLookup(ctx context.Context, company, date string, types []string) (engine.Lookup, error) {
	for _, typ := range types {
		if s.MasterData.Type(typ) == nil {
			return nil, fmt.Errorf("rules read master-data type %s, which the master data does not know", typ)
		}
	}
	records, err := s.MasterData.RuleRecords(ctx, types)
	if err != nil {
		return nil, fmt.Errorf("read the master data the rules read: %w", err)
	}
	set := lookup.New(company, date)
	for typ, recs := range records {
		rows := make([]lookup.Record, 0, len(recs))
		for _, r := range recs {
			if r.Active && (company == "" || r.Company == "" || r.Company == company) {
				rows = append(rows, lookup.Record{Key: r.Key, Company: r.Company, Active: true, ValidFrom: r.ValidFrom, ValidTo: r.ValidTo, Body: r.Body})
			}
		}
		set.Add(typ, rows...)
	}
	return set, nil
}
