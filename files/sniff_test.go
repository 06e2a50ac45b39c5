package files

import (
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	ole := "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1" + strings.Repeat("\x00", 40)
	for _, c := range []struct{ content, kind, detected string }{
		{"\x89PNG\r\n\x1a\n....", "png", ""},
		{"\xFF\xD8\xFF\xE0..JFIF", "jpg", ""},
		{"%PDF-1.7\n...", "pdf", ""},
		{ole + string(utf16le("WordDocument")), "doc", ""},
		{ole + string(utf16le("Workbook")), "xls", ""},
		{ole + string(utf16le("PowerPoint Document")), "ppt", ""},
		{ole + "nothing known", "", "application/x-ole-storage"},
		{"PK\x03\x04 broken zip", "", "application/zip"},
		{"GIF89a......", "", "image/gif"},
		{"hello, world", "", "text/plain; charset=utf-8"},
		{"\x00\x01\x02\x03", "", "application/octet-stream"},
	} {
		kind, detected := Sniff([]byte(c.content))
		if kind != c.kind || (c.detected != "" && detected != c.detected) {
			t.Errorf("Sniff(%q) = %q, %q; want %q, %q", c.content[:min(len(c.content), 12)], kind, detected, c.kind, c.detected)
		}
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		`C:\Users\me\receipt.png`: "receipt.png", "../../etc/passwd": "passwd", "": "file.pdf", "  ": "file.pdf",
		"/": "file.pdf", "发票.pdf": "发票.pdf", strings.Repeat("a", 300): strings.Repeat("a", 200),
	} {
		if got := fileName(in, "pdf"); got != want {
			t.Errorf("fileName(%q) = %q, want %q", in, got, want)
		}
	}
}
