// Package officeconv converts office files to PDF with LibreOffice in
// headless mode (files.Converter), and finds which optional converters
// (soffice, tesseract) are installed.
package officeconv

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Timeout bounds one conversion.
const Timeout = 2 * time.Minute

// Installed answers, for each optional tool formwork uses, whether it is
// on the PATH: soffice (LibreOffice, office previews), tesseract (OCR) and
// pdftoppm (poppler-utils: PDF pages rendered to read their QR codes).
func Installed() map[string]bool {
	out := map[string]bool{}
	for _, name := range []string{"soffice", "tesseract", "pdftoppm"} {
		_, err := exec.LookPath(name)
		out[name] = err == nil
	}
	return out
}

// LibreOffice is a files.Converter running soffice.
type LibreOffice struct{ Path string }

// Find is the LibreOffice on the PATH, nil when none is installed.
func Find() *LibreOffice {
	p, err := exec.LookPath("soffice")
	if err != nil {
		return nil
	}
	return &LibreOffice{Path: p}
}

// ToPDF converts content of kind (docx, xls, ...) to a PDF. Each call has
// a profile directory of its own, so conversions may run side by side.
func (l *LibreOffice) ToPDF(ctx context.Context, kind string, content []byte) ([]byte, error) {
	dir, err := os.MkdirTemp("", "formwork-soffice-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in."+kind)
	if err := os.WriteFile(in, content, 0o600); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, l.Path, "--headless", "--norestore", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--convert-to", "pdf", "--outdir", dir, in)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("soffice: %w: %s", err, strings.TrimSpace(string(out)))
	}
	pdf, err := os.ReadFile(filepath.Join(dir, "in.pdf"))
	if err != nil {
		return nil, fmt.Errorf("soffice wrote no PDF: %s", strings.TrimSpace(string(out)))
	}
	return pdf, nil
}
