package files

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"formwork/documents"
	"formwork/engine"
)

// MaxSize is the largest file an upload takes (10 MiB, docs/files.md): a
// phone photo of a receipt or a multi-page PDF fits; a larger file is
// ETOOLARGE (413).
const MaxSize = 10 << 20

// EUNSUPPORTED is the code of a file of a kind not taken (415).
const EUNSUPPORTED = "EUNSUPPORTED"

// TokenTTL is how long an upload token (file/getUFSToken) lasts.
const TokenTTL = 10 * time.Minute

// Config is what a Service is built from; Converter and Intake may be nil.
type Config struct {
	Store     Store
	Contents  Contents
	Documents Documents
	Converter Converter
	Intake    Intake
	Now       func() time.Time
	// Published reports whether a file is published to everyone signed in
	// (the reimbursement guide's templates); nil: none is.
	Published func(ctx context.Context, fileID string) (bool, error)
	// Tools are the optional converters found at start (soffice,
	// tesseract), as health reports them.
	Tools map[string]bool
}

// Service is the files' use cases.
type Service struct{ cfg Config }

// NewService builds the files' use cases.
func NewService(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Tools == nil {
		cfg.Tools = map[string]bool{}
	}
	return &Service{cfg: cfg}
}

// SetIntake sets what recognises invoices in an upload (nil: nothing).
func (s *Service) SetIntake(i Intake) { s.cfg.Intake = i }

// Tools are the optional converters installed (name -> found).
func (s *Service) Tools() map[string]bool { return s.cfg.Tools }

// Upload is one file sent: its name as the client calls it, its bytes, and
// optionally the document, line and group it belongs to and the upload
// token it was sent with.
type Upload struct {
	Name       string
	Content    []byte
	BusinessID string
	Line       string
	Group      string
	Token      string
}

// Uploaded is a stored upload with the invoices recognised in it.
type Uploaded struct {
	File
	Link     *Link        `json:"link,omitempty"`
	Invoices []Recognised `json:"invoices"`
}

// Upload stores a file: refused when empty (EINVALID), above MaxSize
// (ETOOLARGE) or of a kind not Accepted (EUNSUPPORTED naming the kind
// detected); with a business id only by someone who may change that
// document (EFORBIDDEN). The content is stored once per SHA-256; the
// Intake, when set, then recognises invoices in it.
func (s *Service) Upload(ctx context.Context, who documents.Actor, u Upload) (*Uploaded, error) {
	if err := checkContent(u.Content); err != nil {
		return nil, err
	}
	kind, detected := Sniff(u.Content)
	if kind == "" {
		return nil, refuseKind(detected)
	}
	u.BusinessID, u.Line, u.Group = strings.TrimSpace(u.BusinessID), strings.TrimSpace(u.Line), strings.TrimSpace(u.Group)
	if err := s.checkToken(ctx, who, u); err != nil {
		return nil, err
	}
	if u.BusinessID != "" {
		if err := s.cfg.Documents.MayChange(ctx, who, u.BusinessID); err != nil {
			return nil, err
		}
	}
	sum := sha256.Sum256(u.Content)
	f := File{ID: newID(), SHA256: hex.EncodeToString(sum[:]), Name: fileName(u.Name, kind), Kind: kind,
		ContentType: Accepted[kind], Size: int64(len(u.Content)), Uploader: who.Username(), UploadedAt: s.cfg.Now()}
	if err := s.cfg.Contents.Put(ctx, f.SHA256, u.Content); err != nil {
		return nil, fmt.Errorf("store file content: %w", err)
	}
	if err := s.cfg.Store.AddFile(ctx, f); err != nil {
		return nil, err
	}
	out := &Uploaded{File: f, Invoices: []Recognised{}}
	if u.BusinessID != "" {
		l := Link{FileID: f.ID, BusinessID: u.BusinessID, Line: u.Line, Group: u.Group, LinkedBy: f.Uploader, LinkedAt: f.UploadedAt}
		if err := s.cfg.Store.AddLink(ctx, l); err != nil {
			return nil, err
		}
		out.Link = &l
	}
	if s.cfg.Intake != nil {
		found, err := s.cfg.Intake.Recognise(ctx, f.Uploader, f.ID, f.ContentType, u.Content)
		if err != nil {
			return nil, err
		}
		out.Invoices = append(out.Invoices, found...)
	}
	return out, nil
}

func checkContent(content []byte) error {
	switch {
	case len(content) == 0:
		return engine.Refuse(engine.EINVALID, "file", engine.Text{
			"zh": "请选择要上传的文件（表单字段 file）", "en": "send the file to upload (form field file)", "th": "กรุณาส่งไฟล์ที่จะอัปโหลด (ฟิลด์ file)"})
	case len(content) > MaxSize:
		return TooLarge(int64(len(content)))
	}
	return nil
}

// TooLarge is the refusal of a file of size bytes (above MaxSize).
func TooLarge(size int64) error {
	mb := func(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
	return engine.Refuse(engine.ETOOLARGE, "file", engine.Text{
		"zh": fmt.Sprintf("文件过大（%s）：单个文件不能超过 %s", mb(size), mb(MaxSize)),
		"en": fmt.Sprintf("the file is too large (%s): a file may have at most %s", mb(size), mb(MaxSize)),
		"th": fmt.Sprintf("ไฟล์ใหญ่เกินไป (%s): ไฟล์หนึ่งต้องไม่เกิน %s", mb(size), mb(MaxSize))})
}

func refuseKind(detected string) error {
	d := engine.Clip(detected, 80)
	return engine.Refuse(EUNSUPPORTED, "file", engine.Text{
		"zh": "不支持的文件类型 " + d + "：请上传 png、jpg、pdf、ofd、xls、xlsx、doc、docx、ppt 或 pptx 文件",
		"en": "files of type " + d + " are not taken: upload png, jpg, pdf, ofd, xls, xlsx, doc, docx, ppt or pptx",
		"th": "ไม่รองรับไฟล์ประเภท " + d + ": กรุณาอัปโหลด png, jpg, pdf, ofd, xls, xlsx, doc, docx, ppt หรือ pptx"})
}

// fileName is the base of the client's name (at most 200 characters), or
// file.<kind> when it gives none.
func fileName(name, kind string) string {
	name = strings.TrimSpace(path.Base(strings.ReplaceAll(name, `\`, "/")))
	if name == "" || name == "." || name == "/" || !utf8.ValidString(name) {
		return "file." + kind
	}
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	return name
}

func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
