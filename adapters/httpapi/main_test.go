package httpapi_test

// The harness of the HTTP API tests: a real formwork server (wire.New) on a
// fresh seeded database, reached over real HTTP. Every test runs the same
// scenarios twice, on SQLite (a copy of a template seeded once per test
// binary, in a temporary directory) and on PostgreSQL (a schema of its own,
// dropped afterwards).
//
// PostgreSQL is expected at 127.0.0.1:5432 (trust auth, database test, user
// postgres); FORMWORK_TEST_PG overrides that base DSN. When it cannot be
// reached, the PostgreSQL half is skipped with the reason, except in CI
// (CI=true), where it fails: CI must run both.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"formwork/adapters/sqldb"
	"formwork/engine"
	"formwork/tools/formwork/wire"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// defaultPostgresDSN is the PostgreSQL the tests use unless FORMWORK_TEST_PG
// names another.
const defaultPostgresDSN = "host=127.0.0.1 port=5432 user=postgres dbname=test sslmode=disable connect_timeout=5"

// testAPI is one formwork server on its own database, served over HTTP,
// with the demo users of seeds/users.yaml. Requests go as employee01 unless
// they say otherwise (an X-token header of their own, or a scenario's as).
type testAPI struct {
	url    string
	client *http.Client
	db     *gorm.DB
	store  *sqldb.DocumentStore
	clock  *testClock
	token  string // employee01's session

	mu     sync.Mutex
	tokens map[string]string // a session per demo user, opened on first use
}

// demoPassword is the password of every demo user (seeds/users.yaml).
const demoPassword = "demo123"

// anonymous, as a scenario's as, sends no token.
const anonymous = "-"

// forEachDatabase runs body twice: as subtest "sqlite" and as subtest
// "postgres", each on a fresh seeded database and server.
func forEachDatabase(t *testing.T, body func(t *testing.T, api *testAPI)) {
	t.Helper()
	forEachDatabaseWith(t, nil, body)
}

// forEachDatabaseWith is forEachDatabase with a server configured by
// configure (single sign-on, trusted sources, ...).
func forEachDatabaseWith(t *testing.T, configure func(*wire.Config), body func(t *testing.T, api *testAPI)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { body(t, serveTestAPI(t, seededSQLite(t), configure)) })
	t.Run("postgres", func(t *testing.T) { body(t, serveTestAPI(t, seededPostgres(t), configure)) })
}

// newTestAPI seeds db (migrated, empty) and serves it (serveTestAPI).
func newTestAPI(t testing.TB, db *gorm.DB, configure func(*wire.Config)) *testAPI {
	t.Helper()
	if err := seed(db, repositoryCatalogue(t)); err != nil {
		t.Fatal(err)
	}
	return serveTestAPI(t, db, configure)
}

// serveTestAPI serves a server on a seeded db with the repository's
// catalogue, on a clock the test can move; it is shut down when t ends.
func serveTestAPI(t testing.TB, db *gorm.DB, configure func(*wire.Config)) *testAPI {
	t.Helper()
	clock := &testClock{}
	cfg := wire.Config{Catalogue: repositoryCatalogue(t), DB: db, PasswordCost: bcrypt.MinCost, Now: clock.Now}
	if configure != nil {
		configure(&cfg)
	}
	srv := wire.New(cfg)
	hs := httptest.NewServer(srv.HTTP.Handler())
	t.Cleanup(hs.Close)
	api := &testAPI{url: hs.URL, client: hs.Client(), db: db, store: sqldb.NewDocumentStore(db), clock: clock, tokens: map[string]string{}}
	api.token = api.tokenOf(t, "employee01")
	return api
}

// seed loads into a migrated, empty database what every API test starts
// from: the identities of seeds/ (passwords hashed at bcrypt's lowest cost,
// to run fast), the approver configuration and budgets, the master data.
func seed(db *gorm.DB, cat *engine.Catalogue) error {
	ctx, app := context.Background(), wire.New(wire.Config{Catalogue: cat, DB: db, PasswordCost: bcrypt.MinCost})
	seeds := os.DirFS(filepath.Join("..", "..", "seeds"))
	if _, err := app.SeedIdentity(ctx, seeds); err != nil {
		return fmt.Errorf("seeding the demo users: %w", err)
	}
	if _, err := app.SeedWorkflow(ctx, seeds); err != nil {
		return fmt.Errorf("seeding the approver configuration and budgets: %w", err)
	}
	if _, err := app.SeedMasterData(ctx, seeds); err != nil {
		return fmt.Errorf("seeding the master data: %w", err)
	}
	return nil
}

// testClock is the server's clock: the real time moved by what the test
// added.
type testClock struct{ offset atomic.Int64 }

func (c *testClock) Now() time.Time      { return time.Now().Add(time.Duration(c.offset.Load())) }
func (c *testClock) Add(d time.Duration) { c.offset.Add(int64(d)) }

// travel moves the server's clock by d. Sessions may end on the way, so
// every demo user signs in again on next use.
func (api *testAPI) travel(t *testing.T, d time.Duration) {
	t.Helper()
	api.clock.Add(d)
	api.mu.Lock()
	api.tokens = map[string]string{}
	api.mu.Unlock()
	api.token = api.tokenOf(t, "employee01")
}

// tokenOf returns a session token of a demo user, signing in on first use.
func (api *testAPI) tokenOf(t testing.TB, username string) string {
	t.Helper()
	api.mu.Lock()
	token, ok := api.tokens[username]
	api.mu.Unlock()
	if ok {
		return token
	}
	token = api.login(t, username)
	api.mu.Lock()
	api.tokens[username] = token
	api.mu.Unlock()
	return token
}

// login signs a demo user in with the demo password and returns a new
// session's token.
func (api *testAPI) login(t testing.TB, username string) string {
	t.Helper()
	res := api.request(t, "POST", "/api/galaxycommon/login/auth", `{"username":"`+username+`","password":"`+demoPassword+`"}`, noToken)
	var data struct {
		Token string `json:"token"`
	}
	if res.envelope.Code != "200" || json.Unmarshal(res.envelope.Data, &data) != nil || data.Token == "" {
		t.Fatalf("login as %s: %s", username, clip(res.body))
	}
	return data.Token
}

// as returns headers that send username's token (or none, for anonymous).
func (api *testAPI) as(t testing.TB, username string) map[string]string {
	t.Helper()
	if username == anonymous {
		return noToken
	}
	return map[string]string{"X-token": api.tokenOf(t, username)}
}

// noToken sends a request without X-token.
var noToken = map[string]string{"X-token": ""}

var catalogue struct {
	once sync.Once
	cat  *engine.Catalogue
	err  error
}

// repositoryCatalogue is schemas/ and rules/ of the repository, loaded once.
func repositoryCatalogue(t testing.TB) *engine.Catalogue {
	t.Helper()
	catalogue.once.Do(func() { catalogue.cat, catalogue.err = engine.Load(os.DirFS(filepath.Join("..", ".."))) })
	if catalogue.err != nil {
		t.Fatalf("loading the repository catalogue: %v", catalogue.err)
	}
	return catalogue.cat
}

// openSQLite opens a fresh SQLite database in a temporary directory.
func openSQLite(t *testing.T) *gorm.DB {
	t.Helper()
	db, err := wire.OpenDB("", t.TempDir())
	return opened(t, db, err, "SQLite")
}

// The seeded SQLite database every API test starts from is a copy of a
// template migrated and seeded once per test binary: a copy takes a few
// milliseconds where migrating and seeding take a tenth of a second or more.
var sqliteTemplate struct {
	once sync.Once
	db   *gorm.DB // kept open to copy from
	dir  string
	err  error
}

// TestMain removes the SQLite template when the tests are done.
func TestMain(m *testing.M) {
	code := m.Run()
	if sqliteTemplate.db != nil {
		closeDB(sqliteTemplate.db)
		_ = os.RemoveAll(sqliteTemplate.dir)
	}
	os.Exit(code)
}

// seededSQLite is a fresh copy of the seeded SQLite template, in a
// temporary directory.
func seededSQLite(t testing.TB) *gorm.DB {
	t.Helper()
	cat := repositoryCatalogue(t)
	tmpl := &sqliteTemplate
	tmpl.once.Do(func() {
		if tmpl.dir, tmpl.err = os.MkdirTemp("", "formwork-template-"); tmpl.err != nil {
			return
		}
		if tmpl.db, tmpl.err = wire.OpenDB("", tmpl.dir); tmpl.err == nil {
			tmpl.err = seed(tmpl.db, cat)
		}
	})
	if tmpl.err != nil {
		t.Fatalf("the SQLite template: %v", tmpl.err)
	}
	path := filepath.Join(t.TempDir(), "formwork.db")
	if err := tmpl.db.Exec("VACUUM INTO ?", path).Error; err != nil {
		t.Fatalf("copy the SQLite template: %v", err)
	}
	db, err := wire.Open(path, "")
	return opened(t, db, err, "SQLite")
}

// seededPostgres is a new PostgreSQL schema (openPostgres), seeded. (A
// copy of a seeded template database, CREATE DATABASE ... TEMPLATE, takes
// longer than migrating and seeding a schema.)
func seededPostgres(t testing.TB) *gorm.DB {
	t.Helper()
	db := openPostgres(t)
	if err := seed(db, repositoryCatalogue(t)); err != nil {
		t.Fatal(err)
	}
	return db
}

// openPostgres opens the PostgreSQL database in a new schema fw_<random hex>,
// dropped with everything in it when t ends.
func openPostgres(t testing.TB) *gorm.DB {
	t.Helper()
	base := postgresBaseDSN()
	admin := postgresAdmin(t, base)
	schema := "fw_" + randomHex(t, 8)
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		if err := admin.Exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE").Error; err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	db, err := wire.OpenDB(withSearchPath(base, schema), "")
	if err != nil {
		t.Fatalf("open PostgreSQL schema %s: %v", schema, err)
	}
	closeOnCleanup(t, db) // runs before the schema is dropped (cleanups run last-in first-out)
	return db
}

var postgresProbe struct {
	once sync.Once
	err  error
}

// postgresAdmin opens a plain connection to the base DSN, for creating and
// dropping schemas. Reachability is probed once per test binary, so an
// absent PostgreSQL costs one connect timeout, not one per test.
func postgresAdmin(t testing.TB, base string) *gorm.DB {
	t.Helper()
	postgresProbe.once.Do(func() {
		db, err := openPostgresPlain(base)
		if err == nil {
			closeDB(db)
		}
		postgresProbe.err = err
	})
	if postgresProbe.err != nil {
		postgresUnavailable(t, base, postgresProbe.err)
	}
	db, err := openPostgresPlain(base)
	if err != nil {
		postgresUnavailable(t, base, err)
	}
	closeOnCleanup(t, db)
	return db
}

func openPostgresPlain(dsn string) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(dsn), &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)})
	if err != nil {
		return nil, err
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		_ = sqlDB.Close()
		return nil, err
	}
	return db, nil
}

// postgresUnavailable fails the test in CI and skips it elsewhere.
func postgresUnavailable(t testing.TB, dsn string, err error) {
	t.Helper()
	where := redactPassword(dsn)
	if os.Getenv("CI") == "true" {
		t.Fatalf("PostgreSQL is unreachable at %q: %v (CI=true: the PostgreSQL scenarios must run; set FORMWORK_TEST_PG)", where, err)
	}
	t.Skipf("skipping the PostgreSQL scenarios: PostgreSQL is unreachable at %q: %v (set FORMWORK_TEST_PG to a reachable DSN)", where, err)
}

func postgresBaseDSN() string {
	if dsn := strings.TrimSpace(os.Getenv("FORMWORK_TEST_PG")); dsn != "" {
		return dsn
	}
	return defaultPostgresDSN
}

// withSearchPath adds search_path=schema to a key=value or URL DSN.
func withSearchPath(dsn, schema string) string {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err == nil {
			q := u.Query()
			q.Set("search_path", schema)
			u.RawQuery = q.Encode()
			return u.String()
		}
	}
	return dsn + " search_path=" + schema
}

var (
	passwordKeyRe = regexp.MustCompile(`password=\S+`)
	passwordURLRe = regexp.MustCompile(`(://[^:/@]+):[^@]*@`)
)

// redactPassword keeps passwords out of test output.
func redactPassword(dsn string) string {
	dsn = passwordKeyRe.ReplaceAllString(dsn, "password=xxx")
	return passwordURLRe.ReplaceAllString(dsn, "${1}:xxx@")
}

// opened fails t on an error of opening what, else closes db when t ends.
func opened(t testing.TB, db *gorm.DB, err error, what string) *gorm.DB {
	t.Helper()
	if err != nil {
		t.Fatalf("open %s: %v", what, err)
	}
	closeOnCleanup(t, db)
	return db
}

func closeOnCleanup(t testing.TB, db *gorm.DB) {
	t.Cleanup(func() { closeDB(db) })
}

func closeDB(db *gorm.DB) { _ = wire.Close(db) }

func randomHex(t testing.TB, n int) string {
	t.Helper()
	b := make([]byte, n)
	if _, err := io.ReadFull(rand.Reader, b); err != nil {
		t.Fatalf("random: %v", err)
	}
	return hex.EncodeToString(b)
}
