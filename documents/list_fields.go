package documents

import (
	"context"
	"slices"
	"strings"

	"formwork/engine"
)

// IndexVersion is the version of ListFields: a record whose list columns
// were filled by an older one (0: before the columns existed) is filled
// again by Reindex.
const IndexVersion = 1

// Widths of the list columns.
const (
	maxCode       = 40
	maxSearchText = 500
)

// Fields of a document that the list columns read: the head's department,
// the vendor and customer codes (the head's, else the first row naming
// one), and the names and reasons the list search reads.
var searchFields = []string{"description", "reason", "payee", "vendorTxt", "customerTxt", "accountName"}

// ListColumns are the list columns of a document.
type ListColumns struct {
	Department, Vendor, Customer, SearchText string
}

// ListFields are the list columns of a document, read from the engine's
// document: the department, the vendor and customer it names (the head's,
// else the first row's that is not deleted), and the search text
// (SearchText) of its number, description, exception reason, payee,
// account name and every vendor and customer name it writes. Codes the
// document only names by code are searched through their master-data
// names (Lists.Query).
func ListFields(doc *engine.Document) ListColumns {
	h := doc.Head()
	f := ListColumns{Department: engine.Clip(h.String("department"), maxCode)}
	f.Vendor, f.Customer = partyCode(doc, "vendor"), partyCode(doc, "customer")
	words := []string{h.String("businessId")}
	add := func(v engine.Values) {
		for _, name := range searchFields {
			words = append(words, v.String(name))
		}
	}
	add(h)
	for _, name := range tableNames(doc) {
		for _, row := range doc.Tables[name] {
			if !engine.RowDeleted(row) {
				add(row)
			}
		}
	}
	f.SearchText = SearchText(words...)
	return f
}

// SearchText is what the list search reads of a document: its words in
// lower case, without blanks and repeats, clipped to 500 characters.
func SearchText(words ...string) string {
	var out []string
	for _, w := range words {
		if w = strings.ToLower(strings.TrimSpace(w)); w != "" && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return engine.Clip(strings.Join(out, " | "), maxSearchText)
}

// partyCode is the code of field (vendor, customer) in the head, else in
// the first row that names one.
func partyCode(doc *engine.Document, field string) string {
	if c := doc.Head().String(field); c != "" {
		return engine.Clip(c, maxCode)
	}
	for _, name := range tableNames(doc) {
		for _, row := range doc.Tables[name] {
			if c := row.String(field); c != "" && !engine.RowDeleted(row) {
				return engine.Clip(c, maxCode)
			}
		}
	}
	return ""
}

// tableNames are the document's tables in a stable order.
func tableNames(doc *engine.Document) []string {
	names := make([]string, 0, len(doc.Tables))
	for name := range doc.Tables {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func (f ListColumns) fill(rec *Record) {
	rec.Department, rec.Vendor, rec.Customer, rec.SearchText = f.Department, f.Vendor, f.Customer, f.SearchText
	rec.IndexVersion = IndexVersion
}

// IndexStore is what Reindex needs of a store: the records whose list
// columns an older ListFields filled, and writing the columns of one.
type IndexStore interface {
	// Unindexed are up to limit records whose IndexVersion is below
	// version, by business id after the one given.
	Unindexed(ctx context.Context, version int, after string, limit int) ([]*Record, error)
	// SetListFields writes the list columns of one record (nothing else).
	SetListFields(ctx context.Context, rec *Record) error
}

// Reindex fills the list columns of the stored documents an older version
// of ListFields (or none) filled, from their bodies decoded under the type
// and version they were saved with: the migration that backfills the
// columns, run when the server starts. A body that no longer decodes keeps
// its columns blank and is counted in skipped. It answers how many it
// filled.
func (s *Service) Reindex(ctx context.Context, store IndexStore) (filled, skipped int, err error) {
	after := ""
	for {
		recs, err := store.Unindexed(ctx, IndexVersion, after, 500)
		if err != nil || len(recs) == 0 {
			return filled, skipped, err
		}
		for _, rec := range recs {
			after = rec.BusinessID
			doc, _, err := s.Decoded(rec)
			if err != nil {
				skipped++
				continue
			}
			ListFields(doc).fill(rec)
			if err := store.SetListFields(ctx, rec); err != nil {
				return filled, skipped, err
			}
			filled++
		}
	}
}
