package eval

import (
	"maps"
	"slices"
	"strconv"
	"sync/atomic"

	"formwork/engine/internal/jsontext"
)

// FieldStates are the states of a document's fields by path. Their JSON
// is written here, keys sorted as encoding/json sorts them: its reflection
// over the map was most of the time of a form answer (three booleans for
// each of hundreds or thousands of fields).
type FieldStates map[string]FieldState

// MarshalJSON writes {"path":{"visible":..,"required":..,"editable":..},...},
// each flag only when set.
func (s FieldStates) MarshalJSON() ([]byte, error) {
	return s.AppendJSON(make([]byte, 0, 2+len(s)*64)), nil
}

// AppendJSON appends the states' JSON (MarshalJSON's) to b.
func (s FieldStates) AppendJSON(b []byte) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	slot := &sortedPaths[len(s)%len(sortedPaths)]
	if last := slot.Load(); last != nil && len(*last) == len(s) {
		if out, ok := s.appendIn(b, *last); ok {
			return out
		}
	}
	paths := slices.Sorted(maps.Keys(s))
	slot.Store(&paths)
	out, _ := s.appendIn(b, paths)
	return out
}

// sortedPaths are the paths of states written lately, sorted, by their
// number: the states of documents of one type and shape have the same
// paths, which need not be sorted again. Distinct sorted paths as many as
// the states' whose every one is a path of the states are their paths.
var sortedPaths [64]atomic.Pointer[[]string]

// appendIn appends s to b with its paths in the order of paths (all of
// them); false (and b as it was) when one of paths is not a path of s.
func (s FieldStates) appendIn(b []byte, paths []string) ([]byte, bool) {
	start := len(b)
	b = append(b, '{')
	for i, path := range paths {
		st, ok := s[path]
		if !ok {
			return b[:start], false
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, path)
		b = append(b, ":{"...)
		sep := len(b)
		for _, f := range [...]struct {
			name string
			v    *bool
		}{{`"visible":`, st.Visible}, {`"required":`, st.Required}, {`"editable":`, st.Editable}} {
			if f.v == nil {
				continue
			}
			if len(b) > sep {
				b = append(b, ',')
			}
			b = strconv.AppendBool(append(b, f.name...), *f.v)
		}
		b = append(b, '}')
	}
	return append(b, '}'), true
}
