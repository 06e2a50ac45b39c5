package masterdata

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"formwork/engine"
	"formwork/masterdata/workbook"
)

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
// writes, package workbook; the columns may come in any order, labelled in
// any language or by field name) and writes them all, or none: a key the
// type has updates that record, another creates one, each with an audit
// event. Every bad row is a finding whose path is rows[N] (N the row's
// number in the sheet; <list>[N] on a list field's sheet) and the field,
// its message naming the row and the column, in Findings.
func (s *Service) Import(ctx context.Context, actor Actor, typ string, xlsx []byte) (*ImportResult, error) {
	t, err := s.writable(actor, typ)
	if err != nil {
		return nil, err
	}
	w, err := workbook.Open(xlsx)
	if err != nil {
		return nil, err
	}
	defer w.Close()
	rows, findings := readRecords(w, t)
	findings = append(findings, readLists(w, t, rows)...)
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

// checkImport checks each row's record as Create and Update do (and keeps
// it as the store keeps it); a reference to a record of the same type the
// import holds passes.
func (s *Service) checkImport(ctx context.Context, t *Type, rows []*importRow) (Findings, error) {
	var findings Findings
	first := map[string]int{}
	for _, r := range rows {
		if r.bad {
			continue
		}
		key, bad := t.Key(r.body)
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
	snap, err := s.snapshot(ctx, t.Code)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.key == "" {
			continue
		}
		var stored map[string]any
		if had := snap.record(r.key); had != nil {
			stored = had.Body
		}
		_, body, err := s.checkBody(ctx, t, r.body, stored, first)
		var rowFindings Findings
		switch {
		case errors.As(err, &rowFindings):
			for _, e := range rowFindings {
				findings = append(findings, atRow(t, "", r.row, e))
			}
		case err != nil:
			return nil, err
		default:
			r.body = body
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
			r := NewRecord(t.Code, row.key, row.body)
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
				switch done, err := tx.Update(r, before.Version); {
				case err != nil:
					return err
				case !done:
					return stale(t, row.key)
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

// readRecords reads the first sheet: a record per row that is not blank.
func readRecords(w *workbook.Workbook, t *Type) ([]*importRow, Findings) {
	data, problems := w.Read(w.FirstSheet(), mainColumns(t), t.Keys)
	findings := problemsAt(t, "", problems)
	bad := map[int]bool{}
	for _, p := range problems {
		bad[p.Row] = true
	}
	var out []*importRow
	for _, d := range data {
		r := &importRow{row: d.Number, body: map[string]any{}, bad: bad[d.Number]}
		if active, ok := d.Values[activeColumn].(bool); ok {
			r.active = &active
			delete(d.Values, activeColumn)
		}
		workbook.SetValues(r.body, d.Values)
		out = append(out, r)
	}
	return out, findings
}

// readLists reads the sheet of each list field (when the workbook has one)
// into the records of the rows whose key its rows name.
func readLists(w *workbook.Workbook, t *Type, rows []*importRow) Findings {
	var findings Findings
	for _, list := range t.Fields {
		if list.Type != FieldList || !w.Has(workbook.SheetName(list.Name)) {
			continue
		}
		byKey := map[string]*importRow{}
		for _, r := range rows {
			if key, bad := t.Key(r.body); bad == nil {
				byKey[key] = r
			}
		}
		data, problems := w.Read(workbook.SheetName(list.Name), listColumns(t, list), t.Keys)
		findings = append(findings, problemsAt(t, list.Name, problems)...)
		for _, d := range data {
			keyFields, item := map[string]any{}, map[string]any{}
			for col, v := range d.Values {
				if slices.Contains(t.Keys, col) {
					keyFields[col] = v
				} else {
					item[col] = v
				}
			}
			key, _ := t.Key(keyFields)
			owner := byKey[key]
			if owner == nil {
				findings = append(findings, atRow(t, list.Name, d.Number, engine.Refuse(engine.ECHECK, t.Keys[0], engine.Text{
					"zh": "第一个工作表中没有主键为 " + engine.ShownCode(key) + " 的记录", "en": "the first sheet has no record " + engine.ShownCode(key),
					"th": "แผ่นงานแรกไม่มีระเบียน " + engine.ShownCode(key)})))
				continue
			}
			row := map[string]any{}
			workbook.SetValues(row, item)
			items, _ := owner.body[list.Name].([]any)
			owner.body[list.Name] = append(items, row)
		}
	}
	return findings
}

// problemsAt are the problems of a sheet's rows as findings.
func problemsAt(t *Type, list string, problems []workbook.Problem) Findings {
	var out Findings
	for _, p := range problems {
		out = append(out, atRow(t, list, p.Row, withPath(p.Err, p.Column)))
	}
	return out
}

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
	return engine.Refuse(e.Code, path, engine.Text{"zh": where["zh"] + "：" + e.In("zh"), "en": where["en"] + ": " + e.In("en"),
		"th": where["th"] + ": " + e.In("th")})
}
