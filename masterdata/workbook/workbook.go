// Package workbook reads and writes the xlsx form of master records:
// sheets whose row 1 holds the columns' labels in the reader's language and
// row 2 (hidden) their names, so that a workbook written in one language
// reads back in any; the data starts at row 3. A workbook made by hand
// may leave out row 2 and label its columns in any language or by name.
package workbook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"formwork/engine"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

// The kinds of value a column holds.
const (
	Text    = ""        // a string, as it is (trimmed)
	Number  = "number"  // a decimal, read as a json.Number
	Boolean = "boolean" // Y or N (yes/no, true/false, 1/0, 是/否 read too)
	Date    = "date"    // YYYY-MM-DD (a cell formatted as a date read too)
)

// MaxRows is the most data rows read from a sheet.
const MaxRows = 20000

// Column is a column of a sheet: the name of what it holds, its label and
// the kind of its values.
type Column struct {
	Name  string
	Label engine.Text
	Kind  string
}

// Sheet is a sheet to write: its name (at most 31 characters are kept),
// columns, and rows of values (one a column; nil leaves the cell blank).
type Sheet struct {
	Name    string
	Columns []Column
	Rows    [][]any
}

// SheetName is the name a sheet gets: at most 31 characters.
func SheetName(name string) string {
	if len(name) > 31 {
		return name[:31]
	}
	return name
}

// Write writes sheets into a workbook, labelled in lang: numbers (a
// json.Number) as numbers, booleans as Y and N, the rest as text.
func Write(sheets []Sheet, lang string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	for i, s := range sheets {
		var err error
		if i == 0 {
			err = f.SetSheetName(f.GetSheetName(0), SheetName(s.Name))
		} else {
			_, err = f.NewSheet(SheetName(s.Name))
		}
		if err == nil {
			err = writeSheet(f, s, lang)
		}
		if err != nil {
			return nil, fmt.Errorf("write sheet %s: %w", s.Name, err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeSheet writes the labels (row 1, bold, frozen with row 2), the names
// (row 2, hidden) and the rows.
func writeSheet(f *excelize.File, s Sheet, lang string) error {
	sw, err := f.NewStreamWriter(SheetName(s.Name))
	if err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	labels, names := make([]any, len(s.Columns)), make([]any, len(s.Columns))
	for i, c := range s.Columns {
		labels[i] = excelize.Cell{StyleID: bold, Value: c.Label.In(lang)}
		names[i] = c.Name
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 2, TopLeftCell: "A3", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	if err := sw.SetRow("A1", labels); err != nil {
		return err
	}
	if err := sw.SetRow("A2", names, excelize.RowOpts{Hidden: true}); err != nil {
		return err
	}
	for i, row := range s.Rows {
		cells := make([]any, len(row))
		for j, v := range row {
			cells[j] = cellOf(v)
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+3)
		if err := sw.SetRow(cell, cells); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// cellOf is what a cell shows of a value.
func cellOf(v any) any {
	switch v := v.(type) {
	case nil, string:
		return v
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
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// valueOf reads a cell's text (its raw value) as a column's kind; a text
// it cannot be is a refusal without a path.
func valueOf(kind, text string) (any, *engine.Error) {
	switch kind {
	case Number:
		d, err := decimal.NewFromString(text)
		if err != nil {
			return nil, badCell(text, engine.Text{"zh": "数字", "en": "a number", "th": "ตัวเลข"})
		}
		return json.Number(d.String()), nil
	case Boolean:
		b, ok := yesNo(text)
		if !ok {
			return nil, badCell(text, engine.Text{"zh": "Y 或 N", "en": "Y or N", "th": "Y หรือ N"})
		}
		return b, nil
	case Date:
		d, ok := dateOf(text)
		if !ok {
			return nil, badCell(text, engine.Text{"zh": "日期 YYYY-MM-DD", "en": "a date YYYY-MM-DD", "th": "วันที่ YYYY-MM-DD"})
		}
		return d, nil
	}
	return text, nil
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

// languages are the languages of a name's columns.
var languages = []string{"zh", "en", "th"}

var langNames = map[string]engine.Text{
	"zh": {"zh": "中文", "en": "Chinese", "th": "จีน"},
	"en": {"zh": "英文", "en": "English", "th": "อังกฤษ"},
	"th": {"zh": "泰文", "en": "Thai", "th": "ไทย"},
}

// NameColumns are the columns of a name (a value in each language): one a
// language, named field.zh, field.en and field.th.
func NameColumns(field string, label engine.Text) []Column {
	out := make([]Column, len(languages))
	for i, lang := range languages {
		out[i] = Column{Name: field + "." + lang, Label: engine.Text{
			"zh": label.In("zh") + "（" + langNames[lang]["zh"] + "）", "en": label.In("en") + " (" + langNames[lang]["en"] + ")",
			"th": label.In("th") + " (" + langNames[lang]["th"] + ")"}}
	}
	return out
}

// Cells are the values of columns in a body (a language's column from the
// name's object).
func Cells(cols []Column, body map[string]any) []any {
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

// SetValues puts a row's values into a body (a language's value into the
// name's object).
func SetValues(body map[string]any, values map[string]any) {
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
