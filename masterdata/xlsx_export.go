package masterdata

import (
	"bytes"
	"context"
	"fmt"

	"github.com/xuri/excelize/v2"
)

// Export answers every record of a type (active or not, by key) as an
// xlsx workbook, labelled in lang; Import reads it back.
func (s *Service) Export(ctx context.Context, actor Actor, typ, lang string) ([]byte, error) {
	t, err := s.readable(actor, typ)
	if err != nil {
		return nil, err
	}
	snap, err := s.snapshot(ctx, typ)
	if err != nil {
		return nil, err
	}
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName(f.GetSheetName(0), sheetName(typ)); err != nil {
		return nil, err
	}
	cols := mainColumns(t)
	rows := make([][]any, len(snap.records))
	for i, r := range snap.records {
		for _, c := range cols {
			if c.field == nil {
				rows[i] = append(rows[i], c.cellOf(map[string]any{activeColumn: r.Active}))
			} else {
				rows[i] = append(rows[i], c.cellOf(r.Body))
			}
		}
	}
	if err := writeSheet(f, sheetName(typ), cols, rows, lang); err != nil {
		return nil, err
	}
	for _, list := range t.Fields {
		if list.Type != FieldList {
			continue
		}
		if err := exportList(f, t, list, snap.records, lang); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		return nil, fmt.Errorf("write the %s workbook: %w", typ, err)
	}
	return b.Bytes(), nil
}

// exportList writes the sheet of a list field: a row per row of each
// record, led by the record's key fields.
func exportList(f *excelize.File, t *Type, list *Field, records []Record, lang string) error {
	if _, err := f.NewSheet(sheetName(list.Name)); err != nil {
		return err
	}
	cols := listColumns(t, list)
	var rows [][]any
	for _, r := range records {
		items, _ := r.Body[list.Name].([]any)
		for _, item := range items {
			fields, _ := item.(map[string]any)
			row := make([]any, 0, len(cols))
			for i, c := range cols {
				if i < len(t.Keys) {
					row = append(row, c.cellOf(r.Body))
				} else {
					row = append(row, c.cellOf(fields))
				}
			}
			rows = append(rows, row)
		}
	}
	return writeSheet(f, sheetName(list.Name), cols, rows, lang)
}

// writeSheet writes the labels (row 1, bold, frozen), the field names
// (row 2, hidden) and the rows.
func writeSheet(f *excelize.File, sheet string, cols []column, rows [][]any, lang string) error {
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	labels, names := make([]any, len(cols)), make([]any, len(cols))
	for i, c := range cols {
		labels[i] = excelize.Cell{StyleID: bold, Value: c.label.In(lang)}
		names[i] = c.name
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
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+3)
		if err := sw.SetRow(cell, row); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// sheetName is a sheet's name: at most 31 characters.
func sheetName(name string) string {
	if len(name) > 31 {
		return name[:31]
	}
	return name
}
