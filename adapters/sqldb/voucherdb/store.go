// Package voucherdb is the SQL store of the vouchers (vouchers.Store): one
// row per document whose voucher finance saved, posted or reversed, the
// lines as JSON.
package voucherdb

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"formwork/engine"
	"formwork/vouchers"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Voucher is a voucher's row.
type Voucher struct {
	BusinessID    string          `gorm:"primaryKey;size:40"`
	DocType       string          `gorm:"size:20;not null"`
	CompanyCode   string          `gorm:"size:20;not null;index"`
	Currency      string          `gorm:"size:10"`
	ExchangeRate  string          `gorm:"size:20"`
	Lines         string          `gorm:"type:text;not null"`
	Amount        decimal.Decimal `gorm:"type:numeric(17,2);not null"` // the debit total, for the reports
	SapStatus     string          `gorm:"size:2;index"`
	SapBelnr      string          `gorm:"size:20"`
	SapMsg        string          `gorm:"size:1000"`
	FiscalYear    string          `gorm:"size:4"`
	Attempts      int             `gorm:"not null"`
	PostedBy      string          `gorm:"size:64"`
	PostedAt      *time.Time
	ReversalBelnr string `gorm:"size:20"`
	ReversedBy    string `gorm:"size:64"`
	ReversedAt    *time.Time
	UpdatedAt     time.Time
}

// Models are the vouchers' tables.
func Models() []any { return []any{&Voucher{}, &TaxPush{}} }

// Store is the vouchers on gorm.
type Store struct{ db *gorm.DB }

// NewStore builds the store on db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

var _ vouchers.Store = (*Store)(nil)

// Get answers the kept voucher of a document, nil when none.
func (s *Store) Get(ctx context.Context, businessID string) (*vouchers.Voucher, error) {
	var r Voucher
	err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	v := &vouchers.Voucher{BusinessID: r.BusinessID, DocType: r.DocType, CompanyCode: r.CompanyCode, Currency: r.Currency,
		SapStatus: r.SapStatus, SapBelnr: r.SapBelnr, SapMsg: r.SapMsg, FiscalYear: r.FiscalYear, Attempts: r.Attempts, PostedBy: r.PostedBy,
		ReversalBelnr: r.ReversalBelnr, ReversedBy: r.ReversedBy, UpdatedAt: r.UpdatedAt}
	v.ExchangeRate, _ = decimal.NewFromString(r.ExchangeRate)
	if r.PostedAt != nil {
		v.PostedAt = *r.PostedAt
	}
	if r.ReversedAt != nil {
		v.ReversedAt = *r.ReversedAt
	}
	if err := json.Unmarshal([]byte(r.Lines), &v.Lines); err != nil {
		return nil, err
	}
	return v, nil
}

// Put keeps v.
func (s *Store) Put(ctx context.Context, v *vouchers.Voucher) error {
	return put(s.db.WithContext(ctx), v)
}

// PutAll keeps every voucher of list in one transaction.
func (s *Store) PutAll(ctx context.Context, list []*vouchers.Voucher) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, v := range list {
			if err := put(tx, v); err != nil {
				return err
			}
		}
		return nil
	})
}

func put(db *gorm.DB, v *vouchers.Voucher) error {
	lines, err := json.Marshal(v.Lines)
	if err != nil {
		return err
	}
	debit, _, _, _ := (&engine.Voucher{Lines: v.Lines}).Totals()
	r := Voucher{BusinessID: v.BusinessID, DocType: v.DocType, CompanyCode: v.CompanyCode, Currency: v.Currency,
		ExchangeRate: v.ExchangeRate.String(), Lines: string(lines), Amount: debit, SapStatus: v.SapStatus, SapBelnr: v.SapBelnr,
		SapMsg: clip(v.SapMsg, 1000), FiscalYear: v.FiscalYear, Attempts: v.Attempts, PostedBy: v.PostedBy, ReversalBelnr: v.ReversalBelnr,
		ReversedBy: v.ReversedBy, UpdatedAt: v.UpdatedAt, PostedAt: when(v.PostedAt), ReversedAt: when(v.ReversedAt)}
	return db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&r).Error
}

func when(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
