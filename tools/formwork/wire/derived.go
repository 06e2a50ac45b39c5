package wire

import (
	"context"

	"formwork/documents"
	"formwork/engine"
)

// derivedBoth is what a save derives from other records: the advances a
// document refers to, then the invoices it claims; the findings of both.
type derivedBoth struct{ first, second documents.Derived }

func (d derivedBoth) Derive(ctx context.Context, doc, prev *engine.Document) ([]engine.Finding, error) {
	a, err := d.first.Derive(ctx, doc, prev)
	if err != nil {
		return nil, err
	}
	b, err := d.second.Derive(ctx, doc, prev)
	if err != nil {
		return nil, err
	}
	return append(a, b...), nil
}
