package engine

import "sort"

// CanSave tells whether the action mode offers saving at all (its buttons
// include save): read and oareview do not.
func (m *Mode) CanSave() bool {
	for _, b := range m.Buttons {
		if b == "save" {
			return true
		}
	}
	return false
}

// Mode returns the action mode of the document type's catalogue, or nil.
func (d *DocType) Mode(action string) *Mode { return d.modes[action] }

// NewDocument returns an empty document of the type (a head with only docType).
func (d *DocType) NewDocument() *Document {
	return &Document{Type: d, Objects: map[string]Values{"head": {"docType": d.Code}}, Tables: map[string][]Values{}}
}

// KeepServerFields makes the read-only fields of doc (the system fields:
// businessId, version, status, createBy, ...; and values other systems write,
// such as a receipt's SAP status) what they are in from, whatever the client
// sent: on create from is NewDocument(), which clears them; on update it is
// the stored document, row by row for tables (a new row has none). docType
// is the client's choice and stays; derived values and line statuses are
// recomputed by the check anyway.
func KeepServerFields(doc, from *Document) {
	keep := func(s *Section, dst, src Values) {
		for _, f := range s.Fields {
			if !f.ReadOnly || f.Value != nil || f.Name == s.StatusField || (s.Name == "head" && f.Name == "docType") ||
				(s.Table && f.Name == deletedFlag) {
				continue
			}
			if v, ok := src[f.Name]; ok {
				dst[f.Name] = v
			} else {
				delete(dst, f.Name)
			}
		}
	}
	for _, s := range doc.Type.Sections {
		if !s.Table {
			if dst := doc.Objects[s.Name]; dst != nil {
				keep(s, dst, from.Objects[s.Name])
			}
			continue
		}
		old := from.Tables[s.Name]
		for i, row := range doc.Tables[s.Name] {
			var src Values
			if i < len(old) {
				src = old[i]
			}
			keep(s, row, src)
		}
	}
}

// ForbiddenChanges lists the paths where next differs from prev in a field
// the action mode does not let the user edit. Whether a field is shown is no
// permission: a field the sub-type hides is judged like any other. A field
// counts as editable when it is so in the state before or after the change
// (a change may make a field editable that the same save then fills).
// Read-only fields are the server's and are not compared: callers replace
// them (KeepServerFields), and derived values are recomputed. Both documents
// should have had their defaults applied (Check does that).
func ForbiddenChanges(prev, next *Document, action string) []string {
	dt := next.Type
	if dt.modes[action] == nil {
		return []string{"action"}
	}
	before := prepare(prev.Clone(), nil, Options{Action: action}, false)
	after := prepare(next.Clone(), nil, Options{Action: action}, false)
	editable := func(f *Field, row int) bool {
		if f.Name == deletedFlag && f.Section.Table {
			// deleting a row is editing the table: allowed where the mode edits
			return dt.modes[action].Editable
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
	check := func(s *Section, a, b Values, row int) {
		for _, f := range s.Fields {
			if f.ReadOnly && !(s.Table && f.Name == deletedFlag) {
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
			var x, y Values
			if i < len(a) {
				x = a[i]
			}
			if i < len(b) {
				y = b[i]
			}
			check(s, x, y, i)
		}
	}
	sort.Slice(out, func(i, j int) bool { return comparePaths(out[i], out[j]) < 0 })
	return out
}
