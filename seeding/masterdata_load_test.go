package seeding_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"formwork/engine"
	"formwork/masterdata"
	"formwork/masterdata/masterdatatest"
	"formwork/seeding"
)

func TestLoadMasterRecords(t *testing.T) {
	ctx := context.Background()
	rate := &masterdata.Type{Code: "exchangeRate", Keys: []string{"currency", "validFrom"}, Dated: true,
		Check: func(body map[string]any) []*engine.Error {
			if _, ok := body["rate"].(json.Number); !ok {
				return []*engine.Error{engine.Refuse(engine.ECHECK, "rate", engine.Text{"zh": "汇率是数字", "en": "a rate is a number", "th": "อัตราเป็นตัวเลข"})}
			}
			return nil
		}}
	md := masterdata.NewService(masterdatatest.NewStore(), masterdata.Config{Types: func() []*masterdata.Type { return []*masterdata.Type{rate} }})
	broken := group()
	broken.Companies[0].Sob = "9"
	if _, err := seeding.LoadMasterRecords(ctx, md, broken, "seeds"); err == nil || !strings.Contains(err.Error(), "seeds: company 1000: set of books 9") {
		t.Errorf("loading broken records: %v", err)
	}
	badRate := group()
	badRate.Others = map[string][]map[string]any{"exchangeRate": {{"currency": "USD", "validFrom": "2026-01-01", "rate": "seven"}}}
	if _, err := seeding.LoadMasterRecords(ctx, md, badRate, "seeds"); err == nil || !strings.Contains(err.Error(), "exchangeRate USD/2026-01-01: rate: a rate is a number") {
		t.Errorf("loading a record its type refuses: %v", err)
	}
	if empty, err := md.Empty(ctx); !empty || err != nil {
		t.Errorf("broken records were written: empty %v, %v", empty, err)
	}
	r := group()
	r.Others = map[string][]map[string]any{"exchangeRate": {{"currency": "USD", "validFrom": "2026-01-01", "rate": 7.1}},
		"holiday": {{"date": "2026-01-01"}}}
	got, err := seeding.LoadMasterRecords(ctx, md, r, "seeds")
	want := seeding.MasterDataCounts{SetsOfBooks: 1, Companies: 2, Departments: 1, CostCenters: 1, Employees: 1, Vendors: 1, Banks: 1,
		Projects: 1, SpecialAccounts: 2, DictionaryEntries: 1, Others: map[string]int{"exchangeRate": 1}, Skipped: map[string]int{"holiday": 1}}
	if err != nil || !reflect.DeepEqual(got, want) || got.Total() != 13 {
		t.Fatalf("loaded %+v (%v), want %+v", got, err, want)
	}
	if s := got.String(); !strings.HasSuffix(s, "1 named codes, 1 exchangeRate; skipped, no such type in the catalogue: 1 holiday") {
		t.Errorf("the counts say %q", s)
	}
	if e, _ := md.SearchEmployees(ctx, masterdata.EmployeeFilter{Username: "employee01", Limit: 1}); len(e) != 1 {
		t.Error("the normalised username was not written")
	}
	events, err := md.Events(ctx, masterdata.Actor{Username: "admin"}, masterdata.EventQuery{Type: "exchangeRate"})
	if err == nil {
		t.Errorf("an actor without roles read the events: %+v", events)
	}
	rate.Read = []string{masterdata.AnyRole}
	events, err = md.Events(ctx, masterdata.Actor{Username: "admin"}, masterdata.EventQuery{Type: "exchangeRate"})
	if err != nil || events.Total != 1 || events.Events[0].Action != masterdata.ActionImport || events.Events[0].By != masterdata.SeedBy {
		t.Errorf("the load's events: %+v (%v)", events, err)
	}
	if _, err := seeding.LoadMasterRecords(ctx, md, group(), "seeds"); err == nil || !strings.Contains(err.Error(), "a record with this key exists already") {
		t.Errorf("loading the same records again: %v", err)
	}
}
