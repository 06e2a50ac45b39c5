package httpapi_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"

	"formwork/invoices/testimages"
)

// needTool skips a test when an optional tool is missing, except under
// CI=true, where it fails: CI installs them (make tools).
func needTool(t testing.TB, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing: %v (CI=true: make tools installs it)", what, err)
	}
	t.Skipf("skipping: %s is missing: %v (make tools installs it)", what, err)
}

// ocrReceipt is the receipt picture without a QR code, rendered now in a
// CJK font; the test is skipped (failed under CI=true) without tesseract
// or the font.
func ocrReceipt(t testing.TB) []byte {
	t.Helper()
	_, err := exec.LookPath("tesseract")
	needTool(t, "tesseract", err)
	pic, err := testimages.OCRReceipt()
	if errors.Is(err, testimages.ErrNoFont) {
		needTool(t, "a CJK font (fonts-noto-cjk)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return pic
}

// A photographed receipt without a QR code, uploaded over HTTP, is read by
// tesseract into an OCR proposal: the number, date and amounts of the
// picture, unconfirmed (the user confirms it), and put in the pool.
func TestOCRProposalOfARealPicture(t *testing.T) {
	pic := ocrReceipt(t)
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		f := mustUpload(t, api, "employee01", "receipt.png", pic, nil)
		if len(f.Invoices) != 1 {
			t.Fatalf("recognised %d invoices: %+v", len(f.Invoices), f.Invoices)
		}
		got := f.Invoices[0]
		for k, want := range map[string]any{"source": "ocr", "confirmed": false, "invoiceNo": "24312000000012345678",
			"issueDate": "2024-03-15", "amount": "1000", "taxAmount": "60", "total": "1060"} {
			if v := got[k]; fmt.Sprint(v) != fmt.Sprint(want) {
				t.Errorf("%s = %v, want %v (proposal %+v)", k, v, want, got)
			}
		}
		res := api.request(t, "GET", "/api/formwork/invoices", "", nil)
		if res.status != 200 || fmt.Sprint(mustValue(t, res.data(t), 0, "invoiceNo")) != "24312000000012345678" ||
			fmt.Sprint(mustValue(t, res.data(t), 0, "confirmed")) != "false" {
			t.Errorf("the pool: HTTP %d: %s", res.status, clip(res.body))
		}
	})
}
