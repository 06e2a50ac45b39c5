package sqlitedriver

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// openWAL opens the database at path in WAL mode under synchronous sync,
// through the WAL-buffering VFS (buffered) or SQLite's own.
func openWAL(t *testing.T, path, sync string, buffered bool) *sql.DB {
	t.Helper()
	Register()
	dsn := path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(" + sync + ")&_pragma=busy_timeout(5000)"
	if buffered {
		dsn += "&vfs=" + VFS
	}
	db, err := sql.Open(Name, dsn)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

// writerAndReader makes table t in a new database and answers its path, a
// connection through the WAL-buffering VFS and one through SQLite's own,
// both under synchronous sync.
func writerAndReader(t *testing.T, sync string) (path string, writer, reader *sql.DB) {
	path = filepath.Join(t.TempDir(), "wr.db")
	writer = openWAL(t, path, sync, true)
	if _, err := writer.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`); err != nil {
		t.Fatal(err)
	}
	return path, writer, openWAL(t, path, sync, false)
}

// walFrames is the number of frames the WAL file beside path holds.
func walFrames(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	return (fi.Size() - 32) / (24 + 4096)
}

func count(t *testing.T, db *sql.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM t`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// insert commits rows rows of 2 KB each in one transaction.
func insert(t *testing.T, db *sql.DB, rows int) {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for range rows {
		if _, err := tx.Exec(`INSERT INTO t (v) VALUES (?)`, strings.Repeat("x", 2048)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// TestWALCommitInFewWrites: a commit of many frames reaches the WAL file
// in as few writes as its size allows (SQLite's own VFS: two a frame), and
// a connection on SQLite's own VFS reads every commit.
func TestWALCommitInFewWrites(t *testing.T) {
	path, db, reader := writerAndReader(t, "FULL")
	for i := 1; i <= 5; i++ {
		frames, writes := walFrames(t, path), walWrites.Load()
		insert(t, db, 40)
		frames, writes = walFrames(t, path)-frames, walWrites.Load()-writes
		if want := (frames*(24+4096) + maxWrite - 1) / maxWrite; frames < 20 || writes != want {
			t.Fatalf("commit %d: %d frames in %d writes, want 20 or more in %d", i, frames, writes, want)
		}
		if n := count(t, reader); n != 40*i {
			t.Fatalf("commit %d: the other connection reads %d rows, want %d", i, n, 40*i)
		}
	}
}

// TestWALBufferKeepsTheData: commits larger than the buffer, a checkpoint
// and a restarted WAL, then the database opened anew on SQLite's own VFS:
// every row is there and the database is whole.
func TestWALBufferKeepsTheData(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	db := openWAL(t, path, "FULL", true)
	if _, err := db.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`); err != nil {
		t.Fatal(err)
	}
	insert(t, db, 1500) // about 3 MB of frames: the buffer's size three times
	if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	for range 20 { // the WAL written from its start again
		insert(t, db, 10)
	}
	if _, err := db.Exec(`UPDATE t SET v = 'changed' WHERE id % 7 = 0`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	plain := openWAL(t, path, "FULL", false)
	var ok string
	if err := plain.QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check: %q %v", ok, err)
	}
	var changed int
	if err := plain.QueryRow(`SELECT count(*) FROM t WHERE v = 'changed'`).Scan(&changed); err != nil {
		t.Fatal(err)
	}
	if n := count(t, plain); n != 1700 || changed != 1700/7 {
		t.Fatalf("%d rows, %d changed; want 1700, %d", n, changed, 1700/7)
	}
}

// TestWALUnsyncedCommitsWriteThrough: under synchronous=NORMAL nothing
// syncs a commit, so the buffer is flushed where the commit is published:
// another connection reads each commit at once, and the WAL then writes
// through.
func TestWALUnsyncedCommitsWriteThrough(t *testing.T) {
	_, db, reader := writerAndReader(t, "NORMAL")
	for i := 1; i <= 3; i++ {
		insert(t, db, 20)
		if n := count(t, reader); n != 20*i {
			t.Fatalf("commit %d: the other connection reads %d rows, want %d", i, n, 20*i)
		}
	}
	writes := walWrites.Load()
	insert(t, db, 20)
	if w := walWrites.Load() - writes; w < 20 {
		t.Fatalf("%d writes for a commit of 20 rows after the WAL was published unsynced, want one a frame part", w)
	}
}
