package invoices

import (
	"context"
	"os"
	"testing"

	"formwork/invoices/testimages"
)

// needPDFRenderer skips a test without pdftoppm, except under CI=true.
func needPDFRenderer(t testing.TB) {
	t.Helper()
	if DetectPDFRenderer().Available() {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("pdftoppm is missing (CI=true: make tools installs poppler-utils)")
	}
	t.Skip("skipping: pdftoppm is missing (make tools installs poppler-utils)")
}

// A PDF holding its fapiao QR code as vector drawing or as a JPEG scan,
// generated now, has no text and no image the PDF reader decodes: its QR
// is read on the page pdftoppm renders.
func TestRecogniseQRInRenderedPDF(t *testing.T) {
	needPDFRenderer(t)
	vector, err := testimages.VectorQRPDF("01,32,,24442000000011112222,530.00,20240601,,9A1B,")
	if err != nil {
		t.Fatal(err)
	}
	scan, err := testimages.JPEGQRPDF("01,04,3200192130,22334455,88.50,20231201,12345678901234567890,0F3C,")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, no, code, amount, total string
		content                       []byte
	}{
		{"vector", "24442000000011112222", "", "0", "530", vector}, // 数电 (32): the QR gives the total
		{"jpeg", "22334455", "3200192130", "88.5", "0", scan},
	} {
		t.Run(c.name, func(t *testing.T) {
			if found, _ := readPDF(c.content); len(found) != 0 {
				t.Fatalf("the PDF reader alone found %+v: the test PDF does not need rendering", found)
			}
			s := NewService(&memStore{}, nil)
			got, err := s.Recognise(context.Background(), "u1", "f", "application/pdf", c.content)
			if err != nil || len(got) != 1 || got[0].Source != "qr" || got[0].InvoiceNo != c.no || got[0].InvoiceCode != c.code || got[0].Amount.String() != c.amount ||
				got[0].Total.String() != c.total {
				t.Fatalf("Recognise: %+v %v", got, err)
			}
		})
	}
}
