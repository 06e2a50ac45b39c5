package sqldb

import (
	"database/sql"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
)

// readers sends the reads a request makes outside a transaction to a pool
// of read-only connections, so that they run beside the one connection
// SQLite's writes go through instead of queueing behind it (a group commit
// holds that connection through its fsync). SQLite in WAL mode lets readers
// read while one writer writes, and a read begun after a commit sees it, so
// a request still reads what it (or anyone) wrote before. Reads inside a
// transaction stay in it.
type readers struct {
	pool     *sql.DB
	prepared gorm.ConnPool // pool, each statement prepared once per connection
}

// Prepared reads: the statements of the frequent reads (a document by id,
// a worklist page) are parsed once per connection and kept, the rarer
// ones (a list filtered a new way) dropped least recently used first.
const (
	preparedReads   = 256
	preparedReadTTL = 10 * time.Minute
)

// readersName is the plugin's name in gorm's config.
const readersName = "formwork:readers"

// UseReaders makes db read through pool outside transactions (pool's
// connections should be read-only: a statement routed there by mistake
// fails instead of writing beside the writer). Close closes pool with db.
func UseReaders(db *gorm.DB, pool *sql.DB) error {
	return db.Use(&readers{pool: pool, prepared: gorm.NewPreparedStmtDB(pool, preparedReads, preparedReadTTL)})
}

// ReadPool is the pool db's reads outside a transaction go to: its
// readers (UseReaders), else db's own connections.
func ReadPool(db *gorm.DB) (*sql.DB, error) {
	if r, ok := db.Config.Plugins[readersName].(*readers); ok {
		return r.pool, nil
	}
	return db.DB()
}

func (r *readers) Name() string { return readersName }

func (r *readers) Initialize(db *gorm.DB) error {
	cb := db.Callback()
	return errors.Join(
		cb.Query().Before("gorm:query").Register(readersName, r.route),
		cb.Query().After("gorm:query").Register(readersName+":back", back),
		cb.Row().Before("gorm:row").Register(readersName, r.routeRaw),
		cb.Row().After("gorm:row").Register(readersName+":back", back))
}

// route sends a model query (Find, First, Count, ...: a SELECT gorm
// builds) to the readers unless it runs in a transaction.
func (r *readers) route(db *gorm.DB) {
	if _, inTx := db.Statement.ConnPool.(gorm.TxCommitter); inTx || db.Error != nil {
		return
	}
	if _, locking := db.Statement.Clauses["FOR"]; locking {
		return
	}
	db.Statement.Settings.Store(readersName, db.Statement.ConnPool)
	db.Statement.ConnPool = r.prepared
}

// back gives the statement its own connection again after a read routed
// to the readers: a statement can be shared by several operations (a
// migration's, on one connection), and the writes after the read must not
// go to a read-only connection.
func back(db *gorm.DB) {
	if own, ok := db.Statement.Settings.LoadAndDelete(readersName); ok {
		db.Statement.ConnPool = own.(gorm.ConnPool)
	}
}

// routeRaw sends a raw statement read as rows (Raw(...).Scan, Row, Rows)
// to the readers when it is a SELECT outside a transaction: an INSERT ...
// RETURNING (or a WITH, which may write) read the same way stays with the
// writer.
func (r *readers) routeRaw(db *gorm.DB) {
	sql := strings.TrimSpace(db.Statement.SQL.String())
	if sql == "" {
		r.route(db) // Row() of a model query: gorm builds a SELECT
		return
	}
	if len(sql) < 6 || !strings.EqualFold(sql[:6], "select") {
		return
	}
	r.route(db)
}

// Close closes db's connections and its readers' (UseReaders).
func Close(db *gorm.DB) error {
	var errs []error
	if p, ok := db.Config.Plugins[readersName].(*readers); ok {
		errs = append(errs, p.pool.Close())
	}
	if sqlDB, err := db.DB(); err == nil {
		errs = append(errs, sqlDB.Close())
	} else {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
