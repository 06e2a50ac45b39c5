package files

import (
	"context"

	"github.com/shopspring/decimal"
)

// Intake recognises the invoices in an uploaded file (a fapiao QR code in an
// image or PDF, a 数电 PDF's text layer, OFD/XML, or OCR proposals). The
// upload answers what it found; OCR proposals are never accepted silently
// (Confirmed false until the user confirms). tools/formwork/wire sets it
// from the invoices package; nil means no recognition.
type Intake interface {
	Recognise(ctx context.Context, uploader, fileID, contentType string, content []byte) ([]Recognised, error)
}

// Recognised is one invoice found in a file.
type Recognised struct {
	Source      string          `json:"source"`                // qr, pdf, ofd, xml, ocr
	Kind        string          `json:"kind,omitempty"`        // fapiao kind code: 01, 04, 10, 31, 32 ...
	InvoiceCode string          `json:"invoiceCode,omitempty"` // 10 or 12 digits; empty for 数电
	InvoiceNo   string          `json:"invoiceNo"`             // 8 digits, or 20 for 数电
	IssueDate   string          `json:"issueDate,omitempty"`   // yyyy-MM-dd
	Amount      decimal.Decimal `json:"amount"`                // before tax
	TaxAmount   decimal.Decimal `json:"taxAmount"`
	Total       decimal.Decimal `json:"total"`
	CheckCode   string          `json:"checkCode,omitempty"`
	SellerName  string          `json:"sellerName,omitempty"`
	SellerTaxID string          `json:"sellerTaxId,omitempty"`
	BuyerName   string          `json:"buyerName,omitempty"`
	BuyerTaxID  string          `json:"buyerTaxId,omitempty"`
	Confirmed   bool            `json:"confirmed"`          // false for OCR proposals
	Findings    []string        `json:"findings,omitempty"` // e.g. 'not a fapiao QR'
}
