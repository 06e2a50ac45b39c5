// Package groupcommit stores new documents in group commits: the creates
// that arrive while a transaction is being committed are collected and
// written together in the next transaction, so one fsync (one commit) serves
// many saves. Every create is answered only after the transaction holding
// it committed: nothing acknowledged is lost when the process dies.
//
// There is no background goroutine: the first caller that finds no commit
// under way becomes the leader and commits what is queued; then the first
// create queued meanwhile leads the next batch, and so on until the queue
// is empty. The others wait for their answer.
package groupcommit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"formwork/documents"
)

// maxBatch bounds the creates of one transaction (and so the time the one
// SQLite connection is held by the writer).
const maxBatch = 128

// Build makes the finished record and its event of a new document numbered
// businessID. It may be called more than once (after a failed batch the
// create is tried alone, with a new number); the record of the last call is
// the one stored.
type Build func(businessID string) (*documents.Record, *documents.Event, error)

// Claim takes what a new document claims besides its row (its invoices),
// in the transaction tx, before the row is written. refused refuses this
// create alone (what it took is let go by Claim itself); err is the
// transaction's.
type Claim func(ctx context.Context, tx *sql.Tx, rec *documents.Record) (refused, err error)

// Writer collects creates into group commits on db.
type Writer struct {
	db       *sql.DB
	postgres bool
	claim    Claim

	mu      sync.Mutex
	queue   []*job
	leading bool // a caller is committing the queue

	commits, creates atomic.Int64 // transactions committed, creates in them

	prepMu   sync.Mutex // guards the statements, prepared on first use
	number   *sql.Stmt
	document *sql.Stmt
	unnumber *sql.Stmt
	event    *sql.Stmt
}

// job is one create waiting for its transaction.
type job struct {
	ctx     context.Context
	docType string
	at      time.Time
	build   Build
	rec     *documents.Record
	err     error
	done    chan struct{} // closed once answered
	wake    chan struct{} // closed when the create is to lead the next batch
}

// New is a writer on db; postgres selects PostgreSQL's placeholders.
func New(db *sql.DB, postgres bool) *Writer { return &Writer{db: db, postgres: postgres} }

// SetClaim makes claim part of every create (before any create).
func (w *Writer) SetClaim(claim Claim) { w.claim = claim }

// Create numbers a new document of docType on the day of at, stores the
// record build makes with its event, and answers once it is committed.
func (w *Writer) Create(ctx context.Context, docType string, at time.Time, build Build) (*documents.Record, error) {
	j := &job{ctx: ctx, docType: docType, at: at, build: build, done: make(chan struct{}), wake: make(chan struct{})}
	w.mu.Lock()
	w.queue = append(w.queue, j)
	lead := !w.leading
	w.leading = true
	w.mu.Unlock()
	wake := j.wake
	for {
		if lead {
			w.lead() // its batch holds j: j is answered
			lead = false
		}
		select {
		case <-j.done:
			return j.rec, j.err
		case <-wake: // the leader handed over the queue, this create in it
			// once: a closed wake must not make j lead a second batch
			// beside the leader it handed over to
			wake, lead = nil, true
		}
	}
}

// lead commits one batch of the queue, then hands what was queued
// meanwhile to the first create of it, which leads the next batch (so the
// leader is answered once its own batch committed).
func (w *Writer) lead() {
	w.mu.Lock()
	n := min(len(w.queue), maxBatch)
	batch := w.queue[:n:n]
	w.queue = append([]*job(nil), w.queue[n:]...)
	w.mu.Unlock()
	w.commit(batch)
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.queue) == 0 {
		w.leading = false
		return
	}
	close(w.queue[0].wake)
}

// commit writes batch in one transaction; when that fails, each create is
// tried alone so one bad create does not refuse the others.
func (w *Writer) commit(batch []*job) {
	live := batch[:0:0]
	for _, j := range batch {
		if err := j.ctx.Err(); err != nil {
			j.finish(nil, err)
			continue
		}
		live = append(live, j)
	}
	if len(live) == 0 {
		return
	}
	if err := w.write(live); err == nil || len(live) == 1 {
		for _, j := range live {
			if err != nil {
				j.finish(nil, err)
			} else {
				j.finish(j.rec, j.err)
			}
		}
		return
	}
	for _, j := range live {
		if err := w.write([]*job{j}); err != nil {
			j.err = err
		}
		j.finish(j.rec, j.err)
	}
}

func (j *job) finish(rec *documents.Record, err error) {
	if err != nil {
		rec = nil
	}
	j.rec, j.err = rec, err
	close(j.done)
}

// write stores jobs in one transaction and commits it.
func (w *Writer) write(jobs []*job) (err error) {
	if err := w.prepare(); err != nil {
		return err
	}
	ctx := context.Background() // one caller's cancel must not undo the others' creates
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	number, document, event := tx.StmtContext(ctx, w.number), tx.StmtContext(ctx, w.document), tx.StmtContext(ctx, w.event)
	unnumber := tx.StmtContext(ctx, w.unnumber)
	for _, j := range jobs {
		if j.rec, j.err, err = w.writeOne(ctx, tx, j, number, unnumber, document, event); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit documents: %w", err)
	}
	w.commits.Add(1)
	allCommits.Add(1)
	for _, j := range jobs {
		if j.err == nil {
			w.creates.Add(1)
			allCreates.Add(1)
		}
	}
	return nil
}

// allCommits and allCreates count over every writer of the process.
var allCommits, allCreates atomic.Int64

// Totals is Stats over every writer of the process (for benchmarks).
func Totals() (commits, creates int64) { return allCommits.Load(), allCreates.Load() }

// Stats is the number of transactions committed and of creates they held.
func (w *Writer) Stats() (commits, creates int64) { return w.commits.Load(), w.creates.Load() }

// writeOne numbers, builds and inserts one document with its event. A
// record build refuses gives its number back (the sequence row is this
// transaction's until it commits) and is the create's error (refused); an
// error of the database is the transaction's (err).
func (w *Writer) writeOne(ctx context.Context, tx *sql.Tx, j *job, number, unnumber, document, event *sql.Stmt) (_ *documents.Record, refused, err error) {
	prefix := j.docType + j.at.Format("20060102")
	var last int
	if err := number.QueryRowContext(ctx, prefix).Scan(&last); err != nil {
		return nil, nil, fmt.Errorf("allocate business id: %w", err)
	}
	rec, ev, refused := j.build(fmt.Sprintf("%s%04d", prefix, last))
	if refused == nil && w.claim != nil {
		if refused, err = w.claim(ctx, tx, rec); err != nil {
			return nil, nil, err
		}
	}
	if refused != nil {
		if _, err := unnumber.ExecContext(ctx, prefix); err != nil {
			return nil, nil, fmt.Errorf("give back business id: %w", err)
		}
		return nil, refused, nil
	}
	edition := rec.Edition
	if edition == "" {
		edition = "form" // the column's default, as gorm leaves it to the database
	}
	_, err = document.ExecContext(ctx, rec.BusinessID, rec.DocType, rec.Status, edition, rec.BusinessType1, rec.BusinessType2,
		rec.Applicant, rec.CompanyCode, rec.CreateBy, rec.Amount, rec.Version, rec.SchemaVersion, rec.ProcessID,
		rec.Description, rec.Body, rec.CreatedAt, rec.UpdatedAt, rec.Department, rec.Vendor, rec.Customer,
		rec.SearchText, rec.IndexVersion)
	if err != nil {
		return nil, nil, fmt.Errorf("store document: %w", err)
	}
	if ev != nil {
		var comment any
		if ev.Comment != "" {
			comment = ev.Comment
		}
		err := event.QueryRowContext(ctx, ev.BusinessID, ev.At.UTC(), ev.Actor, ev.FromStatus, ev.ToStatus, ev.Action, comment, ev.TaskID).Scan(&ev.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("write event: %w", err)
		}
	}
	return rec, nil, nil
}

const (
	numberSQL = `INSERT INTO doc_sequences (prefix, last) VALUES (?, 1)
		ON CONFLICT (prefix) DO UPDATE SET last = doc_sequences.last + 1 RETURNING last`
	documentSQL = `INSERT INTO documents (business_id, doc_type, status, edition, business_type1, business_type2,
		applicant, company_code, create_by, amount, version, schema_version, process_id,
		description, body, created_at, updated_at, department, vendor, customer,
		search_text, index_version) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`
	unnumberSQL = `UPDATE doc_sequences SET last = last - 1 WHERE prefix = ?`
	eventSQL    = `INSERT INTO document_events (business_id, at, actor, from_status, to_status, action, comment, task_id)
		VALUES (?,?,?,?,?,?,?,?) RETURNING id`
)

// prepare prepares the statements once (again after a failure).
func (w *Writer) prepare() error {
	w.prepMu.Lock()
	defer w.prepMu.Unlock()
	if w.event != nil {
		return nil
	}
	var errs []error
	stmts := make([]*sql.Stmt, 4)
	for i, q := range []string{numberSQL, documentSQL, unnumberSQL, eventSQL} {
		s, err := w.db.Prepare(w.rebind(q))
		errs = append(errs, err)
		stmts[i] = s
	}
	if err := errors.Join(errs...); err != nil {
		for _, s := range stmts {
			if s != nil {
				s.Close()
			}
		}
		return fmt.Errorf("prepare document inserts: %w", err)
	}
	w.number, w.document, w.unnumber, w.event = stmts[0], stmts[1], stmts[2], stmts[3]
	return nil
}

// rebind writes PostgreSQL's $n placeholders for ?.
func (w *Writer) rebind(q string) string {
	if !w.postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
