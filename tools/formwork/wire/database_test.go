package wire_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
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
// is dropped, and the documents stay.
func TestStartDropsRetiredIndexes(t *testing.T) {
	dir := t.TempDir()
	db, err := wire.OpenDB("", dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Exec("CREATE INDEX idx_documents_company_code ON documents (company_code)").Error; err != nil {
		t.Fatal(err)
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
	if slices.Contains(indexes, "idx_documents_company_code") || !slices.Contains(indexes, "idx_documents_company_created") {
		t.Errorf("indexes after the start: %v", indexes)
	}
	var n int64
	if err := again.Table("documents").Count(&n).Error; err != nil || n != 1 {
		t.Errorf("%d documents after the start: %v", n, err)
	}
}
