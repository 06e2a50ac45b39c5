package wire

import (
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/advancedb"
	"formwork/adapters/sqldb/documentindex"
	"formwork/adapters/sqldb/filedb"
	"formwork/adapters/sqldb/freshness"
	"formwork/adapters/sqldb/identitydb"
	"formwork/adapters/sqldb/invoicedb"
	"formwork/adapters/sqldb/paymentdb"
	"formwork/adapters/sqldb/pushlogdb"
	"formwork/adapters/sqldb/sqlitedriver"
	"formwork/adapters/sqldb/voucherdb"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// maxPostgresConns bounds the connections one server holds to PostgreSQL
// (whose default max_connections is 100, shared by every replica).
const maxPostgresConns = 20

// OpenDB opens the database (Open) and migrates its schema.
func OpenDB(dsn, dataDir string) (*gorm.DB, error) {
	db, err := Open(dsn, dataDir)
	if err != nil {
		return nil, err
	}
	if err := migrate(db); err != nil {
		return nil, err
	}
	return db, nil
}

// Open opens the database without migrating it (a copy of a migrated one):
// PostgreSQL when dsn is a PostgreSQL DSN (postgres://... or key=value with
// host=), else SQLite at dsn, or at dataDir/formwork.db when dsn is empty.
func Open(dsn, dataDir string) (*gorm.DB, error) {
	cfg := &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)}
	var (
		db  *gorm.DB
		err error
	)
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") || strings.Contains(dsn, "host=") {
		db, err = gorm.Open(postgres.Open(dsn), cfg)
		if err == nil {
			// a burst of requests queues for a connection instead of
			// opening more than PostgreSQL allows (and failing with 500s)
			sqlDB, _ := db.DB()
			sqlDB.SetMaxOpenConns(maxPostgresConns)
			// and keeps them: database/sql keeps 2 idle by default, so
			// under load every other request closed a connection and the
			// next opened a new one (a backend forked, its statements
			// parsed again): 45 ms per save instead of 3
			sqlDB.SetMaxIdleConns(maxPostgresConns)
		}
	} else {
		if dsn == "" {
			if err := os.MkdirAll(dataDir, 0o755); err != nil {
				return nil, fmt.Errorf("data directory: %w", err)
			}
			dsn = filepath.Join(dataDir, "formwork.db")
		}
		// temp_store(MEMORY): the statement journals of a transaction of
		// several writes (a group commit) stay in memory instead of a
		// temporary file written at every statement; they only undo a
		// failed statement, the WAL and its fsync keep what is committed
		// _time_format, _texttotime, _inttotime: times written and read
		// as the gorm dialector sets them for its own connection, given
		// here for the readers' too
		// vfs: a commit's WAL frames written in a few writes instead of
		// two a frame (sqlitedriver.VFS)
		const pragmas = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_pragma=temp_store(MEMORY)" +
			"&_time_format=sqlite&_texttotime=1&_inttotime=1&vfs=" + sqlitedriver.VFS
		db, err = gorm.Open(sqldb.SQLite(dsn+pragmas), cfg)
		if err == nil {
			// SQLite allows one writer; one connection keeps writes ordered
			// instead of failing with SQLITE_BUSY.
			sqlDB, _ := db.DB()
			sqlDB.SetMaxOpenConns(1)
			err = useSQLiteReaders(db, dsn+pragmas)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	// the stores keep a few frequent reads while this process writes
	// nothing they read (freshness)
	if err := freshness.Track(db); err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	return db, nil
}

// sqliteReaders is the number of read-only connections beside SQLite's
// one writer (sqldb.UseReaders): reads outside a transaction run on them
// in parallel instead of queueing behind the writer's commits.
const sqliteReaders = 4

// useSQLiteReaders opens the read-only connections of the SQLite database
// at dsn and makes db read through them.
func useSQLiteReaders(db *gorm.DB, dsn string) error {
	pool, err := sql.Open(sqldb.SQLiteDriver, dsn+"&_pragma=query_only(1)")
	if err != nil {
		return err
	}
	pool.SetMaxOpenConns(sqliteReaders)
	pool.SetMaxIdleConns(sqliteReaders)
	if err := sqldb.UseReaders(db, pool); err != nil {
		_ = pool.Close()
		return err
	}
	return nil
}

// Close closes the database's connections (its SQLite readers too).
func Close(db *gorm.DB) error { return sqldb.Close(db) }

// migrate creates or updates the tables of every store.
func migrate(db *gorm.DB) error {
	if err := db.AutoMigrate(sqldb.DocumentModels()...); err != nil {
		return fmt.Errorf("migrate documents: %w", err)
	}
	if err := documentindex.Migrate(db); err != nil {
		return fmt.Errorf("migrate documents: %w", err)
	}
	if err := sqldb.SearchIndex(db); err != nil {
		// the list search still works, reading every row
		slog.Warn("the document list's search has no index", "err", err)
	}
	if err := db.AutoMigrate(sqldb.ProcessModels()...); err != nil {
		return fmt.Errorf("migrate approvals: %w", err)
	}
	if err := db.AutoMigrate(identitydb.IdentityModels()...); err != nil {
		return fmt.Errorf("migrate identity: %w", err)
	}
	if err := db.AutoMigrate(sqldb.MasterDataModels()...); err != nil {
		return fmt.Errorf("migrate master data: %w", err)
	}
	if err := db.AutoMigrate(sqldb.BudgetModels()...); err != nil {
		return fmt.Errorf("migrate budgets: %w", err)
	}
	if err := db.AutoMigrate(invoicedb.Models()...); err != nil {
		return fmt.Errorf("migrate invoices: %w", err)
	}
	if err := advancedb.Migrate(db); err != nil {
		return fmt.Errorf("migrate advances: %w", err)
	}
	if err := db.AutoMigrate(append(pushlogdb.Models(), voucherdb.Models()...)...); err != nil {
		return fmt.Errorf("migrate vouchers and push log: %w", err)
	}
	if err := db.AutoMigrate(paymentdb.Models()...); err != nil {
		return fmt.Errorf("migrate payments: %w", err)
	}
	if err := db.AutoMigrate(filedb.Models()...); err != nil {
		return fmt.Errorf("migrate files: %w", err)
	}
	return nil
}
