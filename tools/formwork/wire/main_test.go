package wire_test

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"formwork/engine"
	"formwork/tools/formwork/wire"

	"gorm.io/gorm"
)

// The seeding of a built formwork, on SQLite (the HTTP API tests of
// adapters/httpapi run every route on SQLite and PostgreSQL).

// openSQLite opens a fresh, migrated SQLite database in a temporary
// directory, closed when t ends.
func openSQLite(t *testing.T) *gorm.DB {
	t.Helper()
	db, err := wire.OpenDB("", t.TempDir())
	if err != nil {
		t.Fatalf("open SQLite: %v", err)
	}
	t.Cleanup(func() { _ = wire.Close(db) })
	return db
}

var catalogue = sync.OnceValues(func() (*engine.Catalogue, error) {
	return engine.Load(os.DirFS(filepath.Join("..", "..", "..")))
})

// repositoryCatalogue is schemas/ and rules/ of the repository, loaded once.
func repositoryCatalogue(t *testing.T) *engine.Catalogue {
	t.Helper()
	cat, err := catalogue()
	if err != nil {
		t.Fatalf("loading the repository catalogue: %v", err)
	}
	return cat
}
