package server

import (
	"time"

	"github.com/shopspring/decimal"
)

// DocumentRecord is a stored document as the server's handlers still read
// it (the same fields as documents.Record, so either converts to the
// other). transitional: remove after the split (documents.Record; the
// documents table's rows are sqldb's).
type DocumentRecord struct {
	BusinessID    string          `gorm:"primaryKey;size:40"`
	DocType       string          `gorm:"size:20;not null;index:idx_documents_type_status,priority:1"`
	Status        string          `gorm:"size:20;not null;index:idx_documents_type_status,priority:2"`
	Edition       string          `gorm:"size:20;not null;default:form"`
	BusinessType1 string          `gorm:"size:20"`
	BusinessType2 string          `gorm:"size:20"`
	Applicant     string          `gorm:"size:64;index:idx_documents_applicant_created,priority:1"`
	CompanyCode   string          `gorm:"size:20;index"`
	CreateBy      string          `gorm:"size:64;index:idx_documents_creator_created,priority:1"`
	Amount        decimal.Decimal `gorm:"type:numeric(18,2);not null"`
	Version       int             `gorm:"not null"`
	SchemaVersion int             `gorm:"not null"`
	ProcessID     string          `gorm:"size:60;not null;default:''"` // the latest approval; "" before the first submit
	Description   string          `gorm:"size:200;not null;default:''"`
	Body          string          `gorm:"type:text;not null"`
	CreatedAt     time.Time       `gorm:"index;index:idx_documents_applicant_created,priority:2;index:idx_documents_creator_created,priority:2"`
	UpdatedAt     time.Time
}

// TableName is the documents table.
func (DocumentRecord) TableName() string { return "documents" }
