package wire_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"formwork/tools/formwork/wire"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"
)

// TestReopeningChangesNoTable: a start migrates the database it finds; with
// the seeds' rows in its tables, the second start changes no table (the
// SQLite driver reports a text value's length, which the migration once took
// for a changed column size and rebuilt every table with rows).
func TestReopeningChangesNoTable(t *testing.T) {
	dir := t.TempDir()
	db, err := wire.OpenDB("", dir)
	if err != nil {
		t.Fatal(err)
	}
	app := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: db, PasswordCost: bcrypt.MinCost})
	if _, err := app.Seed(context.Background(), os.DirFS(filepath.Join("..", "..", "..", "seeds"))); err != nil {
		t.Fatal(err)
	}
	before := schemaVersion(t, db)
	var documents int64
	if err := db.Table("documents").Count(&documents).Error; err != nil || documents == 0 {
		t.Fatalf("seeded %d documents: %v", documents, err)
	}
	again := restart(t, db, dir)
	if after := schemaVersion(t, again); after != before {
		t.Errorf("the second start changed the schema (schema_version %d, then %d)", before, after)
	}
}

// restart closes db and opens the database of dir again, as a new start
// does (closed when the test ends).
func restart(t *testing.T, db *gorm.DB, dir string) *gorm.DB {
	t.Helper()
	if err := wire.Close(db); err != nil {
		t.Fatal(err)
	}
	again, err := wire.OpenDB("", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { wire.Close(again) })
	return again
}

func schemaVersion(t *testing.T, db *gorm.DB) int {
	t.Helper()
	var v int
	if err := db.Raw("PRAGMA schema_version").Scan(&v).Error; err != nil {
		t.Fatal(err)
	}
	return v
}

// A database an earlier version made keeps no retired index after a start:
// idx_documents_company_code (its column leads idx_documents_company_created)
// and the indexes of every row's vendor, customer and index version (where
// partial indexes of the rows that have one serve) are dropped, the partial
// indexes made, and the documents stay.
func TestStartDropsRetiredIndexes(t *testing.T) {
	dir := t.TempDir()
	db, err := wire.OpenDB("", dir)
	if err != nil {
		t.Fatal(err)
	}
	retired := []string{"idx_documents_company_code", "idx_documents_vendor", "idx_documents_customer", "idx_documents_index_version"}
	for _, name := range retired {
		column := strings.TrimPrefix(name, "idx_documents_")
		if err := db.Exec("CREATE INDEX " + name + " ON documents (" + column + ")").Error; err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Exec(`INSERT INTO documents (business_id, doc_type, status, amount, version, schema_version, body)
		VALUES ('EX0220261124000001', 'EX02', 'draft', 0, 1, 1, '{}')`).Error; err != nil {
		t.Fatal(err)
	}
	again := restart(t, db, dir)
	var indexes []string
	if err := again.Raw("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents'").Scan(&indexes).Error; err != nil {
		t.Fatal(err)
	}
	for _, name := range retired {
		if slices.Contains(indexes, name) {
			t.Errorf("%s is still there after the start: %v", name, indexes)
		}
	}
	for _, name := range []string{"idx_documents_company_created", "idx_documents_vendor_named", "idx_documents_customer_named", "idx_documents_unindexed_v1"} {
		if !slices.Contains(indexes, name) {
			t.Errorf("%s is missing after the start: %v", name, indexes)
		}
	}
	var n int64
	if err := again.Table("documents").Count(&n).Error; err != nil || n != 1 {
		t.Errorf("%d documents after the start: %v", n, err)
	}
}

// The start's backfill of the list columns (Reindex) finds the documents
// an older version filled through the partial index of those documents
// alone (no document this build stores is in it), fills their columns, and
// leaves the others as they are.
func TestReindexFillsTheDocumentsAnOlderVersionFilled(t *testing.T) {
	db, err := wire.OpenDB("", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { wire.Close(db) })
	app := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: db, PasswordCost: bcrypt.MinCost})
	if _, err := app.Seed(context.Background(), os.DirFS(filepath.Join("..", "..", "..", "seeds"))); err != nil {
		t.Fatal(err)
	}
	var older string
	if err := db.Raw("SELECT business_id FROM documents ORDER BY business_id LIMIT 1").Scan(&older).Error; err != nil || older == "" {
		t.Fatalf("no seeded document: %v", err)
	}
	if err := db.Exec("UPDATE documents SET index_version = 0, search_text = '' WHERE business_id = ?", older).Error; err != nil {
		t.Fatal(err)
	}
	var plan []struct{ Detail string }
	if err := db.Raw("EXPLAIN QUERY PLAN SELECT * FROM documents WHERE index_version < 1 AND business_id > '' ORDER BY business_id LIMIT 500").
		Scan(&plan).Error; err != nil || len(plan) == 0 || !strings.Contains(plan[0].Detail, "idx_documents_unindexed_v1") {
		t.Errorf("the read of the documents to index: plan %v (%v)", plan, err)
	}
	filled, skipped, err := app.Reindex(context.Background())
	if err != nil || filled != 1 || skipped != 0 {
		t.Fatalf("Reindex: %d filled, %d skipped, %v; want the one document", filled, skipped, err)
	}
	var row struct {
		IndexVersion int
		SearchText   string
	}
	if err := db.Raw("SELECT index_version, search_text FROM documents WHERE business_id = ?", older).Scan(&row).Error; err != nil {
		t.Fatal(err)
	}
	if row.IndexVersion != 1 || !strings.Contains(row.SearchText, strings.ToLower(older)) {
		t.Errorf("after Reindex: index_version %d, search text %q", row.IndexVersion, row.SearchText)
	}
	if filled, _, err := app.Reindex(context.Background()); err != nil || filled != 0 {
		t.Errorf("Reindex again: %d filled, %v; want none", filled, err)
	}
}
