package voucherdb

import (
	"context"
	"time"

	"formwork/taxes"

	"github.com/shopspring/decimal"

	"gorm.io/gorm"
)

// TaxPush is one push of a document to the tax system.
type TaxPush struct {
	ID          int64           `gorm:"primaryKey;autoIncrement"`
	BusinessID  string          `gorm:"size:40;not null;index"`
	DocType     string          `gorm:"size:20;not null"`
	CompanyCode string          `gorm:"size:20;not null;index"`
	OrderSign   string          `gorm:"size:2;not null"`
	Year        string          `gorm:"size:4"`
	Period      string          `gorm:"size:2"`
	Amount      decimal.Decimal `gorm:"type:numeric(17,2);not null"`
	Status      string          `gorm:"size:2;not null"`
	TaxNo       string          `gorm:"size:20"`
	Message     string          `gorm:"size:1000"`
	Attempt     int             `gorm:"not null"`
	By          string          `gorm:"column:pushed_by;size:64"`
	At          time.Time       `gorm:"not null;index"`
}

// TaxStore is the tax pushes on gorm.
type TaxStore struct{ db *gorm.DB }

// NewTaxStore builds the store on db.
func NewTaxStore(db *gorm.DB) *TaxStore { return &TaxStore{db: db} }

var _ taxes.Store = (*TaxStore)(nil)

// Add keeps a push (setting its ID).
func (s *TaxStore) Add(ctx context.Context, p *taxes.Push) error {
	r := TaxPush(*p)
	r.Message = clip(r.Message, 1000)
	if err := s.db.WithContext(ctx).Create(&r).Error; err != nil {
		return err
	}
	p.ID = r.ID
	return nil
}

// Attempts counts the pushes of a document.
func (s *TaxStore) Attempts(ctx context.Context, businessID string) (int, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&TaxPush{}).Where("business_id = ?", businessID).Count(&n).Error
	return int(n), err
}

// List answers the pushes of a document, newest first.
func (s *TaxStore) List(ctx context.Context, businessID string) ([]taxes.Push, error) {
	var rows []TaxPush
	if err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]taxes.Push, len(rows))
	for i, r := range rows {
		out[i] = taxes.Push(r)
	}
	return out, nil
}
