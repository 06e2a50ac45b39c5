package masterdata

import (
	"formwork/engine"
	"formwork/masterdata/workbook"
)

// The xlsx form of a type's records (Export, Import): the first sheet
// holds the records, one a row; a list field has a sheet of its own (named
// by the field), its rows led by the record's key fields. A name (a text
// field) is a column per language (workbook.NameColumns); the last column
// of the first sheet says whether the record is active (Y/N).

// activeColumn is the name of the column of the record's active flag.
const activeColumn = "active"

// kinds are the kinds of cell of each field type (the rest are text).
var kinds = map[string]string{FieldNumber: workbook.Number, FieldInteger: workbook.Number, FieldMoney: workbook.Number,
	FieldBoolean: workbook.Boolean, FieldDate: workbook.Date}

// columnsOf are the columns of fields (list fields left out).
func columnsOf(fields []*Field) []workbook.Column {
	var out []workbook.Column
	for _, f := range fields {
		label := f.Label
		if len(label) == 0 {
			label = untranslated(f.Name)
		}
		switch f.Type {
		case FieldList:
		case FieldText:
			out = append(out, workbook.NameColumns(f.Name, label)...)
		default:
			out = append(out, workbook.Column{Name: f.Name, Label: label, Kind: kinds[f.Type]})
		}
	}
	return out
}

// mainColumns are the columns of a type's first sheet.
func mainColumns(t *Type) []workbook.Column {
	return append(columnsOf(t.Fields), workbook.Column{Name: activeColumn, Kind: workbook.Boolean,
		Label: engine.Text{"zh": "启用", "en": "Active", "th": "ใช้งาน"}})
}

// listColumns are the columns of a list field's sheet: the type's key
// fields, then the row's fields.
func listColumns(t *Type, list *Field) []workbook.Column {
	var keys []*Field
	for _, k := range t.Keys {
		if f := t.field(k); f != nil {
			keys = append(keys, f)
		} else {
			keys = append(keys, &Field{Name: k, Type: FieldString})
		}
	}
	return append(columnsOf(keys), columnsOf(list.Rows)...)
}
