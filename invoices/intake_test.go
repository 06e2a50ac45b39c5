package invoices

import (
	"context"
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"formwork/engine"
	"formwork/files"

	"formwork/invoices/testimages"
)

// memStore is invoices.Store in memory, for the intake tests.
type memStore struct{ pool []Pooled }

func (m *memStore) AddToPool(_ context.Context, _, _ string, found []Pooled) error {
	m.pool = append(m.pool, found...)
	return nil
}
func (m *memStore) Pool(context.Context, string) ([]Pooled, error)       { return m.pool, nil }
func (m *memStore) Find(context.Context, int64) (*Pooled, error)         { return nil, nil }
func (m *memStore) ByDocument(context.Context, string) ([]Pooled, error) { return nil, nil }
func (m *memStore) Remove(context.Context, string, int64) error          { return nil }
func (m *memStore) SetVerdict(context.Context, int64, Verdict) error     { return nil }
func (m *memStore) Holders(_ context.Context, keys []string) (map[string]string, error) {
	out := map[string]string{}
	for _, k := range keys {
		if k == "24442000000000000777" {
			out[k] = "EX0220260101000"
		}
	}
	return out, nil
}

// The test pictures and PDFs are rendered by invoices/testimages (shared
// with the HTTP tests and benchmarks).
func qrPicture(t testing.TB, text string, side int) *image.Gray {
	t.Helper()
	img, err := testimages.QRPicture(text, side)
	must(t, err)
	return img
}

func receiptPNG(t testing.TB, payload string) []byte {
	t.Helper()
	b, err := testimages.ReceiptPNG(payload)
	must(t, err)
	return b
}

func digitalPDF(t testing.TB, qrPayload string, withText bool) []byte {
	t.Helper()
	b, err := testimages.DigitalPDF(qrPayload, withText)
	must(t, err)
	return b
}

// must fails the test on err.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestRecognisePNGWithQR(t *testing.T) {
	st := &memStore{}
	s := NewService(st, nil)
	content := receiptPNG(t, "01,32,,24442000000012345678,1130.00,20240315,,7C1E,")
	start := time.Now()
	got, err := s.Recognise(context.Background(), "u1", "f1", "image/png", content)
	took := time.Since(start)
	if err != nil || len(got) != 1 {
		t.Fatalf("Recognise: %v %v", got, err)
	}
	r := got[0]
	if r.Source != "qr" || r.InvoiceNo != "24442000000012345678" || r.IssueDate != "2024-03-15" || r.Total.String() != "1130" || !r.Confirmed {
		t.Fatalf("recognised %+v", r)
	}
	if len(st.pool) != 1 || st.pool[0].Key != "24442000000012345678" || st.pool[0].Uploader != "u1" {
		t.Fatalf("pool %+v", st.pool)
	}
	t.Logf("PNG %d bytes: recognised %s %s %s in %v", len(content), r.Source, r.InvoiceNo, r.Total, took)
}

func TestRecognisePNGWithOtherQR(t *testing.T) {
	s := NewService(&memStore{}, nil)
	s.ocr = OCR{} // the finding, not an OCR proposal
	got, err := s.Recognise(context.Background(), "u1", "f1", "image/png", receiptPNG(t, "https://example.com/menu"))
	if err != nil || len(got) != 1 || got[0].InvoiceNo != "" || len(got[0].Findings) != 1 || !strings.Contains(got[0].Findings[0], "not a fapiao QR") {
		t.Fatalf("Recognise: %+v %v", got, err)
	}
}

func TestRecogniseDigitalPDF(t *testing.T) {
	st := &memStore{}
	s := NewService(st, nil)
	content := digitalPDF(t, "01,32,,24442000000087654321,1060.00,20240506,,5D2C,", true)
	start := time.Now()
	got, err := s.Recognise(context.Background(), "u1", "f2", "application/pdf", content)
	took := time.Since(start)
	if err != nil || len(got) != 1 {
		t.Fatalf("Recognise: %+v %v", got, err)
	}
	want := files.Recognised{Source: "pdf", Kind: "32", InvoiceNo: "24442000000087654321", IssueDate: "2024-05-06",
		SellerName: "北京餐饮管理有限公司", SellerTaxID: "91110105MA00ABCD1X", BuyerName: "上海模板科技有限公司", BuyerTaxID: "91310000MA1FL0XX0A", Confirmed: true}
	r := got[0]
	if r.Amount.String() != "1000" || r.TaxAmount.String() != "60" || r.Total.String() != "1060" {
		t.Fatalf("amounts %s %s %s", r.Amount, r.TaxAmount, r.Total)
	}
	r.Amount, r.TaxAmount, r.Total = want.Amount, want.TaxAmount, want.Total
	if fmt.Sprint(r) != fmt.Sprint(want) {
		t.Fatalf("recognised\n %+v\nwant\n %+v", r, want)
	}
	t.Logf("PDF %d bytes: recognised %s %s %s in %v", len(content), r.Source, r.InvoiceNo, got[0].Total, took)
	// the same PDF without a text layer: the QR image is read
	scan, err := readPDF(digitalPDF(t, "01,32,,24442000000087654321,1060.00,20240506,,5D2C,", false))
	if err != nil || len(scan) != 1 || scan[0].Source != "qr" || scan[0].InvoiceNo != "24442000000087654321" || scan[0].Total.String() != "1060" {
		t.Fatalf("readPDF: %v %v", scan, err)
	}
}

func TestRecogniseOFDAndXML(t *testing.T) {
	xml := `<?xml version="1.0" encoding="UTF-8"?><EInvoice><Header><EIid>24442000000000000123</EIid></Header>
<SellerInformation><SellerIdNum>91110105MA00ABCD1X</SellerIdNum><SellerName>北京餐饮管理有限公司</SellerName></SellerInformation>
<BasicInformation><TotalAmWithoutTax>100.00</TotalAmWithoutTax><TotalTaxAm>6.00</TotalTaxAm><TotalTax-includedAmount>106.00</TotalTax-includedAmount><RequestTime>2024-05-06 10:00:00</RequestTime></BasicInformation></EInvoice>`
	r, ok := ReadInvoiceXML([]byte(xml), "xml")
	if !ok || r.InvoiceNo != "24442000000000000123" || r.IssueDate != "2024-05-06" || r.Total.String() != "106" || r.TaxAmount.String() != "6" || r.SellerName != "北京餐饮管理有限公司" {
		t.Fatalf("xml: %+v", r)
	}
}

func TestProposeFromOCRText(t *testing.T) {
	r, ok := ProposeFromText("电子发票 发票号码: 24442000000012340000\n开票日期: 2024年3月5日\n合计 ¥100.00 ¥13.00\n价税合计 ¥113.00")
	if !ok || r.Confirmed || r.Source != "ocr" || r.IssueDate != "2024-03-05" || r.Total.String() != "113" || r.Amount.String() != "100" || r.TaxAmount.String() != "13" {
		t.Fatalf("proposal %+v", r)
	}
}

func TestDeriveFindings(t *testing.T) {
	s := NewService(&memStore{}, nil)
	doc := &engine.Document{Objects: map[string]engine.Values{"head": {"businessId": "EX0220260101001"}},
		Tables: map[string][]engine.Values{"invoiceList": {
			{"invoiceNo": "24442000000000000001"}, {"invoiceNo": "24442000000000000777"}, {"invoiceNo": "24442000000000000001"},
			{"invoiceNo": "24442000000000000001", "flag": "D"}},
			"other": {{"invoiceCode": "12345", "invoiceNo": "11223344"}}}}
	f, err := s.Derive(context.Background(), doc, nil)
	if err != nil || len(f) != 3 {
		t.Fatalf("findings %+v %v", f, err)
	}
	if f[0].Path != "other[0].invoiceCode" || !strings.Contains(f[0].Message["en"], "10 or 12 digits") {
		t.Fatalf("code %+v", f[0])
	}
	f = f[1:]
	if f[0].Path != "invoiceList[2].invoiceNo" || !strings.Contains(f[0].Message["en"], "twice") {
		t.Fatalf("first %+v", f[0])
	}
	if f[1].Path != "invoiceList[1].invoiceNo" || !strings.Contains(f[1].Message["en"], "EX0220260101000") {
		t.Fatalf("second %+v", f[1])
	}
}
