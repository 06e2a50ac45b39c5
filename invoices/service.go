package invoices

import (
	"context"
	"net/http"
	"time"

	"formwork/engine"
	"formwork/files"
)

// Pooled is an invoice in an uploader's pool (我的发票): what was
// recognised, the file it came from, the document holding it ("" while
// unclaimed) and its verification statuses.
type Pooled struct {
	ID       int64  `json:"id"`
	Uploader string `json:"uploader"`
	FileID   string `json:"fileId"`
	Key      string `json:"invoiceKey"`
	files.Recognised
	HeldBy        string    `json:"heldBy"` // the document holding it, "" while in the pool
	VerifyStatus  string    `json:"verifyStatus"`
	CertifyStatus string    `json:"certifyStatus"`
	AuthStatus    string    `json:"authStatus"`
	Attempts      int       `json:"verifyAttempts"` // verifications sent
	CreatedAt     time.Time `json:"createdAt"`
}

// Store keeps the pool and answers who holds an invoice. Implementations:
// adapters/sqldb/invoicedb (which also takes the claims in a document's
// save transaction).
type Store interface {
	// AddToPool stores what was recognised in a file for its uploader; an
	// invoice already in the uploader's pool is not added twice.
	AddToPool(ctx context.Context, uploader, fileID string, found []Pooled) error
	// Pool lists an uploader's invoices, newest first.
	Pool(ctx context.Context, uploader string) ([]Pooled, error)
	// Find loads one pooled invoice by id; ENOTFOUND when there is none.
	Find(ctx context.Context, id int64) (*Pooled, error)
	// ByDocument lists the pooled invoices a document holds.
	ByDocument(ctx context.Context, businessID string) ([]Pooled, error)
	// Holders answers, for the keys claimed, which document holds each.
	Holders(ctx context.Context, keys []string) (map[string]string, error)
	// Remove deletes a pooled invoice of uploader no document holds.
	Remove(ctx context.Context, uploader string, id int64) error
	// SetVerdict records what verification answered (and counts the attempt).
	SetVerdict(ctx context.Context, id int64, v Verdict) error
}

// Service is the invoice use cases: intake (files.Intake), the pool, and
// the save's findings on the invoices a document claims (documents.Derived).
type Service struct {
	store  Store
	ocr    OCR
	pages  PDFRenderer
	verify Verification
	now    func() time.Time
}

// NewService builds the invoice use cases; tesseract is looked up once.
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, ocr: DetectOCR(), pages: DetectPDFRenderer(), now: now}
}

// OCRAvailable reports whether pictures without a QR go through OCR.
func (s *Service) OCRAvailable() bool { return s.ocr.Available() }

var _ files.Intake = (*Service)(nil)

// Recognise finds the invoices in an uploaded file and puts them in the
// uploader's pool: a fapiao QR in a picture (OCR proposals, unconfirmed,
// when there is none and tesseract is installed), a PDF's text layer or QR
// image, an OFD or invoice XML. The type is sniffed from the content.
func (s *Service) Recognise(ctx context.Context, uploader, fileID, contentType string, content []byte) ([]files.Recognised, error) {
	found := s.read(ctx, sniff(contentType, content), content)
	if len(found) == 0 {
		return nil, nil
	}
	pooled := make([]Pooled, 0, len(found))
	for _, r := range found {
		if r.InvoiceNo == "" {
			continue
		}
		pooled = append(pooled, Pooled{Uploader: uploader, FileID: fileID, Key: Key(r.InvoiceCode, r.InvoiceNo), Recognised: r, CreatedAt: s.now()})
	}
	if len(pooled) > 0 {
		if err := s.store.AddToPool(ctx, uploader, fileID, pooled); err != nil {
			return nil, err
		}
	}
	return found, nil
}

// sniff decides the kind of content from its bytes, the declared type only
// telling XML from text.
func sniff(declared string, content []byte) string {
	switch {
	case len(content) >= 4 && string(content[:4]) == "%PDF":
		return "pdf"
	case len(content) >= 4 && string(content[:4]) == "PK\x03\x04":
		return "ofd"
	}
	switch ct := http.DetectContentType(content); {
	case ct == "image/png", ct == "image/jpeg":
		return "image"
	case ct == "text/xml; charset=utf-8", declared == "application/xml", declared == "text/xml":
		return "xml"
	}
	return ""
}

func (s *Service) read(ctx context.Context, kind string, content []byte) []files.Recognised {
	switch kind {
	case "image":
		return s.readImage(ctx, content)
	case "pdf":
		found, _ := readPDF(content)
		if len(found) == 0 { // a QR drawn as vectors or kept as a JPEG: read on the rendered pages
			found = s.readRenderedPDF(ctx, content)
		}
		return found
	case "ofd":
		return readOFD(content)
	case "xml":
		if r, ok := ReadInvoiceXML(content, "xml"); ok {
			return []files.Recognised{r}
		}
	}
	return nil
}

// readImage reads a picture's fapiao QR; without a usable one, OCR
// proposes (when installed). A QR that is not a fapiao's is said so.
func (s *Service) readImage(ctx context.Context, content []byte) []files.Recognised {
	var notes []string
	if text, ok := DecodeImageQR(content); ok {
		r, err := ParseQR(text)
		if err == nil {
			return []files.Recognised{r}
		}
		if ee, ok := err.(*engine.Error); ok {
			notes = append(notes, ee.Text.In("en"))
		}
	}
	if s.ocr.Available() {
		if text, err := s.ocr.Text(ctx, content); err == nil {
			if r, ok := ProposeFromText(text); ok {
				r.Findings = append(notes, r.Findings...)
				return []files.Recognised{r}
			}
		}
	}
	if len(notes) > 0 {
		return []files.Recognised{{Source: "qr", Findings: notes}}
	}
	return nil
}

// Pool lists the uploader's invoices (我的发票), newest first.
func (s *Service) Pool(ctx context.Context, uploader string) ([]Pooled, error) {
	return s.store.Pool(ctx, uploader)
}

// ByDocument lists the pooled invoices a document holds.
func (s *Service) ByDocument(ctx context.Context, businessID string) ([]Pooled, error) {
	return s.store.ByDocument(ctx, businessID)
}

// Find loads one pooled invoice.
func (s *Service) Find(ctx context.Context, id int64) (*Pooled, error) { return s.store.Find(ctx, id) }

// Remove deletes one of the uploader's unclaimed invoices from the pool.
func (s *Service) Remove(ctx context.Context, uploader string, id int64) error {
	return s.store.Remove(ctx, uploader, id)
}

// Derive says what is wrong with the invoices a document claims: one
// claimed twice in it, or one another document holds (at the invoice's
// cell, naming the holder). The store's unique key, taken in the save
// transaction, decides a race between two saves; this is the finding a
// user sees first.
func (s *Service) Derive(ctx context.Context, doc, _ *engine.Document) ([]engine.Finding, error) {
	findings := badCodes(doc)
	claims := ClaimsOf(doc)
	if len(claims) == 0 {
		return findings, nil
	}
	self := doc.Head().String("businessId")
	first := map[string]string{}
	keys := make([]string, 0, len(claims))
	for _, c := range claims {
		if at, dup := first[c.Key]; dup {
			findings = append(findings, engine.Finding{Path: c.Path, Rule: "invoice.once", Severity: engine.SeverityError, Message: twiceText(c.Key, at)})
			continue
		}
		first[c.Key] = c.Path
		keys = append(keys, c.Key)
	}
	holders, err := s.store.Holders(ctx, keys)
	if err != nil {
		return nil, err
	}
	for _, c := range claims {
		if h := holders[c.Key]; h != "" && h != self && first[c.Key] == c.Path {
			findings = append(findings, engine.Finding{Path: c.Path, Rule: "invoice.once", Severity: engine.SeverityError, Message: heldText(c.Key, h)})
		}
	}
	return findings, nil
}

// readRenderedPDF reads a fapiao QR code on the rendered pages of a PDF
// (when pdftoppm is installed); a PDF it cannot render gives nothing.
func (s *Service) readRenderedPDF(ctx context.Context, content []byte) []files.Recognised {
	pages, err := s.pages.Pages(ctx, content)
	if err != nil {
		return nil
	}
	for _, p := range pages {
		if text, ok := DecodeQR(p); ok {
			if r, err := ParseQR(text); err == nil {
				return []files.Recognised{r}
			}
		}
	}
	return nil
}
