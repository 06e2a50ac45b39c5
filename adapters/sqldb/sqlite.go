package sqldb

import (
	"formwork/adapters/sqldb/sqlitedriver"

	sqlite "github.com/libtnb/sqlite"
	"gorm.io/gorm"
)

// SQLite is the gorm dialector of the SQLite database at dsn: the pure-Go
// modernc.org/sqlite driver, its connections keeping the statements they
// ran (sqlitedriver).
//
// Its migrator reads a text column's length as unknown: the driver reports
// the length of the values in the table's first row (unbounded for text),
// which gorm took for a change of the declared size (size:40) and rebuilt
// every table with rows at every start. SQLite ignores declared text
// lengths anyway.
func SQLite(dsn string) gorm.Dialector {
	sqlitedriver.Register()
	return sqliteDialector{sqlite.New(sqlite.Config{DSN: dsn, DriverName: sqlitedriver.Name}).(*sqlite.Dialector)}
}

// SQLiteDriver is the database/sql driver name of SQLite (for the readers).
const SQLiteDriver = sqlite.DriverName

type sqliteDialector struct{ *sqlite.Dialector }

func (d sqliteDialector) Migrator(db *gorm.DB) gorm.Migrator {
	return sqliteMigrator{d.Dialector.Migrator(db)}
}

type sqliteMigrator struct{ gorm.Migrator }

func (m sqliteMigrator) ColumnTypes(value any) ([]gorm.ColumnType, error) {
	columns, err := m.Migrator.ColumnTypes(value)
	for i, c := range columns {
		columns[i] = lengthUnknown{c}
	}
	return columns, err
}

// lengthUnknown is a column whose length SQLite does not keep.
type lengthUnknown struct{ columnType }

// columnType names the embedded column apart from its ColumnType method.
type columnType = gorm.ColumnType

func (lengthUnknown) Length() (int64, bool) { return 0, false }
