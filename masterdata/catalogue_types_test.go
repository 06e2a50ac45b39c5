package masterdata_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/engine"
	"formwork/masterdata"
	"formwork/seeding"
)

// The service over the repository's catalogue (its master-data types, glued
// by CatalogueTypes) and its seeds: the engine's Check, Refs, Normalize and
// KeepServerFields at work.
func TestWithTheCatalogue(t *testing.T) {
	cat, err := engine.Load(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	md := masterdata.NewService(sqldb.NewMasterDataStore(sqldbtest.SQLite(t, sqldb.MasterDataModels())),
		masterdata.Config{Types: func() []*masterdata.Type { return masterdata.CatalogueTypes(cat) }, Now: func() time.Time { return today }})
	ctx := context.Background()
	if _, err := seeding.MasterData(ctx, md, os.DirFS(filepath.Join("..", "seeds"))); err != nil {
		t.Fatal(err)
	}
	if n := len(md.Types(admin)); n != len(cat.MasterDataTypes()) || n < 50 {
		t.Errorf("the admin sees %d types of %d", n, len(cat.MasterDataTypes()))
	}
	// Normalize: money with two places
	std := must(md.Create(ctx, finance, "travelStandard", body(t, `{"rank": "P3", "cityType": "1", "costType": "会议费",
		"validFrom": "2026-04-01", "amount": 500, "currency": "CNY", "unit": "day", "control": "weak"}`)))
	if std.Body["amount"] != json.Number("500.00") || std.ValidFrom != "2026-04-01" {
		t.Errorf("a travel standard as stored: %+v", std.Body)
	}
	// Refs: the engine lists them, the store checks them
	_, err = md.Create(ctx, finance, "travelStandard", body(t, `{"rank": "p3", "cityType": "1", "costType": "会议费",
		"validFrom": "2026-04-01", "amount": 500, "currency": "CNY", "control": "weak"}`))
	if code, findings := refusal(err); code != "ECHECK" || strings.Join(findings, "\n") != "rank: Employee rank p3 does not exist" {
		t.Errorf("a rank in lower case: %s %q", code, findings)
	}
	// KeepServerFields: what only the server writes stays
	job := must(md.Create(ctx, admin, "scheduledJob", body(t, `{"code": "rates", "name": {"zh": "汇率同步", "en": "Rates", "th": "อัตรา"},
		"cron": "0 6 * * *", "lastResult": "success"}`)))
	if _, ok := job.Body["lastResult"]; ok {
		t.Errorf("a new job took the client's last result: %+v", job.Body)
	}
	// the picker search over the seeds
	active := true
	page := must(md.List(ctx, employee, "vendor", masterdata.Query{Q: "物流", Active: &active, PageSize: 5}))
	if page.Total < 5 || len(page.Rows) != 5 {
		t.Errorf("vendors with 物流: %d", page.Total)
	}
	emp := must(md.List(ctx, employee, "employee", masterdata.Query{Q: "employee01"}))
	if emp.Total != 1 || emp.Rows[0].Key != "employee01" {
		t.Errorf("employees keyed by username: %+v", emp)
	}
}
