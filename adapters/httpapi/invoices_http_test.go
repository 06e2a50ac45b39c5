package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// fapiaoPNG is a receipt picture whose QR code holds payload.
func fapiaoPNG(t *testing.T, payload string) string {
	t.Helper()
	m, err := qrcode.NewQRCodeWriter().Encode(payload, gozxing.BarcodeFormat_QR_CODE, 300, 300, nil)
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewGray(image.Rect(0, 0, 300, 300))
	for y := 0; y < 300; y++ {
		for x := 0; x < 300; x++ {
			if !m.Get(x, y) {
				img.Pix[y*img.Stride+x] = 255
			}
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

func invoiceRow(no string) map[string]any {
	return map[string]any{"invoiceType": "电子发票", "invoiceNo": no, "amount": 100.00, "taxAmount": 6.00}
}

// invoices: a receipt's QR is recognised into employee01's pool; a claim
// holding it is the only one: another claim with it, or one with it twice,
// is refused at the invoice line naming the holder; voiding the holder lets
// it go.
func (w *answerWalk) invoices() {
	const no = "24442000000012345678"
	pic := fapiaoPNG(w.t, "01,32,,"+no+",106.00,20240315,,7C1E,")
	res := w.call("POST /ocr/createImagePathApi/createImagePath", "", "/ocr/createImagePathApi/createImagePath", `{"name":"r.png","content":"`+pic+`"}`, 200)
	if got := fmt.Sprint(mustValue(w.t, res.data(w.t), "invoices", 0, "invoiceNo")); got != no {
		w.t.Fatalf("recognised %s, want %s", got, no)
	}
	res = w.call("GET /api/formwork/invoices", "", "/api/formwork/invoices", "", 200)
	id := fmt.Sprint(mustValue(w.t, res.data(w.t), 0, "id"))
	w.call("GET /ocr/pcPage/pcTicketPackagePage", "", "/ocr/pcPage/pcTicketPackagePage", "", 200)
	w.call("GET /ocr/pcPage/pcSelectTicketPage", "", "/ocr/pcPage/pcSelectTicketPage", "", 200)
	w.call("GET /ocr/appPage/appSelectTicketPage", "", "/ocr/appPage/appSelectTicketPage", "", 200)
	w.call("GET /ocr/appPage/appShowImagePage", "", "/ocr/appPage/appShowImagePage?id="+id, "", 200)
	w.call("GET /ocr/appPage/appShowImagePage", "manager01", "/ocr/appPage/appShowImagePage?id="+id, "", 403)
	w.call("POST /ocr/setlink/barcodeLinkInvoice", "", "/ocr/setlink/barcodeLinkInvoice", `{"operation":"LINK","id":`+id+`}`, 200)
	w.call("POST /ocr/setlink/barcodeLinkInvoice", "", "/ocr/setlink/barcodeLinkInvoice", `{"operation":"MOVE","id":`+id+`}`, 400)
	res = w.call("POST /ocr/startFlow/addFlow", "", "/ocr/startFlow/addFlow", `{"ids":[`+id+`]}`, 200)
	if got := fmt.Sprint(mustValue(w.t, res.data(w.t), "invoiceList", 0, "invoiceNo")); got != no {
		w.t.Fatalf("addFlow line %s, want %s", got, no)
	}
	w.call("POST /ocr/startFlow/addFlow", "manager01", "/ocr/startFlow/addFlow", `{"ids":[`+id+`]}`, 403)
	w.call("POST /ocr/startFlow/addFlow", "", "/ocr/startFlow/addFlow", `{"ids":[]}`, 400)

	res = w.call("POST /api/galaxyform/yx/{family}/head/create", "", createClaim, invoiceSupplement(with("invoiceList", []any{invoiceRow(no)})), 200)
	holder := fmt.Sprint(mustValue(w.t, res.data(w.t), "head", "businessId"))
	w.call("POST /api/galaxyform/commonForm/queryInvoicesByBusinessId", "", "/api/galaxyform/commonForm/queryInvoicesByBusinessId", `{"businessId":"`+holder+`"}`, 200)
	res = w.call("POST /api/formwork/invoices/{id}/verify", "finance01", "/api/formwork/invoices/"+id+"/verify", "", 200)
	if got := fmt.Sprint(mustValue(w.t, res.data(w.t), "verifyStatus"), mustValue(w.t, res.data(w.t), "certifyStatus")); got != "11" {
		w.t.Fatalf("verified: verifyStatus+certifyStatus %s, want 11", got)
	}
	w.call("POST /api/formwork/invoices/{id}/verify", "manager01", "/api/formwork/invoices/"+id+"/verify", "", 403)
	w.call("GET /api/galaxyform/arcommon/openInvoiceInfoInf", "finance01", "/api/galaxyform/arcommon/openInvoiceInfoInf?id="+id, "", 200)
	// across documents and within one: 422 at the line, naming the holder
	res = w.call("POST /api/galaxyform/yx/{family}/head/create", "", createClaim, invoiceSupplement(with("invoiceList", []any{invoiceRow("24442000000000000001"), invoiceRow(no)})), 422)
	if !strings.Contains(res.body, "invoiceList[1].invoiceNo") || !strings.Contains(res.body, holder) {
		w.t.Fatalf("refusal across documents: %s", res.body)
	}
	res = w.call("POST /api/galaxyform/yx/{family}/head/create", "", createClaim, invoiceSupplement(with("invoiceList", []any{invoiceRow("24442000000000000002"), invoiceRow("24442000000000000002")})), 422)
	if !strings.Contains(res.body, "invoiceList[1].invoiceNo") {
		w.t.Fatalf("refusal within a document: %s", res.body)
	}
	w.call("POST /ocr/setlink/barcodeLinkInvoice", "", "/ocr/setlink/barcodeLinkInvoice", `{"operation":"DELETE","id":`+id+`}`, 422)
	// void releases
	w.call("POST /api/galaxyform/process/void", "", voidURL, `{"businessId":"`+holder+`"}`, 200)
	w.call("POST /api/galaxyform/yx/{family}/head/create", "", createClaim, invoiceSupplement(with("invoiceList", []any{invoiceRow(no)})), 200)
	// the invoice report counts it once, with what its QR said
	res = w.call("POST /api/formwork/reports/{code}/run", "admin", "/api/formwork/reports/rptInvoice/run", `{"params":{"company":"1000"}}`, 200)
	if got := fmt.Sprint(mustValue(w.t, res.data(w.t), "totals", "invoices"), "/", mustValue(w.t, res.data(w.t), "totals", "total_sum")); got != "1/106.00" {
		w.t.Fatalf("rptInvoice totals %s, want 1/106.00", got)
	}
}

// TestInvoiceClaimedOnceInParallel: eight invoice supplements with one
// invoice saved at once: exactly one is stored, the others are refused at
// the invoice line naming it; and a document voided lets the invoice go.
func TestInvoiceClaimedOnceInParallel(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		const no = "23312000000098765432"
		const n = 8
		body := invoiceSupplement(with("invoiceList", []any{invoiceRow(no)}))
		answers := sendAtOnce(t, api, n, func(int) (string, string, string) { return "POST", createClaim, body })
		var won []string
		for _, a := range answers {
			switch a.status {
			case 200:
				won = append(won, fmt.Sprint(mustValue(t, a.data(t), "head", "businessId")))
			case 422:
				if !strings.Contains(a.body, "invoiceList[0].invoiceNo") {
					t.Fatalf("a refusal not at the invoice line: %s", clip(a.body))
				}
			default:
				t.Fatalf("HTTP %d: %s", a.status, clip(a.body))
			}
		}
		if len(won) != 1 {
			t.Fatalf("%d of %d parallel saves claimed invoice %s: %v", len(won), n, no, won)
		}
		for _, a := range answers {
			if a.status == 422 && !strings.Contains(a.body, won[0]) {
				t.Fatalf("a refusal does not name the holder %s: %s", won[0], clip(a.body))
			}
		}
	})
}
