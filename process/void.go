package process

import (
	"context"

	"formwork/documents"
)

// Void voids a document for good where the lifecycle allows it (draft or
// returned; a general-ledger posting only as a draft); it stays readable.
// Budget it holds is released; an approval it is in (where a lifecycle
// allows voiding in approval) ends. Its owner (maker, reimburser, their
// delegates, an administrator) or finance staff of its company may void it.
func (s *Service) Void(ctx context.Context, r Request) (*View, error) {
	rec, doc, _, err := s.Load(ctx, r)
	if err != nil {
		return nil, err
	}
	if !(r.Who.Scope() == documents.ScopeCompany && r.Who.WorksFor(rec.CompanyCode)) {
		if err := s.MustBeOwner(ctx, r.Who, rec, "void"); err != nil {
			return nil, err
		}
	}
	to, err := s.Next(rec.BusinessID, doc.Type.Family, rec.Status, "void", false)
	if err != nil {
		return nil, err
	}
	now, me := s.now(), r.Who.Username()
	err = s.store.InTx(ctx, func(tx Tx) error {
		if err := writeTransition(tx, rec, doc, transition{Action: "void", To: to, By: me, Comment: r.Comment, At: now}); err != nil {
			return err
		}
		if rec.ProcessID != "" {
			if err := tx.EndProcess(rec.ProcessID, StatusVoided, now); err != nil {
				return err
			}
			if err := tx.CloseTodos(rec.BusinessID, now); err != nil {
				return err
			}
		}
		return s.releaseAll(tx, rec.BusinessID, me, now)
	})
	if err != nil {
		return nil, err
	}
	return s.View(ctx, r.Who, rec.BusinessID, r.Lang)
}
