// Package invoices is the fapiao intake and the one-invoice-one-claim rule:
// it recognises invoices in uploaded files (a fapiao QR code in an image or
// PDF, a 数电 PDF's text layer, OFD/XML, OCR proposals), keeps them in the
// uploader's pool (我的发票) until a document claims them, and says what is
// wrong with the invoices a document claims (the same invoice twice, or one
// another document holds). It knows nothing of HTTP or SQL.
package invoices

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"formwork/engine"
	"formwork/files"

	"github.com/shopspring/decimal"
)

// Fapiao kind codes a QR payload may carry (国家税务总局 发票种类代码): 01
// special VAT, 02 transport, 03 motor vehicle, 04 ordinary VAT, 10
// electronic ordinary, 11 roll, 14 toll, 15 used car, 20 electronic
// special, 31/32 数电 special/ordinary, 51, 61 and 81-88 the 数电 paper and
// industry kinds.
var fapiaoKinds = map[string]bool{
	"01": true, "02": true, "03": true, "04": true, "10": true, "11": true, "14": true, "15": true,
	"20": true, "31": true, "32": true, "51": true, "61": true,
	"81": true, "82": true, "83": true, "84": true, "85": true, "86": true, "87": true, "88": true,
}

var (
	reDigits2 = regexp.MustCompile(`^\d{2}$`)
	reCode    = regexp.MustCompile(`^(\d{10}|\d{12})$`)
	reNumber  = regexp.MustCompile(`^(\d{8}|\d{20})$`)
	reAmount  = regexp.MustCompile(`^\d{1,13}(\.\d{1,2})?$`)
	reCheck   = regexp.MustCompile(`^[0-9A-Za-z]{0,32}$`)
	reCRC     = regexp.MustCompile(`^[0-9A-Fa-f]{0,8}$`)
	reExtraQR = regexp.MustCompile(`^[0-9A-Za-z.+/=-]{0,64}$`)
)

// NotFapiaoQR is the refusal of a QR payload that is not a fapiao's: it
// says which part is wrong.
func NotFapiaoQR(part string, value string) *engine.Error {
	v := engine.Clip(value, 40)
	return engine.Refuse(engine.EINVALID, "qr."+part, engine.Text{
		"zh": fmt.Sprintf("不是发票二维码：%s「%s」不符合发票二维码格式", qrPartNames[part]["zh"], v),
		"en": fmt.Sprintf("not a fapiao QR: the %s %q does not fit a fapiao QR code", qrPartNames[part]["en"], v),
		"th": fmt.Sprintf("ไม่ใช่คิวอาร์โค้ดใบกำกับภาษี: %s \"%s\" ไม่ตรงกับรูปแบบคิวอาร์โค้ดใบกำกับภาษี", qrPartNames[part]["th"], v)})
}

var qrPartNames = map[string]engine.Text{
	"fields":    {"zh": "字段数", "en": "number of fields", "th": "จำนวนช่องข้อมูล"},
	"version":   {"zh": "版本", "en": "version", "th": "เวอร์ชัน"},
	"kind":      {"zh": "发票种类代码", "en": "kind code", "th": "รหัสประเภทใบกำกับภาษี"},
	"code":      {"zh": "发票代码", "en": "invoice code", "th": "รหัสใบกำกับภาษี"},
	"number":    {"zh": "发票号码", "en": "invoice number", "th": "เลขที่ใบกำกับภาษี"},
	"amount":    {"zh": "金额", "en": "amount", "th": "จำนวนเงิน"},
	"date":      {"zh": "开票日期", "en": "issue date", "th": "วันที่ออก"},
	"checkCode": {"zh": "校验码", "en": "check code", "th": "รหัสตรวจสอบ"},
	"crc":       {"zh": "CRC", "en": "CRC", "th": "CRC"},
	"extra":     {"zh": "附加字段", "en": "extra field", "th": "ช่องข้อมูลเพิ่มเติม"},
}

// ParseQR reads a fapiao QR payload: version, kind code, invoice code (10
// or 12 digits; empty for 数电), number (8 digits; 20 for 数电), amount,
// issue date yyyyMMdd, check code and CRC, comma-separated, with one
// optional ninth field and one trailing comma tolerated. Anything else is a
// NotFapiaoQR refusal naming the part. The QR of a 数电 invoice (20-digit
// number) carries the total with tax, the others the amount before tax.
func ParseQR(payload string) (files.Recognised, error) {
	s := strings.TrimSpace(payload)
	s = strings.TrimSuffix(s, ",")
	f := strings.Split(s, ",")
	if len(f) != 8 && len(f) != 9 {
		return files.Recognised{}, NotFapiaoQR("fields", fmt.Sprint(len(f)))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	version, kind, code, number, amount, date, check, crc := f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]
	switch {
	case !reDigits2.MatchString(version):
		return files.Recognised{}, NotFapiaoQR("version", version)
	case !reDigits2.MatchString(kind) || !fapiaoKinds[kind]:
		return files.Recognised{}, NotFapiaoQR("kind", kind)
	case code != "" && !reCode.MatchString(code):
		return files.Recognised{}, NotFapiaoQR("code", code)
	case !reNumber.MatchString(number):
		return files.Recognised{}, NotFapiaoQR("number", number)
	case code == "" && len(number) != 20, code != "" && len(number) != 8:
		// 数电: no code and a 20-digit number; the others: a code and 8 digits
		return files.Recognised{}, NotFapiaoQR("number", number)
	case !reAmount.MatchString(amount):
		return files.Recognised{}, NotFapiaoQR("amount", amount)
	case !reCheck.MatchString(check):
		return files.Recognised{}, NotFapiaoQR("checkCode", check)
	case !reCRC.MatchString(crc):
		return files.Recognised{}, NotFapiaoQR("crc", crc)
	case len(f) == 9 && !reExtraQR.MatchString(f[8]):
		return files.Recognised{}, NotFapiaoQR("extra", f[8])
	}
	day, err := time.Parse("20060102", date)
	if err != nil || len(date) != 8 {
		return files.Recognised{}, NotFapiaoQR("date", date)
	}
	value := decimal.RequireFromString(amount)
	r := files.Recognised{Source: "qr", Kind: kind, InvoiceCode: code, InvoiceNo: number,
		IssueDate: day.Format("2006-01-02"), CheckCode: check, Confirmed: true}
	if len(number) == 20 { // 数电: the total with tax
		r.Total = value
	} else {
		r.Amount = value
	}
	return r, nil
}
