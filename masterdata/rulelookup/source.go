// Package rulelookup answers the master data the rules of a document read
// (record, standard; engine.Lookup) from the master-data service: the
// current records of the types the document type's rules read, as the
// service's in-memory snapshot holds them. It reads through the service's
// List as a reader of each type: rules read master data whoever saves.
package rulelookup

import (
	"context"
	"fmt"
	"slices"

	"formwork/engine"
	"formwork/engine/lookup"
	"formwork/masterdata"
)

// Source is a documents.RuleRecords over a master-data service.
type Source struct {
	MasterData *masterdata.Service
}

// reader is who reads for the rules: a holder of the type's read and
// write roles.
func reader(t *masterdata.Type) masterdata.Actor {
	return masterdata.Actor{Username: "rules", Roles: slices.Concat(t.Read, t.Write)}
}

// RuleLookup is a lookup for a document of company dated date over the
// active records of types (of the company or the group).
func (s Source) RuleLookup(ctx context.Context, company, date string, types []string) (engine.Lookup, error) {
	set := lookup.New(company, date)
	active := true
	for _, typ := range types {
		t := s.MasterData.Type(typ)
		if t == nil {
			return nil, fmt.Errorf("rules read master-data type %s, which the master data does not know", typ)
		}
		for page := 1; ; page++ {
			p, err := s.MasterData.List(ctx, reader(t), typ, masterdata.Query{Company: company, Active: &active, Page: page, PageSize: masterdata.MaxPageSize})
			if err != nil {
				return nil, fmt.Errorf("read the %s records for the rules: %w", typ, err)
			}
			for _, r := range p.Rows {
				set.Add(typ, lookup.Record{Key: r.Key, Company: r.Company, Active: r.Active, ValidFrom: r.ValidFrom, ValidTo: r.ValidTo, Body: r.Body})
			}
			if page*masterdata.MaxPageSize >= p.Total {
				break
			}
		}
	}
	return set, nil
}
