// Package logbook is the configuration centre's log query (logQuery): one
// read-only, filtered, paged list, newest first, over the events the server
// records in its own places: sign-ins (the sessions), passwords found wrong
// and usernames locked (identity), user administration (identity), document
// lifecycle transitions (documents) and master-data changes (master data).
// The store answers from those tables with one query that merges them by
// time, so that paging is exact however the sources interleave. It knows
// neither HTTP nor SQL.
package logbook

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"formwork/engine"
)

// Kinds of log entries, one per source.
const (
	KindSignIn        = "signin"        // a session opened (password, single sign-on, trusted source)
	KindSignInFailure = "signinFailure" // a password found wrong
	KindLockout       = "lockout"       // a username locked by its failures
	KindUser          = "user"          // user administration
	KindDocument      = "document"      // a document's lifecycle transition
	KindMasterData    = "masterdata"    // a master record created, changed, deactivated, imported
)

// Kinds lists every kind, in the order the logs page offers them.
var Kinds = []string{KindSignIn, KindSignInFailure, KindLockout, KindUser, KindDocument, KindMasterData}

// LogEntry is one log entry: when, which kind, who (User), on what (Subject:
// a username, a document's business id, a master-data type/key), which
// action and a short detail.
type LogEntry struct {
	At      time.Time `json:"at"`
	Kind    string    `json:"kind"`
	User    string    `json:"user"`
	Subject string    `json:"subject"`
	Action  string    `json:"action"`
	Detail  string    `json:"detail"`
}

// Query narrows the log: of one kind, by one user, at or after From and
// before To, with Text somewhere in the user, subject, action or detail
// (ignoring case). A page of PageSize, newest first.
type Query struct {
	Kind     string
	User     string
	From, To time.Time // zero: open
	Text     string
	Page     int
	PageSize int
}

// LogPage is a page of the log and how many entries match.
type LogPage struct {
	Total int64      `json:"total"`
	Rows  []LogEntry `json:"rows"`
}

// Store answers the log.
type Store interface {
	// LogEntries answers a page of the entries q matches, newest first,
	// and how many match.
	LogEntries(ctx context.Context, q Query) (int64, []LogEntry, error)
}

// Service is the log query.
type Service struct {
	store Store
	loc   *time.Location
}

// NewService is the log query on store; dates are days in loc (nil: the
// server's time zone).
func NewService(store Store, loc *time.Location) *Service {
	if loc == nil {
		loc = time.Local
	}
	return &Service{store: store, loc: loc}
}

// Filter is the log query as a request states it: dates as YYYY-MM-DD,
// both days included.
type Filter struct {
	Kind, User, From, To, Text string
	Page, PageSize             int
}

// Page sizes of the log.
const (
	DefaultPageSize = 50
	MaxPageSize     = 500
)

// List answers a page of the log.
func (s *Service) List(ctx context.Context, f Filter) (*LogPage, error) {
	q, err := s.query(f)
	if err != nil {
		return nil, err
	}
	total, rows, err := s.store.LogEntries(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("read the log: %w", err)
	}
	if rows == nil {
		rows = []LogEntry{}
	}
	return &LogPage{Total: total, Rows: rows}, nil
}

// query checks a filter and turns it into a query.
func (s *Service) query(f Filter) (Query, error) {
	q := Query{Kind: strings.TrimSpace(f.Kind), User: strings.ToLower(strings.TrimSpace(f.User)), Text: strings.TrimSpace(f.Text),
		Page: f.Page, PageSize: f.PageSize}
	if q.Kind != "" && !slices.Contains(Kinds, q.Kind) {
		return q, engine.Refuse(engine.EINVALID, "kind", engine.Text{
			"zh": "日志类型" + engine.Clip(q.Kind, 20) + "不存在（可选：" + strings.Join(Kinds, "、") + "）",
			"en": "there is no log kind " + engine.Clip(q.Kind, 20) + " (kinds: " + strings.Join(Kinds, ", ") + ")",
			"th": "ไม่มีประเภทบันทึก " + engine.Clip(q.Kind, 20) + " (ประเภทที่มี: " + strings.Join(Kinds, ", ") + ")"})
	}
	var err error
	if q.From, err = s.day("from", f.From); err != nil {
		return q, err
	}
	if q.To, err = s.day("to", f.To); err != nil {
		return q, err
	}
	if !q.To.IsZero() {
		q.To = q.To.AddDate(0, 0, 1) // the whole last day
	}
	if !q.From.IsZero() && !q.To.IsZero() && !q.From.Before(q.To) {
		return q, engine.Refuse(engine.EINVALID, "to", engine.Text{"zh": "结束日期不能早于开始日期", "en": "to must not be before from", "th": "วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น"})
	}
	if len(q.Text) > 100 || len(q.User) > 64 {
		return q, engine.Refuse(engine.EINVALID, "q", engine.Text{"zh": "搜索文字过长", "en": "the search text is too long", "th": "ข้อความค้นหายาวเกินไป"})
	}
	return q, checkPage(&q)
}

func checkPage(q *Query) error {
	return engine.CheckPage(&q.Page, &q.PageSize, DefaultPageSize, MaxPageSize)
}

// day reads a YYYY-MM-DD date as the start of that day in the service's
// time zone; "" is the zero time.
func (s *Service) day(path, v string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.ParseInLocation("2006-01-02", v, s.loc)
	if err != nil {
		shown := engine.Clip(v, 20)
		return time.Time{}, engine.Refuse(engine.EINVALID, path, engine.Text{
			"zh": path + "日期" + shown + "无效，请使用YYYY-MM-DD格式",
			"en": path + " " + shown + " is not a date: use YYYY-MM-DD",
			"th": path + " " + shown + " ไม่ใช่วันที่ โปรดใช้รูปแบบ YYYY-MM-DD"})
	}
	return t, nil
}
