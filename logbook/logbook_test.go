package logbook

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"formwork/engine"
)

type recordingStore struct{ got Query }

func (s *recordingStore) LogEntries(_ context.Context, q Query) (int64, []LogEntry, error) {
	s.got = q
	return 0, nil, nil
}

func TestLogFilters(t *testing.T) {
	bangkok := time.FixedZone("ICT", 7*3600)
	store := &recordingStore{}
	svc := NewService(store, bangkok)
	page, err := svc.List(context.Background(), Filter{Kind: "user", User: " Admin ", From: "2026-03-01", To: "2026-03-01", Text: " reset "})
	if err != nil {
		t.Fatal(err)
	}
	q := store.got
	if q.Kind != "user" || q.User != "admin" || q.Text != "reset" || q.Page != 1 || q.PageSize != DefaultPageSize || page.Rows == nil {
		t.Errorf("query %+v", q)
	}
	if !q.From.Equal(time.Date(2026, 2, 28, 17, 0, 0, 0, time.UTC)) || !q.To.Equal(time.Date(2026, 3, 1, 17, 0, 0, 0, time.UTC)) {
		t.Errorf("the day in Bangkok: from %v to %v", q.From.UTC(), q.To.UTC())
	}
	for _, c := range []struct {
		f         Filter
		path, msg string
	}{
		{Filter{Kind: "nope"}, "kind", "signinFailure"},
		{Filter{From: "2026-02-30"}, "from", "YYYY-MM-DD"},
		{Filter{From: "2026-03-02", To: "2026-03-01"}, "to", "before from"},
		{Filter{PageSize: MaxPageSize + 1}, "pageSize", "1 to 500"},
		{Filter{Page: -1}, "page", "1 or more"},
		{Filter{Text: strings.Repeat("x", 101)}, "q", "too long"},
	} {
		_, err := svc.List(context.Background(), c.f)
		var ee *engine.Error
		if !errors.As(err, &ee) || ee.Path != c.path || !strings.Contains(ee.In("en"), c.msg) || ee.Code != engine.EINVALID {
			t.Errorf("%+v: %v, want %s at %s", c.f, err, c.msg, c.path)
		}
	}
}
