package sqldb

import (
	"context"
	"fmt"
	"strings"

	"formwork/adapters/sqldb/documentindex"
	"formwork/documents"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

var (
	_ documents.ListStore  = (*DocumentStore)(nil)
	_ documents.IndexStore = (*DocumentStore)(nil)
)

// listOrder are the columns a list may be ordered by (documents.ListSortFields);
// nothing the client sends reaches the SQL but through this table.
var listOrder = map[string]string{
	"businessId": "d.business_id", "docType": "d.doc_type", "subType": "d.business_type1", "status": "d.status",
	"applicant": "d.applicant", "companyCode": "d.company_code", "department": "d.department", "vendor": "d.vendor",
	"customer": "d.customer", "amount": "d.amount", "description": "d.description", "createAt": "d.created_at",
	"updatedAt": "d.updated_at",
}

// listColumns are what a list reads of documents (no body).
const listColumns = "d.business_id, d.doc_type, d.status, d.edition, d.business_type1, d.business_type2, d.applicant, " +
	"d.company_code, d.create_by, d.amount, d.version, d.schema_version, d.process_id, d.description, d.created_at, " +
	"d.updated_at, d.department, d.vendor, d.customer, d.index_version"

// SearchIndex makes the list's text search an index read on PostgreSQL: a
// trigram index (pg_trgm) on the search text. Without the extension (it
// cannot be created by this database user) the search reads every row and
// SearchIndex says why; SQLite has none.
func SearchIndex(db *gorm.DB) error {
	if db.Dialector.Name() != "postgres" {
		return nil
	}
	for _, stmt := range []string{
		// in public, whatever the search path: a schema of its own would take
		// the extension with it when dropped
		"CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public",
		"CREATE INDEX IF NOT EXISTS idx_documents_search_trgm ON documents USING gin (search_text public.gin_trgm_ops)",
	} {
		if err := db.Exec(stmt).Error; err != nil {
			return fmt.Errorf("the list search index (%s): %w", stmt, err)
		}
	}
	return nil
}

// ListTotals counts the documents f admits and sums their amounts, in one
// pass.
func (s *DocumentStore) ListTotals(ctx context.Context, f documents.ListFilter) (int64, decimal.Decimal, error) {
	var out struct {
		N   int64
		Sum decimal.NullDecimal
	}
	// SQLite keeps numeric as a double: its sum is of whole cents, exact
	sum, cents := "SUM(d.amount)", false
	if s.db.Dialector.Name() == "sqlite" {
		sum, cents = "SUM(CAST(ROUND(d.amount * 100) AS INTEGER))", true
	}
	err := listScope(s.db.WithContext(ctx), f).Select("COUNT(*) AS n, " + sum + " AS sum").Scan(&out).Error
	if err != nil {
		return 0, decimal.Zero, fmt.Errorf("count documents: %w", err)
	}
	switch {
	case !out.Sum.Valid:
		return out.N, decimal.Zero, nil
	case cents:
		return out.N, out.Sum.Decimal.Shift(-2), nil
	}
	return out.N, out.Sum.Decimal, nil
}

// ListPage reads f's page.
func (s *DocumentStore) ListPage(ctx context.Context, f documents.ListFilter) ([]documents.Record, error) {
	var rows []documentRow
	err := listScope(s.db.WithContext(ctx), f).Select(listColumns).Order(listOrderBy(f)).Limit(f.Limit).Offset(f.Offset).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	out := make([]documents.Record, len(rows))
	for i, r := range rows {
		out[i] = documents.Record(r)
	}
	return out, nil
}

// ListEach streams the documents f admits, row by row.
func (s *DocumentStore) ListEach(ctx context.Context, f documents.ListFilter, fn func(*documents.Record) error) error {
	db := s.db.WithContext(ctx)
	rows, err := listScope(db, f).Select(listColumns).Order(listOrderBy(f)).Limit(f.Limit).Offset(f.Offset).Rows()
	if err != nil {
		return fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var row documentRow
		if err := db.ScanRows(rows, &row); err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		rec := documents.Record(row)
		if err := fn(&rec); err != nil {
			return err
		}
	}
	return rows.Err()
}

// listOrderBy is f's order, the business id breaking ties the same way.
func listOrderBy(f documents.ListFilter) string {
	dir := "ASC"
	if f.Desc {
		dir = "DESC"
	}
	col, ok := listOrder[f.Sort]
	if !ok {
		col = "d.created_at"
	}
	if col == "d.business_id" {
		return col + " " + dir
	}
	return fmt.Sprintf("%s %s, d.business_id %s", col, dir, dir)
}

// listScope is the documents f admits: its read scope and criteria.
func listScope(db *gorm.DB, f documents.ListFilter) *gorm.DB {
	tx := db.Table("documents AS d")
	if !f.Scope.All {
		tx = tx.Where(readScope(db, f.Scope))
	}
	if f.DocType != "" {
		tx = tx.Where("d.doc_type = ?", f.DocType)
	}
	if f.SubType != "" {
		tx = tx.Where("(d.business_type1 = ? OR d.business_type2 = ?)", f.SubType, f.SubType)
	}
	if len(f.States) > 0 {
		tx = tx.Where("d.status IN ?", f.States)
	}
	for _, c := range []struct{ col, v string }{{"d.company_code", f.CompanyCode}, {"d.department", f.Department}, {"d.applicant", f.Applicant}} {
		if c.v != "" {
			tx = tx.Where(c.col+" = ?", c.v)
		}
	}
	if !f.CreatedFrom.IsZero() {
		tx = tx.Where("d.created_at >= ?", f.CreatedFrom)
	}
	if !f.CreatedBefore.IsZero() {
		tx = tx.Where("d.created_at < ?", f.CreatedBefore)
	}
	if f.AmountFrom != nil {
		tx = tx.Where("d.amount >= ?", *f.AmountFrom)
	}
	if f.AmountTo != nil {
		tx = tx.Where("d.amount <= ?", *f.AmountTo)
	}
	if f.Text != "" {
		tx = tx.Where(textMatch(db, f))
	}
	return tx
}

// readScope is documents.ReadScope in SQL: the maker or reimburser is an
// owner, the company one of the scope's, an owner has it on their open
// to-do list, or Me decided on it (MayRead). Without companies, the
// documents are the union of those few sets (each read by an index), not a
// condition tried on every document.
func readScope(db *gorm.DB, s documents.ReadScope) *gorm.DB {
	owners := s.Owners
	if len(owners) == 0 {
		owners = []string{s.Me}
	}
	const (
		made    = "SELECT business_id FROM documents WHERE create_by IN ?"
		claimed = "SELECT business_id FROM documents WHERE applicant IN ?"
		todo    = "SELECT business_id FROM document_todos WHERE owner IN ? AND done_at IS NULL"
		decided = "SELECT business_id FROM document_dones WHERE owner = ?"
	)
	if len(s.Companies) == 0 {
		return db.Where("d.business_id IN ("+made+" UNION "+claimed+" UNION "+todo+" UNION "+decided+")", owners, owners, owners, s.Me)
	}
	return db.Where("d.create_by IN ?", owners).Or("d.applicant IN ?", owners).Or("d.company_code IN ?", s.Companies).
		Or("d.business_id IN ("+todo+")", owners).Or("d.business_id IN ("+decided+")", s.Me)
}

// maxNamedApplicants bounds the people a search text names.
const maxNamedApplicants = 200

// textMatch is the search text: contained in the search text (which holds
// the number), or naming an applicant (user name or name), vendor or
// customer whose name contains it. The applicants are looked up first, so
// that each part of the condition is read by an index.
func textMatch(db *gorm.DB, f documents.ListFilter) *gorm.DB {
	like := likeContains(f.Text)
	var applicants []string
	db.Table("users").Where(`LOWER(emp_name) LIKE ? ESCAPE '\' OR LOWER(username) LIKE ? ESCAPE '\'`, like, like).
		Order("username").Limit(maxNamedApplicants).Pluck("username", &applicants)
	cond := db.Where(`d.search_text LIKE ? ESCAPE '\'`, like)
	for _, c := range []struct {
		col   string
		codes []string
		named string // the condition of its partial index, if it has one
	}{{"d.applicant", applicants, ""}, {"d.vendor", f.Vendors, "d.vendor <> ''"}, {"d.customer", f.Customers, "d.customer <> ''"}} {
		if len(c.codes) == 0 {
			continue
		}
		q := c.col + " IN ?"
		if c.named != "" { // said, for the database to read the partial index
			q = "(" + q + " AND " + c.named + ")"
		}
		cond = cond.Or(q, c.codes)
	}
	return cond
}

// likeContains escapes a LIKE pattern's wildcards and matches anywhere.
func likeContains(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// Unindexed are up to limit records whose list columns an older version
// filled, by business id after after: read through their partial index
// (documentindex.Unindexed) when version is this build's.
func (s *DocumentStore) Unindexed(ctx context.Context, version int, after string, limit int) ([]*documents.Record, error) {
	var rows []documentRow
	err := s.db.WithContext(ctx).Where(documentindex.Unindexed+" AND index_version < ? AND business_id > ?", version, after).
		Order("business_id").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("read documents to index: %w", err)
	}
	out := make([]*documents.Record, len(rows))
	for i := range rows {
		rec := documents.Record(rows[i])
		out[i] = &rec
	}
	return out, nil
}

// SetListFields writes the list columns of one record.
func (s *DocumentStore) SetListFields(ctx context.Context, rec *documents.Record) error {
	err := s.db.WithContext(ctx).Model(&documentRow{}).Where("business_id = ?", rec.BusinessID).Updates(map[string]any{
		"department": rec.Department, "vendor": rec.Vendor, "customer": rec.Customer,
		"search_text": rec.SearchText, "index_version": rec.IndexVersion,
	}).Error
	if err != nil {
		return fmt.Errorf("index document %s: %w", rec.BusinessID, err)
	}
	return nil
}

// InsertMany stores finished records (numbered, with their list columns)
// in batches of 1,000, each batch one statement, without events: for bulk
// loads (imports, benchmarks), never for a document a person saves.
func (s *DocumentStore) InsertMany(ctx context.Context, recs []*documents.Record) error {
	rows := make([]documentRow, len(recs))
	for i, rec := range recs {
		rows[i] = documentRow(*rec)
	}
	if err := s.db.WithContext(ctx).CreateInBatches(rows, 1000).Error; err != nil {
		return fmt.Errorf("store documents: %w", err)
	}
	return nil
}
