package invoices

import (
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"formwork/engine"
	"formwork/files"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
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

// qrPicture draws text as a QR code of side pixels on a white page.
func qrPicture(t testing.TB, text string, side int) *image.Gray {
	t.Helper()
	m, err := qrcode.NewQRCodeWriter().Encode(text, gozxing.BarcodeFormat_QR_CODE, side, side, nil)
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewGray(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			if m.Get(x, y) {
				img.SetGray(x, y, color.Gray{0})
			} else {
				img.SetGray(x, y, color.Gray{255})
			}
		}
	}
	return img
}

// receiptPNG is a photographed receipt: a 1200x900 page with a QR in a corner.
func receiptPNG(t testing.TB, payload string) []byte {
	page := image.NewGray(image.Rect(0, 0, 1200, 900))
	for i := range page.Pix {
		page.Pix[i] = 235
	}
	qr := qrPicture(t, payload, 260)
	for y := 0; y < 260; y++ {
		copy(page.Pix[(40+y)*page.Stride+40:], qr.Pix[y*qr.Stride:y*qr.Stride+260])
	}
	var b bytes.Buffer
	if err := png.Encode(&b, page); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
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

// digitalPDF writes a 数电-style invoice PDF: its text in STSong-Light
// (UniGB-UCS2-H, as the text layer of a 数电 PDF reads) and its QR code
// as an embedded gray image.
func digitalPDF(t testing.TB, qrPayload string, withText bool) []byte {
	lines := []struct {
		x, y float64
		s    string
	}{
		{200, 800, "电子发票（普通发票）"},
		{400, 780, "发票号码：24442000000087654321"},
		{400, 765, "开票日期：2024年05月06日"},
		{40, 720, "购买方信息 名称：上海模板科技有限公司"},
		{300, 720, "销售方信息 名称：北京餐饮管理有限公司"},
		{40, 705, "统一社会信用代码/纳税人识别号：91310000MA1FL0XX0A"},
		{300, 705, "统一社会信用代码/纳税人识别号：91110105MA00ABCD1X"},
		{40, 660, "项目名称 规格型号 单位 数量 单价 金额 税率/征收率 税额"},
		{40, 645, "*餐饮服务*餐费 次 1 1000.00 1000.00 6% 60.00"},
		{40, 620, "合 计 ¥1000.00 ¥60.00"},
		{40, 600, "价税合计（大写） 壹仟零陆拾圆整 （小写）¥1060.00"},
	}
	var content bytes.Buffer
	if !withText {
		lines = nil
	}
	for _, l := range lines {
		fmt.Fprintf(&content, "BT /F1 10 Tf 1 0 0 1 %.0f %.0f Tm <%s> Tj ET\n", l.x, l.y, ucs2Hex(l.s))
	}
	content.WriteString("q 80 0 0 80 40 740 cm /Im1 Do Q\n")
	qr := qrPicture(t, qrPayload, 160)
	var img bytes.Buffer
	zw := zlib.NewWriter(&img)
	zw.Write(qr.Pix)
	zw.Close()
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", content.Len(), content.String()),
		"<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [7 0 R] >>",
		fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width 160 /Height 160 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream", img.Len(), img.String()),
		"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

func ucs2Hex(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	return b.String()
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
