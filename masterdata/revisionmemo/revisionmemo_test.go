package revisionmemo_test

import (
	"context"
	"slices"
	"testing"

	"formwork/masterdata"
	"formwork/masterdata/revisionmemo"
)

// countingStore answers revision 7 for every type and records each query.
type countingStore struct {
	masterdata.Store
	asked [][]string
	rev   int64
}

func (c *countingStore) Revisions(_ context.Context, types []string, revs []int64) error {
	c.asked = append(c.asked, slices.Clone(types))
	for i := range types {
		revs[i] = c.rev
	}
	return nil
}

// revisions reads the revisions of types through s, by type.
func revisions(t *testing.T, s revisionmemo.Store, ctx context.Context, types ...string) map[string]int64 {
	t.Helper()
	revs := make([]int64, len(types))
	if err := s.Revisions(ctx, types, revs); err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for i, typ := range types {
		out[typ] = revs[i]
	}
	return out
}

func TestRevisionsReadOncePerMemo(t *testing.T) {
	inner := &countingStore{rev: 7}
	s := revisionmemo.Store{Store: inner}
	ctx := revisionmemo.With(context.Background())
	for range 3 {
		if got := revisions(t, s, ctx, "vendor", "costType"); got["vendor"] != 7 || got["costType"] != 7 {
			t.Fatalf("revisions %v", got)
		}
	}
	inner.rev = 8 // a change by someone else: this request keeps what it saw
	got := revisions(t, s, ctx, "vendor", "city")
	if got["vendor"] != 7 || got["city"] != 8 {
		t.Errorf("revisions %v, want vendor 7 (read before), city 8", got)
	}
	if want := [][]string{{"vendor", "costType"}, {"city"}}; !slices.EqualFunc(inner.asked, want, slices.Equal) {
		t.Errorf("store asked %v, want %v", inner.asked, want)
	}
	// without a memo, every read asks the store
	inner.asked = nil
	revisions(t, s, context.Background(), "vendor")
	revisions(t, s, context.Background(), "vendor")
	if len(inner.asked) != 2 {
		t.Errorf("store asked %v without a memo, want twice", inner.asked)
	}
}

// allStore is countingStore that can also read every type's revision at once.
type allStore struct {
	countingStore
	all int
}

func (a *allStore) AllRevisions(context.Context) (map[string]int64, error) {
	a.all++
	return map[string]int64{"vendor": a.rev, "city": a.rev}, nil
}

func TestAllRevisionsReadOncePerMemo(t *testing.T) {
	inner := &allStore{countingStore: countingStore{rev: 7}}
	s := revisionmemo.Store{Store: inner}
	ctx := revisionmemo.With(context.Background())
	for _, types := range [][]string{{"vendor"}, {"city", "vendor"}, {"neverWritten"}} {
		got := revisions(t, s, ctx, types...)
		for _, typ := range types {
			want := int64(7)
			if typ == "neverWritten" {
				want = 0
			}
			if got[typ] != want {
				t.Errorf("revision of %s %d, want %d", typ, got[typ], want)
			}
		}
	}
	if inner.all != 1 || len(inner.asked) != 0 {
		t.Errorf("all revisions read %d times and by type %v, want once and never", inner.all, inner.asked)
	}
	// without a memo, a read asks for the types asked only
	revisions(t, s, context.Background(), "vendor")
	if inner.all != 1 || len(inner.asked) != 1 {
		t.Errorf("without a memo: all %d, by type %v", inner.all, inner.asked)
	}
}
