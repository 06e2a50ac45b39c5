package httpapi_test

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/url"
	"strings"
	"testing"
)

const (
	uploadURL      = "/api/galaxyform/file/upload"
	attachmentsURL = "/api/galaxyform/doc/attachment/list"
	helpDocsURL    = "/api/galaxyform/commonForm/getHelpDocs"
)

// pngOf is a w x h PNG of one colour.
func pngOf(t *testing.T, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// zipOf is a zip package of the named parts.
func zipOf(t *testing.T, parts map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, body := range parts {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// docxOf is a minimal Word document saying text.
func docxOf(t *testing.T, text string) []byte {
	return zipOf(t, map[string]string{
		"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
		"_rels/.rels":         `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
		"word/document.xml":   `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>` + text + `</w:t></w:r></w:p></w:body></w:document>`,
	})
}

// minimalPDF is a one-page PDF.
const minimalPDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"

// upload sends content as the multipart field file named name, with the
// form fields given, as user.
func (api *testAPI) upload(t testing.TB, user, name string, content []byte, fields map[string]string) *apiResponse {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	w, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(content)
	_ = mw.Close()
	h := api.as(t, user)
	h["Content-Type"] = mw.FormDataContentType()
	res, err := api.send("POST", uploadURL, b.String(), h)
	if err != nil {
		t.Fatal(err)
	}
	checkEnvelope(t, res)
	return res
}

type uploadedFile struct {
	FileID      string           `json:"fileId"`
	SHA256      string           `json:"sha256"`
	Name        string           `json:"name"`
	Kind        string           `json:"kind"`
	ContentType string           `json:"contentType"`
	Size        int64            `json:"size"`
	Invoices    []map[string]any `json:"invoices"`
}

func mustUpload(t testing.TB, api *testAPI, user, name string, content []byte, fields map[string]string) uploadedFile {
	t.Helper()
	res := api.upload(t, user, name, content, fields)
	if res.status != 201 {
		t.Fatalf("upload %s: HTTP %d: %s", name, res.status, clip(res.body))
	}
	var f uploadedFile
	if err := json.Unmarshal(res.envelope.Data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// fileGet sends a GET for a file's content as user.
func fileGet(t *testing.T, api *testAPI, user, path string) *apiResponse {
	t.Helper()
	res, err := api.send("GET", path, "", api.as(t, user))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestFileUploadAndPreview(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		receipt := pngOf(t, 300, 150, color.RGBA{200, 30, 30, 255})
		f := mustUpload(t, api, "employee01", `C:\photos\receipt.png`, receipt, nil)
		sum := sha256.Sum256(receipt)
		if f.SHA256 != hex.EncodeToString(sum[:]) || f.Kind != "png" || f.ContentType != "image/png" || f.Size != int64(len(receipt)) ||
			f.Name != "receipt.png" || f.Invoices == nil || len(f.Invoices) != 0 {
			t.Fatalf("uploaded: %+v", f)
		}
		// the same bytes again: a new file, the content stored once
		again := mustUpload(t, api, "employee01", "copy.jpg", receipt, nil)
		if again.FileID == f.FileID || again.SHA256 != f.SHA256 || again.Kind != "png" {
			t.Fatalf("second upload: %+v", again)
		}
		var stored int64
		api.db.Table("file_contents").Where("content_key = ?", f.SHA256).Count(&stored)
		if stored != 1 {
			t.Errorf("content of %s stored %d times, want once", f.SHA256, stored)
		}

		res := fileGet(t, api, "employee01", "/api/galaxyform/file/previewImage?fileId="+f.FileID)
		if res.status != 200 || res.header.Get("Content-Type") != "image/png" || res.body != string(receipt) {
			t.Fatalf("previewImage: HTTP %d %s", res.status, res.header.Get("Content-Type"))
		}
		res = fileGet(t, api, "employee01", "/api/galaxyform/file/previewImage?fileId="+f.FileID+"&size=60")
		img, err := png.Decode(strings.NewReader(res.body))
		if res.status != 200 || err != nil || img.Bounds().Dx() != 60 || img.Bounds().Dy() != 30 {
			t.Fatalf("thumbnail: HTTP %d, %v, %v", res.status, err, img)
		}
		for _, bad := range []string{"&size=abc", "&size=5"} {
			if res := api.request(t, "GET", "/api/galaxyform/file/previewImage?fileId="+f.FileID+bad, "", nil); res.status != 400 {
				t.Errorf("size %s: HTTP %d: %s", bad, res.status, clip(res.body))
			}
		}
		// an image is no document
		if res := api.request(t, "GET", "/api/galaxyform/file/previewDoc?fileId="+f.FileID, "", nil); res.status != 415 {
			t.Errorf("previewDoc of a png: HTTP %d: %s", res.status, clip(res.body))
		}
		res = api.request(t, "GET", "/api/galaxyform/file/previewWps?fileId="+f.FileID, "", nil)
		if v := res.data(t).(map[string]any); res.status != 200 || v["viewer"] != "image" || !strings.Contains(fmt.Sprint(v["url"]), "previewImage") {
			t.Errorf("previewWps: %s", clip(res.body))
		}
		// until linked, the uploader only
		for _, user := range []string{"manager01", "finance01"} {
			if res := fileGet(t, api, user, "/api/galaxyform/file/previewImage?fileId="+f.FileID); res.status != 403 {
				t.Errorf("%s reads an unlinked file: HTTP %d", user, res.status)
			}
		}
		if res := api.request(t, "GET", "/api/galaxyform/file/download?fileId=nosuchfile", "", nil); res.status != 404 {
			t.Errorf("no such file: HTTP %d", res.status)
		}

		pdf := mustUpload(t, api, "employee01", "invoice.pdf", []byte(minimalPDF), nil)
		res = fileGet(t, api, "employee01", "/api/galaxyform/file/previewDoc?fileId="+pdf.FileID)
		if res.status != 200 || res.header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(res.header.Get("Content-Disposition"), "inline") {
			t.Errorf("previewDoc of a pdf: HTTP %d %v", res.status, res.header)
		}
		res = fileGet(t, api, "employee01", "/api/galaxyform/file/download?fileId="+pdf.FileID)
		if res.status != 200 || res.body != minimalPDF || !strings.Contains(res.header.Get("Content-Disposition"), `attachment; filename=invoice.pdf`) {
			t.Errorf("download: HTTP %d %v", res.status, res.header)
		}
	})
}

func TestFileUploadRefusals(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		for _, c := range []struct {
			name, content, detected string
		}{
			{"receipt.png", "just some text, not a picture", "text/plain"},
			{"archive.docx", string(zipOf(t, map[string]string{"readme.txt": "x"})), "application/zip"},
			{"anim.jpg", "GIF89a\x01\x00\x01\x00\x00\x00\x00;", "image/gif"},
			{"page.pdf", "<html><body>not a pdf</body></html>", "text/html"},
		} {
			res := api.upload(t, "employee01", c.name, []byte(c.content), nil)
			if res.status != 415 || res.envelope.Code != "EUNSUPPORTED" || !strings.Contains(res.envelope.Message, c.detected) {
				t.Errorf("%s: HTTP %d %s, want 415 naming %s", c.name, res.status, clip(res.body), c.detected)
			}
		}
		// the office kinds are told by their content
		for name, content := range map[string][]byte{
			"a.bin": docxOf(t, "hello"), "b.bin": zipOf(t, map[string]string{"xl/workbook.xml": "<x/>"}),
			"c.bin": zipOf(t, map[string]string{"ppt/presentation.xml": "<x/>"}), "d.bin": zipOf(t, map[string]string{"OFD.xml": "<x/>"}),
		} {
			f := mustUpload(t, api, "employee01", name, content, nil)
			want := map[string]string{"a.bin": "docx", "b.bin": "xlsx", "c.bin": "pptx", "d.bin": "ofd"}[name]
			if f.Kind != want {
				t.Errorf("%s: kind %s, want %s", name, f.Kind, want)
			}
		}
		if res := api.upload(t, "employee01", "empty.png", nil, nil); res.status != 400 {
			t.Errorf("empty file: HTTP %d: %s", res.status, clip(res.body))
		}
		big := append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte("0"), 10<<20)...)
		if res := api.upload(t, "employee01", "big.pdf", big, nil); res.status != 413 || !strings.Contains(res.envelope.Message, "10.0 MiB") {
			t.Errorf("a file above 10 MiB: HTTP %d: %s", res.status, clip(res.body))
		}
		huge := append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte("0"), 12<<20)...)
		if res := api.upload(t, "employee01", "huge.pdf", huge, nil); res.status != 413 {
			t.Errorf("a body above the upload limit: HTTP %d: %s", res.status, clip(res.body))
		}
		// without a file field
		if res := api.request(t, "POST", uploadURL, `{"file":"x"}`, nil); res.status != 400 && res.status != 415 {
			t.Errorf("JSON instead of multipart: HTTP %d: %s", res.status, clip(res.body))
		}
	})
}

func TestFileAccessThroughDocuments(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := createDocument(t, api, seedDocument("EX02-travel.json"))
		img := mustUpload(t, api, "employee01", "taxi.png", pngOf(t, 20, 20, color.Black), nil)
		// someone who may not change the document may not attach to it
		if res := api.upload(t, "manager01", "x.png", pngOf(t, 2, 2, color.White), map[string]string{"businessId": id}); res.status != 403 {
			t.Errorf("manager01 attaches to employee01's draft: HTTP %d", res.status)
		}
		pdf := mustUpload(t, api, "employee01", "hotel.pdf", []byte(minimalPDF), map[string]string{"businessId": id, "line": "lineList[0]", "group": "invoice"})
		res := api.request(t, "POST", "/api/galaxyform/file/link", fmt.Sprintf(`{"fileId":%q,"businessId":%q,"line":"lineList[1]"}`, img.FileID, id), nil)
		if res.status != 200 {
			t.Fatalf("link: HTTP %d: %s", res.status, clip(res.body))
		}
		if res := api.request(t, "POST", "/api/galaxyform/file/link", fmt.Sprintf(`{"fileId":%q,"businessId":%q}`, img.FileID, id), api.as(t, "manager01")); res.status != 403 {
			t.Errorf("manager01 links employee01's file: HTTP %d", res.status)
		}
		res = api.request(t, "POST", attachmentsURL, fmt.Sprintf(`{"businessId":%q,"pageSize":500}`, id), nil)
		var page struct {
			List     []map[string]any `json:"list"`
			Total    int              `json:"total"`
			PageSize int              `json:"pageSize"`
		}
		if res.status != 200 || json.Unmarshal(res.envelope.Data, &page) != nil || page.Total != 2 || len(page.List) != 2 || page.PageSize != 100 ||
			page.List[0]["fileId"] != pdf.FileID || page.List[0]["line"] != "lineList[0]" || page.List[0]["group"] != "invoice" || page.List[1]["fileId"] != img.FileID {
			t.Fatalf("attachments: HTTP %d: %s", res.status, clip(res.body))
		}
		for user, want := range map[string]int{"employee01": 200, "finance01": 200, "manager01": 403} {
			if res := api.request(t, "POST", attachmentsURL, fmt.Sprintf(`{"businessId":%q}`, id), api.as(t, user)); res.status != want {
				t.Errorf("%s lists the attachments: HTTP %d, want %d", user, res.status, want)
			}
			for _, f := range []string{"previewImage?fileId=" + img.FileID, "previewDoc?fileId=" + pdf.FileID, "download?fileId=" + pdf.FileID} {
				if res := fileGet(t, api, user, "/api/galaxyform/file/"+f); res.status != want {
					t.Errorf("%s %s: HTTP %d, want %d", user, f, res.status, want)
				}
			}
		}
		if res := api.request(t, "POST", attachmentsURL, `{"businessId":"NOPE0001"}`, nil); res.status != 404 {
			t.Errorf("attachments of no document: HTTP %d", res.status)
		}
	})
}

func TestFileUploadToken(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := createDocument(t, api, seedDocument("EX02-travel.json"))
		res := api.request(t, "GET", "/api/galaxyform/file/getUFSToken?businessId="+url.QueryEscape(id), "", nil)
		tok, _ := res.data(t).(map[string]any)["token"].(string)
		if res.status != 200 || len(tok) < 32 {
			t.Fatalf("getUFSToken: %s", clip(res.body))
		}
		if res := api.request(t, "GET", "/api/galaxyform/file/getUFSToken?businessId="+url.QueryEscape(id), "", api.as(t, "manager01")); res.status != 403 {
			t.Errorf("manager01's token for employee01's draft: HTTP %d", res.status)
		}
		receipt := pngOf(t, 4, 4, color.White)
		mustUpload(t, api, "employee01", "a.png", receipt, map[string]string{"businessId": id, "token": tok})
		for name, c := range map[string]struct {
			user   string
			fields map[string]string
		}{
			"another document": {"employee01", map[string]string{"token": tok}},
			"another user":     {"finance01", map[string]string{"token": tok}},
			"a made-up token":  {"employee01", map[string]string{"businessId": id, "token": "0123456789abcdef0123456789abcdef"}},
		} {
			if res := api.upload(t, c.user, "a.png", receipt, c.fields); res.status != 403 {
				t.Errorf("%s: HTTP %d: %s", name, res.status, clip(res.body))
			}
		}
		api.travel(t, 11*60e9)
		if res := api.upload(t, "employee01", "a.png", receipt, map[string]string{"businessId": id, "token": tok}); res.status != 403 {
			t.Errorf("an expired token: HTTP %d", res.status)
		}
	})
}

func TestFileOfficePreview(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		health := api.request(t, "GET", "/api/formwork/health", "", noToken).data(t).(map[string]any)
		conv, _ := health["converters"].(map[string]any)
		if _, ok := conv["soffice"]; !ok {
			t.Fatalf("health names no converters: %v", health)
		}
		for _, tool := range []string{"tesseract", "pdftoppm"} {
			if _, ok := conv[tool]; !ok {
				t.Fatalf("health does not report %s: %v", tool, health)
			}
		}
		f := mustUpload(t, api, "employee01", "note.docx", docxOf(t, "Taxi receipt"), nil)
		res := fileGet(t, api, "employee01", "/api/galaxyform/file/previewDoc?fileId="+f.FileID)
		if conv["soffice"] != true {
			if res.status != 415 || !strings.Contains(res.body, "LibreOffice") {
				t.Errorf("without LibreOffice: HTTP %d: %s", res.status, clip(res.body))
			}
			t.Log("LibreOffice (soffice) is not installed: office preview checked as refused (make tools installs it)")
			return
		}
		if res.status != 200 || !strings.HasPrefix(res.body, "%PDF") {
			t.Fatalf("previewDoc of a docx: HTTP %d: %s", res.status, clip(res.body))
		}
		var cached int64
		api.db.Table("file_contents").Where("content_key = ?", f.SHA256+".pdf").Count(&cached)
		if cached != 1 {
			t.Errorf("the converted PDF is not kept by content hash")
		}
	})
}

func TestHelpDocs(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		type entry struct {
			Code, DocType, BusinessType1, BusinessType2 string
			Guilding1, Guilding2, Guilding3             string
			FileList                                    []struct {
				FileName, FileGroup string
				Required            bool
			}
		}
		get := func(query string) (out struct {
			Entries []entry
			Common  bool
		}) {
			res := api.request(t, "GET", helpDocsURL+query, "", nil)
			if res.status != 200 || json.Unmarshal(res.envelope.Data, &out) != nil {
				t.Fatalf("getHelpDocs%s: %s", query, clip(res.body))
			}
			return out
		}
		requireFiles(t, api, "EX02-A0101", "invoice", "itinerary") // the seeds require none
		g := get("?docType=EX02&businessType1=A01&businessType2=A0101&lang=en")
		if len(g.Entries) != 1 || g.Common || !strings.HasPrefix(g.Entries[0].Guilding1, "Fill in transport") || g.Entries[0].Guilding2 == "" ||
			g.Entries[0].Guilding3 != "" || len(g.Entries[0].FileList) != 3 || !g.Entries[0].FileList[0].Required || g.Entries[0].FileList[2].Required {
			t.Errorf("EX02 A01/A0101: %+v", g)
		}
		if g := get("?docType=EX02&businessType1=A01&businessType2=A0101&action=fssc"); len(g.Entries) != 1 || !strings.HasPrefix(g.Entries[0].Guilding3, "核对") {
			t.Errorf("voucher review shows the review guide: %+v", g)
		}
		if g := get("?docType=EX03&businessType1=A01&businessType2=A0101"); len(g.Entries) != 0 {
			t.Errorf("EX03: %+v", g)
		}
		if g := get(""); !g.Common || len(g.Entries) < 3 || g.Entries[0].Guilding1 != "" || len(g.Entries[0].FileList) == 0 {
			t.Errorf("common table: %+v", g)
		}
	})
}

// A file the attachment configuration names (a guide's template) is read by
// everyone signed in; before it is named, by its uploader only.
func TestGuideFilesArePublished(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		tpl := mustUpload(t, api, "admin", "itinerary-template.pdf", []byte(minimalPDF), nil)
		preview := "/api/galaxyform/file/previewDoc?fileId=" + tpl.FileID
		if res := fileGet(t, api, "employee01", preview); res.status != 403 {
			t.Fatalf("an unpublished template: HTTP %d", res.status)
		}
		const record = "/api/formwork/masterdata/attachmentConfig/records/EX02-A05"
		res := api.request(t, "GET", record, "", api.as(t, "admin"))
		var rec struct {
			Version int64          `json:"version"`
			Body    map[string]any `json:"body"`
		}
		if res.status != 200 || json.Unmarshal(res.envelope.Data, &rec) != nil {
			t.Fatalf("the EX02-A05 configuration: %s", clip(res.body))
		}
		rec.Body["fileList"] = append(rec.Body["fileList"].([]any), map[string]any{"fileName": "行程单模板", "fileGroup": "itinerary", "fileId": tpl.FileID})
		body, _ := json.Marshal(map[string]any{"version": rec.Version, "body": rec.Body})
		if res := api.request(t, "PUT", record, string(body), api.as(t, "admin")); res.status != 200 {
			t.Fatalf("name the template: HTTP %d: %s", res.status, clip(res.body))
		}
		for _, user := range []string{"employee01", "manager01"} {
			if res := fileGet(t, api, user, preview); res.status != 200 {
				t.Errorf("%s reads the guide's template: HTTP %d", user, res.status)
			}
		}
	})
}
