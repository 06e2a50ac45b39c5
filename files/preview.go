package files

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"strconv"

	"formwork/documents"
	"formwork/engine"

	"golang.org/x/image/draw"
)

// Thumbnail sizes previewImage takes (the longer side in pixels).
const (
	MinThumbnail = 16
	MaxThumbnail = 4096
)

// Preview is a file's content ready to show: what it is and its bytes.
type Preview struct {
	File        *File
	ContentType string
	Content     []byte
}

// PreviewImage is an image file who may read, scaled down so that its
// longer side is at most size pixels (size 0: as uploaded); other kinds
// are EUNSUPPORTED. Thumbnails are kept by content hash and size.
func (s *Service) PreviewImage(ctx context.Context, who documents.Actor, id string, size int) (*Preview, error) {
	f, content, err := s.Open(ctx, who, id)
	if err != nil {
		return nil, err
	}
	if !IsImage(f.Kind) {
		return nil, notPreviewable(f, "previewImage")
	}
	if size == 0 {
		return &Preview{File: f, ContentType: f.ContentType, Content: content}, nil
	}
	if size < MinThumbnail || size > MaxThumbnail {
		return nil, engine.Refuse(engine.EINVALID, "size", engine.Text{
			"zh": fmt.Sprintf("缩略图尺寸 size 应在 %d 到 %d 像素之间", MinThumbnail, MaxThumbnail),
			"en": fmt.Sprintf("size must be between %d and %d pixels", MinThumbnail, MaxThumbnail),
			"th": fmt.Sprintf("size ต้องอยู่ระหว่าง %d ถึง %d พิกเซล", MinThumbnail, MaxThumbnail)})
	}
	key := f.SHA256 + ".thumb" + strconv.Itoa(size)
	if cached, found, err := s.cfg.Contents.Get(ctx, key); err != nil || found {
		return &Preview{File: f, ContentType: f.ContentType, Content: cached}, err
	}
	thumb, err := thumbnail(f.Kind, content, size)
	if err != nil {
		return nil, err
	}
	if err := s.cfg.Contents.Put(ctx, key, thumb); err != nil {
		return nil, err
	}
	return &Preview{File: f, ContentType: f.ContentType, Content: thumb}, nil
}

// thumbnail scales an image down to fit size (an image that fits is
// answered as it is), in its own format.
func thumbnail(kind string, content []byte, size int) ([]byte, error) {
	img, _, err := image.Decode(bytes.NewReader(content))
	if err != nil {
		return nil, engine.Refuse(engine.EINVALID, "fileId", engine.Text{
			"zh": "图片无法解码：" + engine.Clip(err.Error(), 80), "en": "the image cannot be decoded: " + engine.Clip(err.Error(), 80),
			"th": "ถอดรหัสรูปภาพไม่ได้: " + engine.Clip(err.Error(), 80)})
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= size && h <= size {
		return content, nil
	}
	if w >= h {
		w, h = size, max(1, h*size/w)
	} else {
		w, h = max(1, w*size/h), size
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	var out bytes.Buffer
	if kind == "png" {
		err = png.Encode(&out, dst)
	} else {
		err = jpeg.Encode(&out, dst, &jpeg.Options{Quality: 85})
	}
	return out.Bytes(), err
}

// PreviewDoc is a file who may read as a PDF: a PDF as it is, an office
// file converted by the Converter (LibreOffice), kept by content hash so
// each content is converted once. Without a converter an office file is
// EUNSUPPORTED saying so; images and OFD are EUNSUPPORTED (previewImage,
// download).
func (s *Service) PreviewDoc(ctx context.Context, who documents.Actor, id string) (*Preview, error) {
	f, content, err := s.Open(ctx, who, id)
	if err != nil {
		return nil, err
	}
	switch {
	case f.Kind == "pdf":
		return &Preview{File: f, ContentType: "application/pdf", Content: content}, nil
	case !IsOffice(f.Kind):
		return nil, notPreviewable(f, "previewDoc")
	case s.cfg.Converter == nil:
		return nil, engine.Refuse(EUNSUPPORTED, "fileId", engine.Text{
			"zh": "服务器未安装 LibreOffice，无法预览 " + f.Kind + " 文件；请下载查看",
			"en": "LibreOffice is not installed on the server, so " + f.Kind + " files cannot be previewed: download the file",
			"th": "เซิร์ฟเวอร์ไม่ได้ติดตั้ง LibreOffice จึงดูตัวอย่างไฟล์ " + f.Kind + " ไม่ได้ กรุณาดาวน์โหลด"})
	}
	key := f.SHA256 + ".pdf"
	if cached, found, err := s.cfg.Contents.Get(ctx, key); err != nil || found {
		return &Preview{File: f, ContentType: "application/pdf", Content: cached}, err
	}
	pdf, err := s.cfg.Converter.ToPDF(ctx, f.Kind, content)
	if err != nil {
		return nil, fmt.Errorf("convert %s to PDF: %w", f.ID, err)
	}
	if err := s.cfg.Contents.Put(ctx, key, pdf); err != nil {
		return nil, err
	}
	return &Preview{File: f, ContentType: "application/pdf", Content: pdf}, nil
}

func notPreviewable(f *File, call string) error {
	return engine.Refuse(EUNSUPPORTED, "fileId", engine.Text{
		"zh": fmt.Sprintf("%s 不能预览 %s 文件 %s", call, f.Kind, f.Name),
		"en": fmt.Sprintf("%s does not show %s files (%s)", call, f.Kind, f.Name),
		"th": fmt.Sprintf("%s แสดงไฟล์ %s ไม่ได้ (%s)", call, f.Kind, f.Name)})
}

// Viewer is how a file is shown (file/previewWps): as an image, as a PDF
// (a PDF, or an office file when a converter is installed), or offered
// for download only.
type Viewer struct {
	File   File   `json:"file"`
	Viewer string `json:"viewer"` // image, pdf, download
	URL    string `json:"url"`
}

// ViewerOf says how to show a file who may read, with the call that
// answers its content.
func (s *Service) ViewerOf(ctx context.Context, who documents.Actor, id string) (*Viewer, error) {
	f, err := s.Get(ctx, who, id)
	if err != nil {
		return nil, err
	}
	v := &Viewer{File: *f, Viewer: "download", URL: "/api/galaxyform/file/download?fileId=" + f.ID}
	switch {
	case IsImage(f.Kind):
		v.Viewer, v.URL = "image", "/api/galaxyform/file/previewImage?fileId="+f.ID
	case f.Kind == "pdf", IsOffice(f.Kind) && s.cfg.Converter != nil:
		v.Viewer, v.URL = "pdf", "/api/galaxyform/file/previewDoc?fileId="+f.ID
	}
	return v, nil
}
