package testimages

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"unicode/utf16"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// QRPicture draws text as a QR code of side pixels on a white page.
func QRPicture(text string, side int) (*image.Gray, error) {
	m, err := qrcode.NewQRCodeWriter().Encode(text, gozxing.BarcodeFormat_QR_CODE, side, side, nil)
	if err != nil {
		return nil, err
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
	return img, nil
}

// ReceiptPNG is a photographed receipt: a 1200x900 page with a QR in a corner.
func ReceiptPNG(payload string) ([]byte, error) {
	page := image.NewGray(image.Rect(0, 0, 1200, 900))
	for i := range page.Pix {
		page.Pix[i] = 235
	}
	qr, err := QRPicture(payload, 260)
	if err != nil {
		return nil, err
	}
	for y := 0; y < 260; y++ {
		copy(page.Pix[(40+y)*page.Stride+40:], qr.Pix[y*qr.Stride:y*qr.Stride+260])
	}
	var b bytes.Buffer
	if err := png.Encode(&b, page); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// DigitalPDF writes a 数电-style invoice PDF: its text in STSong-Light
// (UniGB-UCS2-H, as the text layer of a 数电 PDF reads) and its QR code
// as an embedded gray image.
func DigitalPDF(qrPayload string, withText bool) ([]byte, error) {
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
	qr, err := QRPicture(qrPayload, 160)
	if err != nil {
		return nil, err
	}
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
	return WritePDF(objs), nil
}

func ucs2Hex(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	return b.String()
}

// PhoneJPEG is a 4000x3000 photo-sized JPEG of a grey page with a fapiao QR
// of 600 pixels, as a phone camera takes a receipt.
func PhoneJPEG(payload string) ([]byte, error) {
	page := image.NewGray(image.Rect(0, 0, 4000, 3000))
	for i := range page.Pix {
		page.Pix[i] = uint8(200 + i%37)
	}
	qr, err := QRPicture(payload, 600)
	if err != nil {
		return nil, err
	}
	for y := 0; y < 600; y++ {
		copy(page.Pix[(1200+y)*page.Stride+2500:], qr.Pix[y*qr.Stride:y*qr.Stride+600])
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, page, &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
