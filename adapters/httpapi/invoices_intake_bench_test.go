package httpapi_test

import (
	"errors"
	"fmt"
	"os/exec"
	"testing"

	"formwork/invoices/testimages"
)

// intakeImage is a test file of invoice intake and what an upload of it
// must recognise (the fields of the upload's first invoice, as JSON
// answers them).
type intakeImage struct {
	name    string
	file    string
	content []byte
	want    map[string]string
}

// intakeImages renders the test files of intake: a picture with a QR code,
// a phone-size JPEG, a 数电 PDF with its text layer, a PDF with only the QR
// image, PDFs with the QR as vectors or a JPEG scan (pdftoppm), and a
// picture without a QR (OCR, tesseract). A file whose tool is missing is
// left out with a line (failed under CI=true, through needTool).
func intakeImages(tb testing.TB) []intakeImage {
	tb.Helper()
	const sd = "01,32,,24442000000087654321,1060.00,20240506,,5D2C,"
	must := func(b []byte, err error) []byte {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
		return b
	}
	qr := map[string]string{"source": "qr", "invoiceNo": "24442000000087654321", "issueDate": "2024-05-06", "total": "1060", "confirmed": "true"}
	out := []intakeImage{
		{"qr-png", "receipt.png", must(testimages.ReceiptPNG(sd)), qr},
		{"phone-jpeg", "photo.jpg", must(testimages.PhoneJPEG("01,04,3200192130,11223344,259.71,20200311,,A0B1,")),
			map[string]string{"source": "qr", "kind": "04", "invoiceCode": "3200192130", "invoiceNo": "11223344", "amount": "259.71", "issueDate": "2020-03-11", "confirmed": "true"}},
		{"pdf-text", "invoice.pdf", must(testimages.DigitalPDF(sd, true)),
			map[string]string{"source": "pdf", "invoiceNo": "24442000000087654321", "amount": "1000", "taxAmount": "60", "total": "1060",
				"sellerName": "北京餐饮管理有限公司", "buyerTaxId": "91310000MA1FL0XX0A", "confirmed": "true"}},
		{"pdf-qr-image", "scan.pdf", must(testimages.DigitalPDF(sd, false)), qr},
	}
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		needTool(tb, "pdftoppm (poppler-utils)", err)
	} else {
		out = append(out,
			intakeImage{"pdf-vector-qr", "vector.pdf", must(testimages.VectorQRPDF(sd)), qr},
			intakeImage{"pdf-jpeg-scan", "jpeg-scan.pdf", must(testimages.JPEGQRPDF(sd)), qr})
	}
	if _, err := exec.LookPath("tesseract"); err != nil {
		needTool(tb, "tesseract", err)
	} else if pic, err := testimages.OCRReceipt(); errors.Is(err, testimages.ErrNoFont) {
		needTool(tb, "a CJK font (fonts-noto-cjk)", err)
	} else {
		out = append(out, intakeImage{"ocr-picture", "receipt-no-qr.png", must(pic, err),
			map[string]string{"source": "ocr", "invoiceNo": "24312000000012345678", "issueDate": "2024-03-15", "amount": "1000", "taxAmount": "60", "total": "1060", "confirmed": "false"}})
	}
	return out
}

// checkRecognised says what differs between the first invoice an upload
// recognised and want ("" when nothing).
func checkRecognised(f uploadedFile, want map[string]string) string {
	if len(f.Invoices) != 1 {
		return fmt.Sprintf("recognised %d invoices: %v", len(f.Invoices), f.Invoices)
	}
	for k, w := range want {
		if got := fmt.Sprint(f.Invoices[0][k]); got != w {
			return fmt.Sprintf("%s = %s, want %s (%v)", k, got, w, f.Invoices[0])
		}
	}
	return ""
}

// Every test file of intake, uploaded over HTTP, is recognised as it must
// be (the recognition results the benchmark's files give).
func TestIntakeRecognisesTheTestFiles(t *testing.T) {
	images := intakeImages(t)
	api := serveTestAPI(t, seededSQLite(t), nil)
	for _, img := range images {
		t.Run(img.name, func(t *testing.T) {
			if diff := checkRecognised(mustUpload(t, api, "employee01", img.file, img.content, nil), img.want); diff != "" {
				t.Error(diff)
			}
		})
	}
}

// BenchmarkUploadToRecognised is the time from sending an upload over HTTP
// to its answer with the recognised invoice, per kind of file (SQLite).
func BenchmarkUploadToRecognised(b *testing.B) {
	images := intakeImages(b)
	api := serveTestAPI(b, seededSQLite(b), nil)
	for _, img := range images {
		b.Run(img.name, func(b *testing.B) {
			b.SetBytes(int64(len(img.content)))
			for b.Loop() {
				if diff := checkRecognised(mustUpload(b, api, "employee01", img.file, img.content, nil), img.want); diff != "" {
					b.Fatal(diff)
				}
			}
		})
	}
}
