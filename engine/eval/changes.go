package eval

import (
	"sort"

	"formwork/engine/model"
)

// ForbiddenChanges lists the paths where next differs from prev in a field
// the action mode does not let the user edit. Whether a field is shown is no
// permission: a field the sub-type hides is judged like any other. A field
// counts as editable when it is so in the state before or after the change
// (a change may make a field editable that the same save then fills).
// Read-only fields are the server's and are not compared: callers replace
// them (KeepServerFields), and derived values are recomputed. Both documents
// should have had their defaults applied (Check does that).
func ForbiddenChanges(prev, next *model.Document, action string) []string {
	dt := next.Type
	if dt.Mode(action) == nil {
		return []string{"action"}
	}
	before := prepare(prev.Clone(), nil, Options{Action: action}, false)
	after := prepare(next.Clone(), nil, Options{Action: action}, false)
	editable := func(f *model.Field, row int) bool {
		if f.Name == model.DeletedFlag && f.Section.Table {
			// deleting a row is editing the table: allowed where the mode edits
			return dt.Mode(action).Editable
		}
		for _, r := range []*run{before, after} {
			var env any
			if row < 0 {
				env = r.env.Interface()
			} else if row < len(r.doc.Tables[f.Section.Name]) {
				env = r.rowEnv(f.Section.Name, row)
			} else {
				continue
			}
			if r.editable(f, env, rowLoc(f.Section.Name, row, f.Name)) {
				return true
			}
		}
		return false
	}
	var out []string
	check := func(s *model.Section, a, b model.Values, row int) {
		for _, f := range s.Fields {
			if f.ReadOnly && !(s.Table && f.Name == model.DeletedFlag) {
				continue
			}
			x, hadX := a[f.Name]
			y, hadY := b[f.Name]
			if hadX == hadY && (!hadX || sameValue(x, true, y)) {
				continue
			}
			if !editable(f, row) {
				out = append(out, rowLoc(s.Name, row, f.Name).String())
			}
		}
	}
	for _, s := range dt.Sections {
		if !s.Table {
			check(s, prev.Objects[s.Name], next.Objects[s.Name], -1)
			continue
		}
		a, b := prev.Tables[s.Name], next.Tables[s.Name]
		for i := 0; i < len(a) || i < len(b); i++ {
			var x, y model.Values
			if i < len(a) {
				x = a[i]
			}
			if i < len(b) {
				y = b[i]
			}
			check(s, x, y, i)
		}
	}
	sort.Slice(out, func(i, j int) bool { return model.ComparePaths(out[i], out[j]) < 0 })
	return out
}
