package workbook

import (
	"bytes"
	"fmt"
	"strings"

	"formwork/engine"

	"github.com/xuri/excelize/v2"
)

// Workbook is a workbook opened for reading.
type Workbook struct{ f *excelize.File }

// Open opens an xlsx workbook (EINVALID at path "file" when it is none).
// Unzipped, it may hold at most 64 MiB.
func Open(b []byte) (*Workbook, error) {
	f, err := excelize.OpenReader(bytes.NewReader(b), excelize.Options{RawCellValue: true,
		UnzipSizeLimit: 64 << 20, UnzipXMLSizeLimit: 16 << 20})
	if err != nil {
		return nil, engine.Refuse(engine.EINVALID, "file", engine.Text{"zh": "文件不是 xlsx 工作簿",
			"en": "the file is no xlsx workbook", "th": "ไฟล์ไม่ใช่สมุดงาน xlsx"})
	}
	return &Workbook{f}, nil
}

// Close closes the workbook.
func (w *Workbook) Close() error { return w.f.Close() }

// FirstSheet is the name of the first sheet.
func (w *Workbook) FirstSheet() string { return w.f.GetSheetName(0) }

// Has reports whether the workbook has a sheet of a name.
func (w *Workbook) Has(sheet string) bool {
	i, err := w.f.GetSheetIndex(sheet)
	return err == nil && i >= 0
}

// SheetOr is the sheet named name when the workbook has one, else its
// first sheet (a workbook made by hand may name its sheet otherwise).
func (w *Workbook) SheetOr(name string) string {
	if w.Has(name) {
		return name
	}
	return w.FirstSheet()
}

// Row is a data row of a sheet: its number in the sheet and the values of
// its cells that are not blank, by column name.
type Row struct {
	Number int
	Values map[string]any
}

// Text is the value of a column of the row as text; "" when blank.
func (r Row) Text(name string) string {
	if v, ok := r.Values[name]; ok {
		return fmt.Sprint(v)
	}
	return ""
}

// Problem is what is wrong with a row (1: the header) or a cell of it: the
// column's name ("" for the row), and the refusal.
type Problem struct {
	Row    int
	Column string
	Err    *engine.Error
}

// Read reads the rows of a sheet that are not blank, their cells
// converted to their columns' kinds. The header maps each cell to a known
// column by name (row 2 of a written workbook, or row 1) or by label in any
// language, ignoring case; an unknown header, or a required column the
// sheet lacks, is a problem of row 1, and then no row is read. A cell that
// is not of its column's kind is a problem, and its value left out.
func (w *Workbook) Read(sheet string, known []Column, required []string) ([]Row, []Problem) {
	return w.read(sheet, known, required, true)
}

// ReadKnown is Read leaving out the columns of an unknown header instead
// of refusing them (a bank's export with columns of its own).
func (w *Workbook) ReadKnown(sheet string, known []Column, required []string) ([]Row, []Problem) {
	return w.read(sheet, known, required, false)
}

func (w *Workbook) read(sheet string, known []Column, required []string, strict bool) ([]Row, []Problem) {
	rows, err := w.f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil || len(rows) == 0 {
		return nil, []Problem{{1, "", engine.Refuse(engine.ECHECK, "", engine.Text{
			"zh": "工作表没有标题行", "en": "the sheet has no header row", "th": "แผ่นงานไม่มีแถวหัวเรื่อง"})}}
	}
	start := 1
	if len(rows) > 1 && namesRow(rows[1], known) {
		start = 2
	}
	cols, problems := header(rows[start-1], known, required, strict)
	if len(problems) > 0 {
		return nil, problems
	}
	if len(rows)-start > MaxRows {
		return nil, []Problem{{MaxRows + start + 1, "", engine.Refuse(engine.ETOOLARGE, "", engine.Text{
			"zh": fmt.Sprintf("一次最多导入%d行", MaxRows), "en": fmt.Sprintf("import at most %d rows at once", MaxRows),
			"th": fmt.Sprintf("นำเข้าได้ครั้งละไม่เกิน %d แถว", MaxRows)})}}
	}
	var out []Row
	for i := start; i < len(rows); i++ {
		r := Row{Number: i + 1, Values: map[string]any{}}
		for j, text := range rows[i] {
			text = strings.TrimSpace(text)
			if j >= len(cols) || cols[j] == nil || text == "" {
				continue
			}
			v, bad := valueOf(cols[j].Kind, text)
			if bad != nil {
				problems = append(problems, Problem{r.Number, cols[j].Name, bad})
				continue
			}
			r.Values[cols[j].Name] = v
		}
		if len(r.Values) > 0 || strings.TrimSpace(strings.Join(rows[i], "")) != "" {
			out = append(out, r)
		}
	}
	return out, problems
}

// header maps header cells to columns (nil for a blank one, and for an
// unknown one unless strict: then it is a problem).
func header(cells []string, known []Column, required []string, strict bool) ([]*Column, []Problem) {
	byHeader := map[string]*Column{} // lower case
	for i := range known {
		c := &known[i]
		byHeader[strings.ToLower(c.Name)] = c
		for _, l := range c.Label {
			byHeader[strings.ToLower(l)] = c
		}
	}
	var problems []Problem
	cols := make([]*Column, len(cells))
	found := map[string]bool{}
	for i, h := range cells {
		if h = strings.TrimSpace(h); h == "" {
			continue
		}
		if cols[i] = byHeader[strings.ToLower(h)]; cols[i] == nil && !strict {
			continue
		}
		if cols[i] == nil {
			q := fmt.Sprintf("%q", engine.Clip(h, 40))
			problems = append(problems, Problem{1, "", engine.Refuse(engine.ECHECK, "", engine.Text{
				"zh": "未知的列“" + engine.Clip(h, 40) + "”", "en": "unknown column " + q, "th": "ไม่รู้จักคอลัมน์ " + q})})
			continue
		}
		found[cols[i].Name] = true
	}
	for _, name := range required {
		if found[name] {
			continue
		}
		label := engine.Text{"zh": name, "en": name, "th": name}
		for _, c := range known {
			if c.Name == name {
				label = c.Label
			}
		}
		problems = append(problems, Problem{1, name, engine.Refuse(engine.ECHECK, "", engine.Text{
			"zh": "缺少列“" + label.In("zh") + "”", "en": "the column " + label.In("en") + " is missing",
			"th": "ไม่มีคอลัมน์ " + label.In("th")})})
	}
	return cols, problems
}

// namesRow reports whether a row is the name row of a written workbook:
// every cell that is not blank is a column's name.
func namesRow(row []string, known []Column) bool {
	names := map[string]bool{}
	for _, c := range known {
		names[c.Name] = true
	}
	some := false
	for _, v := range row {
		if v != "" && !names[v] {
			return false
		}
		some = some || v != ""
	}
	return some
}
