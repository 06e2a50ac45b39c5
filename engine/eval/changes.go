package eval

import (
	"sort"

	"formwork/engine/model"
)

// baseline is the state a save changes: the stored document of an update,
// or the blank new document of a create. Its values are compared with the
// saved document's; whether a field was editable in it is asked only of a
// change the saved document's state does not allow.
type baseline interface {
	document() *model.Document
	// editable tells whether field f (of table row `row`, or of its object
	// when row < 0) was editable in the baseline.
	editable(f *model.Field, row int) bool
}

// forbiddenChanges lists the paths where the evaluated document differs
// from the baseline in a field the action mode does not let the user edit
// (["action"] when the type has no such mode). Whether a field is shown is
// no permission: a field the sub-type hides is judged like any other. A
// field counts as editable when it is so in the baseline or in the saved
// document's state (a change may make a field editable that the same save
// then fills). Read-only fields are the server's and are not compared: the
// save replaced them (KeepServerFields), and derived values are recomputed.
func (r *run) forbiddenChanges(before baseline) []string {
	if r.mode == nil {
		return []string{"action"}
	}
	editable := func(f *model.Field, row int) bool {
		if f.Name == model.DeletedFlag && f.Section.Table {
			// deleting a row is editing the table: allowed where the mode edits
			return r.mode.Editable
		}
		return r.editableAt(f, row) || before.editable(f, row)
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
	prev, next := before.document(), r.doc
	for _, s := range r.dt.Sections {
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

// editableAt tells whether field f (of table row `row`, or of its object
// when row < 0) is editable in r's state; false for a row r does not have.
func (r *run) editableAt(f *model.Field, row int) bool {
	var env any
	switch {
	case row < 0:
		env = r.env.Interface()
	case row < len(r.doc.Tables[f.Section.Name]):
		env = r.rowEnv(f.Section.Name, row)
	default:
		return false
	}
	return r.editable(f, env, rowLoc(f.Section.Name, row, f.Name))
}

// stored is the baseline of an update: the stored document with its
// defaults applied (a default is no change of the user's). Its rule
// environment is built on the first question of editability, which a save
// that changes only editable fields never asks; it is the document as
// stored, whose derived values were worked out when it was saved.
type stored struct {
	r     *run
	built bool
}

func storedBaseline(prev *model.Document, action string) *stored {
	r := newRun(prev, Options{Action: action}, false)
	r.applyDefaults()
	return &stored{r: r}
}

func (s *stored) document() *model.Document { return s.r.doc }

func (s *stored) editable(f *model.Field, row int) bool {
	if !s.built {
		s.r.buildEnv()
		s.built = true
	}
	return s.r.editableAt(f, row)
}
