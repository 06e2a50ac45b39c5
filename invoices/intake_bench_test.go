package invoices

import (
	"context"
	"testing"
	"time"

	"formwork/invoices/testimages"
)

func phoneJPEG(tb testing.TB, payload string) []byte {
	tb.Helper()
	b, err := testimages.PhoneJPEG(payload)
	must(tb, err)
	return b
}

func TestRecognisePhoneJPEG(t *testing.T) {
	s := NewService(&memStore{}, nil)
	content := phoneJPEG(t, "01,04,3200192130,11223344,259.71,20200311,,A0B1,")
	start := time.Now()
	got, err := s.Recognise(context.Background(), "u1", "f3", "image/jpeg", content)
	if err != nil || len(got) != 1 || got[0].InvoiceNo != "11223344" || got[0].InvoiceCode != "3200192130" || got[0].Amount.String() != "259.71" {
		t.Fatalf("Recognise: %+v %v", got, err)
	}
	t.Logf("JPEG 4000x3000 %d bytes: recognised %s-%s in %v", len(content), got[0].InvoiceCode, got[0].InvoiceNo, time.Since(start))
}

// BenchmarkRecognise is the upload-to-recognised time of intake per kind of file.
func BenchmarkRecognise(b *testing.B) {
	s := NewService(&memStore{}, nil)
	files := map[string][]byte{
		"png-receipt": receiptPNG(b, "01,32,,24442000000012345678,1130.00,20240315,,7C1E,"),
		"jpeg-phone":  phoneJPEG(b, "01,04,3200192130,11223344,259.71,20200311,,A0B1,"),
		"pdf-digital": digitalPDF(b, "01,32,,24442000000087654321,1060.00,20240506,,5D2C,", true),
		"pdf-scan":    digitalPDF(b, "01,32,,24442000000087654321,1060.00,20240506,,5D2C,", false),
	}
	for name, content := range files {
		b.Run(name, func(b *testing.B) {
			for range b.N {
				if got, err := s.Recognise(context.Background(), "u1", "f", "", content); err != nil || len(got) != 1 || got[0].InvoiceNo == "" {
					b.Fatalf("%s: %+v %v", name, got, err)
				}
			}
		})
	}
}
