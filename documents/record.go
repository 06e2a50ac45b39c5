// Package documents keeps stored documents: the one save use case (create,
// update, temporary save), loading a document under the type and version it
// was saved with, and who may read or change it. It knows neither HTTP nor
// SQL: a Store keeps the records, the lifecycle is asked through a Gate.
package documents

import (
	"time"
	"unsafe"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// Record is a stored document: the columns lists and worklists read, and
// the body as the document JSON the engine wrote.
type Record struct {
	BusinessID    string
	DocType       string
	Status        string
	Edition       string
	BusinessType1 string
	BusinessType2 string
	Applicant     string
	CompanyCode   string
	CreateBy      string
	Amount        decimal.Decimal
	Version       int
	SchemaVersion int
	ProcessID     string // the latest approval; "" before the first submit
	Description   string
	Body          string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	// The list columns (ListFields): the head's department, the vendor and
	// customer the document names, and the text the list search reads.
	Department string
	Vendor     string
	Customer   string
	SearchText string
	// IndexVersion is the version of ListFields the list columns were
	// filled by; Reindex fills those of older records.
	IndexVersion int
}

// Event is one transition of a document (or a change in approval): who,
// when, from which state to which, by which action, with which comment.
// It is written in the transaction of the change.
type Event struct {
	ID         int64
	BusinessID string
	At         time.Time
	Actor      string
	FromStatus string
	ToStatus   string
	Action     string
	Comment    string
	TaskID     *int64
}

// maxDescription is the width of the description column.
const maxDescription = 199

// RecordOf is the record of a document: its head's columns and its body.
func RecordOf(doc *engine.Document) (*Record, error) {
	rec, err := recordOf(doc)
	if err != nil {
		return nil, err
	}
	ListFields(doc).fill(rec)
	return rec, nil
}

// recordOf is RecordOf without the list columns.
func recordOf(doc *engine.Document) (*Record, error) {
	body, err := doc.MarshalJSON()
	if err != nil {
		return nil, err
	}
	h := doc.Head()
	amount, _ := h["amount"].(decimal.Decimal)
	version, _ := h["version"].(int)
	schemaVersion, _ := h["schemaVersion"].(int)
	rec := &Record{
		BusinessID: h.String("businessId"), DocType: doc.Type.Code, Edition: doc.Type.Edition, Status: h.String("status"),
		BusinessType1: h.String("businessType1"), BusinessType2: h.String("businessType2"),
		Applicant: h.String("applicant"), CompanyCode: h.String("companyCode"), CreateBy: h.String("createBy"),
		Amount: amount, Version: version, SchemaVersion: schemaVersion, Body: unsafe.String(unsafe.SliceData(body), len(body)), // body is this function's own: not copied
		ProcessID: h.String("processId"), Description: engine.Clip(h.String("description"), maxDescription),
	}
	return rec, nil
}
