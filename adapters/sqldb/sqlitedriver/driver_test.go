package sqlitedriver

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	modernc "modernc.org/sqlite"
)

// openKeeping is a database on the statement-keeping driver with one
// connection, and that connection.
func openKeeping(t *testing.T) (*sql.DB, *sql.Conn) {
	t.Helper()
	Register()
	db, err := sql.Open(Name, filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return db, conn
}

// kept is the number of statements conn keeps.
func kept(t *testing.T, conn *sql.Conn) int {
	t.Helper()
	n := -1
	if err := conn.Raw(func(dc any) error { n = len(dc.(*keepingConn).kept); return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}

func mustExec(t *testing.T, conn *sql.Conn, q string, args ...any) {
	t.Helper()
	if _, err := conn.ExecContext(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// TestKeptStatements: a statement run again is the one kept; a query run
// while its rows are open runs on a statement of its own; a failed
// statement is let go and runs again; a change of the schema shows in a
// kept query; columns keep their types; a connection keeps at most
// maxKeptStatements.
func TestKeptStatements(t *testing.T) {
	ctx := context.Background()
	_, conn := openKeeping(t)
	mustExec(t, conn, `CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)`)
	for i := range 3 {
		mustExec(t, conn, `INSERT INTO t (k, v) VALUES (?, ?)`, fmt.Sprint("k", i), i)
	}
	if n := kept(t, conn); n != 2 {
		t.Fatalf("kept %d statements, want 2 (the create and the insert)", n)
	}

	// the same query again while its rows are open
	outer, err := conn.QueryContext(ctx, `SELECT k, v FROM t ORDER BY k`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for outer.Next() {
		var k string
		var v int
		if err := outer.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		var inner int
		if err := conn.QueryRowContext(ctx, `SELECT k, v FROM t ORDER BY k`).Scan(new(string), &inner); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s=%d/%d", k, v, inner))
	}
	if err := outer.Close(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[k0=0/0 k1=1/0 k2=2/0]" {
		t.Fatalf("rows read beside the same query %v", got)
	}

	// a failed statement, then the same statement succeeding
	if _, err := conn.ExecContext(ctx, `INSERT INTO t (k, v) VALUES (?, ?)`, "k0", 9); err == nil {
		t.Fatal("a duplicate key was stored")
	}
	mustExec(t, conn, `INSERT INTO t (k, v) VALUES (?, ?)`, "k9", 9)

	// a change of the schema: the kept query answers the new column
	mustExec(t, conn, `ALTER TABLE t ADD COLUMN w TEXT NOT NULL DEFAULT 'x'`)
	rows, err := conn.QueryContext(ctx, `SELECT * FROM t WHERE k = ?`, "k9")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	types, err := rows.ColumnTypes()
	if err != nil {
		t.Fatal(err)
	}
	rows.Close()
	if fmt.Sprint(cols) != "[k v w]" || types[1].DatabaseTypeName() != "INTEGER" {
		t.Fatalf("columns %v, v typed %q", cols, types[1].DatabaseTypeName())
	}

	for i := range 2 * maxKeptStatements {
		var n int
		if err := conn.QueryRowContext(ctx, fmt.Sprintf(`SELECT %d`, i)).Scan(&n); err != nil || n != i {
			t.Fatalf("SELECT %d: %d %v", i, n, err)
		}
	}
	if n := kept(t, conn); n > maxKeptStatements {
		t.Fatalf("kept %d statements, at most %d", n, maxKeptStatements)
	}
}

// TestKeptStatementsInTransactions: a statement kept in one transaction
// runs in the next, and a rolled-back write is not seen.
func TestKeptStatementsInTransactions(t *testing.T) {
	db, conn := openKeeping(t)
	mustExec(t, conn, `CREATE TABLE t (k TEXT PRIMARY KEY)`)
	conn.Close()
	for i, commit := range []bool{true, false, true} {
		tx, err := db.Begin()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(`INSERT INTO t (k) VALUES (?)`, fmt.Sprint(i)); err != nil {
			t.Fatal(err)
		}
		if commit {
			err = tx.Commit()
		} else {
			err = tx.Rollback()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var keys string
	if err := db.QueryRow(`SELECT group_concat(k) FROM t`).Scan(&keys); err != nil || keys != "0,2" {
		t.Fatalf("stored %q %v, want 0,2", keys, err)
	}
}

// TestCommitsWithFdatasync: once the driver is registered, SQLite commits
// with fdatasync on Linux (as SQLite's own Linux builds do), and a
// committed row is read back after the database is opened anew.
func TestCommitsWithFdatasync(t *testing.T) {
	Register()
	if runtime.GOOS == "linux" && !modernc.FdatasyncEnabled() {
		t.Fatal("SQLite commits with fsync on Linux, not fdatasync")
	}
	path := filepath.Join(t.TempDir(), "synced.db")
	dsn := path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)"
	for i, query := range []string{`CREATE TABLE t (k TEXT PRIMARY KEY)`, `INSERT INTO t (k) VALUES ('kept')`} {
		db, err := sql.Open(Name, dsn)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(query); err != nil {
			t.Fatalf("statement %d: %v", i, err)
		}
		db.Close()
	}
	db, err := sql.Open(Name, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var k string
	if err := db.QueryRow(`SELECT k FROM t`).Scan(&k); err != nil || k != "kept" {
		t.Fatalf("read back %q %v", k, err)
	}
}
