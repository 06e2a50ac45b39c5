package documents

import "context"

// ConfirmStates are the states in which a document filed for someone
// waits for them: not yet submitted (draft) or sent back to its owner
// (returned). Only its owner's submission sends it on.
var ConfirmStates = []string{"draft", "returned"}

// MaxToConfirm bounds the documents AwaitingConfirmation answers (the
// latest first).
const MaxToConfirm = MaxListPageSize

// AwaitingConfirmation (待确认, MY00009 and toConfirm) answers the
// documents awaiting who's confirmation: documents whose reimburser
// (applicant) is who but which someone else made (a delegate filing for
// them under a proxy authorisation, or finance staff filing on their
// behalf), still in one of ConfirmStates, so that who checks them and
// submits, changes or voids them. The latest first, titles in lang.
func (l *Lists) AwaitingConfirmation(ctx context.Context, who Reader, lang string) ([]ListRow, error) {
	me := who.Username()
	f, err := l.Filter(ctx, who, ListQuery{Filters: ListFilters{Applicant: me, Status: ConfirmStates},
		Sort: ListSort{Field: "createAt", Order: "desc"}, PageSize: MaxListPageSize})
	if err != nil {
		return nil, err
	}
	f.Offset, f.Limit = 0, MaxToConfirm*4
	var recs []Record
	err = l.store.ListEach(ctx, f, func(r *Record) error {
		if r.CreateBy != me && len(recs) < MaxToConfirm {
			recs = append(recs, *r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return l.rows(ctx, recs, lang)
}
