package advancedb

import (
	"fmt"

	"gorm.io/gorm"
)

// Migrate creates or updates the advances' tables. A table of the earlier
// shape, one advance per document (the business id alone its key, no
// item), is first rebuilt with the line in its key, every row kept as the
// advance of its whole document (item ”): adding the column alone would
// leave the old key, and an advance's second line would find its place
// taken.
func Migrate(db *gorm.DB) error {
	m := db.Migrator()
	if m.HasTable(&Advance{}) && !m.HasColumn(&Advance{}, "Item") {
		if err := db.Transaction(rebuildWithItem); err != nil {
			return fmt.Errorf("rebuild advances with the line in the key: %w", err)
		}
	}
	return db.AutoMigrate(Models()...)
}

// advanceColumns are the columns of the earlier shape.
const advanceColumns = `business_id, doc_type, kind, applicant, company_code, currency, description,
	amount, paid_out, written_off, returned, repaid, held, created_at, updated_at`

func rebuildWithItem(tx *gorm.DB) error {
	steps := []string{`ALTER TABLE advances RENAME TO advances_v1`, `DROP INDEX IF EXISTS idx_advance_owner`}
	if tx.Dialector.Name() == "postgres" { // index names are the schema's: the old key's index gives way
		steps = append(steps, `ALTER INDEX IF EXISTS advances_pkey RENAME TO advances_v1_pkey`)
	}
	for _, step := range steps {
		if err := tx.Exec(step).Error; err != nil {
			return err
		}
	}
	if err := tx.Migrator().CreateTable(&Advance{}); err != nil {
		return err
	}
	if err := tx.Exec(`INSERT INTO advances (item, ` + advanceColumns + `) SELECT '', ` + advanceColumns + ` FROM advances_v1`).Error; err != nil {
		return err
	}
	return tx.Exec(`DROP TABLE advances_v1`).Error
}
