package sqldb_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/documents"
	"formwork/engine"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

// TestGetReadsEveryColumn: Get (scanned by hand) gives back every column a
// create stored, reads the columns that may be NULL as "", and refuses an
// unknown number as not found.
func TestGetReadsEveryColumn(t *testing.T) {
	sqldbtest.ForEachDB(t, sqldb.DocumentModels(), func(t *testing.T, db *gorm.DB) {
		store := sqldb.NewDocumentStore(db)
		ctx := context.Background()
		at := time.Date(2026, 11, 24, 10, 30, 15, 123456000, time.UTC)
		want := documents.Record{DocType: "EX02", Status: "approving", Edition: "mobile", BusinessType1: "A01", BusinessType2: "A0101",
			Applicant: "employee02", CompanyCode: "1000", CreateBy: "employee01", Amount: decimal.RequireFromString("1234.56"),
			Version: 3, SchemaVersion: 2, ProcessID: "P-7", Description: "差旅 ค่าเดินทาง", Body: `{"head":{"n":1}}`,
			CreatedAt: at, UpdatedAt: at.Add(time.Hour), Department: "SAL02", Vendor: "V001", Customer: "C001",
			SearchText: "trip bangkok", IndexVersion: 4}
		stored, err := store.Create(ctx, "EX02", at, func(id string) (*documents.Record, *documents.Event, error) {
			rec := want
			rec.BusinessID = id
			return &rec, nil, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		want.BusinessID = stored.BusinessID
		got, err := store.Get(ctx, stored.BusinessID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.CreatedAt.Equal(want.CreatedAt) || !got.UpdatedAt.Equal(want.UpdatedAt) || !got.Amount.Equal(want.Amount) {
			t.Errorf("times or amount: got %v %v %v, want %v %v %v", got.CreatedAt, got.UpdatedAt, got.Amount, want.CreatedAt, want.UpdatedAt, want.Amount)
		}
		got.CreatedAt, got.UpdatedAt, got.Amount = want.CreatedAt, want.UpdatedAt, want.Amount
		if *got != want {
			t.Errorf("Get:\n%+v\nwant\n%+v", *got, want)
		}

		if err := db.Exec(`INSERT INTO documents (business_id, doc_type, status, amount, version, schema_version, body)
			VALUES ('OLD1', 'EX01', 'draft', 0, 1, 1, '{}')`).Error; err != nil {
			t.Fatal(err)
		}
		old, err := store.Get(ctx, "OLD1")
		if err != nil || old.Applicant != "" || old.CompanyCode != "" || old.Edition != "form" || !old.CreatedAt.IsZero() {
			t.Errorf("a row with NULLs: %+v %v", old, err)
		}

		_, err = store.Get(ctx, "NONE")
		var e *engine.Error
		if !errors.As(err, &e) || e.Code != engine.ENOTFOUND {
			t.Errorf("an unknown number: %v, want %s", err, engine.ENOTFOUND)
		}
	})
}
