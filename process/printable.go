package process

import (
	"context"
	"strings"

	"formwork/documents"
	"formwork/engine"
)

// Printable loads a document to print with its approval as who sees it:
// for anyone who may read it (documents.Service.MayRead), when the
// lifecycle allows printing in its state (ECONFLICT otherwise).
func (s *Service) Printable(ctx context.Context, who documents.Actor, businessID, lang string) (*documents.Record, *engine.Document, *View, error) {
	rec, doc, _, err := s.docs.Stored(ctx, strings.TrimSpace(businessID))
	if err != nil {
		return nil, nil, nil, err
	}
	if err := s.docs.MayRead(ctx, who, rec); err != nil {
		return nil, nil, nil, err
	}
	if _, err := s.Next(rec.BusinessID, doc.Type.Family, rec.Status, "print", false); err != nil {
		return nil, nil, nil, err
	}
	v, err := s.View(ctx, who, rec.BusinessID, lang)
	if err != nil {
		return nil, nil, nil, err
	}
	return rec, doc, v, nil
}
