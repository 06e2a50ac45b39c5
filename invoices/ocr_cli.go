package invoices

import (
	"bytes"
	"context"
	"os/exec"
	"regexp"
	"time"

	"formwork/engine"
	"formwork/files"

	"github.com/shopspring/decimal"
)

// OCR reads the text of a picture through the tesseract CLI (chi_sim and
// eng) when it is installed; Available says whether it is.
type OCR struct{ path string }

// DetectOCR looks for tesseract on PATH.
func DetectOCR() OCR {
	p, err := exec.LookPath("tesseract")
	if err != nil {
		return OCR{}
	}
	return OCR{path: p}
}

// Available reports whether tesseract was found.
func (o OCR) Available() bool { return o.path != "" }

// ocrTimeout bounds one recognition.
const ocrTimeout = 60 * time.Second

// Text runs tesseract on the picture (stdin to stdout).
func (o OCR) Text(ctx context.Context, picture []byte) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, ocrTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, o.path, "stdin", "stdout", "-l", "chi_sim+eng")
	cmd.Stdin = bytes.NewReader(picture)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return "", err
	}
	return out.String(), nil
}

var (
	reOCRNumber = regexp.MustCompile(`\b(\d{20}|\d{8})\b`)
	reOCRDate   = regexp.MustCompile(`(20\d{2})\s*[年\-./]\s*(\d{1,2})\s*[月\-./]\s*(\d{1,2})`)
	// an amount after a yuan sign (tesseract reads ¥ as Y now and then) or
	// after the colon of its label (金额：1000.00)
	reOCRMoney = regexp.MustCompile(`(?:[¥￥Y]|[:：])\s*(\d[\d,]*\.\d{2})`)
)

// ocrProposalNote is the finding every OCR proposal carries.
var ocrProposalNote = engine.Text{
	"zh": "由文字识别（OCR）得出：请核对号码、日期和金额后确认",
	"en": "read by OCR: check the number, date and amounts, then confirm",
	"th": "อ่านด้วย OCR: กรุณาตรวจสอบเลขที่ วันที่ และจำนวนเงิน แล้วยืนยัน",
}

// ProposeFromText proposes an invoice from OCR text: the first 20- or
// 8-digit number, the first date, the largest ¥ amount as total and the
// two next as amount and tax when they add up. Confirmed is false: the
// user confirms a proposal, it is never accepted silently. ok is false when
// no number was read.
func ProposeFromText(text string) (files.Recognised, bool) {
	m := reOCRNumber.FindStringSubmatch(text)
	if m == nil {
		return files.Recognised{}, false
	}
	r := files.Recognised{Source: "ocr", InvoiceNo: m[1], Findings: []string{ocrProposalNote.In("en")}}
	if d := reOCRDate.FindStringSubmatch(text); d != nil {
		r.IssueDate = d[1] + "-" + pad2(d[2]) + "-" + pad2(d[3])
	}
	var amounts []decimal.Decimal
	for _, a := range reOCRMoney.FindAllStringSubmatch(text, -1) {
		amounts = append(amounts, money(a[1]))
	}
	for _, t := range amounts {
		if t.GreaterThan(r.Total) {
			r.Total = t
		}
	}
	for i, a := range amounts {
		for j, b := range amounts {
			if i != j && a.Add(b).Equal(r.Total) && a.GreaterThanOrEqual(b) {
				r.Amount, r.TaxAmount = a, b
			}
		}
	}
	return r, true
}
