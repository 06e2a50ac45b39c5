// Package freshness keeps what a few frequent reads answered (a budget, a
// person's loans, a document's holds) while nothing this process wrote
// could have changed it, and for a short time at most.
//
// Track makes a database count the writes of each table: a write counts
// when its statement runs and again when its transaction ends (a read made
// in between saw the table before the commit and must not be kept). A
// Cache answers a key from memory while the tables it reads have not been
// written since the answer was read and the answer is younger than its
// time to live; the time to live bounds how long a change made by another
// process (a replica on the same PostgreSQL, a CLI on the same SQLite file)
// takes to show, as the identity cache's revision interval does.
//
// The answers are what the database said: a cache never decides anything
// (a submit's budget control and an approval's advance write-off read in
// their own transactions, never through a cache).
package freshness

import (
	"context"
	"database/sql"
	"errors"
	"regexp"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"
)

// TTL and Size are the bounds of the stores' caches: a change made by
// another process shows within TTL; a cache holding Size answers forgets
// them all before it keeps another.
const (
	TTL  = time.Second
	Size = 10000
)

// pluginName is the tracker's name among db's plugins.
const pluginName = "formwork:freshness"

// anyTable counts the writes whose table a raw statement does not tell:
// every cache is stale after one.
const anyTable = "*"

// Tracker counts the writes of each table of one database.
type Tracker struct {
	mu     sync.Mutex
	writes map[string]uint64
}

// Track makes db count its writes by table (a gorm plugin; once per db).
func Track(db *gorm.DB) error { return db.Use(&Tracker{writes: map[string]uint64{}}) }

// Of is db's tracker; nil when db is not tracked (a cache then keeps
// nothing).
func Of(db *gorm.DB) *Tracker {
	if db == nil || db.Config == nil {
		return nil
	}
	t, _ := db.Config.Plugins[pluginName].(*Tracker)
	return t
}

func (t *Tracker) Name() string { return pluginName }

func (t *Tracker) Initialize(db *gorm.DB) error {
	pool := &trackedPool{ConnPool: db.Config.ConnPool, t: t}
	db.Config.ConnPool = pool
	db.Statement.ConnPool = pool
	cb := db.Callback()
	return errors.Join(
		cb.Create().After("gorm:create").Register(pluginName, t.afterWrite),
		cb.Update().After("gorm:update").Register(pluginName, t.afterWrite),
		cb.Delete().After("gorm:delete").Register(pluginName, t.afterWrite),
		cb.Raw().After("gorm:raw").Register(pluginName, t.afterWrite),
		// Raw(...).Scan of an INSERT ... RETURNING
		cb.Row().After("gorm:row").Register(pluginName, t.afterRow))
}

// rawWrite finds the table of a raw INSERT, UPDATE or DELETE.
var rawWrite = regexp.MustCompile(`(?i)^\s*(?:insert\s+into|update|delete\s+from)\s+["` + "`" + `]?([A-Za-z0-9_]+)`)

// tableOf is the table a write statement writes (as its SQL says, else
// as gorm's statement does), anyTable when neither tells.
func tableOf(db *gorm.DB) string {
	if m := rawWrite.FindStringSubmatch(db.Statement.SQL.String()); m != nil {
		return strings.ToLower(m[1])
	}
	if db.Statement.Table != "" {
		return db.Statement.Table
	}
	return anyTable
}

func (t *Tracker) afterWrite(db *gorm.DB) { t.wrote(db, tableOf(db)) }

// afterRow counts a raw statement read as rows that writes.
func (t *Tracker) afterRow(db *gorm.DB) {
	if m := rawWrite.FindStringSubmatch(db.Statement.SQL.String()); m != nil {
		t.wrote(db, strings.ToLower(m[1]))
	}
}

// wrote counts a write of table now, and again when its transaction ends.
func (t *Tracker) wrote(db *gorm.DB, table string) {
	if tx, ok := db.Statement.ConnPool.(*trackedTx); ok {
		tx.tables = append(tx.tables, table)
	}
	t.count(table)
}

func (t *Tracker) count(tables ...string) {
	t.mu.Lock()
	for _, table := range tables {
		t.writes[table]++
	}
	t.mu.Unlock()
}

// generation is a count that moves whenever one of tables is written.
func (t *Tracker) generation(tables []string) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	g := t.writes[anyTable]
	for _, table := range tables {
		g += t.writes[table]
	}
	return g
}

// trackedPool is db's connection pool whose transactions count the tables
// they wrote once more when they end.
type trackedPool struct {
	gorm.ConnPool
	t *Tracker
}

func (p *trackedPool) BeginTx(ctx context.Context, opts *sql.TxOptions) (gorm.ConnPool, error) {
	b, ok := p.ConnPool.(gorm.TxBeginner)
	if !ok {
		return nil, gorm.ErrInvalidTransaction
	}
	tx, err := b.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	db, _ := p.GetDBConn()
	return &trackedTx{Tx: tx, db: db, t: p.t}, nil
}

// GetDBConn is the pool's *sql.DB (gorm's DB()).
func (p *trackedPool) GetDBConn() (*sql.DB, error) {
	if db, ok := p.ConnPool.(*sql.DB); ok {
		return db, nil
	}
	if c, ok := p.ConnPool.(gorm.GetDBConnector); ok {
		return c.GetDBConn()
	}
	return nil, gorm.ErrInvalidDB
}

// trackedTx is a transaction and the tables it wrote.
type trackedTx struct {
	*sql.Tx
	db     *sql.DB
	t      *Tracker
	tables []string
}

func (x *trackedTx) Commit() error {
	err := x.Tx.Commit()
	x.t.count(x.tables...)
	return err
}

func (x *trackedTx) Rollback() error {
	err := x.Tx.Rollback()
	x.t.count(x.tables...)
	return err
}

// GetDBConn is the transaction's database (gorm's DB() in a transaction).
func (x *trackedTx) GetDBConn() (*sql.DB, error) { return x.db, nil }

// Cache keeps the answers of one read by key.
type Cache[K comparable, V any] struct {
	t      *Tracker
	tables []string
	ttl    time.Duration
	size   int
	now    func() time.Time

	mu      sync.Mutex
	entries map[K]entry[V]
}

type entry[V any] struct {
	v          V
	generation uint64
	at         time.Time
}

// NewCache is a cache of answers read from tables of db, kept at most ttl
// and size of them (all forgotten when full).
func NewCache[K comparable, V any](db *gorm.DB, ttl time.Duration, size int, tables ...string) *Cache[K, V] {
	return &Cache[K, V]{t: Of(db), tables: tables, ttl: ttl, size: size, now: time.Now, entries: map[K]entry[V]{}}
}

// Get answers key from the cache when fresh, else read's answer (kept
// when nothing was written to the tables while it read). The answer is
// shared: callers copy what they change.
func (c *Cache[K, V]) Get(key K, read func() (V, error)) (V, error) {
	if c == nil || c.t == nil {
		return read()
	}
	g := c.t.generation(c.tables)
	now := c.now()
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	if ok && e.generation == g && now.Sub(e.at) < c.ttl {
		return e.v, nil
	}
	v, err := read()
	if err != nil || c.t.generation(c.tables) != g {
		return v, err
	}
	c.mu.Lock()
	if len(c.entries) >= c.size {
		clear(c.entries)
	}
	c.entries[key] = entry[V]{v: v, generation: g, at: now}
	c.mu.Unlock()
	return v, nil
}
