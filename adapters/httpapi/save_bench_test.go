package httpapi_test

// The speed of a save beside the speed of the database under it (issue
// targets: create >= 1.5x raw single-row inserts with synchronous=FULL, load
// by id fast). make bench prints both in the same run:
//
//	go test ./adapters/httpapi -run '^$' -bench 'Save|Load|RawInsert' -benchtime 3s

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"formwork/adapters/sqldb/groupcommit"
	"formwork/adapters/sqldb/sqlitedriver"
	"formwork/tools/formwork/wire"

	"gorm.io/gorm"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver the server uses
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
	benchCreates(b, openBenchSQLite(b), benchParallelism)
}

// postgresWriters is the parallelism of 8 writers on 2 cores (issue: create
// on PostgreSQL >= 50% of raw inserts, 8 writers, one transaction each).
const postgresWriters = 4

// BenchmarkSavePostgres is BenchmarkSaveSQLite on PostgreSQL, 8 clients
// (as many as the raw inserts' writers).
func BenchmarkSavePostgres(b *testing.B) {
	benchCreates(b, newTestAPI(b, openPostgres(b), nil), postgresWriters)
}

// BenchmarkSavePostgres32 is BenchmarkSaveSQLite on PostgreSQL: 32 clients.
func BenchmarkSavePostgres32(b *testing.B) {
	benchCreates(b, newTestAPI(b, openPostgres(b), nil), benchParallelism)
}

// BenchmarkRawInsertPostgres: the floor under a save on PostgreSQL:
// prepared single-row inserts of the same 1.3 KB body, one transaction
// each, 8 writers.
func BenchmarkRawInsertPostgres(b *testing.B) {
	gdb := openPostgres(b)
	db, err := gdb.DB()
	if err != nil {
		b.Fatal(err)
	}
	benchRawInserts(b, db, postgresWriters, `INSERT INTO raw_docs (business_id, body) VALUES ($1, $2)`,
		`CREATE TABLE raw_docs (id BIGSERIAL PRIMARY KEY, business_id TEXT, body TEXT)`)
}

// BenchmarkSaveInvoicesSQLite is BenchmarkSaveSQLite of the travel claim
// with five invoice lines: each save claims five invoices no save claimed
// before (looked up before the save, claimed in its transaction).
func BenchmarkSaveInvoicesSQLite(b *testing.B) {
	const invoices = 5
	var edits []docEdit
	for i := range invoices {
		edits = append(edits, with(fmt.Sprintf("invoiceList[%d]", i), invoiceRow(invoiceStandIn(i))))
	}
	body := travelClaim(edits...)
	var at []int // of the stand-ins in the body
	for i := range invoices {
		at = append(at, strings.Index(body, invoiceStandIn(i)))
	}
	var next atomic.Int64
	benchCreatesOf(b, openBenchSQLite(b), benchParallelism, body, func(request []byte) {
		// the numbers are written over the stand-ins' digits (the body
		// ends the request): its length stays what its Content-Length says
		start := len(request) - len(body)
		for _, a := range at {
			copy(request[start+a:], fmt.Sprintf("2444%016d", next.Add(1)))
		}
	})
}

// invoiceStandIn is the number BenchmarkSaveInvoicesSQLite's request holds
// in its invoice line i until a save's own number is written over it.
func invoiceStandIn(i int) string { return fmt.Sprintf("9999%016d", i) }

func benchCreates(b *testing.B, api *testAPI, parallelism int) {
	benchCreatesOf(b, api, parallelism, travelClaim(), nil)
}

// benchCreatesOf creates body from parallelism x GOMAXPROCS clients; vary,
// if not nil, changes each client's request in place before each save.
func benchCreatesOf(b *testing.B, api *testAPI, parallelism int, body string, vary func(request []byte)) {
	benchWrites(b, api, parallelism, "save", func() func(c *benchClient, i int) {
		return func(c *benchClient, i int) {
			if i == 0 {
				c.setRequest("POST", "/api/galaxyform/yx/ap/head/create?action=new", body)
			}
			if vary != nil {
				vary(c.request)
			}
		}
	})
}

// benchWrites sends writes from parallelism x GOMAXPROCS clients and
// reports them per unit ("save": saves/s, cpu-µs/save, ...). newClient,
// called once in each client, answers what makes that client's request i
// before it is sent; every answer must be 200.
func benchWrites(b *testing.B, api *testAPI, parallelism int, unit string, newClient func() func(c *benchClient, i int)) {
	var failed atomic.Int64
	queries := countStatements(b, api.db)
	commits0, creates0 := groupcommit.Totals()
	cpu0 := processCPU(b)
	b.SetParallelism(parallelism)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		next := newClient()
		c, err := api.newBenchClient("GET", "/", "")
		if err != nil {
			b.Error(err)
			return
		}
		defer c.Close()
		for i := 0; pb.Next(); i++ {
			next(c, i)
			if status, err := c.send(); err != nil || status != 200 {
				failed.Add(1)
			}
		}
	})
	b.StopTimer()
	if failed.Load() > 0 {
		b.Fatalf("%d %ss failed", failed.Load(), unit)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), unit+"s/s")
	b.ReportMetric(float64(queries.Load())/float64(b.N), "gorm-statements/"+unit)
	b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/"+unit)
	if commits, creates := groupcommit.Totals(); commits > commits0 {
		b.ReportMetric(float64(creates-creates0)/float64(commits-commits0), "saves/commit")
	}
}

// BenchmarkUpdateSQLite: PUT .../head/update of the travel claim, each
// client saving its own stored claim again and again (a draft saved
// anew), 32 clients. An update is a transaction of its own.
func BenchmarkUpdateSQLite(b *testing.B) {
	api := openBenchSQLite(b)
	claims := make(chan string, benchParallelism*runtime.GOMAXPROCS(0)) // one for each client
	for range cap(claims) {
		claims <- storeTravelClaimB(b, api)
	}
	benchWrites(b, api, benchParallelism, "update", func() func(c *benchClient, i int) {
		const standIn = "987654321" // the version, written over for each save
		body := travelClaim(with("head.businessId", <-claims), with("head.version", json.Number(standIn)))
		return func(c *benchClient, i int) {
			c.setRequest("PUT", "/api/galaxyform/yx/ap/head/update?action=edit", strings.Replace(body, standIn, strconv.Itoa(i+1), 1))
		}
	})
}

// BenchmarkLoadSQLite: GET .../head/load of one stored claim, 32 clients.
func BenchmarkLoadSQLite(b *testing.B) {
	api := openBenchSQLite(b)
	id := storeTravelClaimB(b, api)
	benchLoads(b, api, "/api/galaxyform/yx/ap/head/load?businessId="+id)
}

// BenchmarkLoadPostgres is BenchmarkLoadSQLite on PostgreSQL.
func BenchmarkLoadPostgres(b *testing.B) {
	api := newTestAPI(b, openPostgres(b), nil)
	id := storeTravelClaimB(b, api)
	benchLoads(b, api, "/api/galaxyform/yx/ap/head/load?businessId="+id)
}

// benchLoads GETs url as the test user from 32 clients. Besides loads/s it
// reports the process's CPU time per load (client and server: both run in
// this process), a figure that other work on a busy machine changes less.
func benchLoads(b *testing.B, api *testAPI, url string) {
	queries := countStatements(b, api.db)
	cpu0 := processCPU(b)
	b.SetParallelism(benchParallelism)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		c, err := api.newBenchClient("GET", url, "")
		if err != nil {
			b.Error(err)
			return
		}
		defer c.Close()
		for pb.Next() {
			if status, err := c.send(); err != nil || status != 200 {
				b.Errorf("load failed: %d %v", status, err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "loads/s")
	b.ReportMetric(float64(queries.Load())/float64(b.N), "gorm-statements/load")
	b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/load")
}

// processCPU is the CPU time (user and system) this process has used.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRawInsertSQLite: the floor under a save: prepared single-row
// inserts of the same 1.3 KB body through the same driver, WAL, one
// transaction each, synchronous=FULL, 32 writers; their commits synced as
// the server's are (fdatasync, sqlitedriver.Register), whichever benchmark
// runs first.
func BenchmarkRawInsertSQLite(b *testing.B) {
	sqlitedriver.Register()
	path := filepath.Join(b.TempDir(), "raw.db")
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	benchRawInserts(b, db, benchParallelism, `INSERT INTO docs (business_id, body) VALUES (?, ?)`,
		`CREATE TABLE docs (id INTEGER PRIMARY KEY, business_id TEXT, body TEXT)`)
}

// benchRawInserts runs insert (prepared) of a 1.3 KB body in a transaction
// of its own from parallelism x GOMAXPROCS writers, on the table create makes.
func benchRawInserts(b *testing.B, db *sql.DB, parallelism int, insert, create string) {
	if _, err := db.Exec(create); err != nil {
		b.Fatal(err)
	}
	stmt, err := db.Prepare(insert)
	if err != nil {
		b.Fatal(err)
	}
	defer stmt.Close()
	body := strings.Repeat("x", 1300)
	var n atomic.Int64
	b.SetParallelism(parallelism)
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

// countStatements counts the statements gorm runs on db from now on: a
// figure of a request's cost that the machine's load does not change.
func countStatements(b *testing.B, db *gorm.DB) *atomic.Int64 {
	var n atomic.Int64
	onStatements(b, db, "bench:count", func(*gorm.DB) { n.Add(1) })
	return &n
}

// onStatements calls f, named name, after every statement gorm runs on db.
func onStatements(t testing.TB, db *gorm.DB, name string, f func(*gorm.DB)) {
	t.Helper()
	cb := db.Callback()
	for _, err := range []error{
		cb.Query().After("gorm:query").Register(name, f),
		cb.Row().After("gorm:row").Register(name, f),
		cb.Raw().After("gorm:raw").Register(name, f),
		cb.Create().After("gorm:create").Register(name, f),
		cb.Update().After("gorm:update").Register(name, f),
		cb.Delete().After("gorm:delete").Register(name, f),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
}
