package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"formwork/engine"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

// DocumentRecord is a stored document: indexed columns for lists and
// worklists, and the body as the document JSON the engine wrote.
//
// The worklists (worklist_query.go) read the maker's and the reimburser's
// documents newest first: (create_by, created_at) and (applicant,
// created_at) serve them; to-do and completed lists go through
// process_tasks.
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

// docSequence numbers documents per prefix (docType + date).
type docSequence struct {
	Prefix string `gorm:"primaryKey;size:40"`
	Last   int    `gorm:"not null"`
}

func (docSequence) TableName() string { return "doc_sequences" }

// DocumentStore keeps documents in the database.
type DocumentStore struct {
	db *gorm.DB
}

// NewDocumentStore returns a store on db (already migrated).
func NewDocumentStore(db *gorm.DB) *DocumentStore { return &DocumentStore{db: db} }

// nextBusinessID allocates the next number for docType on day: EX02 +
// yyyyMMdd + a 4-digit sequence (more digits past 9999).
func nextBusinessID(tx *gorm.DB, docType string, day time.Time) (string, error) {
	prefix := docType + day.Format("20060102")
	var last int
	err := tx.Raw(`INSERT INTO doc_sequences (prefix, last) VALUES (?, 1)
		ON CONFLICT (prefix) DO UPDATE SET last = doc_sequences.last + 1 RETURNING last`, prefix).Scan(&last).Error
	if err != nil {
		return "", fmt.Errorf("allocate business id: %w", err)
	}
	return fmt.Sprintf("%s%04d", prefix, last), nil
}

// Create stores a new document, numbering it; it sets head.businessId and
// returns the record.
func (s *DocumentStore) Create(ctx context.Context, doc *engine.Document, fill func(businessID string) error) (*DocumentRecord, error) {
	var rec *DocumentRecord
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		now := time.Now()
		id, err := nextBusinessID(tx, doc.Type.Code, now)
		if err != nil {
			return err
		}
		if err := fill(id); err != nil {
			return err
		}
		rec, err = recordOf(doc)
		if err != nil {
			return err
		}
		if err := tx.Create(rec).Error; err != nil {
			return err
		}
		return tx.Create(&DocumentEvent{BusinessID: id, At: now, Actor: rec.CreateBy, ToStatus: rec.Status, Action: "create"}).Error
	})
	return rec, err
}

// Update replaces the stored document if its version is still expectVersion,
// and bumps the version. A stale version is ECONFLICT, a missing document
// ENOTFOUND; nothing is written then.
func (s *DocumentStore) Update(ctx context.Context, doc *engine.Document, expectVersion int) (*DocumentRecord, error) {
	return s.update(ctx, doc, expectVersion, nil)
}

// update is Update that also writes event (when not nil) in the same
// transaction.
func (s *DocumentStore) update(ctx context.Context, doc *engine.Document, expectVersion int, event *DocumentEvent) (*DocumentRecord, error) {
	rec, err := recordOf(doc)
	if err != nil {
		return nil, err
	}
	var n int64
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if n, err = updateRecord(tx, rec, expectVersion, ""); err != nil || n == 0 || event == nil {
			return err
		}
		return tx.Create(event).Error
	})
	if err != nil {
		return nil, err
	}
	if n == 0 {
		if _, err := s.Get(ctx, rec.BusinessID); err != nil {
			return nil, err
		}
		return nil, engine.Errorf(engine.ECONFLICT, "head.version", "document %s was changed by someone else (version %d is not the latest); reload it", rec.BusinessID, expectVersion)
	}
	return rec, nil
}

// updateRecord writes rec over the stored document if its version is still
// expectVersion (and its status expectStatus, unless that is ""); it
// returns how many rows it changed: 0 when someone was quicker.
func updateRecord(tx *gorm.DB, rec *DocumentRecord, expectVersion int, expectStatus string) (int64, error) {
	q := tx.Model(&DocumentRecord{}).Where("business_id = ? AND version = ?", rec.BusinessID, expectVersion)
	if expectStatus != "" {
		q = q.Where("status = ?", expectStatus)
	}
	res := q.Updates(map[string]any{
		"status": rec.Status, "business_type1": rec.BusinessType1, "business_type2": rec.BusinessType2,
		"applicant": rec.Applicant, "company_code": rec.CompanyCode, "amount": rec.Amount,
		"version": rec.Version, "schema_version": rec.SchemaVersion, "process_id": rec.ProcessID,
		"description": rec.Description, "body": rec.Body, "updated_at": time.Now(),
	})
	if res.Error != nil {
		return 0, fmt.Errorf("update document: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// Get loads one document record; ENOTFOUND when there is none.
func (s *DocumentStore) Get(ctx context.Context, businessID string) (*DocumentRecord, error) {
	var rec DocumentRecord
	err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Take(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, engine.Errorf(engine.ENOTFOUND, "businessId", "no document %s", businessID)
	}
	if err != nil {
		return nil, fmt.Errorf("load document: %w", err)
	}
	return &rec, nil
}

// Count returns the number of stored documents.
func (s *DocumentStore) Count(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&DocumentRecord{}).Count(&n).Error
	return n, err
}

func recordOf(doc *engine.Document) (*DocumentRecord, error) {
	body, err := doc.MarshalJSON()
	if err != nil {
		return nil, err
	}
	h := doc.Head()
	amount, _ := h["amount"].(decimal.Decimal)
	version, _ := h["version"].(int)
	schemaVersion, _ := h["schemaVersion"].(int)
	return &DocumentRecord{
		BusinessID: h.String("businessId"), DocType: doc.Type.Code, Edition: doc.Type.Edition, Status: h.String("status"),
		BusinessType1: h.String("businessType1"), BusinessType2: h.String("businessType2"),
		Applicant: h.String("applicant"), CompanyCode: h.String("companyCode"), CreateBy: h.String("createBy"),
		Amount: amount, Version: version, SchemaVersion: schemaVersion, Body: string(body),
		ProcessID: h.String("processId"), Description: clipText(h.String("description"), 199),
	}, nil
}
