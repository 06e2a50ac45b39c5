package httpapi_test

import (
	"testing"

	"gorm.io/gorm"
)

// BenchmarkSignedInRequestPostgres measures signed-in requests that do
// little else than resolve their session and user, over HTTP on
// PostgreSQL: what the identity cache saves on every request. status reads
// nothing more; menus answers the menu tree (menu items and the user's
// menus).
//
//	go test ./adapters/httpapi -run '^$' -bench BenchmarkSignedInRequest -benchtime 2000x
func BenchmarkSignedInRequestPostgres(b *testing.B) {
	api := newTestAPI(b, openPostgres(b), nil)
	for _, r := range []struct{ name, url string }{
		{"status", "/api/formwork/registry/status"},
		{"menus", "/api/galaxycommon/menu/tree"},
	} {
		b.Run(r.name, func(b *testing.B) {
			queries := countStatements(b, api.db)
			queries.Store(0)
			for i := 0; i < b.N; i++ {
				if res := api.request(b, "GET", r.url, "", nil); res.status != 200 {
					b.Fatalf("HTTP %d: %s", res.status, clip(res.body))
				}
			}
			b.ReportMetric(float64(queries.Load())/float64(b.N), "gorm-statements/request")
			removeStatementCount(b, api.db)
		})
	}
}

// removeStatementCount undoes countStatements on db.
func removeStatementCount(b *testing.B, db *gorm.DB) {
	cb := db.Callback()
	for _, err := range []error{
		cb.Query().Remove("bench:count"), cb.Row().Remove("bench:count"), cb.Raw().Remove("bench:count"),
		cb.Create().Remove("bench:count"), cb.Update().Remove("bench:count"), cb.Delete().Remove("bench:count"),
	} {
		if err != nil {
			b.Fatal(err)
		}
	}
}
