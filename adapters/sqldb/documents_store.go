package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"formwork/adapters/sqldb/groupcommit"
	"formwork/adapters/sqldb/invoicedb"
	"formwork/documents"
	"formwork/engine"

	"gorm.io/gorm"
)

// DocumentStore keeps documents (documents.Store). New documents are
// written in group commits (groupcommit).
type DocumentStore struct {
	db     *gorm.DB
	writer *groupcommit.Writer

	byIDMu sync.Mutex
	byID   *sql.Stmt // documentByID on the pool reads go to, prepared on first use
}

// NewDocumentStore is the document store on db (migrated).
func NewDocumentStore(db *gorm.DB) *DocumentStore {
	s := &DocumentStore{db: db}
	if sqlDB, err := db.DB(); err == nil {
		s.writer = groupcommit.New(sqlDB, db.Dialector.Name() == "postgres")
		s.writer.SetClaim(claimsInvoices, s.claimInvoices)
	}
	return s
}

// claimsInvoices tells whether a new document names invoices
// (invoicedb.NamesInvoices; a new document holds no claims yet: without
// them there is nothing to take or let go).
func claimsInvoices(rec *documents.Record) bool { return invoicedb.NamesInvoices(rec.Body) }

// claimInvoices takes a new document's invoice claims in the group commit's
// transaction tx (invoicedb.ClaimNew): an invoice another document holds
// refuses this create alone, and what it took is let go.
func (s *DocumentStore) claimInvoices(ctx context.Context, tx *sql.Tx, rec *documents.Record) (refused, err error) {
	g := s.db.Session(&gorm.Session{NewDB: true, Context: ctx, SkipDefaultTransaction: true})
	g.Statement.ConnPool = tx
	err = invoicedb.ClaimNew(g, rec.BusinessID, rec.Status, rec.Body)
	var refusal *engine.Error
	if !errors.As(err, &refusal) {
		return nil, err
	}
	if err := g.Where("business_id = ?", rec.BusinessID).Delete(&invoicedb.InvoiceClaim{}).Error; err != nil {
		return nil, fmt.Errorf("let go of invoice claims: %w", err)
	}
	return refusal, nil
}

// GroupCommits is the number of group commits of new documents and of the
// documents they stored.
func (s *DocumentStore) GroupCommits() (commits, creates int64) {
	if s.writer == nil {
		return 0, 0
	}
	return s.writer.Stats()
}

// NumberedAsExpected is the number of group commits of new documents that
// numbered them where their sequence was expected to end, in one statement,
// and of those that found it elsewhere (groupcommit.Writer.Expected).
func (s *DocumentStore) NumberedAsExpected() (stored, missed int64) {
	if s.writer == nil {
		return 0, 0
	}
	return s.writer.Expected()
}

// Ahead announces a create being checked to the group commit
// (documents.CreatesAhead).
func (s *DocumentStore) Ahead(ctx context.Context) (context.Context, func()) {
	if s.writer == nil {
		return ctx, func() {}
	}
	return s.writer.Ahead(ctx)
}

// Create numbers and stores a new document in the next group commit
// (documents.Store).
func (s *DocumentStore) Create(ctx context.Context, docType string, at time.Time, build func(string) (*documents.Record, *documents.Event, error)) (*documents.Record, error) {
	if s.writer == nil {
		return nil, errors.New("the document store has no database connection")
	}
	return s.writer.Create(ctx, docType, at, build)
}

var _ documents.Store = (*DocumentStore)(nil)

// Number allocates the next number for docType on the day of at (EX02 +
// yyyyMMdd + a 4-digit sequence, more digits past 9999) in a transaction
// left open for the document's record: the sequence row stays locked until
// Insert commits or Abandon rolls back.
func (s *DocumentStore) Number(ctx context.Context, docType string, at time.Time) (documents.Numbered, error) {
	tx := s.db.WithContext(ctx).Begin()
	if tx.Error != nil {
		return nil, fmt.Errorf("begin: %w", tx.Error)
	}
	prefix := docType + at.Format("20060102")
	var last int
	err := tx.Raw(`INSERT INTO doc_sequences (prefix, last) VALUES (?, 1)
		ON CONFLICT (prefix) DO UPDATE SET last = doc_sequences.last + 1 RETURNING last`, prefix).Scan(&last).Error
	if err != nil {
		tx.Rollback()
		return nil, fmt.Errorf("allocate business id: %w", err)
	}
	return &numbered{tx: tx, id: fmt.Sprintf("%s%04d", prefix, last)}, nil
}

// numbered is documents.Numbered on an open gorm transaction.
type numbered struct {
	tx   *gorm.DB
	id   string
	done bool
}

func (n *numbered) BusinessID() string { return n.id }

// Insert stores the record and its event and commits.
func (n *numbered) Insert(rec *documents.Record, ev *documents.Event) error {
	n.done = true
	row := documentRow(*rec)
	if err := n.tx.Create(&row).Error; err != nil {
		n.tx.Rollback()
		return fmt.Errorf("store document: %w", err)
	}
	if err := invoicedb.ClaimNew(n.tx, rec.BusinessID, rec.Status, rec.Body); err != nil {
		n.tx.Rollback()
		return err
	}
	if err := (&documentTx{n.tx}).AddEvent(ev); err != nil {
		n.tx.Rollback()
		return err
	}
	if err := n.tx.Commit().Error; err != nil {
		return fmt.Errorf("commit document: %w", err)
	}
	return nil
}

// Abandon rolls back a number no record was inserted with.
func (n *numbered) Abandon() {
	if !n.done {
		n.done = true
		n.tx.Rollback()
	}
}

// Update writes rec over the stored document at expectVersion, with ev.
func (s *DocumentStore) Update(ctx context.Context, rec *documents.Record, expectVersion int, ev *documents.Event) (bool, error) {
	var written bool
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		dtx := &documentTx{tx}
		var err error
		if written, err = dtx.UpdateDocument(rec, expectVersion, ""); err != nil || !written || ev == nil {
			return err
		}
		return dtx.AddEvent(ev)
	})
	return written, err
}

// Get loads one record; ENOTFOUND when there is none.
func (s *DocumentStore) Get(ctx context.Context, businessID string) (*documents.Record, error) {
	// read through database/sql, prepared once, and scanned by hand: gorm's
	// reflective scan of the 22 columns was a third of reading the row, and
	// its statement machinery (Raw, Rows, callbacks) about 6% of a load's
	// CPU under wrk (pprof)
	stmt, err := s.byIDStatement()
	if err != nil {
		return nil, fmt.Errorf("load document: %w", err)
	}
	var rec documents.Record
	var type1, type2, applicant, company, creator sql.NullString
	var created, updated sql.NullTime
	err = stmt.QueryRowContext(ctx, businessID).Scan(&rec.BusinessID, &rec.DocType, &rec.Status, &rec.Edition, &type1, &type2,
		&applicant, &company, &creator, &rec.Amount, &rec.Version, &rec.SchemaVersion, &rec.ProcessID,
		&rec.Description, &rec.Body, &created, &updated, &rec.Department, &rec.Vendor, &rec.Customer,
		&rec.SearchText, &rec.IndexVersion)
	if errors.Is(err, sql.ErrNoRows) {
		id := engine.Clip(businessID, 40)
		return nil, engine.Refuse(engine.ENOTFOUND, "businessId", engine.Text{
			"zh": "单据" + id + "不存在", "en": "no document " + id, "th": "ไม่พบเอกสาร " + id})
	}
	if err != nil {
		return nil, fmt.Errorf("load document: %w", err)
	}
	rec.BusinessType1, rec.BusinessType2, rec.Applicant = type1.String, type2.String, applicant.String
	rec.CompanyCode, rec.CreateBy = company.String, creator.String
	rec.CreatedAt, rec.UpdatedAt = created.Time, updated.Time
	return &rec, nil
}

// byIDStatement is the statement reading a document by id, prepared on the
// pool reads outside a transaction go to (ReadPool); a failed prepare is
// tried again at the next read.
func (s *DocumentStore) byIDStatement() (*sql.Stmt, error) {
	s.byIDMu.Lock()
	defer s.byIDMu.Unlock()
	if s.byID != nil {
		return s.byID, nil
	}
	pool, err := ReadPool(s.db)
	if err == nil {
		s.byID, err = pool.Prepare(documentByID)
	}
	return s.byID, err
}

// documentByID reads a document's row in the order of documents.Record
// (the columns the group commit writes). The columns are read as they are, none through an
// expression such as COALESCE: SQLite's driver tries to read a text
// without a declared type as a time, layout after layout (half the reading
// of a row). $1 is the first parameter in SQLite as in PostgreSQL.
const documentByID = `SELECT ` + groupcommit.DocumentColumns + ` FROM documents WHERE business_id = $1`

// Count is the number of stored documents.
func (s *DocumentStore) Count(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&documentRow{}).Count(&n).Error
	return n, err
}

// OnTodoList reports whether the document waits for owner or for someone
// owner is an active delegate of today.
func (s *DocumentStore) OnTodoList(ctx context.Context, owner, businessID, today string) (bool, error) {
	var n int64
	db := s.db.WithContext(ctx)
	delegators := db.Table("delegations").Select("author_by").
		Where("author_to = ? AND author_status = ? AND active_from <= ? AND active_to >= ?", owner, "1", today, today)
	err := db.Table("document_todos").Where("business_id = ? AND done_at IS NULL AND (owner = ? OR owner IN (?))", businessID, owner, delegators).Count(&n).Error
	if err != nil {
		return false, fmt.Errorf("look up to-do list: %w", err)
	}
	return n > 0, nil
}

// HasDecided reports whether user is on the document's completed list.
func (s *DocumentStore) HasDecided(ctx context.Context, user, businessID string) (bool, error) {
	var n int64
	if err := s.db.WithContext(ctx).Table("document_dones").Where("business_id = ? AND owner = ?", businessID, user).Count(&n).Error; err != nil {
		return false, fmt.Errorf("look up completed list: %w", err)
	}
	return n > 0, nil
}

// documentTx is documents.Tx on a gorm transaction.
type documentTx struct{ tx *gorm.DB }

// DocumentTx is documents.Tx on a gorm transaction, for the units of work
// of other areas.
func DocumentTx(tx *gorm.DB) documents.Tx { return &documentTx{tx} }

// updateDocumentSQL writes a document's columns over its stored row, if
// that is still at the version it was read at.
const updateDocumentSQL = `UPDATE documents SET status = ?, business_type1 = ?, business_type2 = ?, applicant = ?,
	company_code = ?, amount = ?, version = ?, schema_version = ?, process_id = ?, description = ?, body = ?,
	updated_at = ?, department = ?, vendor = ?, customer = ?, search_text = ?, index_version = ?
	WHERE business_id = ? AND version = ?`

// UpdateDocument writes rec if the stored one is still at expectVersion
// (and expectStatus unless "").
func (d *documentTx) UpdateDocument(rec *documents.Record, expectVersion int, expectStatus string) (bool, error) {
	// written out: gorm's building of it from a map of the columns took
	// about as long as SQLite's running it, on the one writer connection
	q, args := updateDocumentSQL, make([]any, 0, 20)
	args = append(args, rec.Status, rec.BusinessType1, rec.BusinessType2, rec.Applicant, rec.CompanyCode, rec.Amount,
		rec.Version, rec.SchemaVersion, rec.ProcessID, rec.Description, rec.Body, time.Now(),
		rec.Department, rec.Vendor, rec.Customer, rec.SearchText, rec.IndexVersion, rec.BusinessID, expectVersion)
	if expectStatus != "" {
		q += " AND status = ?"
		args = append(args, expectStatus)
	}
	res := d.tx.Exec(q, args...)
	if res.Error != nil {
		return false, fmt.Errorf("update document: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return false, nil
	}
	// the invoices the document claims, taken or let go with it
	return true, invoicedb.TakeClaims(d.tx, rec.BusinessID, rec.Status, rec.Body)
}

// AddEvent writes a document event.
func (d *documentTx) AddEvent(ev *documents.Event) error {
	row := eventRow(*ev)
	row.At = row.At.UTC() // as every time the logs compare (logbook_store.go)
	if err := d.tx.Create(&row).Error; err != nil {
		return fmt.Errorf("write event: %w", err)
	}
	ev.ID = row.ID
	return nil
}
