// Package sqldbtest opens the databases the stores are tested on: SQLite in
// a temporary folder, and PostgreSQL (127.0.0.1:5432, trust auth, database
// test, or FORMWORK_TEST_PG) in a schema of its own, dropped afterwards.
// PostgreSQL is skipped when unreachable, except under CI=true.
package sqldbtest

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"formwork/adapters/sqldb"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// ForEachDB runs body on SQLite and on PostgreSQL, each a fresh database
// migrated with models.
func ForEachDB(t *testing.T, models []any, body func(t *testing.T, db *gorm.DB)) {
	t.Run("sqlite", func(t *testing.T) { body(t, SQLite(t, models)) })
	t.Run("postgres", func(t *testing.T) { body(t, Postgres(t, models)) })
}

var quiet = &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)}

// SQLite is a fresh SQLite database migrated with models.
func SQLite(tb testing.TB, models []any) *gorm.DB {
	tb.Helper()
	db, err := gorm.Open(sqldb.SQLite(filepath.Join(tb.TempDir(), "t.db")), quiet)
	if err != nil {
		tb.Fatal(err)
	}
	migrate(tb, db, models)
	tb.Cleanup(func() { closeDB(db) })
	return db
}

// Postgres is a fresh schema of the test database migrated with models;
// the test is skipped when PostgreSQL is unreachable (failed under
// CI=true).
func Postgres(tb testing.TB, models []any) *gorm.DB {
	tb.Helper()
	dsn := postgresDSN()
	admin, err := gorm.Open(postgres.Open(dsn), quiet)
	if err == nil {
		err = admin.Exec("SELECT 1").Error
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("PostgreSQL is unreachable: %v", err)
		}
		tb.Skipf("PostgreSQL is unreachable: %v", err)
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	schema := "fw_" + hex.EncodeToString(b)
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		tb.Fatal(err)
	}
	db, err := gorm.Open(postgres.Open(dsn+" search_path="+schema), quiet)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		closeDB(db)
		admin.Exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE")
		closeDB(admin)
	})
	migrate(tb, db, models)
	return db
}

// postgresDSN is the test database's.
func postgresDSN() string {
	if dsn := os.Getenv("FORMWORK_TEST_PG"); dsn != "" {
		return dsn
	}
	return "host=127.0.0.1 port=5432 user=postgres dbname=test sslmode=disable connect_timeout=5"
}

// PostgresThrough opens the schema of db (Postgres) again, reaching the
// server through host:port (a proxy standing between them), with
// PostgreSQL's own address given to dial.
func PostgresThrough(tb testing.TB, db *gorm.DB, host, port string) *gorm.DB {
	tb.Helper()
	var schema string
	if err := db.Raw("SELECT current_schema()").Scan(&schema).Error; err != nil {
		tb.Fatal(err)
	}
	through, err := gorm.Open(postgres.Open(postgresDSN()+" host="+host+" port="+port+" search_path="+schema), quiet)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { closeDB(through) })
	return through
}

// PostgresAddr is the host:port of the test database's server.
func PostgresAddr(tb testing.TB, db *gorm.DB) string {
	tb.Helper()
	var addr string
	if err := db.Raw("SELECT host(inet_server_addr()) || ':' || inet_server_port()").Scan(&addr).Error; err != nil || addr == "" {
		tb.Fatalf("the server's address: %q %v", addr, err)
	}
	return addr
}

func migrate(tb testing.TB, db *gorm.DB, models []any) {
	tb.Helper()
	if err := db.AutoMigrate(models...); err != nil {
		tb.Fatal(err)
	}
}

func closeDB(db *gorm.DB) {
	if sqlDB, err := db.DB(); err == nil {
		sqlDB.Close()
	}
}
