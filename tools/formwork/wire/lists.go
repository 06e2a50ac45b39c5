package wire

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"formwork/adapters/sqldb"
	"formwork/documents"
	"formwork/masterdata"
)

// partyNames finds vendors and customers by name in the master data's
// dictionary (documents.PartyNames): the list search matches the documents
// that name them by code.
type partyNames struct{ md *masterdata.Service }

var _ documents.PartyNames = partyNames{}

// CodesNamed are up to limit codes of kind whose code or name in some
// language contains text (lower case), in code order.
func (p partyNames) CodesNamed(ctx context.Context, kind, text string, limit int) ([]string, error) {
	d, err := p.md.Dictionary(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for code, name := range d[kind] {
		hit := strings.Contains(strings.ToLower(code), text)
		for _, s := range name {
			hit = hit || strings.Contains(strings.ToLower(s), text)
		}
		if hit {
			out = append(out, code)
		}
	}
	slices.Sort(out)
	return out[:min(limit, len(out))], nil
}

// Reindex fills the list columns of the documents stored before the
// columns existed, or filled by an older version of them (the backfill of
// the list columns' migration); the serve command runs it at start.
// skipped documents no longer decode: they keep blank list columns (and
// are listed by their other columns).
func (a *App) Reindex(ctx context.Context) (filled, skipped int, err error) {
	filled, skipped, err = a.Documents.Reindex(ctx, sqldb.NewDocumentStore(a.cfg.DB))
	if err != nil {
		return filled, skipped, fmt.Errorf("index documents for lists: %w", err)
	}
	return filled, skipped, nil
}
