package lookup

import (
	"testing"

	"formwork/engine/model"
)

// What the rule functions build of a set's records is built once for all
// checks on the set and the sets On makes for the same date, separately
// for another date, another master-data type (of another catalogue) and
// after records are added.
func TestValuesBuiltOncePerSet(t *testing.T) {
	s := New("1000", "2026-11-20")
	s.Add("account", Record{Key: "660201", Active: true, Body: map[string]any{"name": "差旅费"}})
	builds := 0
	build := func() any { builds++; return builds }
	typ, other := &model.MasterDataType{Code: "account"}, &model.MasterDataType{Code: "account"}
	sameDay, nextDay := s.On("2026-11-20"), s.On("2026-11-21")
	tests := []struct {
		name string
		set  *Set
		by   *model.MasterDataType
		want int // the value answered: the count of builds when it was built
	}{
		{"the first check builds", sameDay, typ, 1},
		{"the next check on the same set does not", sameDay, typ, 1},
		{"nor one on the set it was made of", s, typ, 1},
		{"another date builds its own", nextDay, typ, 2},
		{"and keeps it", nextDay, typ, 2},
		{"another catalogue's type builds its own", sameDay, other, 3},
	}
	for _, tt := range tests {
		if got := tt.set.value(tt.by, "record\x00account\x00660201", build); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	s.Add("account", Record{Key: "660202", Active: true})
	if got := s.value(typ, "record\x00account\x00660201", build); got != 4 {
		t.Errorf("after records were added: %v, want a new build (4)", got)
	}
}

// A set keeps at most maxValues values; beyond, each is built when asked.
func TestValuesBounded(t *testing.T) {
	s := New("", "2026-11-20")
	typ := &model.MasterDataType{Code: "account"}
	builds := 0
	build := func() any { builds++; return builds }
	for i := range maxValues + 2 {
		s.value(typ, string(rune(i)), build)
	}
	before := builds
	s.value(typ, string(rune(maxValues+1)), build)
	s.value(typ, string(rune(0)), build)
	if builds != before+1 {
		t.Errorf("%d builds for one kept and one not kept value, want 1", builds-before)
	}
}
