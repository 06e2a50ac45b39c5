package reports

import (
	"context"
	"errors"
	"slices"
	"time"

	"formwork/engine"
	"formwork/identity"

	"github.com/shopspring/decimal"
)

// ReportResult is a run's answer: columns, rows (each column's value by key, and
// <key>Txt beside a named code), the total row, and how many rows there
// are (Truncated when more than the report's limit).
type ReportResult struct {
	Code      string           `json:"code"`
	Title     string           `json:"title"`
	Company   string           `json:"company"`
	Params    map[string]any   `json:"params"`
	Columns   []ReportColumn   `json:"columns"`
	Rows      []map[string]any `json:"rows"`
	Totals    map[string]any   `json:"totals,omitempty"`
	Count     int              `json:"count"`
	Truncated bool             `json:"truncated"`
	Chart     *ReportChart     `json:"chart,omitempty"`
}

// Run runs the report code for id with the given parameters, within id's
// report authority for the company parameter (ENOTFOUND for a report that
// does not exist or is not runnable; EFORBIDDEN without the menu or the
// authority; EINVALID naming a bad parameter).
func (s *Service) Run(ctx context.Context, id *identity.Identity, code string, given map[string]any, lang string) (*ReportResult, error) {
	r := s.d.Reports().Get(code)
	if r == nil {
		return nil, engine.Refuse(engine.ENOTFOUND, "code", engine.Text{"zh": "没有报表 " + engine.Clip(code, 40),
			"en": "there is no report " + engine.Clip(code, 40), "th": "ไม่มีรายงาน " + engine.Clip(code, 40)})
	}
	if err := id.RequireMenu(r.Menu); err != nil {
		return nil, err
	}
	now := s.d.Now()
	params, err := resolve(r, given, id, now)
	if err != nil {
		return nil, err
	}
	company, _ := params[r.CompanyParam().Name].(string)
	if err := s.access(ctx, id, r, company); err != nil {
		return nil, err
	}
	q := query(r, params, company, now.Location())
	agg := newAggregation(r)
	err = s.d.Store.Scan(ctx, q, func(row []any) error {
		if agg.scanned++; agg.scanned > MaxScan {
			return errTooMany
		}
		agg.add(row)
		return nil
	})
	if errors.Is(err, errTooMany) {
		return nil, invalid("params", "超过 %d 行源数据，请缩小查询范围", "reads more than %d source rows: narrow the parameters", "อ่านข้อมูลเกิน %d แถว กรุณาจำกัดเงื่อนไข", MaxScan)
	}
	if err != nil {
		return nil, err
	}
	res := agg.result()
	res.Code, res.Title, res.Company, res.Params, res.Columns = r.Code, r.Title.In(lang), company, params, reportColumns(r, lang)
	if r.Chart != nil {
		res.Chart = &ReportChart{Type: r.Chart.Type, X: r.Chart.X, Y: r.Chart.Y}
	}
	if err := s.name(ctx, r, res, lang); err != nil {
		return nil, err
	}
	return res, nil
}

var errTooMany = errors.New("too many rows")

// query builds the store's query: the fields the columns and groups read,
// the company scope and every filter whose parameter has a value.
func query(r *engine.Report, params map[string]any, company string, loc *time.Location) Query {
	q := Query{Source: r.Source.Name, Fields: fieldsOf(r)}
	q.Conds = append(q.Conds, Cond{Field: r.Source.Company, Op: "eq", Values: []any{company}})
	for _, f := range r.Filters {
		var vals []any
		if f.Param != "" {
			switch v := params[f.Param].(type) {
			case nil:
				continue
			case []string:
				for _, e := range v {
					vals = append(vals, e)
				}
			default:
				vals = []any{v}
			}
		} else {
			for _, e := range f.Values {
				vals = append(vals, e)
			}
		}
		q.Conds = append(q.Conds, cond(f, vals, loc))
	}
	return q
}

// fieldsOf are the source fields r reads, in column order.
func fieldsOf(r *engine.Report) []string {
	var out []string
	for _, g := range r.GroupBy {
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	for _, c := range r.Columns {
		if c.Field != nil && !slices.Contains(out, c.Field.Name) {
			out = append(out, c.Field.Name)
		}
	}
	return out
}

// cond types the values of a filter by its field; a date filter on the day
// of a datetime field compares that field with the day's bounds.
func cond(f engine.ReportFilter, vals []any, loc *time.Location) Cond {
	c := Cond{Field: f.Field.Name, Op: f.Op}
	if f.Field.DateOf != "" {
		c.Field = f.Field.DateOf
		for _, v := range vals {
			s, _ := v.(string)
			day, err := time.ParseInLocation(time.DateOnly, s, loc)
			if err != nil {
				continue
			}
			switch f.Op {
			case "le": // up to the day's end
				c.Op, day = "lt", day.AddDate(0, 0, 1)
			case "gt":
				c.Op, day = "ge", day.AddDate(0, 0, 1)
			}
			c.Values = append(c.Values, day)
		}
		return c
	}
	for _, v := range vals {
		c.Values = append(c.Values, typed(f.Field.Type, v))
	}
	return c
}

// typed converts a parameter's or constant's value to a field's type.
func typed(t string, v any) any {
	switch t {
	case "money", "number":
		switch x := v.(type) {
		case decimal.Decimal:
			return x
		case string:
			d, err := decimal.NewFromString(x)
			if err == nil {
				return d
			}
		}
	case "int":
		switch x := v.(type) {
		case decimal.Decimal:
			return x.IntPart()
		case string:
			d, err := decimal.NewFromString(x)
			if err == nil {
				return d.IntPart()
			}
		}
	}
	if d, ok := v.(decimal.Decimal); ok {
		return d.String()
	}
	return v
}

// name adds <key>Txt beside the codes of named columns: document types'
// and states' titles, users' display names.
func (s *Service) name(ctx context.Context, r *engine.Report, res *ReportResult, lang string) error {
	var users []string
	for _, c := range r.Columns {
		if c.Show != "user" {
			continue
		}
		for _, row := range res.Rows {
			if u, ok := row[c.Key].(string); ok && u != "" && !slices.Contains(users, u) {
				users = append(users, u)
			}
		}
	}
	names := map[string]string{}
	if len(users) > 0 && s.d.People != nil {
		var err error
		if names, err = s.d.People.DisplayNames(ctx, users); err != nil {
			return err
		}
	}
	var cat *engine.Catalogue
	if s.d.Catalogue != nil {
		cat = s.d.Catalogue()
	}
	var lc *engine.Lifecycle
	if s.d.Lifecycle != nil {
		lc = s.d.Lifecycle()
	}
	for _, c := range r.Columns {
		if c.Show == "" {
			continue
		}
		for _, row := range res.Rows {
			code, _ := row[c.Key].(string)
			row[c.Key+"Txt"] = nameOf(c.Show, code, names, cat, lc, lang)
		}
	}
	return nil
}

func nameOf(show, code string, users map[string]string, cat *engine.Catalogue, lc *engine.Lifecycle, lang string) string {
	switch show {
	case "user":
		if n := users[code]; n != "" {
			return n
		}
	case "docType":
		if cat != nil {
			if dt := cat.DocType(code); dt != nil {
				return dt.Title.In(lang)
			}
		}
	case "state":
		if lc != nil {
			if st := lc.States[code]; st != nil {
				return st.Title.In(lang)
			}
		}
	}
	return code
}
