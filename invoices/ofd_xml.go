package invoices

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strings"

	"formwork/files"
)

// xmlFields maps the element names of the invoice XML formats (the 数电
// EInvoice XML, the electronic invoice's OFD original_invoice.xml and
// CustomTag) to the field they hold; names are matched without namespace.
var xmlFields = map[string]string{
	"InvoiceCode": "code", "fp:InvoiceCode": "code",
	"InvoiceNo": "number", "InvoiceNumber": "number", "EIid": "number",
	"IssueDate": "date", "IssuTime": "date", "RequestTime": "date",
	"TaxExclusiveTotalAmount": "amount", "TotalAmWithoutTax": "amount", "TotalAmount": "amount",
	"TaxTotalAmount": "tax", "TotalTaxAm": "tax",
	"TaxInclusiveTotalAmount": "total", "TotalTax-includedAmount": "total",
	"InvoiceCheckCode": "check", "CheckCode": "check",
	"SellerName": "seller", "SellerTaxID": "sellerId", "SellerIdNum": "sellerId",
	"BuyerName": "buyer", "BuyerTaxID": "buyerId", "BuyerIdNum": "buyerId",
}

var reXMLDate = regexp.MustCompile(`(\d{4})\D?(\d{1,2})\D?(\d{1,2})`)

// ReadInvoiceXML reads an invoice from an invoice XML document (the first
// value of each known element); ok is false when it has no number.
func ReadInvoiceXML(content []byte, source string) (files.Recognised, bool) {
	seen := map[string]string{}
	dec := xml.NewDecoder(bytes.NewReader(content))
	dec.Strict = false
	var field string
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			field = xmlFields[t.Name.Local]
		case xml.CharData:
			if v := strings.TrimSpace(string(t)); field != "" && v != "" && seen[field] == "" {
				seen[field] = v
			}
		case xml.EndElement:
			field = ""
		}
	}
	no := seen["number"]
	if !reNumber.MatchString(no) {
		return files.Recognised{}, false
	}
	r := files.Recognised{Source: source, InvoiceNo: no, CheckCode: seen["check"], Confirmed: true,
		SellerName: seen["seller"], SellerTaxID: seen["sellerId"], BuyerName: seen["buyer"], BuyerTaxID: seen["buyerId"],
		Amount: money(seen["amount"]), TaxAmount: money(seen["tax"]), Total: money(seen["total"])}
	if c := seen["code"]; reCode.MatchString(c) && len(no) == 8 {
		r.InvoiceCode = c
	}
	if d := reXMLDate.FindStringSubmatch(seen["date"]); d != nil {
		r.IssueDate = d[1] + "-" + pad2(d[2]) + "-" + pad2(d[3])
	}
	if r.Total.IsZero() && !r.Amount.IsZero() {
		r.Total = r.Amount.Add(r.TaxAmount)
	}
	if len(no) == 20 {
		r.Kind = "32"
	}
	return r, true
}

// maxOFDPart bounds what one XML part of an OFD is read to (a zip bomb
// stops there).
const maxOFDPart = 4 << 20

// readOFD reads an OFD (a zip of XML parts): the first part holding an
// invoice number wins.
func readOFD(content []byte) []files.Recognised {
	zr, err := zip.NewReader(bytes.NewReader(content), int64(len(content)))
	if err != nil {
		return nil
	}
	for _, f := range zr.File {
		if !strings.HasSuffix(strings.ToLower(f.Name), ".xml") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			continue
		}
		part, err := io.ReadAll(io.LimitReader(rc, maxOFDPart))
		rc.Close()
		if err != nil {
			continue
		}
		if r, ok := ReadInvoiceXML(part, "ofd"); ok {
			return []files.Recognised{r}
		}
	}
	return nil
}
