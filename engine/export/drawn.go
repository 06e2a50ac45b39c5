package export

import "formwork/engine/model"

// How the export draws a field for a sub-type and an action, whatever the
// document: what the form shows of it before the server's field states
// say otherwise. The export and evaluation both read it here, so that the
// states evaluation sends hold only what differs from it.

// Hidden tells whether the export hides f: hidden by the sub-type
// (hidden, its HiddenSet) or never visible.
func Hidden(f *model.Field, hidden model.HiddenSet) bool {
	return hidden.Field(f) || (f.Visible != nil && f.Visible.Prog == nil && !f.Visible.Const)
}

// Required tells whether the export marks f required: shown, not
// derived and always required.
func Required(f *model.Field, hidden model.HiddenSet) bool {
	// the field's own flags first: the hidden set's map is looked up for an always-required field only
	return f.Value == nil && f.Required != nil && f.Required.Prog == nil && f.Required.Const && !Hidden(f, hidden)
}

// Editable tells whether the export draws f editable under mode;
// known is false for a field of an object section whose editability is an
// expression, which the export works out from the sub-type alone. A
// column's expression is the row's: the export keeps the mode's.
func Editable(f *model.Field, mode *model.Mode) (editable, known bool) {
	switch {
	case f.ReadOnly:
		return false, true
	case f.Editable == nil || (f.Editable.Prog != nil && f.Section.Table):
		return mode != nil && mode.Editable, true
	case f.Editable.Prog == nil:
		return f.Editable.Const, true
	}
	return false, false
}

// drawnEditable is whether the export draws f editable under mode, an
// object field's editability expression worked out in env, the sub-type's
// (subTypeEnv).
func drawnEditable(f *model.Field, mode *model.Mode, env any) bool {
	editable, known := Editable(f, mode)
	if !known {
		editable = runBool(f.Editable, env)
	}
	return editable
}

// DrawnEditable is how the export draws the object fields of d whose
// editability is an expression (Editable does not know them), for the
// sub-type keys and action: editable or read-only, worked out from the
// sub-type alone.
func DrawnEditable(d *model.DocType, keys []string, action string) map[*model.Field]bool {
	env, out := subTypeEnv(d, keys, action), map[*model.Field]bool{}
	for _, s := range d.Sections {
		for _, f := range s.Fields {
			if _, known := Editable(f, nil); !known {
				out[f] = runBool(f.Editable, env)
			}
		}
	}
	return out
}
