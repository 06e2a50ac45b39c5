// Package fileapi is the HTTP handlers of files (documents.md 7 Files):
// upload, the upload token, previews, download, linking a file to a
// document and a document's attachment list. Handlers parse, call one use
// case of the files service and answer; who may read a file is decided
// there.
package fileapi

import (
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/engine"
	"formwork/files"
	"formwork/guide"

	"github.com/labstack/echo/v4"
)

// UploadPath is the upload's route (its body is multipart, up to UploadLimit).
const UploadPath = "/api/galaxyform/file/upload"

// UploadLimit is the largest upload body: a file of files.MaxSize and the
// multipart envelope around it.
const UploadLimit = files.MaxSize + 1<<20

// Multipart is the content type of the upload's body.
const Multipart = contract.Multipart

// API is the files' handlers and the reimbursement guide's.
type API struct {
	files *files.Service
	guide *guide.Service
}

// New builds the handlers on the files service and the guide.
func New(s *files.Service, g *guide.Service) *API { return &API{files: s, guide: g} }

// Routes are the files' routes: anyone signed in; the files service
// decides per file and document.
func (a *API) Routes() []kit.Route {
	return []kit.Route{
		{Method: "POST", Path: UploadPath, Access: kit.SignedIn, Handle: a.upload},
		{Method: "GET", Path: "/api/galaxyform/file/getUFSToken", Access: kit.SignedIn, Handle: a.uploadToken},
		{Method: "GET", Path: "/api/galaxyform/file/previewImage", Access: kit.SignedIn, Handle: a.previewImage},
		{Method: "GET", Path: "/api/galaxyform/file/previewDoc", Access: kit.SignedIn, Handle: a.previewDoc},
		{Method: "GET", Path: "/api/galaxyform/file/previewWps", Access: kit.SignedIn, Handle: a.previewWps},
		{Method: "GET", Path: "/api/galaxyform/file/download", Access: kit.SignedIn, Handle: a.download},
		{Method: "POST", Path: "/api/galaxyform/file/link", Access: kit.SignedIn, Handle: a.link},
		{Method: "POST", Path: "/api/galaxyform/doc/attachment/list", Access: kit.SignedIn, Handle: a.attachments},
		{Method: "GET", Path: "/api/galaxyform/commonForm/getHelpDocs", Access: kit.SignedIn, Handle: a.helpDocs},
	}
}

// upload: POST file/upload, multipart: file, and businessId, line, group,
// token (form fields or query parameters).
func (a *API) upload(c echo.Context) error {
	fh, err := c.FormFile("file")
	if err != nil {
		if strings.Contains(err.Error(), "request body too large") {
			return files.TooLarge(c.Request().ContentLength)
		}
		return engine.Refuse(engine.EINVALID, "file", engine.Text{
			"zh": "请以 multipart/form-data 上传文件，字段名 file", "en": "send the file as multipart/form-data in the field file",
			"th": "กรุณาส่งไฟล์แบบ multipart/form-data ในฟิลด์ file"})
	}
	if fh.Size > files.MaxSize {
		return files.TooLarge(fh.Size)
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	content, err := io.ReadAll(io.LimitReader(f, files.MaxSize+1))
	if err != nil {
		return err
	}
	up, err := a.files.Upload(c.Request().Context(), kit.CurrentUser(c), files.Upload{Name: fh.Filename, Content: content,
		BusinessID: c.FormValue("businessId"), Line: c.FormValue("line"), Group: c.FormValue("group"),
		Token: firstOf(c.Request().Header.Get("X-UFS-Token"), c.FormValue("token"))})
	if err != nil {
		return err
	}
	return kit.Created(c, up)
}

func firstOf(v ...string) string {
	for _, s := range v {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}

// uploadToken: GET file/getUFSToken?businessId=
func (a *API) uploadToken(c echo.Context) error {
	t, err := a.files.UploadToken(c.Request().Context(), kit.CurrentUser(c), strings.TrimSpace(c.QueryParam("businessId")))
	if err != nil {
		return err
	}
	return kit.OK(c, t)
}

func fileID(c echo.Context) (string, error) {
	id := strings.TrimSpace(c.QueryParam("fileId"))
	if id == "" {
		return "", kit.BadParam("fileId", "a file id", id)
	}
	return id, nil
}

// previewImage: GET file/previewImage?fileId=&size=
func (a *API) previewImage(c echo.Context) error {
	id, err := fileID(c)
	if err != nil {
		return err
	}
	size, err := kit.IntParam(c, "size")
	if err != nil {
		return err
	}
	p, err := a.files.PreviewImage(c.Request().Context(), kit.CurrentUser(c), id, size)
	if err != nil {
		return err
	}
	return send(c, p, "inline")
}

// previewDoc: GET file/previewDoc?fileId= (a PDF, inline)
func (a *API) previewDoc(c echo.Context) error {
	id, err := fileID(c)
	if err != nil {
		return err
	}
	p, err := a.files.PreviewDoc(c.Request().Context(), kit.CurrentUser(c), id)
	if err != nil {
		return err
	}
	return send(c, p, "inline")
}

// previewWps: GET file/previewWps?fileId= (how to show the file)
func (a *API) previewWps(c echo.Context) error {
	id, err := fileID(c)
	if err != nil {
		return err
	}
	v, err := a.files.ViewerOf(c.Request().Context(), kit.CurrentUser(c), id)
	if err != nil {
		return err
	}
	return kit.OK(c, v)
}

// download: GET file/download?fileId= (as uploaded, as an attachment)
func (a *API) download(c echo.Context) error {
	id, err := fileID(c)
	if err != nil {
		return err
	}
	f, content, err := a.files.Open(c.Request().Context(), kit.CurrentUser(c), id)
	if err != nil {
		return err
	}
	return send(c, &files.Preview{File: f, ContentType: "application/octet-stream", Content: content}, "attachment")
}

// send answers a file's content; its name in Content-Disposition.
func send(c echo.Context, p *files.Preview, disposition string) error {
	h := c.Response().Header()
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": p.File.Name}))
	h.Set("Cache-Control", "private, max-age=300")
	h.Set("X-Content-SHA256", p.File.SHA256)
	h.Set("Content-Length", strconv.Itoa(len(p.Content)))
	return c.Blob(http.StatusOK, p.ContentType, p.Content)
}

// link: POST file/link {fileId, businessId, line, group}
func (a *API) link(c echo.Context) error {
	var b contract.LinkBody
	if err := kit.ReadJSON(c, &b, true, `{"fileId":"...","businessId":"...","line":"lineList[0]","group":"invoice"}`); err != nil {
		return err
	}
	l, err := a.files.Link(c.Request().Context(), kit.CurrentUser(c), files.Link{FileID: strings.TrimSpace(b.FileID),
		BusinessID: strings.TrimSpace(b.BusinessID), Line: strings.TrimSpace(b.Line), Group: strings.TrimSpace(b.Group)})
	if err != nil {
		return err
	}
	return kit.OK(c, l)
}

// attachments: POST doc/attachment/list {businessId, pageNum, pageSize<=100}
func (a *API) attachments(c echo.Context) error {
	var q contract.AttachmentQuery
	if err := kit.ReadJSON(c, &q, false, `{"businessId":"...","pageNum":1,"pageSize":100}`); err != nil {
		return err
	}
	if strings.TrimSpace(q.BusinessID) == "" {
		return kit.BadParam("businessId", "a document's business id", "")
	}
	rows, total, err := a.files.Attachments(c.Request().Context(), kit.CurrentUser(c), strings.TrimSpace(q.BusinessID), q.PageNum, q.PageSize)
	if err != nil {
		return err
	}
	page, size := max(q.PageNum, 1), q.PageSize
	if size < 1 || size > files.AttachmentPageSize {
		size = files.AttachmentPageSize
	}
	return kit.OK(c, contract.AttachmentPage{List: rows, Total: total, PageNum: page, PageSize: size})
}

// helpDocs: GET commonForm/getHelpDocs?docType=&businessType1=&businessType2=&businessType3=&action=
// (the reimbursement guide; no docType: the common table)
func (a *API) helpDocs(c echo.Context) error {
	q := func(name string) string { return strings.TrimSpace(c.QueryParam(name)) }
	ans, err := a.guide.Guide(c.Request().Context(), guide.Query{DocType: q("docType"), BusinessType1: q("businessType1"),
		BusinessType2: q("businessType2"), BusinessType3: q("businessType3"), Mode: q("action"), Lang: kit.Lang(c)})
	if err != nil {
		return err
	}
	return kit.OK(c, ans)
}
