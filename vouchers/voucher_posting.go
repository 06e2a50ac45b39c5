package vouchers

import (
	"context"
	"slices"
	"time"

	"formwork/documents"
)

// Posting states of a document's voucher as its readers see them.
const (
	PostingNone      = "none"      // not approved yet, or its type makes no voucher
	PostingNotPosted = "notPosted" // approved, its voucher not posted (nor tried)
	PostingPosted    = "posted"    // posted: SapBelnr, PostedAt
	PostingFailed    = "failed"    // the last posting failed: SapMsg
	PostingReversed  = "reversed"  // posted, then reversed: ReversalBelnr, ReversedAt
)

// Posting is the posting state of a document's voucher, without its lines:
// what anyone who may read the document sees of it (the employee's view of
// the accounting document number).
type Posting struct {
	BusinessID    string
	State         string
	SapStatus     string
	SapBelnr      string
	SapMsg        string
	FiscalYear    string
	PostedAt      time.Time
	ReversalBelnr string
	ReversedAt    time.Time
}

// PostingOf answers the posting state of the voucher of a document who may
// read (documents.MayRead: EFORBIDDEN otherwise, ENOTFOUND for an unknown
// document). Unlike Get it generates nothing: a document not approved yet,
// or of a type without voucher rules, is PostingNone.
func (s *Service) PostingOf(ctx context.Context, who documents.Actor, businessID string) (*Posting, error) {
	rec, _, _, err := s.docs.Stored(ctx, businessID)
	if err != nil {
		return nil, err
	}
	if err := s.docs.MayRead(ctx, who, rec); err != nil {
		return nil, err
	}
	p := &Posting{BusinessID: rec.BusinessID, State: PostingNone}
	if slices.Contains(notYet, rec.Status) {
		return p, nil
	}
	v, err := s.store.Get(ctx, rec.BusinessID)
	if err != nil {
		return nil, err
	}
	if v == nil {
		if s.rules().In(rec.Edition, rec.DocType) != nil {
			p.State = PostingNotPosted
		}
		return p, nil
	}
	p.SapStatus, p.SapBelnr, p.SapMsg, p.FiscalYear, p.PostedAt = v.SapStatus, v.SapBelnr, v.SapMsg, v.FiscalYear, v.PostedAt
	p.ReversalBelnr, p.ReversedAt = v.ReversalBelnr, v.ReversedAt
	p.State = map[string]string{StatusNew: PostingNotPosted, StatusPosted: PostingPosted, StatusFailed: PostingFailed,
		StatusReversed: PostingReversed}[v.SapStatus]
	if p.State == "" {
		p.State = PostingNotPosted
	}
	return p, nil
}
