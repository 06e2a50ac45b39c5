package contract

import (
	"formwork/files"
	"formwork/invoices"

	"github.com/shopspring/decimal"
)

// The invoices' requests and answers (adapters/httpapi/invoiceapi).

// RecogniseRequest is a picture or PDF sent for recognition, base64.
type RecogniseRequest struct {
	Name        string `json:"name,omitempty"`
	ContentType string `json:"contentType,omitempty"`
	Content     string `json:"content"`
}

// RecogniseAnswer is what was recognised in a file (each put in the
// uploader's pool): fileId is the content's SHA-256.
type RecogniseAnswer struct {
	FileID   string             `json:"fileId"`
	Invoices []files.Recognised `json:"invoices"`
}

// BusinessIDRequest names one document.
type BusinessIDRequest struct {
	BusinessID string `json:"businessId"`
}

// BarcodeLinkRequest links (LINK) or removes (DELETE) a pooled invoice.
type BarcodeLinkRequest struct {
	Operation string `json:"operation"`
	ID        int64  `json:"id"`
}

// AddFlowRequest names pooled invoices to start a document with.
type AddFlowRequest struct {
	IDs []int64 `json:"ids"`
}

// AddFlowAnswer is the invoice lines the new document starts with.
type AddFlowAnswer struct {
	InvoiceList []InvoiceLine `json:"invoiceList"`
}

// InvoiceLine is the invoice line of a document (invoiceList) for a pooled
// invoice: what the form puts in the line the user confirms.
type InvoiceLine struct {
	InvoiceType  string          `json:"invoiceType"`
	InvoiceCode  string          `json:"invoiceCode,omitempty"`
	InvoiceNo    string          `json:"invoiceNo"`
	Amount       decimal.Decimal `json:"amount"`
	TaxAmount    decimal.Decimal `json:"taxAmount"`
	VerifyStatus string          `json:"verifyStatus,omitempty"`
}

// InvoiceLineOf is the invoice line of p: amount is the amount before tax,
// or the total less the tax when only the total was read.
func InvoiceLineOf(p invoices.Pooled) InvoiceLine {
	amount := p.Amount
	if amount.IsZero() {
		amount = p.Total.Sub(p.TaxAmount)
	}
	kind := "电子发票" // the invoiceType codes of the master data (seeds: example_codes)
	switch p.Kind {
	case "01", "20", "31":
		kind = "增值税专用发票"
	case "04":
		kind = "增值税普通发票"
	}
	return InvoiceLine{InvoiceType: kind, InvoiceCode: p.InvoiceCode, InvoiceNo: p.InvoiceNo,
		Amount: amount, TaxAmount: p.TaxAmount, VerifyStatus: p.VerifyStatus}
}

func init() {
	pool := []invoices.Pooled{}
	for k, v := range map[string]apiDoc{
		"GET /api/formwork/invoices": {Tag: "invoices", Summary: "My invoices (MY00007 我的发票): every invoice recognised in my uploads, newest first, with the document holding it (heldBy, empty while in the pool) and its verification statuses.",
			Response: pool},
		"POST /api/formwork/invoices/:id/verify": {Tag: "invoices", Summary: "Verify (查验) one invoice with the invoice verification service (an outbound call: idempotency key, 120 s timeout, retries, a push-log entry per try) and record verifyStatus (1 consistent, 2 inconsistent, 3 not found), certifyStatus and authStatus; 409 when verification is not configured or failed.",
			Response: invoices.Pooled{}, Refusals: []int{404, 409}},
		"POST /ocr/createImagePathApi/createImagePath": {Tag: "invoices", Summary: "Recognise the invoices of a picture or PDF (base64): a fapiao QR code, a 数电 PDF's text layer, OFD/XML, or OCR proposals (confirmed false) when tesseract is installed; each goes to my pool.",
			Request: RecogniseRequest{}, Response: RecogniseAnswer{}, Refusals: []int{413}},
		"GET /ocr/appPage/appShowImagePage": {Tag: "invoices", Summary: "One invoice (?id=) with what was recognised: to its uploader, or to whoever may read the document holding it.",
			Query: []string{"id"}, Response: invoices.Pooled{}, Refusals: notFound},
		"GET /ocr/pcPage/pcTicketPackagePage": {Tag: "invoices", Summary: "My ticket package: every invoice of my pool, newest first, claimed or not.",
			Response: pool},
		"GET /ocr/pcPage/pcSelectTicketPage": {Tag: "invoices", Summary: "The invoices of my pool no document holds, to pick for a document (PC).",
			Response: pool},
		"GET /ocr/appPage/appSelectTicketPage": {Tag: "invoices", Summary: "The invoices of my pool no document holds, to pick for a document (mobile).",
			Response: pool},
		"POST /ocr/setlink/barcodeLinkInvoice": {Tag: "invoices", Summary: "LINK: the invoice line (invoiceList) a document takes for one of my pooled invoices; the claim is taken when the document is saved. DELETE: remove one of my unclaimed invoices from the pool.",
			Request: BarcodeLinkRequest{}, Response: InvoiceLine{}, Refusals: []int{404, 422}},
		"POST /ocr/startFlow/addFlow": {Tag: "invoices", Summary: "Start a reimbursement from several of my unclaimed pooled invoices: the invoice lines (invoiceList) the new document takes; the claims are taken when it is saved (422 for an invoice a document already holds).",
			Request: AddFlowRequest{}, Response: AddFlowAnswer{}, Refusals: []int{404, 422}},
		"POST /api/galaxyform/commonForm/queryInvoicesByBusinessId": {Tag: "invoices", Summary: "The pooled invoices a document holds, to whoever may read the document.",
			Request: BusinessIDRequest{}, Response: pool, Refusals: notFound},
		"GET /api/galaxyform/arcommon/openInvoiceInfoInf": {Tag: "invoices", Summary: "One invoice's recognised fields and statuses (?id=): to its uploader, or to whoever may read the document holding it.",
			Query: []string{"id"}, Response: invoices.Pooled{}, Refusals: notFound},
	} {
		apiDocs[k] = v
	}
}
