package httpapi_test

// The speed of a save beside the speed of the database under it (issue
// targets: create >= 1.5x raw single-row inserts with synchronous=FULL, load
// by id fast). make bench prints both in the same run:
//
//	go test ./adapters/httpapi -run '^$' -bench 'Save|Load|RawInsert' -benchtime 3s

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"formwork/tools/formwork/wire"

	_ "github.com/glebarez/go-sqlite" // the pure-Go SQLite driver the server uses
)

// benchParallelism makes b.RunParallel run 32 clients on 2 cores, as wrk -c32 did.
const benchParallelism = 16

func openBenchSQLite(b *testing.B) *testAPI {
	db, err := wire.OpenDB("", b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	closeOnCleanup(b, db)
	return newTestAPI(b, db, nil)
}

// BenchmarkSaveSQLite: POST .../head/create of the seeds' 3-line travel
// claim (check + store) over HTTP, 32 concurrent clients.
func BenchmarkSaveSQLite(b *testing.B) {
	api := openBenchSQLite(b)
	body := travelClaim()
	headers := map[string]string{"X-token": api.token}
	var failed atomic.Int64
	b.SetParallelism(benchParallelism)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			res, err := api.send("POST", "/api/galaxyform/yx/ap/head/create?action=new", body, headers)
			if err != nil || res.status != 200 {
				failed.Add(1)
			}
		}
	})
	b.StopTimer()
	if failed.Load() > 0 {
		b.Fatalf("%d saves failed", failed.Load())
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "saves/s")
}

// BenchmarkLoadSQLite: GET .../head/load of one stored claim, 32 clients.
func BenchmarkLoadSQLite(b *testing.B) {
	api := openBenchSQLite(b)
	id := storeTravelClaimB(b, api)
	headers := map[string]string{"X-token": api.token}
	url := "/api/galaxyform/yx/ap/head/load?businessId=" + id
	b.SetParallelism(benchParallelism)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if res, err := api.send("GET", url, "", headers); err != nil || res.status != 200 {
				b.Error("load failed")
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "loads/s")
}

// BenchmarkRawInsertSQLite: the floor under a save: prepared single-row
// inserts of the same 1.3 KB body through the same driver, WAL, one
// transaction each, synchronous=FULL, 32 writers.
func BenchmarkRawInsertSQLite(b *testing.B) {
	path := filepath.Join(b.TempDir(), "raw.db")
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE docs (id INTEGER PRIMARY KEY, business_id TEXT, body TEXT)`); err != nil {
		b.Fatal(err)
	}
	stmt, err := db.Prepare(`INSERT INTO docs (business_id, body) VALUES (?, ?)`)
	if err != nil {
		b.Fatal(err)
	}
	body := strings.Repeat("x", 1300)
	var n atomic.Int64
	b.SetParallelism(benchParallelism)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			tx, err := db.Begin()
			if err == nil {
				_, err = tx.Stmt(stmt).Exec(fmt.Sprint(n.Add(1)), body)
			}
			if err == nil {
				err = tx.Commit()
			}
			if err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "inserts/s")
}

func storeTravelClaimB(b *testing.B, api *testAPI) string {
	res, err := api.send("POST", "/api/galaxyform/yx/ap/head/create?action=new", travelClaim(), map[string]string{"X-token": api.token})
	if err != nil || res.status != 200 {
		b.Fatalf("store: %v %v", err, res)
	}
	i := strings.Index(res.body, `"businessId":"`)
	return res.body[i+14 : i+14+strings.Index(res.body[i+14:], `"`)]
}
