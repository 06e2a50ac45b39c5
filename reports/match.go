package reports

import (
	"slices"
	"strings"
)

// Match reports whether value v of a field meets c: for a store that
// cannot put a condition on a field into its query (a field read from a
// document's body, a computed one). A nil value meets only ne and notIn.
func Match(c Cond, v any) bool {
	switch c.Op {
	case "in":
		return slices.ContainsFunc(c.Values, func(w any) bool { return equal(v, w) })
	case "notIn":
		return !slices.ContainsFunc(c.Values, func(w any) bool { return equal(v, w) })
	}
	if len(c.Values) == 0 {
		return true
	}
	w := c.Values[0]
	switch c.Op {
	case "eq":
		return equal(v, w)
	case "ne":
		return !equal(v, w)
	case "contains":
		s, ok := v.(string)
		t, _ := w.(string)
		return ok && strings.Contains(strings.ToLower(s), strings.ToLower(t))
	}
	if v == nil {
		return false
	}
	switch c.Op {
	case "ge":
		return !less(v, w)
	case "gt":
		return less(w, v)
	case "le":
		return !less(w, v)
	case "lt":
		return less(v, w)
	}
	return false
}

func equal(v, w any) bool {
	if v == nil {
		return w == nil || w == ""
	}
	return !less(v, w) && !less(w, v) && sameKind(v, w)
}

func sameKind(v, w any) bool {
	switch v.(type) {
	case string:
		_, ok := w.(string)
		return ok
	}
	return true
}
