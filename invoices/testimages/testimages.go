// Package testimages renders the pictures and PDFs invoice intake is tested
// and measured on, at test time: a receipt photographed without a QR code
// (text in a CJK font, for OCR), so that no binary test file is kept.
package testimages

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// CJKFonts are where Debian's fonts-noto-cjk (and a few other systems)
// keep a Simplified Chinese font.
var CJKFonts = []string{
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
	"/System/Library/Fonts/PingFang.ttc",
}

// ErrNoFont is answered when no CJK font is installed.
var ErrNoFont = errors.New("no CJK font found (apt-get install fonts-noto-cjk)")

// CJKFace is a face of the first CJK font found, size points at 72 dpi.
func CJKFace(size float64) (font.Face, error) {
	for _, p := range CJKFonts {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		coll, err := opentype.ParseCollection(b)
		if err != nil {
			return nil, err
		}
		f, err := coll.Font(0) // SC comes first in Noto Sans CJK
		if err != nil {
			return nil, err
		}
		return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	}
	return nil, ErrNoFont
}

// TextPNG is a white picture of width x height with the lines written in
// black, one under the other, in a CJK font of size pixels.
func TextPNG(width, height int, size float64, lines []string) ([]byte, error) {
	face, err := CJKFace(size)
	if err != nil {
		return nil, err
	}
	img := image.NewGray(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	d := &font.Drawer{Dst: img, Src: image.NewUniform(color.Black), Face: face}
	y := int(size * 2)
	for _, l := range lines {
		d.Dot = fixed.P(int(size*1.5), y)
		d.DrawString(l)
		y += int(size * 1.8)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// OCRReceiptLines are the lines of the receipt OCRReceipt renders: a 数电
// invoice number, its date and its amounts.
var OCRReceiptLines = []string{
	"电子发票（普通发票）",
	"发票号码：24312000000012345678",
	"开票日期：2024年03月15日",
	"金额：¥1000.00",
	"税额：¥60.00",
	"价税合计：¥1060.00",
}

// OCRReceipt is a 1400x900 picture of a receipt without a QR code.
func OCRReceipt() ([]byte, error) { return TextPNG(1400, 900, 44, OCRReceiptLines) }
