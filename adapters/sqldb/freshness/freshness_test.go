package freshness_test

import (
	"path/filepath"
	"testing"
	"time"

	"formwork/adapters/sqldb/freshness"

	sqlite "github.com/libtnb/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

type loan struct {
	ID     int64 `gorm:"primaryKey"`
	Amount int64
}

type other struct {
	ID int64 `gorm:"primaryKey"`
}

func open(t *testing.T, track bool) *gorm.DB {
	t.Helper()
	db, err := gorm.Open(sqlite.Open(filepath.Join(t.TempDir(), "t.db")), &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if sqlDB, err := db.DB(); err == nil {
			_ = sqlDB.Close()
		}
	})
	if track {
		if err := freshness.Track(db); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.AutoMigrate(&loan{}, &other{}); err != nil {
		t.Fatal(err)
	}
	if err := db.Create(&loan{ID: 1, Amount: 100}).Error; err != nil {
		t.Fatal(err)
	}
	return db
}

// reader reads loan 1's amount through a cache and counts the reads that
// reached the database.
type reader struct {
	t     *testing.T
	db    *gorm.DB
	cache *freshness.Cache[int64, int64]
	reads int
}

func (r *reader) amount() int64 {
	r.t.Helper()
	v, err := r.cache.Get(1, func() (int64, error) {
		r.reads++
		var l loan
		err := r.db.First(&l, 1).Error
		return l.Amount, err
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return v
}

func (r *reader) expect(amount int64, reads int, what string) {
	r.t.Helper()
	if got := r.amount(); got != amount || r.reads != reads {
		r.t.Errorf("%s: amount %d after %d reads, want %d after %d", what, got, r.reads, amount, reads)
	}
}

func TestCacheKeepsAnAnswerUntilItsTableIsWritten(t *testing.T) {
	db := open(t, true)
	r := &reader{t: t, db: db, cache: freshness.NewCache[int64, int64](db, time.Hour, 100, "loans")}
	r.expect(100, 1, "first read")
	r.expect(100, 1, "second read (kept)")

	if err := db.Create(&other{ID: 1}).Error; err != nil {
		t.Fatal(err)
	}
	r.expect(100, 1, "after a write of another table")

	if err := db.Model(&loan{}).Where("id = 1").Update("amount", 120).Error; err != nil {
		t.Fatal(err)
	}
	r.expect(120, 2, "after an update")

	if err := db.Exec("UPDATE loans SET amount = 130 WHERE id = 1").Error; err != nil {
		t.Fatal(err)
	}
	r.expect(130, 3, "after a raw update")
	if err := db.Raw(`INSERT INTO "loans" (id, amount) VALUES (2, 5) RETURNING id`).Scan(new(int64)).Error; err != nil {
		t.Fatal(err)
	}
	r.expect(130, 4, "after a raw insert read as rows")
}

// TestReadDuringATransactionIsNotKept: a read made after a transaction
// wrote the table and before it committed sees the old amount; it must
// not be what the cache answers after the commit.
func TestReadDuringATransactionIsNotKept(t *testing.T) {
	db := open(t, true)
	r := &reader{t: t, db: db, cache: freshness.NewCache[int64, int64](db, time.Hour, 100, "loans")}
	r.expect(100, 1, "before")
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&loan{}).Where("id = 1").Update("amount", 150).Error; err != nil {
			return err
		}
		// on SQLite's one connection the read would wait for the commit;
		// the cache's own rule is what is tested: the write counted, the
		// answer read now is kept only until the commit counts again
		r.cache.Get(1, func() (int64, error) { r.reads++; return 100, nil })
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r.expect(150, 3, "after the commit")
}

func TestCacheForgetsAfterItsTimeToLive(t *testing.T) {
	db := open(t, true)
	r := &reader{t: t, db: db, cache: freshness.NewCache[int64, int64](db, 20*time.Millisecond, 100, "loans")}
	r.expect(100, 1, "first read")
	// another process changes the row: this one's tracker cannot know
	sqlDB, _ := db.DB()
	if _, err := sqlDB.Exec("UPDATE loans SET amount = 170 WHERE id = 1"); err != nil {
		t.Fatal(err)
	}
	r.expect(100, 1, "within the time to live")
	time.Sleep(30 * time.Millisecond)
	r.expect(170, 2, "after the time to live")
}

func TestUntrackedDatabaseKeepsNothing(t *testing.T) {
	db := open(t, false)
	r := &reader{t: t, db: db, cache: freshness.NewCache[int64, int64](db, time.Hour, 100, "loans")}
	r.expect(100, 1, "first read")
	r.expect(100, 2, "second read")
}
