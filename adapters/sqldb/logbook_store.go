package sqldb

import (
	"context"
	"database/sql/driver"
	"fmt"
	"formwork/adapters/sqldb/sqlq"
	"strings"
	"time"

	"formwork/logbook"

	"gorm.io/gorm"
)

// LogStore answers the log query (logbook.Store) from the tables where the
// events are recorded: sessions, login_failures, identity_events,
// document_events and master_events. One UNION ALL of the sources the
// query asks for, each filtered by itself (so that its indexes serve),
// ordered by time and paged by the database: the page is exact however the
// sources interleave.
type LogStore struct {
	db *gorm.DB
}

// NewLogStore is the log store on an opened, migrated database.
func NewLogStore(db *gorm.DB) *LogStore { return &LogStore{db: db} }

var _ logbook.Store = (*LogStore)(nil)

// logSource is where a kind of entry is recorded: the table, the SQL of
// each column of an entry, and a condition that picks its rows.
type logSource struct {
	kind, table, at, user, subject, action, detail, where string
}

var logSources = []logSource{
	{logbook.KindSignIn, "sessions", "created_at", "username", "username", "login_type", "COALESCE(source_system, '')", ""},
	{logbook.KindSignInFailure, "login_failures", "failed_at", "username", "username", "'failure'", "''", ""},
	{logbook.KindLockout, "identity_events", "at", "actor", "subject", "action", "COALESCE(detail, '')", "kind = 'lockout'"},
	{logbook.KindUser, "identity_events", "at", "actor", "subject", "action", "COALESCE(detail, '')", "kind = 'user'"},
	{logbook.KindDocument, "document_events", "at", "actor", "business_id", "action",
		"from_status || ' -> ' || to_status || COALESCE(': ' || NULLIF(comment, ''), '')", ""},
	{logbook.KindMasterData, "master_events", "done_at", "done_by", "type_code || '/' || record_key", "action", "''", ""},
}

// selectOf is the SELECT of one source with the query's filters.
func (src logSource) selectOf(q logbook.Query) (string, []any) {
	var conds []string
	var args []any
	if src.where != "" {
		conds = append(conds, src.where)
	}
	if !q.From.IsZero() {
		conds, args = append(conds, src.at+" >= ?"), append(args, q.From.UTC())
	}
	if !q.To.IsZero() {
		conds, args = append(conds, src.at+" < ?"), append(args, q.To.UTC())
	}
	if q.User != "" {
		conds, args = append(conds, src.user+" = ?"), append(args, q.User)
	}
	if q.Text != "" {
		p := sqlq.Contains(q.Text)
		conds = append(conds, fmt.Sprintf(`(LOWER(%s) LIKE ? ESCAPE '\' OR LOWER(%s) LIKE ? ESCAPE '\' OR LOWER(%s) LIKE ? ESCAPE '\' OR LOWER(%s) LIKE ? ESCAPE '\')`,
			src.user, src.subject, src.action, src.detail))
		args = append(args, p, p, p, p)
	}
	sql := fmt.Sprintf("SELECT %s AS at, '%s' AS kind, %s AS usr, %s AS subject, %s AS action, %s AS detail FROM %s",
		src.at, src.kind, src.user, src.subject, src.action, src.detail, src.table)
	if len(conds) > 0 {
		sql += " WHERE " + strings.Join(conds, " AND ")
	}
	return sql, args
}

// logRow is an entry as the union answers it; At is scanned whatever the
// database hands over for a time the union no longer knows is one.
type logRow struct {
	At      anyTime
	Kind    string
	Usr     string
	Subject string
	Action  string
	Detail  string
}

// LogEntries implements logbook.Store.
func (s *LogStore) LogEntries(ctx context.Context, q logbook.Query) (int64, []logbook.LogEntry, error) {
	var parts []string
	var args []any
	for _, src := range logSources {
		if q.Kind != "" && q.Kind != src.kind {
			continue
		}
		sql, a := src.selectOf(q)
		parts, args = append(parts, sql), append(args, a...)
	}
	union := strings.Join(parts, " UNION ALL ")
	db := s.db.WithContext(ctx)
	var total int64
	if err := db.Raw("SELECT COUNT(*) FROM ("+union+") e", args...).Scan(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []logRow
	page := "SELECT * FROM (" + union + ") e ORDER BY at DESC, kind, subject LIMIT ? OFFSET ?"
	if err := db.Raw(page, append(args, q.PageSize, (q.Page-1)*q.PageSize)...).Scan(&rows).Error; err != nil {
		return 0, nil, err
	}
	out := make([]logbook.LogEntry, len(rows))
	for i, r := range rows {
		out[i] = logbook.LogEntry{At: time.Time(r.At), Kind: r.Kind, User: r.Usr, Subject: r.Subject, Action: r.Action, Detail: r.Detail}
	}
	return total, out, nil
}

// anyTime scans a time handed over as a time, or as the text SQLite keeps
// it in.
type anyTime time.Time

// Scan implements sql.Scanner.
func (t *anyTime) Scan(v any) error {
	switch v := v.(type) {
	case time.Time:
		*t = anyTime(v)
		return nil
	case []byte:
		return t.parse(string(v))
	case string:
		return t.parse(v)
	case nil:
		*t = anyTime{}
		return nil
	}
	return fmt.Errorf("read a time from %T", v)
}

func (t *anyTime) parse(s string) error {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999"} {
		if v, err := time.Parse(layout, s); err == nil {
			*t = anyTime(v)
			return nil
		}
	}
	return fmt.Errorf("read a time from %q", s)
}

// Value implements driver.Valuer.
func (t anyTime) Value() (driver.Value, error) { return time.Time(t), nil }
