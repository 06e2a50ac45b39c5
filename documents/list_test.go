package documents_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"formwork/documents"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// The list use case over a store that records the filter it is asked: the
// query checked and compiled (scope, search partners, dates, amounts,
// order, page), each refusal naming the field, the export's row limit and
// its rows named in batches.

// listStore answers total documents of amount 1.00 each and records the
// filters it is asked.
type listStore struct {
	total   int64
	filters []documents.ListFilter
}

func (s *listStore) ListTotals(_ context.Context, f documents.ListFilter) (int64, decimal.Decimal, error) {
	s.filters = append(s.filters, f)
	return s.total, decimal.NewFromInt(s.total), nil
}

func (s *listStore) ListPage(_ context.Context, f documents.ListFilter) ([]documents.Record, error) {
	s.filters = append(s.filters, f)
	var out []documents.Record
	for i := int64(f.Offset); i < min(int64(f.Offset+f.Limit), s.total); i++ {
		out = append(out, s.record(i))
	}
	return out, nil
}

func (s *listStore) ListEach(_ context.Context, f documents.ListFilter, fn func(*documents.Record) error) error {
	for i := int64(0); i < min(int64(f.Limit), s.total); i++ {
		rec := s.record(i)
		if err := fn(&rec); err != nil {
			return err
		}
	}
	return nil
}

func (s *listStore) record(i int64) documents.Record {
	return documents.Record{BusinessID: fmt.Sprintf("EX02%08d", i), DocType: "EX02", Edition: "form", SchemaVersion: 1, Status: "draft",
		BusinessType1: "A01", BusinessType2: "A0101", Applicant: "employee01", CreateBy: "employee01", Amount: decimal.NewFromInt(1)}
}

// listPeople: employee01 acts for manager01; names are looked up in
// batches that are counted.
type listPeople struct{ lookups int }

func (p *listPeople) Delegators(_ context.Context, username string) ([]string, error) {
	if username == "employee01" {
		return []string{"manager01"}, nil
	}
	return nil, nil
}

func (p *listPeople) DisplayNames(_ context.Context, usernames []string) (map[string]string, error) {
	p.lookups++
	return map[string]string{"employee01": "张三"}, nil
}

type parties map[string][]string

func (p parties) CodesNamed(_ context.Context, kind, text string, _ int) ([]string, error) {
	return p[kind+"/"+text], nil
}

type financeStaff struct{ employee }

func (financeStaff) Scope() string { return documents.ScopeCompany }

type administrator struct{ employee }

func (administrator) Scope() string { return documents.ScopeAll }

func newLists(t *testing.T, total int64) (*documents.Lists, *listStore, *listPeople) {
	t.Helper()
	docs, _ := newService(t)
	lc, err := engine.LoadLifecycle(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	store, people := &listStore{total: total}, &listPeople{}
	ps := parties{"vendor/华信": {"V100004"}, "customer/华信": {"C1"}}
	return documents.NewLists(docs, store, people, ps, func() *engine.Lifecycle { return lc }), store, people
}

func TestListQueryFilter(t *testing.T) {
	lists, _, _ := newLists(t, 0)
	ctx := context.Background()
	reader := documents.Reader{Actor: employee("employee01"), Companies: []string{"1000"}}
	f, err := lists.Filter(ctx, reader, documents.ListQuery{DocType: "EX02", Q: " 华信 ", Page: 3, PageSize: 20,
		Sort:    documents.ListSort{Field: "amount", Order: "asc"},
		Filters: documents.ListFilters{Status: []string{"draft", "approved"}, AmountFrom: "10", AmountTo: "10.5", QuickRange: "lastMonth", DateFrom: "2026-10-10"}})
	if err != nil {
		t.Fatal(err)
	}
	from, before := time.Date(2026, 10, 10, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	if f.DocType != "EX02" || f.Text != "华信" || f.Sort != "amount" || f.Desc || f.Offset != 40 || f.Limit != 20 ||
		strings.Join(f.States, ",") != "draft,approved" || f.AmountFrom.String() != "10" || f.AmountTo.String() != "10.5" ||
		!f.CreatedFrom.Equal(from) || !f.CreatedBefore.Equal(before) ||
		strings.Join(f.Vendors, ",") != "V100004" || strings.Join(f.Customers, ",") != "C1" {
		t.Errorf("filter %+v", f)
	}
	// the scope: MayRead's rule as a set
	for _, c := range []struct {
		who  documents.Actor
		want documents.ReadScope
	}{
		{employee("employee01"), documents.ReadScope{Me: "employee01", Owners: []string{"employee01", "manager01"}}},
		{financeStaff{"finance01"}, documents.ReadScope{Me: "finance01", Owners: []string{"finance01"}, Companies: []string{"1000"}}},
		{administrator{"admin"}, documents.ReadScope{All: true, Me: "admin"}},
	} {
		f, err := lists.Filter(ctx, documents.Reader{Actor: c.who, Companies: []string{"1000"}}, documents.ListQuery{})
		if err != nil || fmt.Sprint(f.Scope) != fmt.Sprint(c.want) {
			t.Errorf("%s: scope %+v (%v), want %+v", c.who.Username(), f.Scope, err, c.want)
		}
		if f.Sort != "createAt" || !f.Desc || f.Offset != 0 || f.Limit != documents.DefaultListPageSize {
			t.Errorf("defaults: %+v", f)
		}
	}
}

func TestQuickRanges(t *testing.T) {
	now := time.Date(2026, 1, 20, 15, 0, 0, 0, time.UTC)
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		name         string
		from, before time.Time
	}{
		{"day", now.AddDate(0, 0, -1), time.Time{}},
		{"week", now.AddDate(0, 0, -7), time.Time{}},
		{"month", now.AddDate(0, 0, -30), time.Time{}},
		{"quarter", now.AddDate(0, 0, -90), time.Time{}},
		{"thisMonth", day(2026, 1, 1), day(2026, 2, 1)},
		{"lastMonth", day(2025, 12, 1), day(2026, 1, 1)},
		{"thisYear", day(2026, 1, 1), day(2027, 1, 1)},
	} {
		from, before, ok := documents.QuickRange(c.name, now)
		if !ok || !from.Equal(c.from) || !before.Equal(c.before) {
			t.Errorf("%s: %v to %v (%v), want %v to %v", c.name, from, before, ok, c.from, c.before)
		}
	}
	if _, _, ok := documents.QuickRange("decade", now); ok {
		t.Error("decade is a quick range")
	}
}

func TestListQueryRefusals(t *testing.T) {
	lists, _, _ := newLists(t, 0)
	reader := documents.Reader{Actor: employee("employee01")}
	for _, c := range []struct {
		path string
		q    documents.ListQuery
	}{
		{"docType", documents.ListQuery{DocType: "NOPE"}},
		{"q", documents.ListQuery{Q: strings.Repeat("长", 101)}},
		{"filters.status", documents.ListQuery{Filters: documents.ListFilters{Status: []string{"lost"}}}},
		{"filters.dateFrom", documents.ListQuery{Filters: documents.ListFilters{DateFrom: "2026-02-30"}}},
		{"filters.dateTo", documents.ListQuery{Filters: documents.ListFilters{DateTo: "20260101"}}},
		{"filters.quickRange", documents.ListQuery{Filters: documents.ListFilters{QuickRange: "7"}}},
		{"filters.amountFrom", documents.ListQuery{Filters: documents.ListFilters{AmountFrom: "1,000"}}},
		{"filters.amountTo", documents.ListQuery{Filters: documents.ListFilters{AmountFrom: "2", AmountTo: "1"}}},
		{"sort.field", documents.ListQuery{Sort: documents.ListSort{Field: "body"}}},
		{"sort.order", documents.ListQuery{Sort: documents.ListSort{Order: "random"}}},
		{"page", documents.ListQuery{Page: -1}},
		{"pageSize", documents.ListQuery{PageSize: documents.MaxListPageSize + 1}},
	} {
		_, err := lists.Query(context.Background(), reader, c.q, "en")
		var e *engine.Error
		if !errors.As(err, &e) || e.Code != engine.EINVALID || e.Path != c.path || !strings.HasPrefix(e.Text.In("en"), c.path+": ") {
			t.Errorf("%s: %v, want EINVALID naming it", c.path, err)
		}
	}
}

func TestListQueryPage(t *testing.T) {
	lists, _, people := newLists(t, 25)
	page, err := lists.Query(context.Background(), documents.Reader{Actor: employee("employee01")}, documents.ListQuery{Page: 3}, "zh")
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 25 || len(page.Rows) != 5 || page.Totals.Amount != "25.00" || people.lookups != 1 {
		t.Fatalf("page %+v, %d name lookups", page, people.lookups)
	}
	r := page.Rows[0]
	if r.BusinessID != "EX0200000020" || r.DocTypeTxt != "员工报销" || r.BusinessType1Txt != "差旅费" || r.BusinessType2Txt != "国内差旅" ||
		r.StatusTxt != "草稿" || r.ApplicantTxt != "张三" || r.Amount != "1.00" {
		t.Errorf("row %+v", r)
	}
}

func TestListExport(t *testing.T) {
	ctx, reader := context.Background(), documents.Reader{Actor: administrator{"admin"}}
	lists, _, people := newLists(t, 1201)
	var got []string
	n, err := lists.Export(ctx, reader, documents.ListQuery{PageSize: 3, Page: 2}, "en", func(r documents.ListRow) error {
		got = append(got, r.BusinessID)
		return nil
	})
	if err != nil || n != 1201 || len(got) != 1201 || got[0] != "EX0200000000" || got[1200] != "EX0200001200" || people.lookups != 3 {
		t.Errorf("exported %d of %d (%v), %d name lookups", len(got), n, err, people.lookups)
	}
	// above the limit: refused before a row is written
	lists, _, _ = newLists(t, documents.MaxExportRows+1)
	written := 0
	_, err = lists.Export(ctx, reader, documents.ListQuery{}, "en", func(documents.ListRow) error { written++; return nil })
	var e *engine.Error
	if !errors.As(err, &e) || e.Code != engine.ETOOLARGE || written != 0 || !strings.Contains(e.Text.In("en"), "100000") {
		t.Errorf("%d rows past the limit: %v, %d written", documents.MaxExportRows+1, err, written)
	}
	// a writer's failure stops the export
	lists, _, _ = newLists(t, 10)
	stop := errors.New("disk full")
	if _, err := lists.Export(ctx, reader, documents.ListQuery{}, "en", func(documents.ListRow) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("a failing writer: %v", err)
	}
}
