package invoices

import (
	"bytes"
	"image"
	_ "image/jpeg" // receipts photographed
	_ "image/png"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// maxQRSide is the longest side a picture is searched at: a phone photo
// is scaled down to it first (a fapiao QR stays readable and the search
// stays well under a second).
const maxQRSide = 1600

// DecodeImageQR finds a QR code in a png or jpeg picture and answers its
// text; ok is false when there is none (or the bytes are no picture).
func DecodeImageQR(content []byte) (text string, ok bool) {
	img, _, err := image.Decode(bytes.NewReader(content))
	if err != nil {
		return "", false
	}
	return DecodeQR(img)
}

// DecodeQR finds a QR code in img; ok is false when there is none.
func DecodeQR(img image.Image) (string, bool) {
	img = shrink(img, maxQRSide)
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", false
	}
	hints := map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, hints)
	if err != nil { // no QR code, or one that cannot be read
		return "", false
	}
	return res.GetText(), true
}

// shrink scales img down (nearest neighbour, by a whole factor) until its
// longer side is at most side.
func shrink(img image.Image, side int) image.Image {
	b := img.Bounds()
	factor := 1
	for max(b.Dx(), b.Dy())/factor > side {
		factor++
	}
	if factor == 1 {
		return img
	}
	out := image.NewGray(image.Rect(0, 0, b.Dx()/factor, b.Dy()/factor))
	for y := 0; y < out.Rect.Dy(); y++ {
		for x := 0; x < out.Rect.Dx(); x++ {
			r, g, bl, _ := img.At(b.Min.X+x*factor, b.Min.Y+y*factor).RGBA()
			out.Pix[y*out.Stride+x] = uint8((299*r + 587*g + 114*bl) / 1000 >> 8)
		}
	}
	return out
}
