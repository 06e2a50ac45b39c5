package contract

import (
	"net/http"
	"reflect"

	"formwork/files"
	"formwork/guide"
)

// The files' requests and answers (adapters/httpapi/fileapi).

// LinkBody is the body of file/link.
type LinkBody struct {
	FileID     string `json:"fileId" required:"true"`
	BusinessID string `json:"businessId" required:"true"`
	Line       string `json:"line,omitempty"`
	Group      string `json:"group,omitempty"`
}

// AttachmentQuery is the body of doc/attachment/list.
type AttachmentQuery struct {
	BusinessID string `json:"businessId" required:"true"`
	PageNum    int    `json:"pageNum,omitempty"`
	PageSize   int    `json:"pageSize,omitempty"`
}

// AttachmentPage is a page of a document's attachments.
type AttachmentPage struct {
	List     []files.Attachment `json:"list"`
	Total    int64              `json:"total"`
	PageNum  int                `json:"pageNum"`
	PageSize int                `json:"pageSize"`
}

// Multipart is the content type of an upload's body.
const Multipart = "multipart/form-data"

var (
	unsupported = []int{http.StatusNotFound, http.StatusUnsupportedMediaType}
	fileQuery   = []string{"fileId"}
)

func init() {
	for t, name := range map[reflect.Type]string{
		reflect.TypeFor[files.File]():        "StoredFile",
		reflect.TypeFor[files.Link]():        "FileLink",
		reflect.TypeFor[files.Viewer]():      "FileViewer",
		reflect.TypeFor[files.Attachment]():  "FileAttachment",
		reflect.TypeFor[files.Uploaded]():    "UploadedFile",
		reflect.TypeFor[files.UploadToken](): "UploadToken",
		reflect.TypeFor[guide.Answer]():      "GuideAnswer",
		reflect.TypeFor[guide.Entry]():       "GuideEntry",
		reflect.TypeFor[guide.FileEntry]():   "GuideFile",
	} {
		componentNames[t] = name
	}
	for k, v := range map[string]apiDoc{
		"POST /api/galaxyform/file/upload": {Tag: "files", Summary: "Upload a receipt or attachment (multipart field file; optional businessId, line, group, token as fields or query): the kind is decided by the content (png, jpg, pdf, ofd, xls, xlsx, doc, docx, ppt, pptx; anything else 415 naming the detected type), at most 10 MiB (413); the content is stored once by SHA-256; with businessId it is linked to that document (who must be allowed to change it). Answers the file and the invoices recognised in it.",
			Query: []string{"businessId", "line", "group", "token"}, Upload: Multipart, Response: files.Uploaded{}, Created: true, Refusals: unsupported},
		"GET /api/galaxyform/file/getUFSToken": {Tag: "files", Summary: "A short-lived (10 minutes) upload token for the signed-in user and, with businessId, that document; an upload sent with it (header X-UFS-Token or field token) is refused for another user or document.",
			Query: []string{"businessId"}, Response: files.UploadToken{}, Refusals: notFound},
		"GET /api/galaxyform/file/previewImage": {Tag: "files", Summary: "An image file (png, jpg) as uploaded, or scaled so its longer side is at most size pixels (16 to 4096); other kinds 415. Readable by whoever may read a document the file is linked to, and by its uploader until it is linked.",
			Query: []string{"fileId", "size"}, File: "image/png,image/jpeg", Refusals: unsupported},
		"GET /api/galaxyform/file/previewDoc": {Tag: "files", Summary: "A file as a PDF, inline: a PDF as it is; an office file converted by LibreOffice headless (when installed; cached by content hash), else 415 saying LibreOffice is missing; images and OFD 415.",
			Query: fileQuery, File: "application/pdf", Refusals: unsupported},
		"GET /api/galaxyform/file/previewWps": {Tag: "files", Summary: "How a file is shown: viewer image (previewImage), pdf (previewDoc) or download, with the URL that answers its content.",
			Query: fileQuery, Response: files.Viewer{}, Refusals: notFound},
		"GET /api/galaxyform/file/download": {Tag: "files", Summary: "A file as uploaded, as an attachment with its name.",
			Query: fileQuery, File: "application/octet-stream", Refusals: notFound},
		"POST /api/galaxyform/file/link": {Tag: "files", Summary: "Link a file the user may read to a document the user may change, at a line (a path such as lineList[0]; empty: the head) and a group; linking again changes nothing.",
			Request: LinkBody{}, Response: files.Link{}, Refusals: notFound},
		"POST /api/galaxyform/doc/attachment/list": {Tag: "files", Summary: "The files linked to a document the user may read, oldest first, 100 per page (documents.md 9).",
			Request: AttachmentQuery{}, Response: AttachmentPage{}, Refusals: notFound},
		"GET /api/galaxyform/commonForm/getHelpDocs": {Tag: "files", Summary: "The reimbursement guide (documents.md 2) from the attachment configuration: per document type and business type 1, 2 (3: those for it and for every detail) the filling guide (guilding1), the business type and its required attachments (guilding2), the review guide (guilding3, only for action fssc or fsscPartedit) and the files with those that must be attached; without docType the common table (business types and file names); the guide video's address (devopsConfig guideVideoUrl).",
			Query: []string{"docType", "businessType1", "businessType2", "businessType3", "action", "lang"}, Response: guide.Answer{}},
	} {
		apiDocs[k] = v
	}
}
