package documents

import (
	"context"

	"formwork/engine"
)

// RuleRecords answers the master-data records the rules of a document read
// (record, standard: docs/rules.md): for a document of company dated date,
// over the records of types, as engine.Lookup answers them (active on the
// date, of the company or the group, codes matched exactly).
// masterdata/rulelookup.Source is one.
type RuleRecords interface {
	RuleLookup(ctx context.Context, company, date string, types []string) (engine.Lookup, error)
}

// SetRuleRecords sets where the rules of a saved or submitted document read
// master data; unset, they read empty records (no standard applies).
func (s *Service) SetRuleRecords(r RuleRecords) { s.rules = r }

// RuleLookup is what the rules of doc read of master data, for its company
// (head.companyCode) on its date (head.docDate, else today), as
// CheckReferences reads codes; nil when its type's rules read none.
func (s *Service) RuleLookup(ctx context.Context, doc *engine.Document) (engine.Lookup, error) {
	if s.rules == nil || len(doc.Type.RuleRecords) == 0 {
		return nil, nil
	}
	return s.rules.RuleLookup(ctx, doc.Head().String("companyCode"), s.documentDate(doc), doc.Type.RuleRecords)
}
