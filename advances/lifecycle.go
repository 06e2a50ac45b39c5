package advances

import (
	"fmt"
	"strconv"
	"time"

	"formwork/budget"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// HoldFor makes a submitted document hold the amounts its rows write off,
// repay or return on the advances they name (book's reference tables), in
// tx. A row naming an unknown advance or line, someone else's, one of the
// wrong kind, or asking more than is outstanding (what concurrent
// documents left, row by row) is a finding: the caller rolls the
// transaction back and refuses the submit. Holds the document still had
// are released first.
func HoldFor(book *Book, tx Tx, doc *engine.Document, by string, now time.Time) ([]engine.Finding, error) {
	head := doc.Head()
	id := head.String("businessId")
	if err := Release(tx, id, by, now); err != nil {
		return nil, err
	}
	var findings []engine.Finding
	for _, ref := range Refs(book, doc) {
		lines, err := tx.Advances(ref.AdvanceID)
		if err != nil {
			return nil, err
		}
		a, f := resolve(ref, lines)
		if f == nil {
			f = mayRefer(ref, a, head.String("applicant"), head.String("companyCode"))
		}
		if f != nil {
			findings = append(findings, *f)
			continue
		}
		if ref.Amount == 0 {
			continue
		}
		h := Hold{DocBusinessID: id, DocType: doc.Type.Code, AdvanceID: a.BusinessID, Kind: a.Kind, Item: a.Item,
			List: ref.List, Row: ref.Row, Effect: book.EffectOf(doc.Type.Code), Amount: ref.Amount, State: HoldPending, At: now}
		held, err := tx.AddHold(&h)
		if err != nil {
			return nil, err
		}
		if !held {
			left, err := tx.Advances(ref.AdvanceID)
			if err != nil {
				return nil, err
			}
			findings = append(findings, exceeds(ref, *a, max(outstandingOf(left, a.Item), 0)))
			continue
		}
		if err := tx.AddMovement(Movement{AdvanceID: a.BusinessID, Item: a.Item, DocBusinessID: id, DocType: doc.Type.Code, Action: ActionHold, Amount: ref.Amount, By: by, At: now}); err != nil {
			return nil, err
		}
	}
	return findings, nil
}

// outstandingOf is what line item of lines has outstanding.
func outstandingOf(lines []Advance, item string) Money {
	for _, a := range lines {
		if a.Item == item {
			return a.Outstanding()
		}
	}
	return 0
}

// Approve books an approved document: its pending holds become what they
// are for (written off, repaid, returned), each exactly once; and a
// document of an advance type creates its advances (one, or one per line
// where the book keeps them per line). Payments are a later issue: an
// advance is taken as paid out in full on approval. It returns the holds
// it settled (the caller releases a pre-application's budget by what a
// claim consumed of it).
func Approve(book *Book, tx Tx, doc *engine.Document, by string, now time.Time) ([]Hold, error) {
	id := doc.Head().String("businessId")
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
		if err := tx.AddMovement(Movement{AdvanceID: h.AdvanceID, Item: h.Item, DocBusinessID: id, DocType: h.DocType, Action: h.Effect, Amount: h.Amount, By: by, At: now}); err != nil {
			return nil, err
		}
	}
	t := book.Kind(doc.Type.Code, doc.Type.Edition)
	if t == nil {
		return settled, nil
	}
	return settled, create(tx, id, newAdvances(t, doc, now), by, now)
}

// newAdvances are the advances an approved document of advance type t
// creates: one of its head amount, or one per line of the line's amount
// (lines flagged D or without an amount left out), item the line's
// number.
func newAdvances(t *engine.AdvanceType, doc *engine.Document, now time.Time) []Advance {
	head := doc.Head()
	base := Advance{BusinessID: head.String("businessId"), DocType: doc.Type.Code, Kind: t.Kind, Applicant: head.String("applicant"),
		CompanyCode: head.String("companyCode"), Currency: head.String("currency"), Description: engine.Clip(head.String("description"), 200),
		CreatedAt: now, UpdatedAt: now}
	if t.Lines == "" {
		base.Amount = budget.MoneyOf(decimalOf(head["amount"]))
		base.PaidOut = base.Amount
		return []Advance{base}
	}
	var out []Advance
	for i, row := range doc.Tables[t.Lines] {
		amount := budget.MoneyOf(decimalOf(row[t.Amount]))
		if engine.RowDeleted(row) || amount <= 0 {
			continue
		}
		a := base
		a.Item, a.Amount, a.PaidOut = strconv.Itoa(i+1), amount, amount
		out = append(out, a)
	}
	return out
}

// create stores the advances of an approved document, each once.
func create(tx Tx, id string, list []Advance, by string, now time.Time) error {
	if len(list) == 0 || list[0].Amount <= 0 {
		return engine.Refuse(engine.EINVALID, "head.amount", engine.Text{
			"zh": fmt.Sprintf("单据%s的金额须大于0", id),
			"en": fmt.Sprintf("the amount of document %s must be above 0", id),
			"th": fmt.Sprintf("จำนวนเงินของเอกสาร %s ต้องมากกว่า 0", id)})
	}
	for _, a := range list {
		created, err := tx.CreateAdvance(a)
		if err != nil || !created {
			return err
		}
		if err := tx.AddMovement(Movement{AdvanceID: a.BusinessID, Item: a.Item, DocBusinessID: a.BusinessID, DocType: a.DocType, Action: ActionCreate, Amount: a.Amount, By: by, At: now}); err != nil {
			return err
		}
	}
	return nil
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
		if err := tx.AddMovement(Movement{AdvanceID: h.AdvanceID, DocBusinessID: docBusinessID, DocType: h.DocType, Item: h.Item, Action: ActionRelease, Amount: h.Amount, By: by, At: now}); err != nil {
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
