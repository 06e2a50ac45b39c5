package masterdata

import (
	"strings"

	"formwork/engine"
	"formwork/masterdata/workbook"
)

// The xlsx form of a type's records (Export, Import): the first sheet
// holds the records, one a row; a list field has a sheet of its own (named
// by the field), its rows led by the record's key fields. A name (a text
// field) is a column per language ("name.zh", ...); the last column of the
// first sheet says whether the record is active (Y/N).

// activeColumn is the name of the column of the record's active flag.
const activeColumn = "active"

// languages are the languages of a name's columns.
var languages = []string{"zh", "en", "th"}

var langNames = map[string]engine.Text{
	"zh": {"zh": "中文", "en": "Chinese", "th": "จีน"},
	"en": {"zh": "英文", "en": "English", "th": "อังกฤษ"},
	"th": {"zh": "泰文", "en": "Thai", "th": "ไทย"},
}

// kinds are the kinds of cell of each field type (the rest are text).
var kinds = map[string]string{FieldNumber: workbook.Number, FieldMoney: workbook.Number, FieldBoolean: workbook.Boolean,
	FieldDate: workbook.Date}

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
			for _, lang := range languages {
				out = append(out, workbook.Column{Name: f.Name + "." + lang, Label: engine.Text{
					"zh": label.In("zh") + "（" + langNames[lang]["zh"] + "）", "en": label.In("en") + " (" + langNames[lang]["en"] + ")",
					"th": label.In("th") + " (" + langNames[lang]["th"] + ")"}})
			}
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

// cells are the values of columns in a body (a name's language from the
// name).
func cells(cols []workbook.Column, body map[string]any) []any {
	out := make([]any, len(cols))
	for i, c := range cols {
		if field, lang, isName := strings.Cut(c.Name, "."); isName {
			name, _ := body[field].(map[string]any)
			out[i] = name[lang]
		} else {
			out[i] = body[c.Name]
		}
	}
	return out
}

// setValues puts a row's values into a body (a language's value into the
// field's name).
func setValues(body map[string]any, values map[string]any) {
	for col, v := range values {
		field, lang, isName := strings.Cut(col, ".")
		if !isName {
			body[col] = v
			continue
		}
		name, _ := body[field].(map[string]any)
		if name == nil {
			name = map[string]any{}
			body[field] = name
		}
		name[lang] = v
	}
}
