package masterdata

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"formwork/engine"
)

// Query narrows and orders the records of a type for a list page or a
// picker.
type Query struct {
	// Q is a search text: contained, ignoring case, in the key or a field
	// the type searches (a name in any language) or its display field.
	// Without Sort, records whose key is Q come first, then those whose
	// key starts with it.
	Q string
	// Company: the records of this company and those shared by the group
	// (no company).
	Company string
	// Active: only active (true) or deactivated (false) records; nil both.
	Active *bool
	// On (YYYY-MM-DD): only records valid on this date.
	On string
	// Page (from 1) of PageSize records (default DefaultPageSize, at most
	// MaxPageSize).
	Page, PageSize int
	// Sort is a field name, or "key" (the default); a leading "-" sorts
	// descending.
	Sort string
}

// Page sizes of List.
const (
	DefaultPageSize = 20
	MaxPageSize     = 500
)

// Page is a page of records and how many match.
type Page struct {
	Total int      `json:"total"`
	Rows  []Record `json:"rows"`
}

// List answers a page of the records of a type that match q. The search
// runs in memory over the type's snapshot, whose bodies the rows share: the
// caller reads them, never changes them.
func (s *Service) List(ctx context.Context, actor Actor, typ string, q Query) (*Page, error) {
	t, snap, err := s.readSnapshot(ctx, actor, typ)
	if err != nil {
		return nil, err
	}
	if err := q.check(); err != nil {
		return nil, err
	}
	text := strings.ToLower(strings.TrimSpace(q.Q))
	texts := snap.searchTexts(searchFields(t))
	var hits []int
	for i := range snap.records {
		if q.matches(&snap.records[i]) && (text == "" || strings.Contains(texts[i], text)) {
			hits = append(hits, i)
		}
	}
	sortHits(snap, hits, q.Sort, text)
	page := &Page{Total: len(hits), Rows: []Record{}}
	from := min((q.Page-1)*q.PageSize, len(hits))
	for _, i := range hits[from:min(from+q.PageSize, len(hits))] {
		page.Rows = append(page.Rows, snap.records[i])
	}
	return page, nil
}

// check fills the defaults of a query and refuses what it cannot be.
func (q *Query) check() error {
	if q.Page == 0 {
		q.Page = 1
	}
	if q.PageSize == 0 {
		q.PageSize = DefaultPageSize
	}
	switch {
	case q.Page < 0 || q.Page > 1_000_000:
		return engine.Refuse(engine.EINVALID, "page", engine.Text{"zh": "页码应在 1 到 1000000 之间",
			"en": "page is from 1 to 1000000", "th": "หน้าต้องอยู่ระหว่าง 1 ถึง 1000000"})
	case q.PageSize < 0 || q.PageSize > MaxPageSize:
		return engine.Refuse(engine.EINVALID, "pageSize", engine.Text{"zh": fmt.Sprintf("每页条数应在 1 到 %d 之间", MaxPageSize),
			"en": fmt.Sprintf("pageSize is from 1 to %d", MaxPageSize), "th": fmt.Sprintf("ขนาดหน้าต้องอยู่ระหว่าง 1 ถึง %d", MaxPageSize)})
	case q.On != "" && !datePattern.MatchString(q.On):
		return engine.Refuse(engine.EINVALID, "on", engine.Text{"zh": "日期的格式是 YYYY-MM-DD",
			"en": "on is a date YYYY-MM-DD", "th": "วันที่ต้องเป็นรูปแบบ YYYY-MM-DD"})
	}
	return nil
}

// matches reports whether a record passes the query's filters (not its
// search text).
func (q *Query) matches(r *Record) bool {
	return (q.Company == "" || r.Company == "" || r.Company == q.Company) &&
		(q.Active == nil || r.Active == *q.Active) &&
		(q.On == "" || (r.ValidFrom == "" || r.ValidFrom <= q.On) && (r.ValidTo == "" || q.On <= r.ValidTo))
}

// searchFields are the fields a type's search runs over: Search and the
// display field.
func searchFields(t *Type) []string {
	fields := slices.Clone(t.Search)
	if t.Display != "" && !slices.Contains(fields, t.Display) {
		fields = append(fields, t.Display)
	}
	return fields
}

// sortHits orders the positions of the matching records: by field (or
// key), or, searching without a field, the key equal to the text first,
// then keys starting with it, then by key.
func sortHits(snap *snapshot, hits []int, field, text string) {
	desc := strings.HasPrefix(field, "-")
	field = strings.TrimPrefix(field, "-")
	rank := func(i int) int {
		switch key := strings.ToLower(snap.records[i].Key); {
		case text == "" || field != "":
			return 0
		case key == text:
			return 0
		case strings.HasPrefix(key, text):
			return 1
		}
		return 2
	}
	slices.SortStableFunc(hits, func(a, b int) int {
		if c := cmp.Compare(rank(a), rank(b)); c != 0 {
			return c
		}
		c := 0
		if field != "" && field != "key" {
			c = compareValues(snap.records[a].Body[field], snap.records[b].Body[field])
		}
		if c == 0 {
			c = cmp.Compare(snap.records[a].Key, snap.records[b].Key)
		}
		if desc {
			return -c
		}
		return c
	})
}

// compareValues orders two field values: numbers by value, names by their
// Chinese, the rest as text; a missing value first.
func compareValues(a, b any) int {
	na, aNum := a.(json.Number)
	nb, bNum := b.(json.Number)
	if aNum && bNum {
		fa, _ := na.Float64()
		fb, _ := nb.Float64()
		return cmp.Compare(fa, fb)
	}
	return cmp.Compare(sortText(a), sortText(b))
}

func sortText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case map[string]any:
		s, _ := v["zh"].(string)
		return s
	}
	return fmt.Sprint(v)
}

// EventPage is a page of audit events and how many match.
type EventPage struct {
	Total  int64   `json:"total"`
	Events []Event `json:"events"`
}

// Events answers a page of the audit events of a type (and a key of it),
// newest first: for the readers of the type. Without a type, every type's
// events, for those who may read every type.
func (s *Service) Events(ctx context.Context, actor Actor, q EventQuery) (*EventPage, error) {
	if q.Type != "" {
		if _, err := s.readable(actor, q.Type); err != nil {
			return nil, err
		}
	} else {
		for _, t := range s.types() {
			if !actor.may(t.Read) && !actor.may(t.Write) {
				return nil, forbidden(t, false)
			}
		}
	}
	page := Query{Page: q.Page, PageSize: q.PageSize}
	if err := page.check(); err != nil {
		return nil, err
	}
	q.Page, q.PageSize = page.Page, page.PageSize
	total, events, err := s.store.Events(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("read the master-data events: %w", err)
	}
	if events == nil {
		events = []Event{}
	}
	return &EventPage{Total: total, Events: events}, nil
}

// Choice is a record as a dropdown offers it: its key and its display
// field's value (a name in each language).
type Choice struct {
	Key  string
	Name engine.Text
}

// Choices lists the active records of a type that any signed-in user may
// read, by key, for a dictionary of the type's code; ok false when the
// catalogue has no such type or it is not open to everyone.
func (s *Service) Choices(ctx context.Context, typ string) (choices []Choice, ok bool, err error) {
	t := s.typeOf(typ)
	if t == nil || !slices.Contains(t.Read, AnyRole) {
		return nil, false, nil
	}
	snap, err := s.snapshot(ctx, typ)
	if err != nil {
		return nil, true, err
	}
	for _, r := range snap.records {
		if !r.Active {
			continue
		}
		c := Choice{Key: r.Key}
		switch v := r.Body[t.Display].(type) {
		case map[string]any:
			c.Name = engine.Text{}
			for lang, s := range v {
				c.Name[lang], _ = s.(string)
			}
		case nil:
			c.Name = untranslated(r.Key)
		default:
			c.Name = untranslated(fmt.Sprint(v))
		}
		choices = append(choices, c)
	}
	return choices, true, nil
}
