package advances

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"formwork/documents"
	"formwork/engine"
)

// Service is the advances' use cases outside the lifecycle: what a saved
// document may write off, the server's fields derived from advances, and
// the user's list.
type Service struct {
	store Store
	book  *Book
}

// NewService builds the advances' use cases on store, with the advance
// types of book.
func NewService(store Store, book *Book) *Service { return &Service{store: store, book: book} }

// Derive sets the fields of doc the server derives from advances (client
// values are ignored): on each referring row what its advance has
// outstanding (besides what doc itself holds) and what was verified
// before, the pre-application's amount; on the head outstandAmount (the
// applicant's outstanding loans, or an advance document's own outstanding)
// and verifiedAmount (what doc writes off on loans and prepayments, money
// paid out before). prev, the stored
// document an update changes, gets the same values, so that they are no
// change of the user's. It returns the findings about the rows: an
// unknown advance, someone else's, one of the wrong kind, a negative
// amount, an amount above what is outstanding (row by row, the rows of
// one advance together).
func (s *Service) Derive(ctx context.Context, doc, prev *engine.Document) ([]engine.Finding, error) {
	head := doc.Head()
	id, applicant, company := head.String("businessId"), head.String("applicant"), head.String("companyCode")
	refs := Refs(s.book, doc)
	own, err := s.ownHolds(ctx, id)
	if err != nil {
		return nil, err
	}
	known, err := s.known(ctx, doc, id, refs)
	if err != nil {
		return nil, err
	}
	var findings []engine.Finding
	used := map[string]Money{}
	verified := Money(0)
	for _, ref := range refs {
		a, f := resolve(ref, known[ref.AdvanceID])
		if f == nil {
			f = mayRefer(ref, a, applicant, company)
		}
		if f != nil {
			findings = append(findings, *f)
			continue
		}
		k := a.Key()
		available := a.Outstanding() + own[k]
		s.deriveRow(doc, prev, ref, *a, available)
		if used[k]+ref.Amount > available {
			findings = append(findings, exceeds(ref, *a, max(available-used[k], 0)))
		}
		used[k] += ref.Amount
		if a.Kind == KindLoan || a.Kind == KindPrepayment { // money paid out before: what is left to pay is less
			verified += ref.Amount
		}
	}
	outstanding, err := s.headOutstanding(ctx, doc, known[id], applicant, own)
	if err != nil {
		return nil, err
	}
	setHead(doc, prev, "outstandAmount", outstanding)
	setHead(doc, prev, "verifiedAmount", verified)
	return findings, nil
}

// deriveRow sets the server's fields of a referring row (and of the same
// row of prev when it names the same advance): the advance's line, what
// it has outstanding (available), what was verified before, its amount.
func (s *Service) deriveRow(doc, prev *engine.Document, ref Ref, a Advance, available Money) {
	i := ref.Row - 1
	row := doc.Tables[ref.List][i]
	var before engine.Values
	if prev != nil {
		if rows := prev.Tables[ref.List]; i < len(rows) && s.sameAdvance(rows[i], row, ref.List) {
			before = rows[i]
		}
	}
	sec := doc.Type.Section(ref.List)
	set := func(field string, v any) {
		if sec.Field(field) == nil {
			return
		}
		row[field] = v
		if before != nil {
			before[field] = v
		}
	}
	if a.Item != "" {
		set(ref.table.Item, a.Item)
	}
	set("outstandAmount", available.Decimal())
	set("verifiedAmount", (a.WrittenOff + a.Repaid + a.Returned).Decimal())
	set("advApplyAmount", a.Amount.Decimal())
	set("withholdAmount", a.Amount.Decimal())
	set("restWithholdAmount", available.Decimal())
}

// known are the advances Derive reads: those refs name and, for an advance
// document, its own (id). Nothing is read when there are none (a new
// claim naming no advance); one save reads them once (documents.ReadOnce).
func (s *Service) known(ctx context.Context, doc *engine.Document, id string, refs []Ref) (map[string][]Advance, error) {
	var ids []string
	if id != "" && s.book.Kind(doc.Type.Code, doc.Type.Edition) != nil {
		ids = append(ids, id)
	}
	for _, r := range refs {
		ids = append(ids, r.AdvanceID)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return documents.ReadOnce(ctx, "advances:"+strings.Join(ids, "\x00"), func() (map[string][]Advance, error) {
		return s.store.Advances(ctx, ids)
	})
}

// ownHolds are what document id holds, by advance key.
func (s *Service) ownHolds(ctx context.Context, id string) (map[string]Money, error) {
	own := map[string]Money{}
	if id == "" {
		return own, nil
	}
	holds, err := documents.ReadOnce(ctx, "advances.holds:"+id, func() ([]Hold, error) { return s.store.PendingHolds(ctx, id) })
	for _, h := range holds {
		own[key(h.AdvanceID, h.Item)] += h.Amount
	}
	return own, err
}

// headOutstanding is head.outstandAmount: an advance document's own
// outstanding (0 before it is approved), else the applicant's outstanding
// loans with what doc itself holds.
func (s *Service) headOutstanding(ctx context.Context, doc *engine.Document, self []Advance, applicant string, own map[string]Money) (Money, error) {
	if s.book.Kind(doc.Type.Code, doc.Type.Edition) != nil {
		total := Money(0)
		for _, a := range self {
			total += a.Outstanding()
		}
		return total, nil
	}
	if applicant == "" || !hasHeadField(doc, "outstandAmount") {
		return 0, nil // nothing to show it in: not read
	}
	loans, err := documents.ReadOnce(ctx, "advances.loans:"+applicant, func() ([]Advance, error) {
		return s.store.Find(ctx, Filter{Applicant: applicant, Kind: KindLoan})
	})
	total := Money(0)
	for _, a := range loans {
		total += a.Outstanding() + own[a.Key()]
	}
	return total, err
}

// setHead sets a head field of doc to m when its type has the field, and
// the same in prev.
func setHead(doc, prev *engine.Document, field string, m Money) {
	if !hasHeadField(doc, field) {
		return
	}
	v := m.Decimal()
	doc.Head()[field] = v
	if prev == nil {
		return
	}
	if o := prev.Objects["head"]; o != nil {
		o[field] = v
	}
}

// hasHeadField tells whether doc's type has the head field.
func hasHeadField(doc *engine.Document, field string) bool {
	sec := doc.Type.Section("head")
	return sec != nil && sec.Field(field) != nil
}

// sameAdvance tells whether two rows of list name the same advance.
func (s *Service) sameAdvance(a, b engine.Values, list string) bool {
	r := s.book.Reference(list)
	return r != nil && strings.TrimSpace(a.String(r.ID)) == strings.TrimSpace(b.String(r.ID))
}

// List is the user's advances, of kind and status when given.
func (s *Service) List(ctx context.Context, username, kind, status string) ([]Advance, error) {
	if kind != "" && !slices.Contains(Kinds, kind) {
		return nil, badChoice("kind", kind, Kinds)
	}
	if status != "" && status != StatusOpen && status != StatusClosed {
		return nil, badChoice("status", status, []string{StatusOpen, StatusClosed})
	}
	return s.store.Find(ctx, Filter{Applicant: username, Kind: kind, Status: status})
}

// Movements are the movements of one of the user's advances (all its
// lines, which it returns); another's or none is ENOTFOUND.
func (s *Service) Movements(ctx context.Context, username, businessID string) ([]Advance, []Movement, error) {
	found, err := s.store.Advances(ctx, []string{businessID})
	if err != nil {
		return nil, nil, err
	}
	lines := found[businessID]
	if len(lines) == 0 || lines[0].Applicant != username {
		id := engine.Clip(businessID, 40)
		return nil, nil, engine.Refuse(engine.ENOTFOUND, "businessId", engine.Text{
			"zh": fmt.Sprintf("您没有单号为%s的借款、预付或预提", id),
			"en": fmt.Sprintf("you have no advance %s", id),
			"th": fmt.Sprintf("คุณไม่มีเงินทดรอง %s", id)})
	}
	moves, err := s.store.Movements(ctx, businessID)
	return lines, moves, err
}

func badChoice(path, got string, choices []string) error {
	list, g := strings.Join(choices, ", "), engine.Clip(got, 30)
	return engine.Refuse(engine.EINVALID, path, engine.Text{
		"zh": fmt.Sprintf("%s须为 %s 之一，而不是 %q", path, list, g),
		"en": fmt.Sprintf("%s must be one of %s, not %q", path, list, g),
		"th": fmt.Sprintf("%s ต้องเป็นหนึ่งใน %s ไม่ใช่ %q", path, list, g)})
}
