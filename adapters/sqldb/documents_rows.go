package sqldb

import (
	"time"

	"github.com/shopspring/decimal"
)

// documentRow is a stored document: indexed columns for lists and
// worklists, and the body as the document JSON the engine wrote.
//
// The worklists read the maker's and the reimburser's documents newest
// first: (create_by, created_at) and (applicant, created_at) serve them;
// to-do and completed lists go through process_tasks. The generic list
// (documents_query.go) reads a type's or a company's documents newest
// first: (doc_type, created_at) and (company_code, created_at).
type documentRow struct {
	BusinessID    string          `gorm:"primaryKey;size:40"`
	DocType       string          `gorm:"size:20;not null;index:idx_documents_type_status,priority:1;index:idx_documents_type_created,priority:1"`
	Status        string          `gorm:"size:20;not null;index:idx_documents_type_status,priority:2"`
	Edition       string          `gorm:"size:20;not null;default:form"`
	BusinessType1 string          `gorm:"size:20"`
	BusinessType2 string          `gorm:"size:20"`
	Applicant     string          `gorm:"size:64;index:idx_documents_applicant_created,priority:1"`
	CompanyCode   string          `gorm:"size:20;index:idx_documents_company_created,priority:1"`
	CreateBy      string          `gorm:"size:64;index:idx_documents_creator_created,priority:1"`
	Amount        decimal.Decimal `gorm:"type:numeric(18,2);not null"`
	Version       int             `gorm:"not null"`
	SchemaVersion int             `gorm:"not null"`
	ProcessID     string          `gorm:"size:60;not null;default:''"`
	Description   string          `gorm:"size:200;not null;default:''"`
	Body          string          `gorm:"type:text;not null"`
	CreatedAt     time.Time       `gorm:"index;index:idx_documents_applicant_created,priority:2;index:idx_documents_creator_created,priority:2;index:idx_documents_type_created,priority:2;index:idx_documents_company_created,priority:2"`
	UpdatedAt     time.Time
	// The list columns (documents.ListFields), filled on save; Reindex
	// fills those of rows an older version (index_version) filled.
	Department string `gorm:"size:40;not null;default:''"`
	// Vendor and customer are indexed only where a document names one
	// (most name neither): a read by them says so (textMatch), and an
	// insert of a document naming neither writes neither index.
	Vendor     string `gorm:"size:40;not null;default:'';index:idx_documents_vendor_named,where:vendor <> ''"`
	Customer   string `gorm:"size:40;not null;default:'';index:idx_documents_customer_named,where:customer <> ''"`
	SearchText string `gorm:"size:500;not null;default:''"`
	// IndexVersion is indexed only below the version this build fills
	// (documentindex): a new or saved document is never in that index.
	IndexVersion int `gorm:"not null;default:0"`
}

func (documentRow) TableName() string { return "documents" }

// docSequenceRow numbers documents per prefix (docType + date).
type docSequenceRow struct {
	Prefix string `gorm:"primaryKey;size:40"`
	Last   int    `gorm:"not null"`
}

func (docSequenceRow) TableName() string { return "doc_sequences" }

// eventRow is one transition of a document, written in the transaction of
// the state change.
type eventRow struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	BusinessID string    `gorm:"size:40;not null;index:idx_events_business,priority:1"`
	At         time.Time `gorm:"not null;index:idx_events_business,priority:2"`
	Actor      string    `gorm:"size:64;not null"`
	FromStatus string    `gorm:"size:20;not null"`
	ToStatus   string    `gorm:"size:20;not null"`
	Action     string    `gorm:"size:20;not null"`
	Comment    string    `gorm:"size:1000"`
	TaskID     *int64
}

func (eventRow) TableName() string { return "document_events" }

// DocumentModels are the row types of the documents area, for migration.
func DocumentModels() []any { return []any{&documentRow{}, &docSequenceRow{}, &eventRow{}} }
