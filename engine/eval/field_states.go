package eval

import (
	"maps"
	"slices"
	"strconv"

	"formwork/engine/internal/jsontext"
)

// FieldStates are the states of a document's fields by path. Their JSON
// is written here, keys sorted as encoding/json sorts them: its reflection
// over the map was most of the time of a form answer (three booleans for
// each of hundreds or thousands of fields).
type FieldStates map[string]FieldState

// MarshalJSON writes {"path":{"visible":..,"required":..,"editable":..},...}.
func (s FieldStates) MarshalJSON() ([]byte, error) {
	if s == nil {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 2+len(s)*64)
	b = append(b, '{')
	for i, path := range slices.Sorted(maps.Keys(s)) {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, path)
		st := s[path]
		b = append(b, `:{"visible":`...)
		b = strconv.AppendBool(b, st.Visible)
		b = append(b, `,"required":`...)
		b = strconv.AppendBool(b, st.Required)
		b = append(b, `,"editable":`...)
		b = strconv.AppendBool(b, st.Editable)
		b = append(b, '}')
	}
	return append(b, '}'), nil
}
