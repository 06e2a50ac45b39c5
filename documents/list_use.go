package documents

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// ListStore reads the generic document list. Implementations:
// adapters/sqldb.
type ListStore interface {
	// ListTotals counts the documents f admits (its page aside) and sums
	// their amounts.
	ListTotals(ctx context.Context, f ListFilter) (int64, decimal.Decimal, error)
	// ListPage reads f's page in f's order, without the bodies.
	ListPage(ctx context.Context, f ListFilter) ([]Record, error)
	// ListEach calls fn with each document f admits in f's order (at most
	// f.Limit from f.Offset), without the bodies, and stops at fn's error.
	ListEach(ctx context.Context, f ListFilter, fn func(*Record) error) error
}

// ListPeople is what the list needs to know of users.
type ListPeople interface {
	// Delegators are the users username may act for today.
	Delegators(ctx context.Context, username string) ([]string, error)
	// DisplayNames are the display names of users (a user without one is
	// left out).
	DisplayNames(ctx context.Context, usernames []string) (map[string]string, error)
}

// PartyNames finds partners by name.
type PartyNames interface {
	// CodesNamed are up to limit codes of a master-data kind (vendor,
	// customer) whose name in some language, or code, contains text
	// (lower case).
	CodesNamed(ctx context.Context, kind, text string, limit int) ([]string, error)
}

// maxNamedCodes bounds the partners a search text names.
const maxNamedCodes = 200

// Lists is the generic document list use case: the documents a user may
// read, searched, filtered, sorted, paged and totalled; and their export.
type Lists struct {
	docs      *Service
	store     ListStore
	people    ListPeople
	parties   PartyNames
	lifecycle func() *engine.Lifecycle
}

// NewLists is the list use case over docs' documents, read from store;
// parties may be nil (the search then reads vendor and customer names only
// where documents write them).
func NewLists(docs *Service, store ListStore, people ListPeople, parties PartyNames, lifecycle func() *engine.Lifecycle) *Lists {
	return &Lists{docs: docs, store: store, people: people, parties: parties, lifecycle: lifecycle}
}

// Reader is who reads a list: the signed-in user and their companies.
type Reader struct {
	Actor
	Companies []string
}

// ListRow is one document of a list as answered.
type ListRow struct {
	BusinessID       string      `json:"businessId"`
	DocType          string      `json:"docType"`
	DocTypeTxt       string      `json:"docTypeTxt"`
	Family           string      `json:"family"`
	BusinessType1    string      `json:"businessType1"`
	BusinessType1Txt string      `json:"businessType1Txt"`
	BusinessType2    string      `json:"businessType2"`
	BusinessType2Txt string      `json:"businessType2Txt"`
	Applicant        string      `json:"applicant"`
	ApplicantTxt     string      `json:"applicantTxt"`
	CreateBy         string      `json:"createBy"`
	CreateByTxt      string      `json:"createByTxt"`
	CompanyCode      string      `json:"companyCode"`
	Department       string      `json:"department"`
	Vendor           string      `json:"vendor"`
	Customer         string      `json:"customer"`
	Amount           json.Number `json:"amount"`
	Status           string      `json:"status"`
	StatusTxt        string      `json:"statusTxt"`
	Description      string      `json:"description"`
	Version          int         `json:"version"`
	CreateAt         string      `json:"createAt"`
	UpdatedAt        string      `json:"updatedAt"`
}

// ListTotals are the totals of the whole filtered set.
type ListTotals struct {
	Amount json.Number `json:"amount"`
}

// ListPage is one page of a list, how many documents the filtered set
// holds and its totals.
type ListPage struct {
	Total  int64      `json:"total"`
	Rows   []ListRow  `json:"rows"`
	Totals ListTotals `json:"totals"`
}

// Query answers a page of the list q asks for, over the documents who may
// read (MayRead's rule), with titles in lang. A query that breaks a rule is
// EINVALID naming the field.
func (l *Lists) Query(ctx context.Context, who Reader, q ListQuery, lang string) (*ListPage, error) {
	f, err := l.Filter(ctx, who, q)
	if err != nil {
		return nil, err
	}
	total, sum, err := l.store.ListTotals(ctx, f)
	if err != nil {
		return nil, err
	}
	page := &ListPage{Total: total, Rows: []ListRow{}, Totals: ListTotals{Amount: json.Number(sum.StringFixed(2))}}
	if total == 0 || int64(f.Offset) >= total {
		return page, nil
	}
	recs, err := l.store.ListPage(ctx, f)
	if err != nil {
		return nil, err
	}
	page.Rows, err = l.rows(ctx, recs, lang)
	return page, err
}

// Filter is the checked filter of q for who: its criteria, the search
// text's partners and who's read scope.
func (l *Lists) Filter(ctx context.Context, who Reader, q ListQuery) (ListFilter, error) {
	states := map[string]*engine.State{}
	if lc := l.lifecycle(); lc != nil {
		states = lc.States
	}
	f, err := q.compile(l.docs.cat(), states, l.docs.now())
	if err != nil {
		return f, err
	}
	if f.Scope, err = l.scope(ctx, who); err != nil {
		return f, err
	}
	if f.Text != "" && l.parties != nil {
		if f.Vendors, err = l.parties.CodesNamed(ctx, "vendor", f.Text, maxNamedCodes); err != nil {
			return f, err
		}
		if f.Customers, err = l.parties.CodesNamed(ctx, "customer", f.Text, maxNamedCodes); err != nil {
			return f, err
		}
	}
	return f, nil
}

// scope is the documents who may read (ReadScope, MayRead's rule).
func (l *Lists) scope(ctx context.Context, who Reader) (ReadScope, error) {
	me := who.Username()
	switch who.Scope() {
	case ScopeAll:
		return ReadScope{All: true, Me: me}, nil
	}
	delegators, err := l.people.Delegators(ctx, me)
	if err != nil {
		return ReadScope{}, err
	}
	s := ReadScope{Me: me, Owners: append([]string{me}, delegators...)}
	if who.Scope() == ScopeCompany {
		s.Companies = who.Companies
	}
	return s, nil
}

// Export calls fn with every document of the list q asks for (its page
// aside), in its order, with titles in lang; more than MaxExportRows is
// ETOOLARGE before anything is written. It answers how many there are.
func (l *Lists) Export(ctx context.Context, who Reader, q ListQuery, lang string, fn func(ListRow) error) (int64, error) {
	q.Page, q.PageSize = 1, 1
	f, err := l.Filter(ctx, who, q)
	if err != nil {
		return 0, err
	}
	total, _, err := l.store.ListTotals(ctx, f)
	if err != nil {
		return 0, err
	}
	if total > MaxExportRows {
		return total, engine.Refuse(engine.ETOOLARGE, "", engine.Text{
			"zh": fmt.Sprintf("筛选结果有 %d 张单据，导出最多 %d 张：请缩小筛选范围", total, MaxExportRows),
			"en": fmt.Sprintf("the filtered list holds %d documents; an export holds at most %d: narrow the filters", total, MaxExportRows),
			"th": fmt.Sprintf("รายการที่กรองมี %d เอกสาร ส่งออกได้สูงสุด %d: กรุณากรองให้แคบลง", total, MaxExportRows)})
	}
	f.Offset, f.Limit = 0, MaxExportRows
	batch := make([]Record, 0, exportBatch)
	flush := func() error {
		rows, err := l.rows(ctx, batch, lang)
		batch = batch[:0]
		for _, r := range rows {
			if err == nil {
				err = fn(r)
			}
		}
		return err
	}
	err = l.store.ListEach(ctx, f, func(rec *Record) error {
		if batch = append(batch, *rec); len(batch) == exportBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return total, err
}

// exportBatch is how many rows an export names at once.
const exportBatch = 500

// rows renders records with titles in lang and display names, looked up
// at once.
func (l *Lists) rows(ctx context.Context, recs []Record, lang string) ([]ListRow, error) {
	var users []string
	for _, r := range recs {
		users = append(users, r.Applicant, r.CreateBy)
	}
	names, err := l.people.DisplayNames(ctx, dedupe(users))
	if err != nil {
		return nil, err
	}
	cat := l.docs.cat()
	var states map[string]*engine.State
	if lc := l.lifecycle(); lc != nil {
		states = lc.States
	}
	out := make([]ListRow, 0, len(recs))
	for i := range recs {
		r := &recs[i]
		row := ListRow{BusinessID: r.BusinessID, DocType: r.DocType, BusinessType1: r.BusinessType1, BusinessType2: r.BusinessType2,
			Applicant: r.Applicant, ApplicantTxt: names[r.Applicant], CreateBy: r.CreateBy, CreateByTxt: names[r.CreateBy],
			CompanyCode: r.CompanyCode, Department: r.Department, Vendor: r.Vendor, Customer: r.Customer,
			Amount: json.Number(r.Amount.StringFixed(2)), Status: r.Status, StatusTxt: r.Status, Description: r.Description,
			Version: r.Version, CreateAt: timeText(r.CreatedAt), UpdatedAt: timeText(r.UpdatedAt)}
		if st := states[r.Status]; st != nil && st.Title.In(lang) != "" {
			row.StatusTxt = st.Title.In(lang)
		}
		if dt := storedType(cat, r); dt != nil {
			row.DocTypeTxt, row.Family = dt.Title.In(lang), dt.Family
			if path, _ := dt.SubTypePath(r.BusinessType1, r.BusinessType2); len(path) > 0 {
				row.BusinessType1Txt = path[0].Title.In(lang)
				if len(path) > 1 {
					row.BusinessType2Txt = path[1].Title.In(lang)
				}
			}
		}
		out = append(out, row)
	}
	return out, nil
}

// timeText is a time as lists show it.
func timeText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

// dedupe leaves out blanks and repeats.
func dedupe(list []string) []string {
	seen := map[string]bool{}
	out := list[:0:0]
	for _, s := range list {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
