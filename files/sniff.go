package files

import (
	"archive/zip"
	"bytes"
	"net/http"
	"strings"
)

// Accepted are the kinds of file an upload takes (documents.md 2's
// previewable extensions plus OFD, the format of Chinese e-invoices), with
// the content type each is stored and served as.
var Accepted = map[string]string{
	"png":  "image/png",
	"jpg":  "image/jpeg",
	"pdf":  "application/pdf",
	"ofd":  "application/ofd",
	"xls":  "application/vnd.ms-excel",
	"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"doc":  "application/msword",
	"docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	"ppt":  "application/vnd.ms-powerpoint",
	"pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
}

// Sniff decides what content is by its bytes, never by its name: one of
// Accepted's kinds, or "" with the content type detected (for the refusal).
func Sniff(content []byte) (kind, detected string) {
	detected = http.DetectContentType(content)
	switch {
	case bytes.HasPrefix(content, []byte("\x89PNG\r\n\x1a\n")):
		return "png", detected
	case bytes.HasPrefix(content, []byte{0xFF, 0xD8, 0xFF}):
		return "jpg", detected
	case bytes.HasPrefix(content, []byte("%PDF-")):
		return "pdf", detected
	case bytes.HasPrefix(content, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		if k := compoundKind(content); k != "" {
			return k, detected
		}
		return "", "application/x-ole-storage"
	case bytes.HasPrefix(content, []byte("PK\x03\x04")):
		if k := zipKind(content); k != "" {
			return k, detected
		}
		return "", "application/zip"
	}
	return "", detected
}

// compoundKind is the Office 97-2003 kind of an OLE compound file, by the
// name of its main stream (directory names are UTF-16LE).
func compoundKind(content []byte) string {
	for _, s := range []struct{ stream, kind string }{
		{"WordDocument", "doc"}, {"Workbook", "xls"}, {"Book", "xls"}, {"PowerPoint Document", "ppt"},
	} {
		if bytes.Contains(content, utf16le(s.stream)) {
			return s.kind
		}
	}
	return ""
}

func utf16le(s string) []byte {
	out := make([]byte, 0, 2*len(s))
	for _, r := range s {
		out = append(out, byte(r), 0)
	}
	return out
}

// zipKind is the kind of a zip package: an Office Open XML document by its
// main part, an OFD by its OFD.xml.
func zipKind(content []byte) string {
	zr, err := zip.NewReader(bytes.NewReader(content), int64(len(content)))
	if err != nil {
		return ""
	}
	for _, f := range zr.File {
		name := f.Name
		switch {
		case strings.EqualFold(name, "OFD.xml"):
			return "ofd"
		case strings.HasPrefix(name, "word/"):
			return "docx"
		case strings.HasPrefix(name, "xl/"):
			return "xlsx"
		case strings.HasPrefix(name, "ppt/"):
			return "pptx"
		}
	}
	return ""
}

// IsImage reports whether kind is an image (previewImage, thumbnails).
func IsImage(kind string) bool { return kind == "png" || kind == "jpg" }

// IsOffice reports whether kind is an office file (previewDoc converts it).
func IsOffice(kind string) bool {
	switch kind {
	case "xls", "xlsx", "doc", "docx", "ppt", "pptx":
		return true
	}
	return false
}
