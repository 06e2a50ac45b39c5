package masterdata

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"formwork/engine"
)

// MaxImportRows is the most data rows an import reads from a sheet.
const MaxImportRows = 20000

// ImportResult says how many records an import created and updated.
type ImportResult struct {
	Created int `json:"created"`
	Updated int `json:"updated"`
}

// importRow is a record read from a row of the first sheet.
type importRow struct {
	row    int // the row's number in the sheet
	body   map[string]any
	active *bool
	key    string
	bad    bool // a cell is not what its column holds (the row is not checked further)
}

// Import reads an xlsx workbook of a type's records (the form Export
// writes; the columns may come in any order, row 1 labelled in any
// language or by field name) and writes them all, or none: a key the type
// has updates that record, another creates one, each with an audit event.
// Every bad row is a finding whose path is rows[N] (N the row's number in
// the sheet; <list>[N] on a list field's sheet) and the field, its message
// naming the row and the column, in Findings.
func (s *Service) Import(ctx context.Context, actor Actor, typ string, workbook []byte) (*ImportResult, error) {
	t, err := s.writable(actor, typ)
	if err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(workbook), excelize.Options{RawCellValue: true,
		UnzipSizeLimit: 64 << 20, UnzipXMLSizeLimit: 16 << 20})
	if err != nil {
		return nil, engine.Refuse(engine.EINVALID, "file", engine.Text{"zh": "文件不是 xlsx 工作簿",
			"en": "the file is no xlsx workbook", "th": "ไฟล์ไม่ใช่สมุดงาน xlsx"})
	}
	defer f.Close()
	rows, findings := readRecords(f, t)
	findings = append(findings, readLists(f, t, rows)...)
	checked, err := s.checkImport(ctx, t, rows)
	if err != nil {
		return nil, err
	}
	if findings = append(findings, checked...); len(findings) > 0 {
		slices.SortStableFunc(findings, bySheetAndRow)
		return nil, findings
	}
	return s.writeImport(ctx, actor, t, rows)
}

// checkImport checks each row's record as Create does; a reference to a
// record of the same type the import holds passes.
func (s *Service) checkImport(ctx context.Context, t *Type, rows []*importRow) (Findings, error) {
	var findings Findings
	first := map[string]int{}
	for _, r := range rows {
		if r.bad {
			continue
		}
		key, bad := t.keyOf(r.body)
		if bad != nil {
			findings = append(findings, atRow(t, "", r.row, bad))
			continue
		}
		r.key = key
		if row, twice := first[key]; twice {
			findings = append(findings, atRow(t, "", r.row, engine.Refuse(engine.ECHECK, t.Keys[0], engine.Text{
				"zh": fmt.Sprintf("与第%d行的主键相同", row), "en": fmt.Sprintf("the key of row %d again", row),
				"th": fmt.Sprintf("คีย์ซ้ำกับแถว %d", row)})))
			continue
		}
		first[key] = r.row
	}
	for _, r := range rows {
		if r.key == "" {
			continue
		}
		for _, e := range append(t.check(r.body), t.recordFindings(r.body)...) {
			findings = append(findings, atRow(t, "", r.row, e))
		}
		rec := newRecord(t.Code, r.key, r.body)
		date := rec.ValidFrom
		if date == "" {
			date = s.today()
		}
		var refs []Ref
		for _, ref := range t.refs(r.body) {
			if _, imported := first[ref.Code]; ref.Type != t.Code || !imported {
				refs = append(refs, ref)
			}
		}
		refFindings, err := s.CheckRefs(ctx, rec.Company, date, refs)
		if err != nil {
			return nil, err
		}
		for _, e := range refFindings {
			findings = append(findings, atRow(t, "", r.row, e))
		}
	}
	return findings, nil
}

// writeImport writes the rows' records in one transaction.
func (s *Service) writeImport(ctx context.Context, actor Actor, t *Type, rows []*importRow) (*ImportResult, error) {
	res := &ImportResult{}
	now := s.now()
	err := s.store.InTx(ctx, func(tx Tx) error {
		var created []Record
		var events []Event
		for _, row := range rows {
			before, err := tx.Record(t.Code, row.key)
			if err != nil {
				return err
			}
			r := newRecord(t.Code, row.key, row.body)
			r.stamp(actor.Username, now)
			if row.active != nil {
				r.Active = *row.active
			}
			if before == nil {
				created = append(created, r)
			} else {
				if row.active == nil {
					r.Active = before.Active
				}
				r.Version = before.Version + 1
				if done, err := tx.Update(r, before.Version); err != nil || !done {
					return firstError(err, stale(t, row.key))
				}
			}
			events = append(events, Event{Type: t.Code, Key: r.Key, Action: ActionImport, By: r.UpdatedBy, At: now,
				Before: before.image(), After: r.image()})
		}
		res.Created, res.Updated = len(created), len(rows)-len(created)
		if err := tx.Insert(created); err != nil {
			return err
		}
		return tx.AddEvents(events)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// readRecords reads the first sheet: a record per row that is not empty.
func readRecords(f *excelize.File, t *Type) ([]*importRow, Findings) {
	sheet := f.GetSheetName(0)
	cols, data, findings := readSheet(f, t, sheet, "", mainColumns(t))
	var out []*importRow
	for _, d := range data {
		r := &importRow{row: d.row, body: map[string]any{}}
		for i, c := range cols {
			text := cell(d.cells, i)
			switch {
			case c == nil:
			case c.field == nil:
				if active, ok := yesNo(text); ok {
					r.active = &active
				} else if text != "" {
					r.bad = true
					findings = append(findings, atRow(t, "", d.row, withPath(badCell(text,
						engine.Text{"zh": "Y 或 N", "en": "Y or N", "th": "Y หรือ N"}), activeColumn)))
				}
			default:
				if bad := c.setCell(r.body, text); bad != nil {
					r.bad = true
					findings = append(findings, atRow(t, "", d.row, withPath(bad, c.name)))
				}
			}
		}
		out = append(out, r)
	}
	return out, findings
}

// readLists reads the sheet of each list field (when the workbook has one)
// into the records of the rows whose key its rows name.
func readLists(f *excelize.File, t *Type, rows []*importRow) Findings {
	var findings Findings
	for _, list := range t.Fields {
		if i, _ := f.GetSheetIndex(sheetName(list.Name)); list.Type != FieldList || i < 0 {
			continue
		}
		byKey := map[string]*importRow{}
		for _, r := range rows {
			if key, bad := t.keyOf(r.body); bad == nil {
				byKey[key] = r
			}
		}
		cols, data, bad := readSheet(f, t, sheetName(list.Name), list.Name, listColumns(t, list))
		findings = append(findings, bad...)
		for _, d := range data {
			keyFields, item := map[string]any{}, map[string]any{}
			for i, c := range cols {
				if c == nil {
					continue
				}
				into := item
				if i < len(t.Keys) {
					into = keyFields
				}
				if bad := c.setCell(into, cell(d.cells, i)); bad != nil {
					findings = append(findings, atRow(t, list.Name, d.row, withPath(bad, c.name)))
				}
			}
			key, _ := t.keyOf(keyFields)
			owner := byKey[key]
			if owner == nil {
				findings = append(findings, atRow(t, list.Name, d.row, engine.Refuse(engine.ECHECK, t.Keys[0], engine.Text{
					"zh": "第一个工作表中没有主键为 " + shownCode(key) + " 的记录", "en": "the first sheet has no record " + shownCode(key),
					"th": "แผ่นงานแรกไม่มีระเบียน " + shownCode(key)})))
				continue
			}
			items, _ := owner.body[list.Name].([]any)
			owner.body[list.Name] = append(items, item)
		}
	}
	return findings
}

// sheetRow is a data row of a sheet: its number and its cells.
type sheetRow struct {
	row   int
	cells []string
}

// readSheet reads a sheet's header and data rows: the column of each
// header cell (nil for an empty one), and the rows that are not empty
// (none when the header has a problem).
func readSheet(f *excelize.File, t *Type, sheet, list string, known []column) ([]*column, []sheetRow, Findings) {
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil || len(rows) == 0 {
		return nil, nil, Findings{atRow(t, list, 1, engine.Refuse(engine.ECHECK, "", engine.Text{
			"zh": "工作表没有标题行", "en": "the sheet has no header row", "th": "แผ่นงานไม่มีแถวหัวเรื่อง"}))}
	}
	cols, findings := headerOf(t, list, rows, known)
	if len(findings) > 0 {
		return nil, nil, findings // the rows are not read under a header that is wrong
	}
	start := 1
	if len(rows) > 1 && namesRow(rows[1], known) {
		start = 2
	}
	if len(rows)-start > MaxImportRows {
		return nil, nil, Findings{atRow(t, list, MaxImportRows+start+1, engine.Refuse(engine.ETOOLARGE, "", engine.Text{
			"zh": fmt.Sprintf("一次最多导入%d行", MaxImportRows), "en": fmt.Sprintf("import at most %d rows at once", MaxImportRows),
			"th": fmt.Sprintf("นำเข้าได้ครั้งละไม่เกิน %d แถว", MaxImportRows)}))}
	}
	var data []sheetRow
	for i := start; i < len(rows); i++ {
		if strings.TrimSpace(strings.Join(rows[i], "")) != "" {
			data = append(data, sheetRow{row: i + 1, cells: rows[i]})
		}
	}
	return cols, data, findings
}

// headerOf maps the header cells to columns: by field name (the hidden
// row 2 of an export, or row 1), else by label in any language. An unknown
// header, or a key field without a column, is a finding.
func headerOf(t *Type, list string, rows [][]string, known []column) ([]*column, Findings) {
	header := rows[0]
	if len(rows) > 1 && namesRow(rows[1], known) {
		header = rows[1]
	}
	byHeader := map[string]*column{} // lower case
	for i := range known {
		c := &known[i]
		byHeader[strings.ToLower(c.name)] = c
		for _, l := range c.label {
			byHeader[strings.ToLower(l)] = c
		}
	}
	var findings Findings
	cols := make([]*column, len(header))
	found := map[string]bool{}
	for i, h := range header {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		if cols[i] = byHeader[strings.ToLower(h)]; cols[i] == nil {
			findings = append(findings, atRow(t, list, 1, engine.Refuse(engine.ECHECK, "", engine.Text{
				"zh": "未知的列“" + engine.Clip(h, 40) + "”", "en": "unknown column " + strconvQuote(h),
				"th": "ไม่รู้จักคอลัมน์ " + strconvQuote(h)})))
			continue
		}
		found[cols[i].name] = true
	}
	for _, k := range t.Keys {
		if !found[k] {
			label := t.label(k)
			findings = append(findings, atRow(t, list, 1, engine.Refuse(engine.ECHECK, k, engine.Text{
				"zh": "缺少列“" + label.In("zh") + "”", "en": "the column " + label.In("en") + " is missing",
				"th": "ไม่มีคอลัมน์ " + label.In("th")})))
		}
	}
	return cols, findings
}

// namesRow reports whether a row is the field-name row of an export: every
// cell that is not empty is a column's name.
func namesRow(row []string, known []column) bool {
	names := map[string]bool{}
	for _, c := range known {
		names[c.name] = true
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

func cell(cells []string, i int) string {
	if i < len(cells) {
		return cells[i]
	}
	return ""
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", engine.Clip(s, 40)) }

// withPath is a refusal at a path.
func withPath(e *engine.Error, path string) *engine.Error {
	e.Path = path
	return e
}

var (
	pathRoot = regexp.MustCompile(`^[^.\[]+`)
	rowPath  = regexp.MustCompile(`^(\w+)\[(\d+)\]`)
)

// bySheetAndRow orders findings of an import: those of the first sheet
// (rows[N]) first, then by sheet and row.
func bySheetAndRow(a, b *engine.Error) int {
	key := func(e *engine.Error) (bool, string, int) {
		m := rowPath.FindStringSubmatch(e.Path)
		if m == nil {
			return false, "", 0
		}
		n, _ := strconv.Atoi(m[2])
		return m[1] != "rows", m[1], n
	}
	ao, as, an := key(a)
	bo, bs, bn := key(b)
	switch {
	case ao != bo:
		if ao {
			return 1
		}
		return -1
	case as != bs:
		return strings.Compare(as, bs)
	}
	return an - bn
}

// atRow is a finding of a row: the path rows[N].<path> (<list>[N].<path>
// on a list field's sheet), the message led by the row and the column.
func atRow(t *Type, list string, row int, e *engine.Error) *engine.Error {
	sheet := "rows"
	if list != "" {
		sheet = list
	}
	path := fmt.Sprintf("%s[%d]", sheet, row)
	where := engine.Text{"zh": fmt.Sprintf("第%d行", row), "en": fmt.Sprintf("row %d", row), "th": fmt.Sprintf("แถว %d", row)}
	if list != "" {
		where = engine.Text{"zh": "工作表 " + list + " " + where["zh"], "en": "sheet " + list + ", " + where["en"],
			"th": "แผ่นงาน " + list + " " + where["th"]}
	}
	if e.Path != "" {
		path += "." + e.Path
		label := t.label(strings.SplitN(pathRoot.FindString(e.Path), ".", 2)[0])
		for lang := range where {
			where[lang] += " " + label.In(lang)
		}
	}
	text := engine.Text{}
	for _, lang := range languages {
		sep := ": "
		if lang == "zh" {
			sep = "："
		}
		text[lang] = where[lang] + sep + e.In(lang)
	}
	return engine.Refuse(e.Code, path, text)
}
