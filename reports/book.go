package reports

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"formwork/engine"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

// Book is a run as a spreadsheet: the title and parameters, the header,
// the rows (a named code as its name beside it in the same cell: "EX02
// 员工报销"), the total row. Money and numbers are numbers.
func Book(res *ReportResult, lang string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	money, err := f.NewStyle(&excelize.Style{NumFmt: 4})
	if err != nil {
		return nil, err
	}
	boldMoney, err := f.NewStyle(&excelize.Style{NumFmt: 4, Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	set := func(col, row int, v any, style int) error {
		cell, _ := excelize.CoordinatesToCellName(col, row)
		if err := f.SetCellValue(sheet, cell, v); err != nil {
			return err
		}
		if style != 0 {
			return f.SetCellStyle(sheet, cell, cell, style)
		}
		return nil
	}
	if err := set(1, 1, res.Title, bold); err != nil {
		return nil, err
	}
	if err := set(1, 2, paramLine(res), 0); err != nil {
		return nil, err
	}
	row := 4
	for i, c := range res.Columns {
		if err := set(i+1, row, c.Label, bold); err != nil {
			return nil, err
		}
	}
	lines := res.Rows
	if res.Totals != nil {
		lines = append(append([]map[string]any{}, lines...), res.Totals)
	}
	for n, r := range lines {
		row++
		for i, c := range res.Columns {
			v, style := cellValue(c, r)
			if n == len(res.Rows) {
				if i == 0 && v == nil {
					v = engine.Text{"zh": "合计", "en": "Total", "th": "รวม"}.In(lang)
				}
				style = bold
				if c.Type == "money" || c.Type == "number" {
					style = boldMoney
				}
			}
			if v == nil {
				continue
			}
			if style == 0 && (c.Type == "money" || c.Type == "number") {
				style = money
			}
			if err := set(i+1, row, v, style); err != nil {
				return nil, err
			}
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// cellValue is a column's value of a row as a cell holds it.
func cellValue(c ReportColumn, r map[string]any) (any, int) {
	v := r[c.Key]
	switch x := v.(type) {
	case string:
		if c.Type == "money" || c.Type == "number" {
			if d, err := decimal.NewFromString(x); err == nil {
				f, _ := d.Float64()
				return f, 0
			}
		}
		if name, ok := r[c.Key+"Txt"].(string); ok && name != "" && name != x {
			return x + " " + name, 0
		}
	}
	return v, 0
}

// paramLine writes the run's parameters: company: 1000; from: 2026-01-01 ...
func paramLine(res *ReportResult) string {
	keys := make([]string, 0, len(res.Params))
	for k, v := range res.Params {
		if v != nil {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		v := res.Params[k]
		if l, ok := v.([]string); ok {
			v = strings.Join(l, ",")
		}
		parts[i] = fmt.Sprintf("%s: %v", k, v)
	}
	return strings.Join(parts, "; ")
}
