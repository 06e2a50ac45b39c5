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

func (c *countingStore) Revisions(_ context.Context, types []string) (map[string]int64, error) {
	c.asked = append(c.asked, slices.Clone(types))
	out := map[string]int64{}
	for _, t := range types {
		out[t] = c.rev
	}
	return out, nil
}

func TestRevisionsReadOncePerMemo(t *testing.T) {
	inner := &countingStore{rev: 7}
	s := revisionmemo.Store{Store: inner}
	ctx := revisionmemo.With(context.Background())
	for range 3 {
		if got, _ := s.Revisions(ctx, []string{"vendor", "costType"}); got["vendor"] != 7 || got["costType"] != 7 {
			t.Fatalf("revisions %v", got)
		}
	}
	inner.rev = 8 // a change by someone else: this request keeps what it saw
	got, _ := s.Revisions(ctx, []string{"vendor", "city"})
	if got["vendor"] != 7 || got["city"] != 8 {
		t.Errorf("revisions %v, want vendor 7 (read before), city 8", got)
	}
	if want := [][]string{{"vendor", "costType"}, {"city"}}; !slices.EqualFunc(inner.asked, want, slices.Equal) {
		t.Errorf("store asked %v, want %v", inner.asked, want)
	}
	// without a memo, every read asks the store
	inner.asked = nil
	s.Revisions(context.Background(), []string{"vendor"})
	s.Revisions(context.Background(), []string{"vendor"})
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
		got, err := s.Revisions(ctx, types)
		if err != nil {
			t.Fatal(err)
		}
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
	s.Revisions(context.Background(), []string{"vendor"})
	if inner.all != 1 || len(inner.asked) != 1 {
		t.Errorf("without a memo: all %d, by type %v", inner.all, inner.asked)
	}
}
