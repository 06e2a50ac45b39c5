package seeding_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/engine"
	"formwork/masterdata"
	"formwork/seeding"
)

// catalogueTypes are the master-data types of the repository's catalogue.
func catalogueTypes(tb testing.TB) func() []*masterdata.Type {
	cat, err := engine.Load(os.DirFS(".."))
	if err != nil {
		tb.Fatal(err)
	}
	return func() []*masterdata.Type { return masterdata.CatalogueTypes(cat) }
}

// The seeds of the repository load into a fresh SQLite database, whole and
// fast: the organisation, 200 employees, 300 vendors, 100 customers, 50
// projects and records of the catalogue's other types, each a record of
// its master-data type (the key the type makes, the type's Check passed).
func TestSeedsLoad(t *testing.T) {
	md := masterdata.NewService(sqldb.NewMasterDataStore(sqldbtest.SQLite(t, sqldb.MasterDataModels())),
		masterdata.Config{Types: catalogueTypes(t)})
	start := time.Now()
	got, err := seeding.MasterData(context.Background(), md, os.DirFS(filepath.Join("..", "seeds")))
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	want := seeding.MasterDataCounts{SetsOfBooks: 3, Companies: 6, Departments: 33, CostCenters: 32, ProfitCenters: 8, BusinessRanges: 6,
		Employees: 200, Vendors: 301, Customers: 102, Banks: 56, Projects: 50, SpecialAccounts: 22, DictionaryEntries: 30,
		Others: map[string]int{"attachmentConfig": 3, "budgetAccount": 6, "budgetDept": 4, "budgetGroupRelation": 2, "budgetRule": 2, "budgetType": 3, "businessLine": 1, "city": 30, "cityType": 4, "commonDescription": 5, "costType": 30, "currency": 6, "employeeRank": 10,
			"exchangeRate": 2190, "glAccount": 42, "holiday": 57, "hospitalityStandard": 240, "invoiceType": 3, "postingKey": 12, "superBookingCard": 4, "travelStandard": 80,
			"wbsElement": 1}, Skipped: map[string]int{}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("seeded %+v,\nwant %+v", got, want)
	}
	// about 0.4 s on an idle machine (BenchmarkSeedMasterData); the bound
	// only catches a write per row, with room for a busy machine
	t.Logf("%d records seeded in %v", got.Total(), took)
	if took > 15*time.Second {
		t.Errorf("seeding took %v", took)
	}
	ctx := context.Background()
	if p, err := md.Prefill(ctx, "employee01"); err != nil || p == nil || p.Department != "SAL02" || p.Sob != "1000" || p.BizRang != "BA10" {
		t.Errorf("employee01's prefill: %+v (%v)", p, err)
	}
	// the users.yaml dictionary's own named codes, not its names of records
	if d, err := md.Dictionary(ctx); err != nil || d.Name("empLevel", "M1", "en") != "Manager" || d.Name("company", "1100", "en") != "Shanghai Fenghe Foods Co. Ltd." {
		t.Errorf("the dictionary: %v", err)
	}
}

// Without the catalogue's types, their records are skipped and counted.
func TestSeedsOfUnknownTypesAreSkipped(t *testing.T) {
	md := masterdata.NewService(sqldb.NewMasterDataStore(sqldbtest.SQLite(t, sqldb.MasterDataModels())), masterdata.Config{})
	got, err := seeding.MasterData(context.Background(), md, fstest.MapFS{"masterdata/x.yaml": {Data: []byte(
		"setsOfBooks: [{code: \"1000\", name: {zh: 账套}}]\nrecords: {city: [{code: 上海}, {code: 北京}]}\n")}})
	if err != nil || got.SetsOfBooks != 1 || got.Skipped["city"] != 2 || !strings.Contains(got.String(), "skipped, no such type in the catalogue: 2 city") {
		t.Errorf("seeded %v (%v)", got, err)
	}
}

func BenchmarkSeedMasterData(b *testing.B) {
	types := catalogueTypes(b)
	seeds := os.DirFS(filepath.Join("..", "seeds"))
	for b.Loop() {
		b.StopTimer()
		md := masterdata.NewService(sqldb.NewMasterDataStore(sqldbtest.SQLite(b, sqldb.MasterDataModels())),
			masterdata.Config{Types: types})
		b.StartTimer()
		if _, err := seeding.MasterData(context.Background(), md, seeds); err != nil {
			b.Fatal(err)
		}
	}
}
