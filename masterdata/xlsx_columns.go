package masterdata

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"formwork/engine"
)

// The xlsx form of a type's records (Export, Import). The first sheet
// holds the records, one a row; a list field has a sheet of its own (named
// by the field), its rows led by the record's key fields. Row 1 holds the
// labels in the reader's language, row 2 (hidden) the field names, so that
// an export imports again whatever the language; the data starts at row 3.
// A name (a text field) is a column per language ("name.zh", ...); the
// last column of the first sheet says whether the record is active (Y/N).

// activeColumn is the name of the column of the record's active flag.
const activeColumn = "active"

// column is a column of a sheet: a field (of one language, for a text
// field), or the active flag (field nil).
type column struct {
	name  string
	field *Field
	lang  string
	label engine.Text
}

// languages are the languages of a name's columns.
var languages = []string{"zh", "en", "th"}

var langNames = map[string]engine.Text{
	"zh": {"zh": "中文", "en": "Chinese", "th": "จีน"},
	"en": {"zh": "英文", "en": "English", "th": "อังกฤษ"},
	"th": {"zh": "泰文", "en": "Thai", "th": "ไทย"},
}

// columnsOf are the columns of fields (list fields left out).
func columnsOf(fields []*Field) []column {
	var out []column
	for _, f := range fields {
		label := f.Label
		if len(label) == 0 {
			label = engine.Text{"zh": f.Name, "en": f.Name, "th": f.Name}
		}
		switch f.Type {
		case FieldList:
		case FieldText:
			for _, lang := range languages {
				out = append(out, column{name: f.Name + "." + lang, field: f, lang: lang, label: engine.Text{
					"zh": label.In("zh") + "（" + langNames[lang]["zh"] + "）", "en": label.In("en") + " (" + langNames[lang]["en"] + ")",
					"th": label.In("th") + " (" + langNames[lang]["th"] + ")"}})
			}
		default:
			out = append(out, column{name: f.Name, field: f, label: label})
		}
	}
	return out
}

// mainColumns are the columns of a type's first sheet.
func mainColumns(t *Type) []column {
	return append(columnsOf(t.Fields), column{name: activeColumn,
		label: engine.Text{"zh": "启用", "en": "Active", "th": "ใช้งาน"}})
}

// listColumns are the columns of a list field's sheet: the type's key
// fields, then the row's fields.
func listColumns(t *Type, list *Field) []column {
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

// cellOf is what a column's cell shows of a body.
func (c column) cellOf(body map[string]any) any {
	v := body[c.name]
	if c.field != nil && c.field.Type == FieldText {
		name, _ := body[c.field.Name].(map[string]any)
		v = name[c.lang]
	}
	switch v := v.(type) {
	case nil:
		return nil
	case json.Number:
		if f, err := v.Float64(); err == nil && !math.IsInf(f, 0) {
			return f
		}
		return v.String()
	case bool:
		if v {
			return "Y"
		}
		return "N"
	case string:
		return v
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// setCell puts a cell's text (a raw cell value) into a body, converted to
// the field's type; a text it cannot be is a refusal (without a path).
func (c column) setCell(body map[string]any, text string) *engine.Error {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	f := c.field
	switch {
	case f.Type == FieldText:
		name, _ := body[f.Name].(map[string]any)
		if name == nil {
			name = map[string]any{}
			body[f.Name] = name
		}
		name[c.lang] = text
	case f.Type == FieldNumber || f.Type == FieldMoney:
		d, err := decimal.NewFromString(text)
		if err != nil {
			return badCell(text, engine.Text{"zh": "数字", "en": "a number", "th": "ตัวเลข"})
		}
		body[f.Name] = json.Number(d.String())
	case f.Type == FieldBoolean:
		b, ok := yesNo(text)
		if !ok {
			return badCell(text, engine.Text{"zh": "Y 或 N", "en": "Y or N", "th": "Y หรือ N"})
		}
		body[f.Name] = b
	case f.Type == FieldDate:
		d, ok := dateOf(text)
		if !ok {
			return badCell(text, engine.Text{"zh": "日期 YYYY-MM-DD", "en": "a date YYYY-MM-DD", "th": "วันที่ YYYY-MM-DD"})
		}
		body[f.Name] = d
	default:
		body[f.Name] = text
	}
	return nil
}

// yesNo reads a yes/no cell.
func yesNo(text string) (bool, bool) {
	switch strings.ToUpper(text) {
	case "Y", "YES", "TRUE", "1", "是":
		return true, true
	case "N", "NO", "FALSE", "0", "否":
		return false, true
	}
	return false, false
}

// dateOf reads a date cell: YYYY-MM-DD (or with slashes), or the serial
// number of a cell formatted as a date.
func dateOf(text string) (string, bool) {
	for _, layout := range []string{time.DateOnly, "2006/1/2", "2006-1-2"} {
		if d, err := time.Parse(layout, text); err == nil {
			return d.Format(time.DateOnly), true
		}
	}
	if serial, err := strconv.ParseFloat(text, 64); err == nil && serial > 0 && serial < 2958466 {
		if d, err := excelize.ExcelDateToTime(serial, false); err == nil {
			return d.Format(time.DateOnly), true
		}
	}
	return "", false
}

// badCell refuses a cell's text that is not what the column holds.
func badCell(text string, want engine.Text) *engine.Error {
	c := engine.Clip(text, 40)
	return engine.Refuse(engine.ECHECK, "", engine.Text{"zh": fmt.Sprintf("“%s”不是%s", c, want["zh"]),
		"en": fmt.Sprintf("%q is not %s", c, want["en"]), "th": fmt.Sprintf("%q ไม่ใช่%s", c, want["th"])})
}
