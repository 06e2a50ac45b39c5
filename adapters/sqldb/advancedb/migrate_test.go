package advancedb_test

import (
	"testing"
	"time"

	"formwork/adapters/sqldb/advancedb"
	"formwork/adapters/sqldb/sqldbtest"

	"gorm.io/gorm"
)

// advanceV1 is the advances' row before advances were kept per line.
type advanceV1 struct {
	BusinessID  string `gorm:"primaryKey;size:40"`
	DocType     string `gorm:"size:20;not null"`
	Kind        string `gorm:"size:20;not null;index:idx_advance_owner,priority:2"`
	Applicant   string `gorm:"size:64;not null;index:idx_advance_owner,priority:1"`
	CompanyCode string `gorm:"size:20;not null"`
	Currency    string `gorm:"size:10"`
	Description string `gorm:"size:800"`
	Amount      int64  `gorm:"not null"`
	PaidOut     int64  `gorm:"not null"`
	WrittenOff  int64  `gorm:"not null;default:0"`
	Returned    int64  `gorm:"not null;default:0"`
	Repaid      int64  `gorm:"not null;default:0"`
	Held        int64  `gorm:"not null;default:0;check:chk_advance_within,written_off + returned + repaid + held <= paid_out AND held >= 0"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (advanceV1) TableName() string { return "advances" }

// A database of the earlier shape keeps every advance, and takes an
// advance's second line afterwards.
func TestMigrateKeepsAdvancesOfTheEarlierShape(t *testing.T) {
	sqldbtest.ForEachDB(t, []any{&advanceV1{}}, func(t *testing.T, db *gorm.DB) {
		old := advanceV1{BusinessID: "EX0420260101", DocType: "EX04", Kind: "loan", Applicant: "employee01", CompanyCode: "1000",
			Amount: 100000, PaidOut: 100000, WrittenOff: 30000}
		if err := db.Create(&old).Error; err != nil {
			t.Fatal(err)
		}
		for range 2 { // a second start changes nothing
			if err := advancedb.Migrate(db); err != nil {
				t.Fatal(err)
			}
		}
		var rows []advancedb.Advance
		if err := db.Order("business_id, item").Find(&rows).Error; err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || rows[0].BusinessID != old.BusinessID || rows[0].Item != "" || rows[0].WrittenOff != 30000 || rows[0].Applicant != "employee01" {
			t.Fatalf("after the migration: %+v, want the loan as it was", rows)
		}
		for _, item := range []string{"1", "2"} {
			line := advancedb.Advance{BusinessID: "AA20260101", Item: item, DocType: "AA", Kind: "prepayment", Applicant: "employee01", CompanyCode: "1000", Amount: 500, PaidOut: 500}
			if err := db.Create(&line).Error; err != nil {
				t.Fatalf("line %s of a prepayment: %v", item, err)
			}
		}
	})
}
