// Package files is the receipts and attachments of documents: an upload
// is sniffed for its type, stored once by its SHA-256 in a content store
// (the database or an S3-compatible store), linked to a document, a line
// and a group, previewed (thumbnails of images, PDFs, office files
// converted to PDF) and read only by those who may read a document it is
// linked to, or by its uploader until it is linked. Recognising invoices
// in a file is the Intake's (intake.go), set by tools/formwork/wire.
package files

import (
	"context"
	"time"

	"formwork/documents"
)

// File is an uploaded file: its content is stored under SHA256 (shared by
// every upload of the same bytes).
type File struct {
	ID          string    `json:"fileId"`
	SHA256      string    `json:"sha256"`
	Name        string    `json:"name"`
	Kind        string    `json:"kind"` // png, jpg, pdf, ofd, xls, xlsx, doc, docx, ppt, pptx
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	Uploader    string    `json:"uploader"`
	UploadedAt  time.Time `json:"uploadedAt"`
}

// Link ties a file to a document, one of its lines (a path such as
// lineList[0], empty: the head) and a group (the guide's file group).
type Link struct {
	FileID     string    `json:"fileId"`
	BusinessID string    `json:"businessId"`
	Line       string    `json:"line"`
	Group      string    `json:"group"`
	LinkedBy   string    `json:"linkedBy"`
	LinkedAt   time.Time `json:"linkedAt"`
}

// Attachment is a file linked to a document.
type Attachment struct {
	File
	Line     string    `json:"line"`
	Group    string    `json:"group"`
	LinkedBy string    `json:"linkedBy"`
	LinkedAt time.Time `json:"linkedAt"`
}

// UploadToken is a short-lived permission to upload files to one document
// (or, with BusinessID empty, to no document yet) as one user.
type UploadToken struct {
	Token      string    `json:"token"`
	Username   string    `json:"username"`
	BusinessID string    `json:"businessId"`
	ExpiresAt  time.Time `json:"expiresAt"`
}

// Store keeps the files' records, their links and the upload tokens.
type Store interface {
	// AddFile records an uploaded file (its content is in Contents).
	AddFile(ctx context.Context, f File) error
	// File is the file of id, nil when there is none.
	File(ctx context.Context, id string) (*File, error)
	// AddLink links a file; linking it again to the same document, line
	// and group changes nothing.
	AddLink(ctx context.Context, l Link) error
	// Links are the links of a file.
	Links(ctx context.Context, fileID string) ([]Link, error)
	// Attachments are the files linked to a document, oldest first, a page
	// of them (offset, limit) and how many there are.
	Attachments(ctx context.Context, businessID string, offset, limit int) ([]Attachment, int64, error)
	// AddToken records an upload token; Token finds one (nil: none).
	AddToken(ctx context.Context, t UploadToken) error
	Token(ctx context.Context, token string) (*UploadToken, error)
}

// Contents is where contents are kept by key (a SHA-256, or a derived key
// such as the PDF of an office file): the database or an object store.
type Contents interface {
	// Put stores content under key unless something is stored there already
	// (content addressed: the same key is the same bytes).
	Put(ctx context.Context, key string, content []byte) error
	// Get is the content of key; found is false when there is none.
	Get(ctx context.Context, key string) (content []byte, found bool, err error)
}

// Documents is what files need to know of documents: whether who may read
// one, and whether who may change it (attach files to it).
type Documents interface {
	MayRead(ctx context.Context, who documents.Actor, businessID string) error
	MayChange(ctx context.Context, who documents.Actor, businessID string) error
}

// Converter turns an office file into a PDF (LibreOffice headless).
type Converter interface {
	ToPDF(ctx context.Context, kind string, content []byte) ([]byte, error)
}
