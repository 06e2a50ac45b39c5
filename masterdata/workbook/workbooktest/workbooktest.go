// Package workbooktest writes the xlsx workbooks import tests read: rows as
// a person types them into a spreadsheet (a header row of their choosing,
// then values), on one sheet or several.
package workbooktest

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// Sheet is a sheet to write: its name and its rows, from row 1.
type Sheet struct {
	Name string
	Rows [][]any
}

// Rows is a workbook of rows on its one sheet, Sheet1.
func Rows(t testing.TB, rows ...[]any) []byte {
	t.Helper()
	return Sheets(t, Sheet{Name: "Sheet1", Rows: rows})
}

// Sheets is a workbook of sheets in their order (the first in Sheet1's
// place).
func Sheets(t testing.TB, sheets ...Sheet) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, s := range sheets {
		var err error
		if i == 0 {
			err = f.SetSheetName("Sheet1", s.Name)
		} else {
			_, err = f.NewSheet(s.Name)
		}
		if err != nil {
			t.Fatal(err)
		}
		for r, row := range s.Rows {
			cell, _ := excelize.CoordinatesToCellName(1, r+1)
			if err := f.SetSheetRow(s.Name, cell, &row); err != nil {
				t.Fatal(err)
			}
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
