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
//
// On PostgreSQL a batch whose sequence end the writer knows is stored in
// one statement instead of a transaction (expected.go).
package groupcommit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"formwork/documents"

	"github.com/jackc/pgx/v5/pgconn"
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

// Claims tells whether a new document's record claims anything (Claim is
// called only for those).
type Claims func(rec *documents.Record) bool

// Writer collects creates into group commits on db.
type Writer struct {
	db       *sql.DB
	postgres bool
	claim    Claim
	claims   Claims

	mu      sync.Mutex
	queue   []*job
	leading bool // a caller is committing the queue

	commits, creates atomic.Int64 // transactions committed, creates in them

	expected, missed atomic.Int64 // statements numbering as expected: that stored, that did not

	coming  atomic.Int64  // creates announced (Ahead) and not queued yet
	arrival chan struct{} // poked when a create is queued or no longer coming

	prepMu   sync.Mutex // guards the statements, prepared on first use
	numbers  *sql.Stmt
	document *sql.Stmt
	unnumber *sql.Stmt
	event    *sql.Stmt
	batches  map[batchKey]*sql.Stmt // the inserts of n rows, n <= maxPreparedRows

	// ends are the ends of the sequences of each prefix, as the writer
	// expects them (PostgreSQL; only the leader reads and writes them)
	ends map[string]*sequenceEnd
}

// batchKey names the insert of n rows of an insert statement of one row.
type batchKey struct {
	q string
	n int
}

// maxPreparedRows bounds the batches whose inserts are prepared (parsed
// once, not at every commit); a larger batch's are parsed each time.
const maxPreparedRows = 64

// job is one create waiting for its transaction.
type job struct {
	ctx     context.Context
	docType string
	at      time.Time
	build   Build
	rec     *documents.Record
	ev      *documents.Event
	err     error
	done    chan struct{} // closed once answered
	wake    chan struct{} // closed when the create is to lead the next batch
	// written (documents.Written) is told the record once it is written,
	// before the commit, by the job's own goroutine; nil for none
	written  func(*documents.Record)
	told     chan struct{}     // closed when early holds the written record
	early    *documents.Record // the record told
	prepared chan struct{}     // closed once written returned
}

// New is a writer on db; postgres selects PostgreSQL's placeholders.
func New(db *sql.DB, postgres bool) *Writer {
	return &Writer{db: db, postgres: postgres, arrival: make(chan struct{}, 1)}
}

// maxWait bounds how long a batch waits for the creates announced to it.
const maxWait = time.Millisecond

// ahead is a create announced to a writer (Ahead) until it is queued or
// given up.
type ahead struct {
	w    *Writer
	over atomic.Bool
}

type aheadKey struct{}

// end ends the announcement (once).
func (a *ahead) end() {
	if a.over.CompareAndSwap(false, true) {
		a.w.coming.Add(-1)
		a.w.poke()
	}
}

// Ahead announces a create on its way (being checked): while creates are
// announced, a batch waits for them (at most maxWait), so that concurrent
// saves share a commit; a create alone waits for nothing. The create made
// with the context it answers ends the announcement when it is queued;
// done ends it otherwise (a refused save), and may be called anyway.
func (w *Writer) Ahead(ctx context.Context) (context.Context, func()) {
	a := &ahead{w: w}
	w.coming.Add(1)
	return context.WithValue(ctx, aheadKey{}, a), a.end
}

// poke tells a waiting leader that the queue or the announcements changed.
func (w *Writer) poke() {
	select {
	case w.arrival <- struct{}{}:
	default:
	}
}

// await waits, with w.mu held, while creates are announced and the queue
// has room, at most maxWait.
func (w *Writer) await() {
	if w.coming.Load() <= 0 || len(w.queue) >= maxBatch {
		return
	}
	timer := time.NewTimer(maxWait)
	defer timer.Stop()
	for w.coming.Load() > 0 && len(w.queue) < maxBatch {
		w.mu.Unlock()
		select {
		case <-w.arrival:
			w.mu.Lock()
		case <-timer.C:
			w.mu.Lock()
			return
		}
	}
}

// SetClaim makes claim part of every create whose record claims says
// claims something (before any create).
func (w *Writer) SetClaim(claims Claims, claim Claim) { w.claims, w.claim = claims, claim }

// claimsSomething tells whether rec claims anything.
func (w *Writer) claimsSomething(rec *documents.Record) bool {
	return w.claim != nil && w.claims(rec)
}

// Create numbers a new document of docType on the day of at, stores the
// record build makes with its event, and answers once it is committed.
func (w *Writer) Create(ctx context.Context, docType string, at time.Time, build Build) (*documents.Record, error) {
	j := &job{ctx: ctx, docType: docType, at: at, build: build, done: make(chan struct{}), wake: make(chan struct{})}
	if j.written = documents.Written(ctx); j.written != nil {
		j.told, j.prepared = make(chan struct{}), make(chan struct{})
	}
	w.mu.Lock()
	w.queue = append(w.queue, j)
	lead := !w.leading
	w.leading = true
	w.mu.Unlock()
	if a, ok := ctx.Value(aheadKey{}).(*ahead); ok && a.w == w {
		a.end() // queued: no longer coming
	}
	w.poke()
	wake, told := j.wake, j.told
	for {
		if lead {
			w.lead(j) // its batch holds j: j is answered
			lead = false
		}
		select {
		case <-j.done:
			return j.rec, j.err
		case <-wake: // the leader handed over the queue, this create in it
			// once: a closed wake must not make j lead a second batch
			// beside the leader it handed over to
			wake, lead = nil, true
		case <-told: // written, the commit under way
			told = nil
			j.written(j.early)
			close(j.prepared)
		}
	}
}

// tell tells the creates of jobs but self (whose goroutine leads) that
// their records are written, once.
func tell(jobs []*job, self *job) {
	for _, j := range jobs {
		if j != self && j.written != nil && j.early == nil {
			j.early = j.rec
			close(j.told)
		}
	}
}

// settle waits until the create's goroutine is done with the record it
// was told (before the record is built again: its document changes).
func (j *job) settle() {
	if j.early != nil {
		<-j.prepared
	}
}

// lead commits one batch of the queue, then hands what was queued
// meanwhile to the first create of it, which leads the next batch (so the
// leader is answered once its own batch committed).
func (w *Writer) lead(self *job) {
	w.mu.Lock()
	w.await()
	n := min(len(w.queue), maxBatch)
	batch := w.queue[:n:n]
	w.queue = append([]*job(nil), w.queue[n:]...)
	w.mu.Unlock()
	w.commit(batch, self)
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
func (w *Writer) commit(batch []*job, self *job) {
	live := batch[:0:0]
	for _, j := range batch {
		if err := j.ctx.Err(); err != nil {
			j.finish(nil, err)
			continue
		}
		live = append(live, j)
	}
	if w.postgres {
		live = w.writeExpected(live)
	}
	if len(live) == 0 {
		return
	}
	if err := w.write(live, self); err == nil || len(live) == 1 || outcomeNotKnown(err) {
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
		j.settle()
		if err := w.write([]*job{j}, self); err != nil {
			j.err = err
		}
		j.finish(j.rec, j.err)
	}
}

// outcomeUnknown is the error of a commit whose outcome is not known: the
// connection to PostgreSQL failed while committing. Its creates are
// answered with it and never written again (they may be stored already).
type outcomeUnknown struct{ error }

func (e outcomeUnknown) Unwrap() error { return e.error }

// mayHaveCommitted is err, met while PostgreSQL was committing: an
// outcomeUnknown unless PostgreSQL refused (a *pgconn.PgError: it then
// stored nothing) or the database is SQLite (in the process: its errors
// are sure).
func (w *Writer) mayHaveCommitted(err error) error {
	var pgErr *pgconn.PgError
	if !w.postgres || errors.As(err, &pgErr) {
		return err
	}
	return outcomeUnknown{err}
}

// outcomeNotKnown tells whether err is an outcomeUnknown.
func outcomeNotKnown(err error) bool {
	var unknown outcomeUnknown
	return errors.As(err, &unknown)
}

func (j *job) finish(rec *documents.Record, err error) {
	if err != nil {
		rec = nil
	}
	j.rec, j.err = rec, err
	close(j.done)
}

// write stores jobs in one transaction and commits it: the numbers of the
// batch taken in one statement per day and type, the claims job by job,
// the documents in one statement and their events in another (on
// PostgreSQL both in one), whatever the batch's size.
func (w *Writer) write(jobs []*job, self *job) (err error) {
	if err := w.prepare(); err != nil {
		return err
	}
	// before the transaction: SQLite's one connection is the transaction's
	// until it ends
	if n := len(jobs); w.postgres {
		w.prepareBatch(batchKey{documentsAndEvents, n}, func() string { return documentsAndEventsSQL(n) })
	} else if n > 1 {
		w.prepareBatch(batchKey{documentSQL, n}, func() string { return rowsOf(documentSQL, documentColumns, n) })
		w.prepareBatch(batchKey{eventSQL, n}, func() string { return rowsOf(eventSQL, eventColumns, n) })
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
	seqs, err := w.number(ctx, tx, jobs)
	if err != nil {
		return err
	}
	var stored []*job
	for _, j := range jobs {
		if j.err, err = w.build(ctx, tx, j, seqs[j.prefix()]); err != nil {
			return err
		}
		if j.err == nil {
			stored = append(stored, j)
		}
	}
	if err := w.giveBack(ctx, tx, seqs); err != nil {
		return err
	}
	if err := w.insert(ctx, tx, stored); err != nil {
		return err
	}
	tell(stored, self) // their answers are prepared while the commit waits on the disk
	if err := tx.Commit(); err != nil {
		return w.mayHaveCommitted(fmt.Errorf("commit documents: %w", err))
	}
	w.learn(seqs)
	w.committed(len(stored))
	return nil
}

// committed counts a commit of n creates.
func (w *Writer) committed(n int) {
	w.commits.Add(1)
	allCommits.Add(1)
	w.creates.Add(int64(n))
	allCreates.Add(int64(n))
}

// allCommits and allCreates count over every writer of the process.
var allCommits, allCreates atomic.Int64

// Totals is Stats over every writer of the process (for benchmarks).
func Totals() (commits, creates int64) { return allCommits.Load(), allCreates.Load() }

// Stats is the number of transactions committed and of creates they held.
func (w *Writer) Stats() (commits, creates int64) { return w.commits.Load(), w.creates.Load() }

// Expected is the number of statements that numbered creates as expected
// (PostgreSQL), and of those that found their sequence elsewhere and
// stored nothing.
func (w *Writer) Expected() (stored, missed int64) { return w.expected.Load(), w.missed.Load() }

// prefix is the start of the job's number: its type and day.
func (j *job) prefix() string { return j.docType + j.at.Format("20060102") }

// sequence is the numbers a batch took of one prefix: next is the next to
// hand out, last the last taken.
type sequence struct{ next, last int }

// number takes as many numbers of each prefix as the batch has creates of
// it, in one statement per prefix (the sequence row is this transaction's
// until it commits).
func (w *Writer) number(ctx context.Context, tx *sql.Tx, jobs []*job) (map[string]*sequence, error) {
	byPrefix, order := byPrefix(jobs)
	take := tx.StmtContext(ctx, w.numbers)
	seqs := make(map[string]*sequence, len(order))
	for _, p := range order {
		var last int
		want := len(byPrefix[p])
		if err := take.QueryRowContext(ctx, p, want, want).Scan(&last); err != nil {
			return nil, fmt.Errorf("allocate business id: %w", err)
		}
		seqs[p] = &sequence{next: last - want + 1, last: last}
	}
	return seqs, nil
}

// byPrefix are jobs by their prefix, and the prefixes in the order of
// their first job.
func byPrefix(jobs []*job) (map[string][]*job, []string) {
	out := map[string][]*job{}
	var order []string
	for _, j := range jobs {
		p := j.prefix()
		if out[p] == nil {
			order = append(order, p)
		}
		out[p] = append(out[p], j)
	}
	return out, order
}

// build makes the record of one create with the next number of its
// prefix, and takes what it claims. A record build refuses, or a claim
// refused, leaves the number to the next create (refused is the create's
// error); err is the transaction's.
func (w *Writer) build(ctx context.Context, tx *sql.Tx, j *job, seq *sequence) (refused, err error) {
	rec, ev, refused := j.build(fmt.Sprintf("%s%04d", j.prefix(), seq.next))
	if refused == nil && w.claimsSomething(rec) {
		if refused, err = w.claim(ctx, tx, rec); err != nil {
			return nil, err
		}
	}
	if refused != nil {
		return refused, nil
	}
	seq.next++
	j.rec, j.ev = rec, ev
	return nil, nil
}

// giveBack returns the numbers of refused creates (the last ones taken of
// each prefix: the numbers handed out stay without gaps).
func (w *Writer) giveBack(ctx context.Context, tx *sql.Tx, seqs map[string]*sequence) error {
	for p, seq := range seqs {
		if unused := seq.last - seq.next + 1; unused > 0 {
			if _, err := tx.StmtContext(ctx, w.unnumber).ExecContext(ctx, unused, p); err != nil {
				return fmt.Errorf("give back business id: %w", err)
			}
		}
	}
	return nil
}

// insert writes the records of jobs in one statement and their events in
// another, setting each event's id.
func (w *Writer) insert(ctx context.Context, tx *sql.Tx, jobs []*job) error {
	if len(jobs) == 0 {
		return nil
	}
	args := make([]any, 0, len(jobs)*documentColumns)
	var events []*documents.Event
	var eventArgs []any
	for _, j := range jobs {
		args = appendRecord(args, j.rec)
		if ev := j.ev; ev != nil {
			events = append(events, ev)
			eventArgs = appendEvent(eventArgs, ev)
		}
	}
	var rows *sql.Rows
	var err error
	switch {
	case w.postgres && len(events) == len(jobs):
		// one round trip: the documents' insert a part of the events'
		n := len(jobs)
		rows, err = w.batch(ctx, tx, batchKey{documentsAndEvents, n}, func() string { return documentsAndEventsSQL(n) }).
			QueryContext(ctx, append(args, eventArgs...)...)
	default:
		if _, err := w.stmt(ctx, tx, documentSQL, documentColumns, len(jobs), w.document).ExecContext(ctx, args...); err != nil {
			return fmt.Errorf("store documents: %w", err)
		}
		if len(events) == 0 {
			return nil
		}
		rows, err = w.stmt(ctx, tx, eventSQL, eventColumns, len(events), w.event).QueryContext(ctx, eventArgs...)
	}
	if err != nil {
		return fmt.Errorf("write documents and events: %w", err)
	}
	return setEventIDs(rows, events)
}

// appendRecord appends the values of rec's columns (DocumentColumns) to args.
func appendRecord(args []any, rec *documents.Record) []any {
	edition := rec.Edition
	if edition == "" {
		edition = "form" // the column's default, as gorm leaves it to the database
	}
	return append(args, rec.BusinessID, rec.DocType, rec.Status, edition, rec.BusinessType1, rec.BusinessType2,
		rec.Applicant, rec.CompanyCode, rec.CreateBy, rec.Amount, rec.Version, rec.SchemaVersion, rec.ProcessID,
		rec.Description, rec.Body, rec.CreatedAt, rec.UpdatedAt, rec.Department, rec.Vendor, rec.Customer,
		rec.SearchText, rec.IndexVersion)
}

// appendEvent appends the values of ev's columns (eventSQL) to args.
func appendEvent(args []any, ev *documents.Event) []any {
	var comment any
	if ev.Comment != "" {
		comment = ev.Comment
	}
	return append(args, ev.BusinessID, ev.At.UTC(), ev.Actor, ev.FromStatus, ev.ToStatus, ev.Action, comment, ev.TaskID)
}

// setEventIDs gives events the ids rows answers (closing rows).
func setEventIDs(rows *sql.Rows, events []*documents.Event) error {
	defer rows.Close()
	ids := make([]int64, 0, len(events))
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return fmt.Errorf("write events: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("write events: %w", err)
	}
	if len(ids) != len(events) {
		return fmt.Errorf("write events: %d ids for %d events", len(ids), len(events))
	}
	// one statement numbers its rows in their order (the ids rise): the
	// order of RETURNING's rows is not promised, that of the ids is
	slices.Sort(ids)
	for i, ev := range events {
		ev.ID = ids[i]
	}
	return nil
}

// stmt is the statement inserting n rows of q's columns in tx: the
// prepared one for a single row, else q with n rows of values.
func (w *Writer) stmt(ctx context.Context, tx *sql.Tx, q string, columns, n int, one *sql.Stmt) interface {
	ExecContext(context.Context, ...any) (sql.Result, error)
	QueryContext(context.Context, ...any) (*sql.Rows, error)
} {
	if n == 1 {
		return tx.StmtContext(ctx, one)
	}
	return w.batch(ctx, tx, batchKey{q, n}, func() string { return rowsOf(q, columns, n) })
}

// batch is the statement k in tx: prepared (prepareBatch), else the
// statement q writes, unprepared.
func (w *Writer) batch(ctx context.Context, tx *sql.Tx, k batchKey, q func() string) interface {
	ExecContext(context.Context, ...any) (sql.Result, error)
	QueryContext(context.Context, ...any) (*sql.Rows, error)
} {
	if prepared := w.prepared(k); prepared != nil {
		return tx.StmtContext(ctx, prepared)
	}
	return txQuery{tx: tx, q: w.rebind(q())}
}

// documentsAndEvents names the insert of n documents and their n events in
// one statement (PostgreSQL's data-modifying WITH), answering the events'
// ids: one round trip to the database less for each batch.
const documentsAndEvents = "documents and events"

func documentsAndEventsSQL(n int) string {
	return "WITH stored AS (" + rowsOf(documentSQL, documentColumns, n) + ") " + rowsOf(eventSQL, eventColumns, n)
}

// prepareBatch prepares the statement k that q writes once, for up to
// maxPreparedRows rows; one that fails to prepare is left to run
// unprepared (which reports the failure to its batch).
func (w *Writer) prepareBatch(k batchKey, q func() string) {
	if k.n > maxPreparedRows {
		return
	}
	w.prepMu.Lock()
	defer w.prepMu.Unlock()
	if _, ok := w.batches[k]; ok {
		return
	}
	stmt, err := w.db.Prepare(w.rebind(q()))
	if err != nil {
		return
	}
	if w.batches == nil {
		w.batches = map[batchKey]*sql.Stmt{}
	}
	w.batches[k] = stmt
}

// prepared is the statement k as prepareBatch prepared it, nil if not.
func (w *Writer) prepared(k batchKey) *sql.Stmt {
	w.prepMu.Lock()
	defer w.prepMu.Unlock()
	return w.batches[k]
}

// txQuery is an unprepared statement of tx.
type txQuery struct {
	tx *sql.Tx
	q  string
}

func (t txQuery) ExecContext(ctx context.Context, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.q, args...)
}

func (t txQuery) QueryContext(ctx context.Context, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, t.q, args...)
}

// rowsOf writes q (an insert of one row of values, "(?,...,?)") with n
// rows of values.
func rowsOf(q string, columns, n int) string {
	return rowsLike(q, columns, n, placeholders(columns))
}

// rowsLike writes q (an insert of one row of values of columns) with n
// rows of values written as row.
func rowsLike(q string, columns, n int, row string) string {
	one := placeholders(columns)
	i := strings.Index(q, one)
	return q[:i] + strings.TrimSuffix(strings.Repeat(row+",", n), ",") + q[i+len(one):]
}

// placeholders is a row of values of n placeholders: "(?,...,?)".
func placeholders(n int) string {
	return "(" + strings.TrimSuffix(strings.Repeat("?,", n), ",") + ")"
}

// DocumentColumns are the columns of a document's row in the order of
// documents.Record's fields: as they are written here and read by id.
const DocumentColumns = `business_id, doc_type, status, edition, business_type1, business_type2,
	applicant, company_code, create_by, amount, version, schema_version, process_id,
	description, body, created_at, updated_at, department, vendor, customer, search_text, index_version`

const (
	// numbersSQL takes the next n numbers of a prefix, answering the last
	numbersSQL = `INSERT INTO doc_sequences (prefix, last) VALUES (?, ?)
		ON CONFLICT (prefix) DO UPDATE SET last = doc_sequences.last + ? RETURNING last`
	documentSQL     = `INSERT INTO documents (` + DocumentColumns + `) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`
	documentColumns = 22
	unnumberSQL     = `UPDATE doc_sequences SET last = last - ? WHERE prefix = ?`
	eventSQL        = `INSERT INTO document_events (business_id, at, actor, from_status, to_status, action, comment, task_id)
		VALUES (?,?,?,?,?,?,?,?) RETURNING id`
	eventColumns = 8
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
	for i, q := range []string{numbersSQL, documentSQL, unnumberSQL, eventSQL} {
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
	w.numbers, w.document, w.unnumber, w.event = stmts[0], stmts[1], stmts[2], stmts[3]
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
