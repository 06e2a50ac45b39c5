package outbound

import (
	"context"
	"strings"
	"time"

	"formwork/engine"
)

// Filter narrows the push log: every non-empty field must match (URL and
// BusinessID by substring).
type Filter struct {
	System     string
	URL        string
	Method     string
	Status     string
	BusinessID string
	From, To   time.Time // zero: open
	Page, Size int
}

// Store keeps and reads the push log.
type Store interface {
	Log
	List(ctx context.Context, f Filter) ([]Call, int64, error)
}

// PushLog is the push log's use cases: the configuration centre's list
// and the browser's report of a call it made itself.
type PushLog struct {
	store Store
	now   func() time.Time
}

// NewPushLog builds the push log on its store.
func NewPushLog(s Store, now func() time.Time) *PushLog {
	if now == nil {
		now = time.Now
	}
	return &PushLog{store: s, now: now}
}

// Store is where the push log is kept (what a Sender logs to).
func (p *PushLog) Store() Store { return p.store }

// List answers the entries matching f, newest first, and their count.
func (p *PushLog) List(ctx context.Context, f Filter) ([]Call, int64, error) {
	if f.Page < 1 {
		f.Page = 1
	}
	if f.Size < 1 || f.Size > 500 {
		f.Size = 20
	}
	return p.store.List(ctx, f)
}

// Report records a call the browser made (pushGX/pushLog): url and method
// are required; status is what the browser saw.
func (p *PushLog) Report(ctx context.Context, c Call, by string) (Call, error) {
	c.URL, c.Method = strings.TrimSpace(c.URL), strings.ToUpper(strings.TrimSpace(c.Method))
	if c.URL == "" {
		return c, engine.Refuse(engine.EINVALID, "url", engine.Text{"zh": "缺少推送地址", "en": "url is required", "th": "ต้องระบุ url"})
	}
	if c.Method == "" {
		c.Method = "POST"
	}
	if len(c.URL) > 500 {
		return c, engine.Refuse(engine.EINVALID, "url", engine.Text{"zh": "推送地址过长(最多500字符)", "en": "url is longer than 500 characters", "th": "url ยาวเกิน 500 ตัวอักษร"})
	}
	if c.System == "" {
		c.System = "client"
	}
	c.ID, c.At, c.By, c.Try = 0, p.now(), by, 1
	return c, p.store.Record(ctx, c)
}
