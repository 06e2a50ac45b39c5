package masterdata_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/engine"
	"formwork/masterdata"
	"formwork/seeding"
)

// BenchmarkPickerSearch is a picker's type-ahead over the seeds' 300
// vendors and 200 employees on the real store on SQLite, with the
// catalogue's types (their search fields): each search asks the database
// for the type's revision (one query) and searches the snapshot in memory.
func BenchmarkPickerSearch(b *testing.B) {
	cat, err := engine.Load(os.DirFS(".."))
	if err != nil {
		b.Fatal(err)
	}
	md := masterdata.NewService(sqldb.NewMasterDataStore(sqldbtest.SQLite(b, sqldb.MasterDataModels())),
		masterdata.Config{Types: func() []*masterdata.Type { return masterdata.CatalogueTypes(cat) }})
	ctx := context.Background()
	if _, err := seeding.MasterData(ctx, md, os.DirFS(filepath.Join("..", "seeds"))); err != nil {
		b.Fatal(err)
	}
	active := true
	for _, c := range []struct {
		name, typ, q string
		want         int // at least
	}{
		{"300 vendors by part of the name", "vendor", "物流", 5},
		{"300 vendors by English name", "vendor", "logistics", 5},
		{"200 employees by part of the name", "employee", "zhang", 3},
		{"200 employees of a company by employee id", "employee", "E001", 10},
	} {
		b.Run(c.name, func(b *testing.B) {
			q := masterdata.Query{Q: c.q, Active: &active, PageSize: 20}
			if c.typ == "employee" {
				q.Company = "1000"
			}
			for b.Loop() {
				page, err := md.List(ctx, employee, c.typ, q)
				if err != nil || page.Total < c.want {
					b.Fatalf("%s %q: %d found (%v)", c.typ, c.q, page.Total, err)
				}
			}
		})
	}
}
