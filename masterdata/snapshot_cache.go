package masterdata

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// The master data is small (hundreds to a few thousand records a type) and
// read far more than written: the service keeps each type's records in
// memory as a snapshot, and reloads it when the type's revision in the
// store has moved. Each read asks the store for the revisions of the types
// it reads (one query), so a write through any replica is seen at once.

// snapshot is a type's records at one revision, by key. It never changes
// once loaded, apart from what it derives lazily (typed views, search
// texts).
type snapshot struct {
	revision int64
	records  []Record
	index    map[string]int // key -> position in records

	mu      sync.Mutex
	derived map[string]*lazy // by name: typed views, search texts
}

// lazy is a value derived once (derivations may derive others).
type lazy struct {
	once sync.Once
	v    any
	err  error
}

func newSnapshot(revision int64, records []Record) *snapshot {
	sort.Slice(records, func(i, j int) bool { return records[i].Key < records[j].Key })
	index := make(map[string]int, len(records))
	for i, r := range records {
		index[r.Key] = i
	}
	return &snapshot{revision: revision, records: records, index: index, derived: map[string]*lazy{}}
}

// record is the record of a key; nil when there is none (an exact match:
// no case folding, no normalisation).
func (s *snapshot) record(key string) *Record {
	if i, ok := s.index[key]; ok {
		return &s.records[i]
	}
	return nil
}

// derive answers what build derives from the snapshot, built once per name.
func derive[T any](s *snapshot, name string, build func() (T, error)) (T, error) {
	s.mu.Lock()
	l := s.derived[name]
	if l == nil {
		l = &lazy{}
		s.derived[name] = l
	}
	s.mu.Unlock()
	l.once.Do(func() { l.v, l.err = build() })
	if l.err != nil {
		var zero T
		return zero, l.err
	}
	return l.v.(T), nil
}

// searchTexts are the lower-case texts a picker's search runs over, one per
// record: the key and the values of the fields (a name in every language).
func (s *snapshot) searchTexts(fields []string) []string {
	texts, _ := derive(s, "search:"+strings.Join(fields, ","), func() ([]string, error) {
		out := make([]string, len(s.records))
		for i, r := range s.records {
			var b strings.Builder
			b.WriteString(r.Key)
			for _, f := range fields {
				writeSearchable(&b, r.Body[f])
			}
			out[i] = strings.ToLower(b.String())
		}
		return out, nil
	})
	return texts
}

// writeSearchable writes a field's value: a string or number as it is, a
// name's every language, each after a separator no search text holds.
func writeSearchable(b *strings.Builder, v any) {
	switch v := v.(type) {
	case map[string]any:
		for _, lang := range []string{"zh", "en", "th"} {
			writeSearchable(b, v[lang])
		}
	case nil:
	default:
		b.WriteByte(0)
		fmt.Fprint(b, v)
	}
}

// cache holds the latest snapshot of each type.
type cache struct {
	mu      sync.Mutex
	entries map[string]*cacheEntry
}

type cacheEntry struct {
	mu   sync.Mutex // held while the type loads
	snap *snapshot
}

func (c *cache) entry(typ string) *cacheEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]*cacheEntry{}
	}
	e := c.entries[typ]
	if e == nil {
		e = &cacheEntry{}
		c.entries[typ] = e
	}
	return e
}

// snapshots answers the current snapshot of each type, in their order: one
// query for the revisions, and a load of each type whose revision moved.
func (s *Service) snapshots(ctx context.Context, types ...string) ([]*snapshot, error) {
	revisions := make([]int64, len(types))
	if err := s.store.Revisions(ctx, types, revisions); err != nil {
		return nil, fmt.Errorf("master data revisions: %w", err)
	}
	out := make([]*snapshot, len(types))
	for i, typ := range types {
		e := s.cache.entry(typ)
		e.mu.Lock()
		if e.snap == nil || e.snap.revision != revisions[i] {
			rev, records, err := s.store.Records(ctx, typ)
			if err != nil {
				e.mu.Unlock()
				return nil, fmt.Errorf("read the %s records: %w", typ, err)
			}
			e.snap = newSnapshot(rev, records)
		}
		out[i] = e.snap
		e.mu.Unlock()
	}
	return out, nil
}

// snapshot is the current snapshot of one type.
func (s *Service) snapshot(ctx context.Context, typ string) (*snapshot, error) {
	snaps, err := s.snapshots(ctx, typ)
	if err != nil {
		return nil, err
	}
	return snaps[0], nil
}

// RuleRecords answers the current records of each type, sorted by key, as
// the snapshots hold them (one query for the revisions): what the rules of
// a document read (masterdata/rulelookup). Shared: read, never change.
func (s *Service) RuleRecords(ctx context.Context, types []string) (map[string][]Record, error) {
	snaps, err := s.snapshots(ctx, types...)
	out := make(map[string][]Record, len(snaps))
	for i, snap := range snaps {
		out[types[i]] = snap.records
	}
	return out, err
}
