package advances

import (
	"fmt"
	"time"

	"formwork/budget"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// HoldFor makes a submitted document hold the amounts its rows write off,
// repay or return on the advances they name, in tx. A row naming an
// unknown advance, someone else's, one of the wrong kind, or asking more
// than is outstanding (what concurrent documents left, row by row) is a
// finding: the caller rolls the transaction back and refuses the submit.
// Holds the document still had are released first.
func HoldFor(tx Tx, doc *engine.Document, by string, now time.Time) ([]engine.Finding, error) {
	head := doc.Head()
	id := head.String("businessId")
	if err := Release(tx, id, by, now); err != nil {
		return nil, err
	}
	var findings []engine.Finding
	for _, ref := range Refs(doc) {
		a, err := tx.Advance(ref.AdvanceID)
		if err != nil {
			return nil, err
		}
		if f := mayRefer(ref, a, head.String("applicant"), head.String("companyCode")); f != nil {
			findings = append(findings, *f)
			continue
		}
		if ref.Amount == 0 {
			continue
		}
		h := Hold{DocBusinessID: id, DocType: doc.Type.Code, AdvanceID: a.BusinessID, Kind: a.Kind, Item: ref.Item,
			List: ref.List, Row: ref.Row, Effect: effectOf(doc.Type.Code), Amount: ref.Amount, State: HoldPending, At: now}
		held, err := tx.AddHold(&h)
		if err != nil {
			return nil, err
		}
		if !held {
			now, err := tx.Advance(ref.AdvanceID)
			if err != nil {
				return nil, err
			}
			findings = append(findings, exceeds(ref, max(now.Outstanding(), 0)))
			continue
		}
		if err := tx.AddMovement(Movement{AdvanceID: a.BusinessID, DocBusinessID: id, DocType: doc.Type.Code, Action: ActionHold, Amount: ref.Amount, By: by, At: now}); err != nil {
			return nil, err
		}
	}
	return findings, nil
}

// Approve books an approved document: its pending holds become what they
// are for (written off, repaid, returned), each exactly once; and a
// document of an advance type creates its advance. Payments are a later
// issue: an advance is taken as paid out in full on approval. It returns
// the holds it settled (the caller releases a pre-application's budget by
// what a claim consumed of it).
func Approve(tx Tx, doc *engine.Document, by string, now time.Time) ([]Hold, error) {
	head := doc.Head()
	id := head.String("businessId")
	holds, err := tx.PendingHolds(id)
	if err != nil {
		return nil, err
	}
	var settled []Hold
	for _, h := range holds {
		ok, err := tx.SettleHold(h, now)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		settled = append(settled, h)
		if err := tx.AddMovement(Movement{AdvanceID: h.AdvanceID, DocBusinessID: id, DocType: h.DocType, Action: h.Effect, Amount: h.Amount, By: by, At: now}); err != nil {
			return nil, err
		}
	}
	kind := KindOf(doc.Type.Code, doc.Type.Edition)
	if kind == "" {
		return settled, nil
	}
	amount := budget.MoneyOf(decimalOf(head["amount"]))
	if amount <= 0 {
		return nil, engine.Refuse(engine.EINVALID, "head.amount", engine.Text{
			"zh": fmt.Sprintf("单据%s的金额须大于0", id),
			"en": fmt.Sprintf("the amount of document %s must be above 0", id),
			"th": fmt.Sprintf("จำนวนเงินของเอกสาร %s ต้องมากกว่า 0", id)})
	}
	a := Advance{BusinessID: id, DocType: doc.Type.Code, Kind: kind, Applicant: head.String("applicant"), CompanyCode: head.String("companyCode"),
		Currency: head.String("currency"), Description: engine.Clip(head.String("description"), 200),
		Amount: amount, PaidOut: amount, CreatedAt: now, UpdatedAt: now}
	created, err := tx.CreateAdvance(a)
	if err != nil || !created {
		return settled, err
	}
	return settled, tx.AddMovement(Movement{AdvanceID: id, DocBusinessID: id, DocType: doc.Type.Code, Action: ActionCreate, Amount: amount, By: by, At: now})
}

// Release gives back what a document holds (it was rejected, recalled or
// voided), each hold exactly once.
func Release(tx Tx, docBusinessID, by string, now time.Time) error {
	if docBusinessID == "" {
		return nil
	}
	holds, err := tx.PendingHolds(docBusinessID)
	if err != nil {
		return err
	}
	for _, h := range holds {
		ok, err := tx.ReleaseHold(h, now)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if err := tx.AddMovement(Movement{AdvanceID: h.AdvanceID, DocBusinessID: docBusinessID, DocType: h.DocType, Action: ActionRelease, Amount: h.Amount, By: by, At: now}); err != nil {
			return err
		}
	}
	return nil
}

// decimalOf is a money value (zero when blank).
func decimalOf(v any) decimal.Decimal {
	d, _ := v.(decimal.Decimal)
	return d
}
