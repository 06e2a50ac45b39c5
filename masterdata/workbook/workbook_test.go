package workbook_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"formwork/engine"
	"formwork/masterdata/workbook"
	"formwork/masterdata/workbook/workbooktest"
)

var columns = []workbook.Column{
	{Name: "code", Label: engine.Text{"zh": "编码", "en": "Code", "th": "รหัส"}},
	{Name: "rate", Label: engine.Text{"zh": "汇率", "en": "Rate", "th": "อัตรา"}, Kind: workbook.Number},
	{Name: "validFrom", Label: engine.Text{"zh": "生效日期", "en": "Valid from", "th": "มีผลตั้งแต่"}, Kind: workbook.Date},
	{Name: "active", Label: engine.Text{"zh": "启用", "en": "Active", "th": "ใช้งาน"}, Kind: workbook.Boolean},
}

// A written workbook reads back whatever the language, values exact.
func TestWriteRead(t *testing.T) {
	cols := append(columns, workbook.NameColumns("name", engine.Text{"zh": "名称", "en": "Name", "th": "ชื่อ"})...)
	body := map[string]any{"code": "USD", "rate": json.Number("7.123456"), "validFrom": "2026-03-01", "active": false,
		"name": map[string]any{"zh": "美元", "th": "ดอลลาร์"}}
	b, err := workbook.Write([]workbook.Sheet{{Name: "exchangeRate", Columns: cols, Rows: [][]any{workbook.Cells(cols, body)}}}, "th")
	if err != nil {
		t.Fatal(err)
	}
	w, err := workbook.Open(b)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	rows, problems := w.Read(w.FirstSheet(), cols, []string{"code"})
	if len(problems) > 0 || len(rows) != 1 || rows[0].Number != 3 {
		t.Fatalf("rows %+v, problems %+v", rows, problems)
	}
	got := map[string]any{}
	workbook.SetValues(got, rows[0].Values)
	if fmt.Sprint(got) != fmt.Sprint(body) {
		t.Errorf("read back %v, want %v", got, body)
	}
}

// Cells of a workbook made by hand: labels in any language or names in
// any case, dates and yes/no in several forms; what a cell cannot be is a
// problem of its row and column, an unknown header of row 1.
func TestReadCells(t *testing.T) {
	b := workbooktest.Rows(t, []any{"编码", "RATE", "生效日期", "Active"}, []any{"EUR", "7.85", "2026/3/1", "是"},
		[]any{"THB", 0.21, 46082, "n"}, // a date cell's serial number
		[]any{}, []any{"JPY", "seven", "March", "maybe"})
	w, err := workbook.Open(b)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	rows, problems := w.Read("Sheet1", columns, []string{"code"})
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%d %v %v %v %v", r.Number, r.Values["code"], r.Values["rate"], r.Values["validFrom"], r.Values["active"]))
	}
	for _, p := range problems {
		got = append(got, fmt.Sprintf("%d %s: %s", p.Row, p.Column, p.Err.In("en")))
	}
	want := []string{"2 EUR 7.85 2026-03-01 true", "3 THB 0.21 2026-03-01 false", "5 JPY <nil> <nil> <nil>",
		`5 rate: "seven" is not a number`, `5 validFrom: "March" is not a date YYYY-MM-DD`, `5 active: "maybe" is not Y or N`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, problems := w.Read("Sheet1", columns[1:], nil); len(problems) != 1 || problems[0].Err.In("en") != `unknown column "编码"` {
		t.Errorf("an unknown column: %+v", problems)
	}
	if _, err := workbook.Open([]byte("not a zip")); err == nil {
		t.Error("a text opened as a workbook")
	}
}
