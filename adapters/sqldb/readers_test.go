package sqldb_test

import (
	"path/filepath"
	"slices"
	"testing"

	"formwork/adapters/sqldb"

	sqlite "github.com/libtnb/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

type readerProbe struct {
	ID   int64 `gorm:"primaryKey"`
	Side string
}

// TestReadsOutsideTransactionsGoToTheReaders: the readers are a second
// database here, holding another row, so each statement tells where it ran.
func TestReadsOutsideTransactionsGoToTheReaders(t *testing.T) {
	dir := t.TempDir()
	open := func(name, side string) *gorm.DB {
		db, err := gorm.Open(sqlite.Open(filepath.Join(dir, name)), &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.AutoMigrate(&readerProbe{}); err != nil {
			t.Fatal(err)
		}
		if err := db.Create(&readerProbe{ID: 1, Side: side}).Error; err != nil {
			t.Fatal(err)
		}
		return db
	}
	writer := open("writer.db", "writer")
	other := open("readers.db", "readers")
	pool, err := other.DB()
	if err != nil {
		t.Fatal(err)
	}
	if err := sqldb.UseReaders(writer, pool); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := sqldb.Close(writer); err != nil {
			t.Error(err)
		}
		if err := pool.Ping(); err == nil || err.Error() != "sql: database is closed" {
			t.Errorf("readers after Close: ping %v, want closed", err)
		}
	})

	side := func(q *gorm.DB) string {
		t.Helper()
		var got string
		if err := q.Error; err != nil {
			t.Fatal(err)
		}
		if err := q.Scan(&got).Error; err != nil {
			t.Fatal(err)
		}
		return got
	}
	var p readerProbe
	if err := writer.First(&p, 1).Error; err != nil || p.Side != "readers" {
		t.Errorf("First outside a transaction read %q (%v), want the readers'", p.Side, err)
	}
	if got := side(writer.Raw("SELECT side FROM reader_probes WHERE id = 1")); got != "readers" {
		t.Errorf("raw SELECT read %q, want the readers'", got)
	}
	var n int64
	if err := writer.Model(&readerProbe{}).Where("side = ?", "readers").Count(&n).Error; err != nil || n != 1 {
		t.Errorf("Count outside a transaction: %d (%v), want the readers' row", n, err)
	}
	// writes stay with the writer, raw ones too
	if err := writer.Create(&readerProbe{ID: 2, Side: "written"}).Error; err != nil {
		t.Fatal(err)
	}
	if got := side(writer.Raw("INSERT INTO reader_probes (id, side) VALUES (3, 'returned') RETURNING side")); got != "returned" {
		t.Errorf("INSERT ... RETURNING answered %q", got)
	}
	// a statement several operations share (gorm's Connection: one
	// connection): the read goes to the readers, the write after it still
	// to the writer
	if err := writer.Connection(func(tx *gorm.DB) error {
		if got := side(tx.Raw("SELECT side FROM reader_probes WHERE id = 1")); got != "readers" {
			t.Errorf("raw SELECT on a connection read %q, want the readers'", got)
		}
		return tx.Exec("INSERT INTO reader_probes (id, side) VALUES (4, 'after a read')").Error
	}); err != nil {
		t.Fatal(err)
	}
	var inWriter []string
	if err := writer.Transaction(func(tx *gorm.DB) error {
		if err := tx.First(&p, 1).Error; err != nil || p.Side != "writer" {
			t.Errorf("First in a transaction read %q (%v), want the writer's", p.Side, err)
		}
		return tx.Model(&readerProbe{}).Order("id").Pluck("side", &inWriter).Error
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"writer", "written", "returned", "after a read"}; !slices.Equal(inWriter, want) {
		t.Errorf("the writer's rows %v, want %v", inWriter, want)
	}
	var inReaders []string
	if err := other.Model(&readerProbe{}).Order("id").Pluck("side", &inReaders).Error; err != nil || !slices.Equal(inReaders, []string{"readers"}) {
		t.Errorf("the readers' rows %v (%v), want only their own", inReaders, err)
	}
}
