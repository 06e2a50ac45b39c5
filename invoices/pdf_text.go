package invoices

import (
	"bytes"
	"fmt"
	"image"
	"io"
	"math"
	"regexp"
	"sort"
	"strings"

	"formwork/files"

	"github.com/ledongthuc/pdf"
	"github.com/shopspring/decimal"
)

// pdfLines reads a PDF's text layer as lines: the pieces of text on one
// baseline, left to right, pages in order.
func pdfLines(r *pdf.Reader) []string {
	var lines []string
	for i := 1; i <= r.NumPage(); i++ {
		p := r.Page(i)
		if p.V.IsNull() || p.V.Key("Contents").Kind() == pdf.Null {
			continue
		}
		lines = append(lines, pageLines(p.Content().Text)...)
	}
	return lines
}

// pageLines groups the text pieces of a page by baseline (top to bottom).
func pageLines(texts []pdf.Text) []string {
	byY := map[int][]pdf.Text{}
	for _, t := range texts {
		y := int(math.Round(t.Y))
		byY[y] = append(byY[y], t)
	}
	ys := make([]int, 0, len(byY))
	for y := range byY {
		ys = append(ys, y)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ys)))
	lines := make([]string, 0, len(ys))
	for _, y := range ys {
		row := byY[y]
		sort.SliceStable(row, func(i, j int) bool { return row[i].X < row[j].X })
		var b strings.Builder
		for i, t := range row {
			if i > 0 && t.X-(row[i-1].X+row[i-1].W) > 2 {
				b.WriteByte(' ')
			}
			b.WriteString(t.S)
		}
		lines = append(lines, b.String())
	}
	return lines
}

var (
	rePDFNumber = regexp.MustCompile(`发票号码\s*[:：]\s*(\d{20}|\d{8})`)
	rePDFCode   = regexp.MustCompile(`发票代码\s*[:：]\s*(\d{12}|\d{10})`)
	rePDFDate   = regexp.MustCompile(`开票日期\s*[:：]\s*(\d{4})\s*[年-]\s*(\d{1,2})\s*[月-]\s*(\d{1,2})`)
	rePDFName   = regexp.MustCompile(`名\s*称\s*[:：]\s*([^\s:：]+)`)
	rePDFTaxID  = regexp.MustCompile(`纳税人识别号\s*[:：]\s*([0-9A-Z]{15,20})`)
	rePDFSums   = regexp.MustCompile(`合\s*计\s*[¥￥]?\s*(-?[\d,]+\.\d{2})\s*[¥￥]?\s*(-?[\d,]+\.\d{2})`)
	rePDFTotal  = regexp.MustCompile(`[（(]\s*小写\s*[)）]\s*[¥￥]?\s*(-?[\d,]+\.\d{2})`)
)

// ReadDigitalPDF reads a 数电 (or electronic) invoice from a PDF's text
// layer: number (and code), date, buyer and seller names and tax ids, the
// amount and tax of the 合计 line and the total of 价税合计. ok is false
// when the text layer holds no invoice number (a scan: look for a QR).
func ReadDigitalPDF(text []string) (files.Recognised, bool) {
	all := strings.Join(text, "\n")
	m := rePDFNumber.FindStringSubmatch(all)
	if m == nil {
		return files.Recognised{}, false
	}
	r := files.Recognised{Source: "pdf", InvoiceNo: m[1], Confirmed: true}
	if c := rePDFCode.FindStringSubmatch(all); c != nil && len(r.InvoiceNo) == 8 {
		r.InvoiceCode = c[1]
	}
	if d := rePDFDate.FindStringSubmatch(all); d != nil {
		r.IssueDate = fmt.Sprintf("%s-%02s-%02s", d[1], pad2(d[2]), pad2(d[3]))
	}
	names := rePDFName.FindAllStringSubmatch(all, 2)
	if len(names) > 0 {
		r.BuyerName = names[0][1]
	}
	if len(names) > 1 {
		r.SellerName = names[1][1]
	}
	ids := rePDFTaxID.FindAllStringSubmatch(all, 2)
	if len(ids) > 0 {
		r.BuyerTaxID = ids[0][1]
	}
	if len(ids) > 1 {
		r.SellerTaxID = ids[1][1]
	}
	if s := rePDFSums.FindStringSubmatch(all); s != nil {
		r.Amount, r.TaxAmount = money(s[1]), money(s[2])
	}
	if t := rePDFTotal.FindStringSubmatch(all); t != nil {
		r.Total = money(t[1])
	}
	switch {
	case strings.Contains(all, "专用发票"):
		r.Kind = "31"
	case len(r.InvoiceNo) == 20:
		r.Kind = "32"
	}
	if r.InvoiceCode != "" && r.Kind == "31" {
		r.Kind = "01"
	}
	if r.Total.IsZero() && !r.Amount.IsZero() {
		r.Total = r.Amount.Add(r.TaxAmount)
	}
	return r, true
}

func pad2(s string) string {
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

// money reads an amount printed with thousands separators.
func money(s string) decimal.Decimal {
	d, err := decimal.NewFromString(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		return decimal.Zero
	}
	return d
}

// readPDF recognises the invoices of a PDF: its text layer first, then a
// fapiao QR code among its embedded images (FlateDecode gray or RGB); the
// Service then tries the rendered pages.
func readPDF(content []byte) ([]files.Recognised, error) {
	r, err := pdf.NewReader(bytes.NewReader(content), int64(len(content)))
	if err != nil {
		return nil, fmt.Errorf("read pdf: %w", err)
	}
	var qr *files.Recognised
	for _, img := range pdfImages(r) {
		if text, ok := DecodeQR(img); ok {
			if got, err := ParseQR(text); err == nil {
				qr = &got
				break
			}
		}
	}
	lines := pdfLinesSafe(r)
	if rec, ok := ReadDigitalPDF(lines); ok {
		if qr != nil && qr.CheckCode != "" && rec.CheckCode == "" {
			rec.CheckCode = qr.CheckCode
		}
		return []files.Recognised{rec}, nil
	}
	if qr != nil {
		return []files.Recognised{*qr}, nil
	}
	return nil, nil
}

// pdfLinesSafe is pdfLines on a PDF the reader may choke on: a malformed
// content stream gives no lines instead of a panic.
func pdfLinesSafe(r *pdf.Reader) (lines []string) {
	defer func() {
		if recover() != nil {
			lines = nil
		}
	}()
	return pdfLines(r)
}

// pdfImages are the embedded images of every page the reader can decode:
// 8-bit DeviceGray or DeviceRGB behind FlateDecode. A JPEG (DCTDecode)
// image or a QR drawn as vectors is read on the page rendered by pdftoppm
// (PDFRenderer, pdf_render.go).
func pdfImages(r *pdf.Reader) (out []image.Image) {
	defer func() { _ = recover() }()
	for i := 1; i <= r.NumPage(); i++ {
		xo := r.Page(i).Resources().Key("XObject")
		for _, k := range xo.Keys() {
			v := xo.Key(k)
			if v.Key("Subtype").Name() != "Image" || v.Key("BitsPerComponent").Int64() != 8 {
				continue
			}
			if img := rawImage(v); img != nil {
				out = append(out, img)
			}
		}
	}
	return out
}

// rawImage decodes an image XObject's samples.
func rawImage(v pdf.Value) image.Image {
	w, h := int(v.Key("Width").Int64()), int(v.Key("Height").Int64())
	if w <= 0 || h <= 0 || w*h > 40_000_000 {
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(v.Reader(), int64(w*h*3)+1))
	if err != nil {
		return nil
	}
	switch v.Key("ColorSpace").Name() {
	case "DeviceGray":
		if len(data) < w*h {
			return nil
		}
		return &image.Gray{Pix: data[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
	case "DeviceRGB":
		if len(data) < w*h*3 {
			return nil
		}
		g := image.NewGray(image.Rect(0, 0, w, h))
		for i := 0; i < w*h; i++ {
			r, gr, b := int(data[3*i]), int(data[3*i+1]), int(data[3*i+2])
			g.Pix[i] = uint8((299*r + 587*gr + 114*b) / 1000)
		}
		return g
	}
	return nil
}
