package process_test

import (
	"strings"
	"testing"
	"time"

	"formwork/engine"
	"formwork/process"
)

var states = map[string]bool{"draft": true, "inApproval": true, "returned": true, "approved": true, "voided": true}

func TestCompileQuery(t *testing.T) {
	now := time.Date(2026, 11, 24, 15, 30, 0, 0, time.Local)
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.Local) }
	for _, tt := range []struct {
		name    string
		q       process.Query
		actsFor []string
		check   func(t *testing.T, f process.Filter)
	}{
		{"a draft list orders by creation, newest first, 10 a page", process.Query{List: "draft"}, nil, func(t *testing.T, f process.Filter) {
			if f.Order != "createAt" || f.Asc || f.Limit != 10 || f.Owners != nil || f.Filtered() {
				t.Errorf("%+v", f)
			}
		}},
		{"my own to-do: my tasks alone, by when they arrived", process.Query{List: "todo"}, nil, func(t *testing.T, f process.Filter) {
			if strings.Join(f.Owners, ",") != "employee01" || f.NotOwnDocuments || f.Order != "receivedAt" {
				t.Errorf("%+v", f)
			}
		}},
		{"a delegate's to-do: the delegators' tasks too, not on the delegate's own documents", process.Query{List: "todo"}, []string{"manager01"},
			func(t *testing.T, f process.Filter) {
				if strings.Join(f.Owners, ",") != "employee01,manager01" || !f.NotOwnDocuments {
					t.Errorf("%+v", f)
				}
			}},
		{"a delegate's to-do of one delegator", process.Query{List: "todo", Assignee: " manager01 "}, []string{"manager01"},
			func(t *testing.T, f process.Filter) {
				if strings.Join(f.Owners, ",") != "manager01" || !f.NotOwnDocuments {
					t.Errorf("%+v", f)
				}
			}},
		{"the completed list orders by decision", process.Query{List: "done"}, nil, func(t *testing.T, f process.Filter) {
			if f.Order != "completeAt" {
				t.Errorf("%+v", f)
			}
		}},
		{"criteria are trimmed; a number is a beginning", process.Query{List: "applied", BusinessID: " EX02 ", Applicant: " a ", ProcessStatus: "approved, returned"}, nil,
			func(t *testing.T, f process.Filter) {
				if f.BusinessIDPrefix != "EX02" || f.Applicant != "a" || strings.Join(f.States, ",") != "approved,returned" || !f.Filtered() {
					t.Errorf("%+v", f)
				}
			}},
		{"whole days from and to", process.Query{List: "applied", CreateAtFrom: "2026-11-01", CreateAtTo: "2026-11-20"}, nil, func(t *testing.T, f process.Filter) {
			if !f.CreatedFrom.Equal(day(2026, 11, 1)) || !f.CreatedBefore.Equal(day(2026, 11, 21)) {
				t.Errorf("from %s before %s", f.CreatedFrom, f.CreatedBefore)
			}
		}},
		{"a quick range bounds more than an earlier from", process.Query{List: "applied", CreateAtFrom: "2026-01-01", QuickRange: 7}, nil, func(t *testing.T, f process.Filter) {
			if !f.CreatedFrom.Equal(now.AddDate(0, 0, -7)) {
				t.Errorf("from %s", f.CreatedFrom)
			}
		}},
		{"a later from bounds more than a quick range", process.Query{List: "applied", CreateAtFrom: "2026-11-23", QuickRange: 90}, nil, func(t *testing.T, f process.Filter) {
			if !f.CreatedFrom.Equal(day(2026, 11, 23)) {
				t.Errorf("from %s", f.CreatedFrom)
			}
		}},
		{"oldest first by amount", process.Query{List: "draft", OrderBy: "amount", Sorts: "ASC"}, nil, func(t *testing.T, f process.Filter) {
			if f.Order != "amount" || !f.Asc {
				t.Errorf("%+v", f)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := process.CompileQuery(tt.q, "employee01", tt.actsFor, states, now)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, f)
		})
	}
}

func TestCompileQueryRefusals(t *testing.T) {
	for _, tt := range []struct {
		q    process.Query
		path string
		en   string
	}{
		{process.Query{List: "mine"}, "list", `list must be one of draft, todo, applied, done, returned, recall, not "mine"`},
		{process.Query{List: "todo", Assignee: "finance01"}, "assignee", "finance01 is neither you nor someone you act for today"},
		{process.Query{List: "applied", ProcessStatus: "approved,paid"}, "processStatus", `processStatus "paid" is no document state`},
		{process.Query{List: "draft", CreateAtTo: "20.11.2026"}, "createAtTo", `createAtTo must be a date yyyy-MM-dd, not "20.11.2026"`},
		{process.Query{List: "draft", QuickRange: 14}, "quickRange", "quickRange must be 1, 7, 30 or 90 (days)"},
		{process.Query{List: "draft", OrderBy: "body"}, "orderBy", "orderBy must be one of"},
		{process.Query{List: "applied", OrderBy: "receivedAt"}, "orderBy", "receivedAt for todo"},
		{process.Query{List: "todo", OrderBy: "completeAt"}, "orderBy", "completeAt for done"},
		{process.Query{List: "draft", Sorts: "up"}, "sorts", "sorts must be asc or desc"},
	} {
		_, err := process.CompileQuery(tt.q, "employee01", []string{"manager01"}, states, time.Now())
		e, ok := err.(*engine.Error)
		if !ok || e.Code != engine.EINVALID || e.Path != tt.path || !strings.Contains(e.Text.In("en"), tt.en) {
			t.Errorf("%+v: %v, want EINVALID at %s saying %q", tt.q, err, tt.path, tt.en)
			continue
		}
		for _, l := range []string{"zh", "th"} {
			if e.Text[l] == "" || e.Text[l] == e.Text["en"] {
				t.Errorf("%+v: no message in %s: %q", tt.q, l, e.Text[l])
			}
		}
	}
}
