// Package sqlitedriver is the SQLite driver the stores use: modernc's,
// with connections that keep the statements they ran. modernc's driver
// parses a statement each time a connection runs it without a prepared
// statement (database/sql's Exec and Query, and so gorm's), and the parse
// was about a quarter of the time a document's UPDATE took in its write
// transaction, on the one connection every writer waits for. A connection here keeps what it
// parsed, by the statement's text, and binds and steps it again; SQLite
// prepares it again by itself after a change of the schema.
//
// A statement in use (its rows still open) is not run twice at once: a
// second run parses its own. A statement that failed is let go, and when a
// connection keeps maxKeptStatements it lets go of all it does not use.
//
// Commits are made durable with fdatasync(2) where the system has it, as
// SQLite's own builds for Linux do (modernc's library, transpiled without
// that check, calls fsync): both write the file's data and the size needed
// to read it back; fsync also writes its timestamps, a journal commit of
// their own on ext4 at every transaction.
package sqlitedriver

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"sync"

	sqlite "github.com/libtnb/sqlite"
	modernc "modernc.org/sqlite"
)

// Name is the name the driver is registered under (Register).
const Name = "formwork-sqlite"

// maxKeptStatements bounds the statements one connection keeps (a query
// with a list of values has a text of its own for each length of it).
const maxKeptStatements = 256

var registered sync.Once

// Register registers the driver as Name (once), on modernc's, and makes
// SQLite commit with fdatasync where the system has it (process-wide: every
// SQLite connection of the process, modernc's own driver's too).
func Register() {
	registered.Do(func() {
		// where fdatasync is unavailable (macOS, Windows) SQLite keeps
		// its own way of syncing
		_, _ = modernc.Fdatasync(true)
		if err := registerVFS(); err != nil {
			panic(err.Error())
		}
		db, err := sql.Open(sqlite.DriverName, "")
		if err != nil {
			panic("the SQLite driver is not registered: " + err.Error())
		}
		sql.Register(Name, keepingDriver{db.Driver()})
		_ = db.Close()
	})
}

// keepingDriver opens connections that keep their statements.
type keepingDriver struct{ driver.Driver }

func (d keepingDriver) Open(name string) (driver.Conn, error) {
	c, err := d.Driver.Open(name)
	if err != nil {
		return nil, err
	}
	for _, ok := range []bool{is[driver.ConnBeginTx](c), is[driver.ConnPrepareContext](c), is[driver.ExecerContext](c),
		is[driver.QueryerContext](c), is[driver.Pinger](c), is[driver.SessionResetter](c), is[driver.Validator](c)} {
		if !ok {
			_ = c.Close()
			return nil, errors.New("the SQLite driver's connection lacks an interface the statements it keeps need")
		}
	}
	return &keepingConn{Conn: c, kept: map[string]*keptStatement{}}, nil
}

func is[T any](v any) bool { _, ok := v.(T); return ok }

// keepingConn is a connection keeping the statements it ran. database/sql
// uses a connection from one goroutine at a time.
type keepingConn struct {
	driver.Conn
	kept map[string]*keptStatement
}

// keptStatement is a parsed statement of a connection; busy while its rows
// are open.
type keptStatement struct {
	stmt driver.Stmt
	busy bool
}

// statement is query's kept statement, parsed now if it was not; nil when
// it is in use (the caller parses its own).
func (c *keepingConn) statement(ctx context.Context, query string) (*keptStatement, error) {
	if k := c.kept[query]; k != nil {
		if k.busy {
			return nil, nil
		}
		return k, nil
	}
	if len(c.kept) >= maxKeptStatements {
		c.letGo(false)
	}
	s, err := c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	k := &keptStatement{stmt: s}
	c.kept[query] = k
	return k, nil
}

// letGo closes the kept statements not in use (all of them when closing).
func (c *keepingConn) letGo(all bool) {
	for q, k := range c.kept {
		if !k.busy || all {
			_ = k.stmt.Close()
			delete(c.kept, q)
		}
	}
}

// failed lets go of query's statement after an error.
func (c *keepingConn) failed(query string, k *keptStatement) {
	if c.kept[query] == k {
		delete(c.kept, query)
	}
	_ = k.stmt.Close()
}

func (c *keepingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	k, err := c.statement(ctx, query)
	if err != nil {
		return nil, err
	}
	if k == nil {
		return c.Conn.(driver.ExecerContext).ExecContext(ctx, query, args)
	}
	k.busy = true
	r, err := k.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
	k.busy = false
	if err != nil {
		c.failed(query, k)
	}
	return r, err
}

func (c *keepingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	k, err := c.statement(ctx, query)
	if err != nil {
		return nil, err
	}
	if k == nil {
		return c.Conn.(driver.QueryerContext).QueryContext(ctx, query, args)
	}
	k.busy = true
	rows, err := k.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		k.busy = false
		c.failed(query, k)
		return nil, err
	}
	typed, ok := rows.(typedRows)
	if !ok {
		_ = rows.Close()
		k.busy = false
		return nil, errors.New("the SQLite driver's rows lack the column types the statements it keeps pass on")
	}
	return &keptRows{typedRows: typed, k: k}, nil
}

// typedRows are rows telling their columns' types, as modernc's do (gorm's
// migrator and its scans into maps read them).
type typedRows interface {
	driver.Rows
	driver.RowsColumnTypeDatabaseTypeName
	driver.RowsColumnTypeLength
	driver.RowsColumnTypeNullable
	driver.RowsColumnTypePrecisionScale
	driver.RowsColumnTypeScanType
}

// keptRows are the rows of a kept statement, which is free again once
// they are closed.
type keptRows struct {
	typedRows
	k *keptStatement
}

func (r *keptRows) Close() error {
	err := r.typedRows.Close()
	r.k.busy = false
	return err
}

func (c *keepingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
}

func (c *keepingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.Conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
}

func (c *keepingConn) Ping(ctx context.Context) error { return c.Conn.(driver.Pinger).Ping(ctx) }

func (c *keepingConn) ResetSession(ctx context.Context) error {
	return c.Conn.(driver.SessionResetter).ResetSession(ctx)
}

func (c *keepingConn) IsValid() bool { return c.Conn.(driver.Validator).IsValid() }

func (c *keepingConn) Close() error {
	c.letGo(true)
	return c.Conn.Close()
}
