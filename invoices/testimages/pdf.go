package testimages

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"strings"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// QRModules is the module matrix of a QR code of payload (true: dark), one
// entry a module, quiet zone included.
func QRModules(payload string) ([][]bool, error) {
	m, err := qrcode.NewQRCodeWriter().Encode(payload, gozxing.BarcodeFormat_QR_CODE, 0, 0, nil)
	if err != nil {
		return nil, err
	}
	out := make([][]bool, m.GetHeight())
	for y := range out {
		out[y] = make([]bool, m.GetWidth())
		for x := range out[y] {
			out[y][x] = m.Get(x, y)
		}
	}
	return out, nil
}

// OnePagePDF is an A4 PDF of one page drawn by content, with the image
// XObjects given (name -> the object's dictionary and stream).
func OnePagePDF(content string, xobjects map[string]string) []byte {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content)}
	var res strings.Builder
	for name, obj := range xobjects {
		objs = append(objs, obj)
		fmt.Fprintf(&res, "/%s %d 0 R ", name, len(objs))
	}
	objs[2] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << " + res.String() + ">> >> >>"
	return WritePDF(objs)
}

// WritePDF writes the objects (1 0 obj the catalog) as a PDF with its
// cross-reference table.
func WritePDF(objs []string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// VectorQRPDF is a PDF whose only content is a fapiao QR code drawn as
// vector rectangles (as invoicing software prints it): no image, no text.
func VectorQRPDF(payload string) ([]byte, error) {
	m, err := QRModules(payload)
	if err != nil {
		return nil, err
	}
	const module, left, top = 3.0, 60.0, 780.0 // points
	var c strings.Builder
	c.WriteString("0 g\n")
	for y, row := range m {
		for x, dark := range row {
			if dark {
				fmt.Fprintf(&c, "%.1f %.1f %.1f %.1f re\n", left+float64(x)*module, top-float64(y+1)*module, module, module)
			}
		}
	}
	c.WriteString("f\n")
	return OnePagePDF(c.String(), nil), nil
}

// JPEGQRPDF is a scanned invoice: a PDF whose only content is a JPEG
// (DCTDecode) picture of a page with the fapiao QR code in a corner.
func JPEGQRPDF(payload string) ([]byte, error) {
	m, err := QRModules(payload)
	if err != nil {
		return nil, err
	}
	const w, h, module = 1240, 1754, 6 // a 150 dpi A4 scan
	page := image.NewGray(image.Rect(0, 0, w, h))
	for i := range page.Pix {
		page.Pix[i] = 235
	}
	for y, row := range m {
		for x, dark := range row {
			v := uint8(250)
			if dark {
				v = 20
			}
			for dy := range module {
				for dx := range module {
					page.Pix[(80+y*module+dy)*page.Stride+80+x*module+dx] = v
				}
			}
		}
	}
	var pic bytes.Buffer
	if err := jpeg.Encode(&pic, page, &jpeg.Options{Quality: 80}); err != nil {
		return nil, err
	}
	obj := fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n%s\nendstream",
		w, h, pic.Len(), pic.String())
	return OnePagePDF("q 595 0 0 842 0 0 cm /Im1 Do Q\n", map[string]string{"Im1": obj}), nil
}
