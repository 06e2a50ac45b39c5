package invoices

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"
)

// PDFRenderer renders PDF pages to pictures through poppler's pdftoppm
// (Debian: poppler-utils) when it is installed, so that a fapiao QR code a
// PDF holds as vector drawing or as a JPEG (DCTDecode) scan is read like
// one in a photo. Available says whether it was found.
type PDFRenderer struct{ path string }

// DetectPDFRenderer looks for pdftoppm on PATH.
func DetectPDFRenderer() PDFRenderer {
	p, err := exec.LookPath("pdftoppm")
	if err != nil {
		return PDFRenderer{}
	}
	return PDFRenderer{path: p}
}

// Available reports whether pdftoppm was found.
func (r PDFRenderer) Available() bool { return r.path != "" }

// Rendering bounds: the first pages at 150 dpi in grey (a fapiao's QR is
// on its first page), within renderTimeout.
const (
	renderPages   = 3
	renderDPI     = 150
	renderTimeout = 30 * time.Second
)

// Pages renders the first pages of a PDF to grey pictures.
func (r PDFRenderer) Pages(ctx context.Context, content []byte) ([]image.Image, error) {
	if r.path == "" {
		return nil, nil
	}
	dir, err := os.MkdirTemp("", "formwork-pdftoppm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(ctx, renderTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.path, "-r", fmt.Sprint(renderDPI), "-gray", "-png", "-f", "1", "-l", fmt.Sprint(renderPages), "-", filepath.Join(dir, "page"))
	cmd.Stdin = bytes.NewReader(content)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("pdftoppm: %w: %s", err, bytes.TrimSpace(out))
	}
	names, err := filepath.Glob(filepath.Join(dir, "page*.png"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	pages := make([]image.Image, 0, len(names))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("pdftoppm page %s: %w", filepath.Base(n), err)
		}
		pages = append(pages, img)
	}
	return pages, nil
}
