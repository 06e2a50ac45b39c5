package masterdata

import (
	"context"

	"formwork/masterdata/workbook"
)

// Export answers every record of a type (active or not, by key) as an
// xlsx workbook labelled in lang (package workbook); Import reads it back.
func (s *Service) Export(ctx context.Context, actor Actor, typ, lang string) ([]byte, error) {
	t, snap, err := s.readSnapshot(ctx, actor, typ)
	if err != nil {
		return nil, err
	}
	main := workbook.Sheet{Name: typ, Columns: mainColumns(t)}
	for _, r := range snap.records {
		row := workbook.Cells(main.Columns, r.Body)
		row[len(row)-1] = r.Active
		main.Rows = append(main.Rows, row)
	}
	sheets := []workbook.Sheet{main}
	for _, list := range t.Fields {
		if list.Type != FieldList {
			continue
		}
		sheet := workbook.Sheet{Name: list.Name, Columns: listColumns(t, list)}
		for _, r := range snap.records {
			items, _ := r.Body[list.Name].([]any)
			for _, item := range items {
				fields, _ := item.(map[string]any)
				row := append(workbook.Cells(sheet.Columns[:len(t.Keys)], r.Body), workbook.Cells(sheet.Columns[len(t.Keys):], fields)...)
				sheet.Rows = append(sheet.Rows, row)
			}
		}
		sheets = append(sheets, sheet)
	}
	return workbook.Write(sheets, lang)
}
