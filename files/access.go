package files

import (
	"context"
	"fmt"

	"formwork/documents"
	"formwork/engine"
)

// Get is the file of id if who may read it (mayRead): ENOTFOUND when there
// is none, EFORBIDDEN when who may not.
func (s *Service) Get(ctx context.Context, who documents.Actor, id string) (*File, error) {
	f, err := s.cfg.Store.File(ctx, id)
	if err != nil {
		return nil, err
	}
	if f == nil {
		return nil, engine.Refuse(engine.ENOTFOUND, "fileId", engine.Text{
			"zh": fmt.Sprintf("没有文件 %q", engine.Clip(id, 64)), "en": fmt.Sprintf("no file %q", engine.Clip(id, 64)),
			"th": fmt.Sprintf("ไม่มีไฟล์ %q", engine.Clip(id, 64))})
	}
	return f, s.mayRead(ctx, who, f)
}

// Open is Get with the file's content.
func (s *Service) Open(ctx context.Context, who documents.Actor, id string) (*File, []byte, error) {
	f, err := s.Get(ctx, who, id)
	if err != nil {
		return nil, nil, err
	}
	content, err := s.content(ctx, f.SHA256)
	return f, content, err
}

func (s *Service) content(ctx context.Context, key string) ([]byte, error) {
	content, found, err := s.cfg.Contents.Get(ctx, key)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("the content %s of a recorded file is missing from the content store", key)
	}
	return content, nil
}

// mayRead: a linked file is read by whoever may read a document it is
// linked to; a file linked to none by its uploader only; a published file
// (a guide's template) by everyone.
func (s *Service) mayRead(ctx context.Context, who documents.Actor, f *File) error {
	links, err := s.cfg.Store.Links(ctx, f.ID)
	if err != nil {
		return err
	}
	if len(links) == 0 && f.Uploader == who.Username() {
		return nil
	}
	if s.cfg.Published != nil {
		if ok, err := s.cfg.Published(ctx, f.ID); err != nil || ok {
			return err
		}
	}
	seen := map[string]bool{}
	for _, l := range links {
		if seen[l.BusinessID] {
			continue
		}
		seen[l.BusinessID] = true
		err := s.cfg.Documents.MayRead(ctx, who, l.BusinessID)
		switch engine.ErrorCode(err) {
		case "":
			return nil
		case engine.EFORBIDDEN, engine.ENOTFOUND:
		default:
			return err
		}
	}
	return engine.Refuse(engine.EFORBIDDEN, "fileId", engine.Text{
		"zh": fmt.Sprintf("您无权查看文件 %s：它不属于您可查看的单据", f.ID),
		"en": fmt.Sprintf("you may not read file %s: it belongs to no document you may read", f.ID),
		"th": fmt.Sprintf("คุณไม่มีสิทธิ์ดูไฟล์ %s: ไฟล์นี้ไม่ได้อยู่ในเอกสารที่คุณดูได้", f.ID)})
}

// Link ties a file who may read to a document who may change, at a line
// and group (linking it there again changes nothing).
func (s *Service) Link(ctx context.Context, who documents.Actor, l Link) (*Link, error) {
	if l.BusinessID == "" {
		return nil, engine.Refuse(engine.EINVALID, "businessId", engine.Text{
			"zh": "请指定单据编号 businessId", "en": "businessId is required", "th": "ต้องระบุ businessId"})
	}
	if _, err := s.Get(ctx, who, l.FileID); err != nil {
		return nil, err
	}
	if err := s.cfg.Documents.MayChange(ctx, who, l.BusinessID); err != nil {
		return nil, err
	}
	l.LinkedBy, l.LinkedAt = who.Username(), s.cfg.Now()
	if err := s.cfg.Store.AddLink(ctx, l); err != nil {
		return nil, err
	}
	return &l, nil
}

// AttachmentPageSize is the page size of a document's attachment list
// (documents.md 9).
const AttachmentPageSize = 100

// Attachments are a page (from 1) of the files linked to a document who may
// read, at most AttachmentPageSize per page, and how many there are.
func (s *Service) Attachments(ctx context.Context, who documents.Actor, businessID string, page, size int) ([]Attachment, int64, error) {
	if err := s.cfg.Documents.MayRead(ctx, who, businessID); err != nil {
		return nil, 0, err
	}
	if page < 1 {
		page = 1
	}
	if size < 1 || size > AttachmentPageSize {
		size = AttachmentPageSize
	}
	rows, total, err := s.cfg.Store.Attachments(ctx, businessID, (page-1)*size, size)
	if rows == nil {
		rows = []Attachment{}
	}
	return rows, total, err
}
