// Package pushlogdb is the SQL store of the push log (outbound.Store): one
// row per try of a call to an outside system, and per call the browser
// reported.
package pushlogdb

import (
	"context"
	"time"

	"formwork/outbound"

	"gorm.io/gorm"
)

// PushLog is one push-log row.
type PushLog struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	System     string    `gorm:"size:20;not null;index"`
	URL        string    `gorm:"size:500;not null"`
	Method     string    `gorm:"size:10;not null"`
	ReqData    string    `gorm:"type:text"`
	Response   string    `gorm:"type:text"`
	Status     string    `gorm:"size:2;not null;index"`
	HTTPStatus int       `gorm:"not null"`
	Key        string    `gorm:"size:120"`
	Try        int       `gorm:"not null"`
	BusinessID string    `gorm:"size:40;index"`
	At         time.Time `gorm:"not null;index"`
	Millis     int64     `gorm:"not null"`
	By         string    `gorm:"column:called_by;size:64"`
}

// Models are the push log's tables.
func Models() []any { return []any{&PushLog{}} }

// Store is the push log on gorm.
type Store struct{ db *gorm.DB }

// NewStore builds the store on db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

var _ outbound.Store = (*Store)(nil)

// Record appends one entry.
func (s *Store) Record(ctx context.Context, c outbound.Call) error {
	row := PushLog(c)
	row.ID = 0
	row.ReqData, row.Response = clip(row.ReqData), clip(row.Response)
	return s.db.WithContext(ctx).Create(&row).Error
}

// List answers a page of the entries matching f, newest first, and their count.
func (s *Store) List(ctx context.Context, f outbound.Filter) ([]outbound.Call, int64, error) {
	q := s.db.WithContext(ctx).Model(&PushLog{})
	if f.System != "" {
		q = q.Where("system = ?", f.System)
	}
	if f.Method != "" {
		q = q.Where("method = ?", f.Method)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.URL != "" {
		q = q.Where("url LIKE ?", "%"+f.URL+"%")
	}
	if f.BusinessID != "" {
		q = q.Where("business_id LIKE ?", "%"+f.BusinessID+"%")
	}
	if !f.From.IsZero() {
		q = q.Where("at >= ?", f.From)
	}
	if !f.To.IsZero() {
		q = q.Where("at < ?", f.To)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []PushLog
	if err := q.Order("at DESC, id DESC").Offset((f.Page - 1) * f.Size).Limit(f.Size).Find(&rows).Error; err != nil {
		return nil, 0, err
	}
	out := make([]outbound.Call, len(rows))
	for i, r := range rows {
		out[i] = outbound.Call(r)
	}
	return out, total, nil
}

// clip bounds what is kept of a request or an answer.
func clip(s string) string {
	const most = 64 << 10
	if len(s) > most {
		return s[:most]
	}
	return s
}
