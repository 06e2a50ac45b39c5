// Package filedb is the SQL store of files (files.Store) and the database
// content store (files.Contents, the default one): gorm on SQLite or
// PostgreSQL. A content is one row per key (a SHA-256, or a derived
// preview's key), written once: server replicas on one PostgreSQL share it.
package filedb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"formwork/files"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// FileRecord is an uploaded file's row.
type FileRecord struct {
	ID          string `gorm:"primaryKey;size:40"`
	SHA256      string `gorm:"column:sha256;size:64;not null;index"`
	Name        string `gorm:"size:400;not null"`
	Kind        string `gorm:"size:10;not null"`
	ContentType string `gorm:"size:120;not null"`
	Size        int64  `gorm:"not null"`
	Uploader    string `gorm:"size:64;not null;index"`
	UploadedAt  time.Time
}

// FileLink ties a file to a document, a line and a group.
type FileLink struct {
	ID         int64  `gorm:"primaryKey;autoIncrement"`
	FileID     string `gorm:"size:40;not null;uniqueIndex:idx_file_link,priority:1"`
	BusinessID string `gorm:"size:40;not null;uniqueIndex:idx_file_link,priority:2;index"`
	Line       string `gorm:"size:80;not null;default:'';uniqueIndex:idx_file_link,priority:3"`
	Group      string `gorm:"column:file_group;size:40;not null;default:'';uniqueIndex:idx_file_link,priority:4"`
	LinkedBy   string `gorm:"size:64;not null"`
	LinkedAt   time.Time
}

// FileContent is a content by its key.
type FileContent struct {
	Key      string `gorm:"column:content_key;primaryKey;size:100"`
	Content  []byte `gorm:"not null"`
	StoredAt time.Time
}

// UploadToken is an upload token's row.
type UploadToken struct {
	Token      string `gorm:"primaryKey;size:80"`
	Username   string `gorm:"size:64;not null"`
	BusinessID string `gorm:"size:40;not null;default:''"`
	ExpiresAt  time.Time
}

// Models are the tables of the files' store.
func Models() []any { return []any{&FileRecord{}, &FileLink{}, &FileContent{}, &UploadToken{}} }

// Store is files.Store and files.Contents on a migrated database.
type Store struct{ db *gorm.DB }

// NewStore is the files' store on db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

var (
	_ files.Store    = (*Store)(nil)
	_ files.Contents = (*Store)(nil)
)

// AddFile implements files.Store.
func (s *Store) AddFile(ctx context.Context, f files.File) error {
	r := FileRecord{ID: f.ID, SHA256: f.SHA256, Name: f.Name, Kind: f.Kind, ContentType: f.ContentType, Size: f.Size,
		Uploader: f.Uploader, UploadedAt: f.UploadedAt}
	if err := s.db.WithContext(ctx).Create(&r).Error; err != nil {
		return fmt.Errorf("record file: %w", err)
	}
	return nil
}

func (r FileRecord) model() files.File {
	return files.File{ID: r.ID, SHA256: r.SHA256, Name: r.Name, Kind: r.Kind, ContentType: r.ContentType, Size: r.Size,
		Uploader: r.Uploader, UploadedAt: r.UploadedAt}
}

// File implements files.Store.
func (s *Store) File(ctx context.Context, id string) (*files.File, error) {
	var r FileRecord
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load file: %w", err)
	}
	f := r.model()
	return &f, nil
}

// AddLink implements files.Store.
func (s *Store) AddLink(ctx context.Context, l files.Link) error {
	r := FileLink{FileID: l.FileID, BusinessID: l.BusinessID, Line: l.Line, Group: l.Group, LinkedBy: l.LinkedBy, LinkedAt: l.LinkedAt}
	if err := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&r).Error; err != nil {
		return fmt.Errorf("link file: %w", err)
	}
	return nil
}

// Links implements files.Store.
func (s *Store) Links(ctx context.Context, fileID string) ([]files.Link, error) {
	var rows []FileLink
	if err := s.db.WithContext(ctx).Where("file_id = ?", fileID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load file links: %w", err)
	}
	out := make([]files.Link, len(rows))
	for i, r := range rows {
		out[i] = files.Link{FileID: r.FileID, BusinessID: r.BusinessID, Line: r.Line, Group: r.Group, LinkedBy: r.LinkedBy, LinkedAt: r.LinkedAt}
	}
	return out, nil
}

// Attachments implements files.Store.
func (s *Store) Attachments(ctx context.Context, businessID string, offset, limit int) ([]files.Attachment, int64, error) {
	db := s.db.WithContext(ctx)
	var total int64
	if err := db.Model(&FileLink{}).Where("business_id = ?", businessID).Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count attachments: %w", err)
	}
	var links []FileLink
	if err := db.Where("business_id = ?", businessID).Order("id").Offset(offset).Limit(limit).Find(&links).Error; err != nil {
		return nil, 0, fmt.Errorf("load attachments: %w", err)
	}
	ids := make([]string, len(links))
	for i, l := range links {
		ids[i] = l.FileID
	}
	var recs []FileRecord
	if len(ids) > 0 {
		if err := db.Where("id IN ?", ids).Find(&recs).Error; err != nil {
			return nil, 0, fmt.Errorf("load attached files: %w", err)
		}
	}
	byID := map[string]FileRecord{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	out := make([]files.Attachment, 0, len(links))
	for _, l := range links {
		out = append(out, files.Attachment{File: byID[l.FileID].model(), Line: l.Line, Group: l.Group, LinkedBy: l.LinkedBy, LinkedAt: l.LinkedAt})
	}
	return out, total, nil
}

// AddToken implements files.Store.
func (s *Store) AddToken(ctx context.Context, t files.UploadToken) error {
	r := UploadToken{Token: t.Token, Username: t.Username, BusinessID: t.BusinessID, ExpiresAt: t.ExpiresAt}
	if err := s.db.WithContext(ctx).Create(&r).Error; err != nil {
		return fmt.Errorf("record upload token: %w", err)
	}
	return nil
}

// Token implements files.Store.
func (s *Store) Token(ctx context.Context, token string) (*files.UploadToken, error) {
	var r UploadToken
	err := s.db.WithContext(ctx).Where("token = ?", token).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load upload token: %w", err)
	}
	return &files.UploadToken{Token: r.Token, Username: r.Username, BusinessID: r.BusinessID, ExpiresAt: r.ExpiresAt}, nil
}

// Put implements files.Contents: the first content stored under a key stays.
func (s *Store) Put(ctx context.Context, key string, content []byte) error {
	r := FileContent{Key: key, Content: content, StoredAt: time.Now()}
	if err := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&r).Error; err != nil {
		return fmt.Errorf("store content: %w", err)
	}
	return nil
}

// Get implements files.Contents.
func (s *Store) Get(ctx context.Context, key string) ([]byte, bool, error) {
	var r FileContent
	err := s.db.WithContext(ctx).Where("content_key = ?", key).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("load content: %w", err)
	}
	return r.Content, true, nil
}
