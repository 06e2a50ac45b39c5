package masterdata_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"formwork/masterdata"
	"formwork/masterdata/masterdatatest"
)

func TestSeed(t *testing.T) {
	ctx := context.Background()
	types := testTypes()
	md := masterdata.NewService(masterdatatest.NewStore(), masterdata.Config{Types: func() []*masterdata.Type { return types }})
	broken := group()
	broken.Companies[0].Sob = "9"
	if _, err := md.Seed(ctx, broken); err == nil || !strings.Contains(err.Error(), "set of books 9") {
		t.Errorf("seeding broken records: %v", err)
	}
	badRate := group()
	badRate.Others = map[string][]map[string]any{"exchangeRate": {body(t, `{"currency": "USD", "validFrom": "2026-01-01"}`)}}
	if _, err := md.Seed(ctx, badRate); err == nil || !strings.Contains(err.Error(), "exchangeRate USD/2026-01-01: rate: rate is required") {
		t.Errorf("seeding a record its type refuses: %v", err)
	}
	if empty, err := md.Empty(ctx); !empty || err != nil {
		t.Errorf("broken records were written: empty %v, %v", empty, err)
	}
	r := group()
	r.Others = map[string][]map[string]any{"exchangeRate": {body(t, `{"currency": "USD", "validFrom": "2026-01-01", "rate": 7.1}`)},
		"holiday": {{"date": "2026-01-01"}}}
	got, err := md.Seed(ctx, r)
	want := masterdata.Counts{SetsOfBooks: 1, Companies: 2, Departments: 1, CostCenters: 1, Employees: 1, Vendors: 1, Banks: 1, Projects: 1,
		SpecialAccounts: 2, DictionaryEntries: 1, Others: map[string]int{"exchangeRate": 1}, Skipped: map[string]int{"holiday": 1}}
	if err != nil || !reflect.DeepEqual(got, want) || got.Total() != 13 {
		t.Fatalf("seeded %+v (%v), want %+v", got, err, want)
	}
	if s := got.String(); !strings.HasSuffix(s, "1 named codes, 1 exchangeRate; skipped, no such type in the catalogue: 1 holiday") {
		t.Errorf("the counts say %q", s)
	}
	if e, _ := md.SearchEmployees(ctx, masterdata.EmployeeFilter{Username: "employee01", Limit: 1}); len(e) != 1 {
		t.Error("the seed did not write the normalised username")
	}
	if empty, _ := md.Empty(ctx); empty {
		t.Error("after a seed the master data is still empty")
	}
	events := must(md.Events(ctx, admin, masterdata.EventQuery{Type: "exchangeRate"}))
	if events.Total != 1 || events.Events[0].Action != masterdata.ActionImport || events.Events[0].By != masterdata.SeedBy {
		t.Errorf("the seed's events: %+v", events)
	}
}

func TestNames(t *testing.T) {
	ctx := context.Background()
	md := masterdatatest.Seeded(t, *group(), masterdata.Config{})
	for _, c := range []struct{ dic, code, lang, want string }{
		{"company", "1000", "th", "สำนักงานใหญ่กลุ่ม"},
		{"company", "2000", "en", "Branch"},
		{"company", "2000", "th", "分公司"}, // engine.Text: Chinese first
		{"employee", "E1", "en", "Zhang San"},
		{"project", "0", "th", "ไม่มีโครงการ"},
		{"specAccCode2", "RD01", "zh", "研发一"},
		{"docFamily", "ap", "en", "Payables"},
		{"company", "9999", "en", ""},
		{"docFamily", "zz", "en", ""},
		{"company", "", "en", ""},
	} {
		got, err := md.CodeName(ctx, c.dic, c.code)
		if err != nil || got.In(c.lang) != c.want {
			t.Errorf("CodeName(%s, %s) in %s: %q (%v), want %q", c.dic, c.code, c.lang, got.In(c.lang), err, c.want)
		}
	}
	if n, err := md.PersonName(ctx, "employee01"); err != nil || n.In("en") != "Zhang San" {
		t.Errorf("PersonName: %v %v", n, err)
	}
	d, err := md.Dictionary(ctx)
	if err != nil || d.Name("docFamily", "ap", "en") != "Payables" || d.Name("docFamily", "zz", "en") != "zz" ||
		d.Name("company", "1000", "en") != "Group headquarters" || d.Name("specAccCode1", "RD01", "zh") != "RD01" {
		t.Errorf("Dictionary: %v %v", d, err)
	}
}
