package advances

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"formwork/engine"
)

// Service is the advances' use cases outside the lifecycle: what a saved
// document may write off, the server's fields derived from advances, and
// the user's list.
type Service struct{ store Store }

// NewService builds the advances' use cases on store.
func NewService(store Store) *Service { return &Service{store: store} }

// Derive sets the fields of doc the server derives from advances (client
// values are ignored): on each referring row what its advance has
// outstanding (besides what doc itself holds) and what was verified
// before, the pre-application's amount; on the head outstandAmount (the
// applicant's outstanding loans, or an advance document's own outstanding)
// and verifiedAmount (what doc writes off on loans). prev, the stored
// document an update changes, gets the same values, so that they are no
// change of the user's. It returns the findings about the rows: an
// unknown advance, someone else's, one of the wrong kind, a negative
// amount, an amount above what is outstanding (row by row, the rows of
// one advance together).
func (s *Service) Derive(ctx context.Context, doc, prev *engine.Document) ([]engine.Finding, error) {
	head := doc.Head()
	id, applicant, company := head.String("businessId"), head.String("applicant"), head.String("companyCode")
	refs := Refs(doc)
	own, err := s.ownHolds(ctx, id)
	if err != nil {
		return nil, err
	}
	ids := []string{id}
	for _, r := range refs {
		ids = append(ids, r.AdvanceID)
	}
	known, err := s.store.Advances(ctx, ids)
	if err != nil {
		return nil, err
	}
	var findings []engine.Finding
	used := map[string]Money{}
	verified := Money(0)
	for _, ref := range refs {
		a, ok := known[ref.AdvanceID]
		var ap *Advance
		if ok {
			ap = &a
		}
		if f := mayRefer(ref, ap, applicant, company); f != nil {
			findings = append(findings, *f)
			continue
		}
		available := a.Outstanding() + own[a.BusinessID]
		row := doc.Tables[ref.List][ref.Row-1]
		setIn(doc, prev, ref.List, ref.Row-1, row, "outstandAmount", available)
		setIn(doc, prev, ref.List, ref.Row-1, row, "verifiedAmount", a.WrittenOff+a.Repaid+a.Returned)
		setIn(doc, prev, ref.List, ref.Row-1, row, "advApplyAmount", a.Amount)
		setIn(doc, prev, ref.List, ref.Row-1, row, "withholdAmount", a.Amount)
		setIn(doc, prev, ref.List, ref.Row-1, row, "restWithholdAmount", available)
		if used[a.BusinessID]+ref.Amount > available {
			findings = append(findings, exceeds(ref, max(available-used[a.BusinessID], 0)))
		}
		used[a.BusinessID] += ref.Amount
		if a.Kind == KindLoan {
			verified += ref.Amount
		}
	}
	outstanding, err := s.headOutstanding(ctx, doc, known[id], applicant, own)
	if err != nil {
		return nil, err
	}
	setIn(doc, prev, "head", -1, head, "outstandAmount", outstanding)
	setIn(doc, prev, "head", -1, head, "verifiedAmount", verified)
	return findings, nil
}

// ownHolds are what document id holds, by advance.
func (s *Service) ownHolds(ctx context.Context, id string) (map[string]Money, error) {
	own := map[string]Money{}
	if id == "" {
		return own, nil
	}
	holds, err := s.store.PendingHolds(ctx, id)
	for _, h := range holds {
		own[h.AdvanceID] += h.Amount
	}
	return own, err
}

// headOutstanding is head.outstandAmount: an advance document's own
// outstanding (0 before it is approved), else the applicant's outstanding
// loans with what doc itself holds.
func (s *Service) headOutstanding(ctx context.Context, doc *engine.Document, self Advance, applicant string, own map[string]Money) (Money, error) {
	if KindOf(doc.Type.Code, doc.Type.Edition) != "" {
		return self.Outstanding(), nil
	}
	if applicant == "" {
		return 0, nil
	}
	loans, err := s.store.Find(ctx, Filter{Applicant: applicant, Kind: KindLoan})
	total := Money(0)
	for _, a := range loans {
		total += a.Outstanding() + own[a.BusinessID]
	}
	return total, err
}

// setIn sets field of a row (row >= 0) or object of doc to m when its type
// has the field, and the same in prev where prev has that row.
func setIn(doc, prev *engine.Document, section string, row int, vals engine.Values, field string, m Money) {
	sec := doc.Type.Section(section)
	if sec == nil || sec.Field(field) == nil {
		return
	}
	v := m.Decimal()
	vals[field] = v
	if prev == nil {
		return
	}
	if row < 0 {
		if o := prev.Objects[section]; o != nil {
			o[field] = v
		}
	} else if rows := prev.Tables[section]; row < len(rows) && sameAdvance(rows[row], vals, section) {
		rows[row][field] = v
	}
}

// sameAdvance tells whether two rows of a list name the same advance.
func sameAdvance(a, b engine.Values, list string) bool {
	l := listOf(list)
	return strings.TrimSpace(a.String(l.ID)) == strings.TrimSpace(b.String(l.ID))
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

// Movements are the movements of one of the user's advances; another's
// or none is ENOTFOUND.
func (s *Service) Movements(ctx context.Context, username, businessID string) (*Advance, []Movement, error) {
	found, err := s.store.Advances(ctx, []string{businessID})
	if err != nil {
		return nil, nil, err
	}
	a, ok := found[businessID]
	if !ok || a.Applicant != username {
		id := engine.Clip(businessID, 40)
		return nil, nil, engine.Refuse(engine.ENOTFOUND, "businessId", engine.Text{
			"zh": fmt.Sprintf("您没有单号为%s的借款、预付或预提", id),
			"en": fmt.Sprintf("you have no advance %s", id),
			"th": fmt.Sprintf("คุณไม่มีเงินทดรอง %s", id)})
	}
	moves, err := s.store.Movements(ctx, businessID)
	return &a, moves, err
}

func badChoice(path, got string, choices []string) error {
	list, g := strings.Join(choices, ", "), engine.Clip(got, 30)
	return engine.Refuse(engine.EINVALID, path, engine.Text{
		"zh": fmt.Sprintf("%s须为 %s 之一，而不是 %q", path, list, g),
		"en": fmt.Sprintf("%s must be one of %s, not %q", path, list, g),
		"th": fmt.Sprintf("%s ต้องเป็นหนึ่งใน %s ไม่ใช่ %q", path, list, g)})
}
