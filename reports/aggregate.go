package reports

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// aggregation groups and aggregates a report's rows as the store scans
// them (or keeps them, for a detail report).
type aggregation struct {
	r       *engine.Report
	fields  []string       // the scanned row's fields
	index   map[string]int // field -> position in a row
	grouped bool
	groups  map[string]*group
	order   []string // group keys in the order first seen
	detail  [][]any
	total   *group
	scanned int
}

// group is one group's accumulators, one per column (nil for grouping and
// ratio columns), with the group's values.
type group struct {
	keys []any
	acc  []*acc
}

// acc accumulates one aggregate.
type acc struct {
	agg      string
	sum      decimal.Decimal
	n        int64
	distinct map[string]bool
	best     any // min or max
}

func newAggregation(r *engine.Report) *aggregation {
	a := &aggregation{r: r, fields: fieldsOf(r), index: map[string]int{}, grouped: r.Grouped(), groups: map[string]*group{}}
	for i, f := range a.fields {
		a.index[f] = i
	}
	a.total = a.newGroup(nil, true)
	return a
}

// newGroup has an accumulator for each aggregated column (for the total
// row of a detail report: each column with a total).
func (a *aggregation) newGroup(keys []any, total bool) *group {
	g := &group{keys: keys, acc: make([]*acc, len(a.r.Columns))}
	for i, c := range a.r.Columns {
		agg := c.Aggregate
		if total && !a.grouped {
			agg = c.Total
		}
		if agg != "" {
			g.acc[i] = &acc{agg: agg, distinct: map[string]bool{}}
		}
	}
	return g
}

func (a *aggregation) add(row []any) {
	if a.r.Totals {
		a.total.add(a, row)
	}
	if !a.grouped {
		a.detail = append(a.detail, row)
		return
	}
	keys := make([]any, len(a.r.GroupBy))
	var b strings.Builder
	for i, f := range a.r.GroupBy {
		keys[i] = row[a.index[f]]
		fmt.Fprintf(&b, "%v\x00", keys[i])
	}
	g := a.groups[b.String()]
	if g == nil {
		g = a.newGroup(keys, false)
		a.groups[b.String()] = g
		a.order = append(a.order, b.String())
	}
	g.add(a, row)
}

func (g *group) add(a *aggregation, row []any) {
	for i, c := range a.r.Columns {
		if g.acc[i] != nil {
			g.acc[i].add(row[a.index[c.Field.Name]])
		}
	}
}

func (x *acc) add(v any) {
	if v == nil {
		return
	}
	switch x.agg {
	case "count":
		x.n++
	case "countDistinct":
		x.distinct[fmt.Sprint(v)] = true
	case "sum", "avg":
		x.sum = x.sum.Add(toDecimal(v))
		x.n++
	case "min":
		if x.best == nil || less(v, x.best) {
			x.best = v
		}
	case "max":
		if x.best == nil || less(x.best, v) {
			x.best = v
		}
	}
}

// value is the accumulated value.
func (x *acc) value() any {
	switch x.agg {
	case "count":
		return x.n
	case "countDistinct":
		return int64(len(x.distinct))
	case "sum":
		return x.sum
	case "avg":
		if x.n == 0 {
			return nil
		}
		return x.sum.DivRound(decimal.NewFromInt(x.n), 2)
	}
	return x.best
}

func toDecimal(v any) decimal.Decimal {
	switch x := v.(type) {
	case decimal.Decimal:
		return x
	case int64:
		return decimal.NewFromInt(x)
	case int:
		return decimal.NewFromInt(int64(x))
	}
	return decimal.Zero
}

// less orders two values of one field; nil first.
func less(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b != nil
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		return ok && x.LessThan(y)
	case int64:
		y, ok := b.(int64)
		return ok && x < y
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Before(y)
	case string:
		y, ok := b.(string)
		return ok && x < y
	}
	return false
}

// result orders and cuts the rows and renders every value.
func (a *aggregation) result() *ReportResult {
	var rows [][]any // per column
	if a.grouped {
		for _, k := range a.order {
			rows = append(rows, a.groupRow(a.groups[k]))
		}
	} else {
		for _, d := range a.detail {
			row := make([]any, len(a.r.Columns))
			for i, c := range a.r.Columns {
				row[i] = d[a.index[c.Field.Name]]
			}
			rows = append(rows, row)
		}
	}
	a.sort(rows)
	res := &ReportResult{Count: len(rows), Rows: []map[string]any{}}
	if len(rows) > a.r.Limit {
		rows, res.Truncated = rows[:a.r.Limit], true
	}
	for _, row := range rows {
		res.Rows = append(res.Rows, a.render(row))
	}
	if a.r.Totals {
		res.Totals = a.render(a.groupRow(a.total))
	}
	return res
}

// groupRow is a group's values per column: grouping values, aggregates and
// ratios.
func (a *aggregation) groupRow(g *group) []any {
	row := make([]any, len(a.r.Columns))
	for i, c := range a.r.Columns {
		switch {
		case g.acc[i] != nil:
			row[i] = g.acc[i].value()
		case c.Field != nil && g.keys != nil:
			for j, f := range a.r.GroupBy {
				if f == c.Field.Name {
					row[i] = g.keys[j]
				}
			}
		}
	}
	for i, c := range a.r.Columns {
		if c.Ratio != nil {
			row[i] = ratio(row, a.r, c.Ratio)
		}
	}
	return row
}

// ratio is 100 * of / to in percent, 2 places; nil when to is zero.
func ratio(row []any, r *engine.Report, x *engine.ReportRatio) any {
	var of, to decimal.Decimal
	for i, c := range r.Columns {
		switch c.Key {
		case x.Of:
			of = toDecimal(row[i])
		case x.To:
			to = toDecimal(row[i])
		}
	}
	if to.IsZero() {
		return nil
	}
	return of.Mul(decimal.NewFromInt(100)).DivRound(to, 2)
}

// sort orders rows by the report's orderBy, else by its groups.
func (a *aggregation) sort(rows [][]any) {
	type key struct {
		col  int
		desc bool
	}
	var keys []key
	for _, o := range a.r.OrderBy {
		for i, c := range a.r.Columns {
			if c.Key == o.Key {
				keys = append(keys, key{i, o.Desc})
			}
		}
	}
	if len(keys) == 0 {
		for _, g := range a.r.GroupBy {
			for i, c := range a.r.Columns {
				if c.Field != nil && c.Field.Name == g && c.Aggregate == "" {
					keys = append(keys, key{i, false})
				}
			}
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		for _, k := range keys {
			x, y := rows[i][k.col], rows[j][k.col]
			if less(x, y) {
				return !k.desc
			}
			if less(y, x) {
				return k.desc
			}
		}
		return false
	})
}

// render is a row by column key: money and numbers as decimal texts with
// 2 places, moments as yyyy-MM-dd HH:mm:ss.
func (a *aggregation) render(row []any) map[string]any {
	out := make(map[string]any, len(row))
	for i, c := range a.r.Columns {
		out[c.Key] = renderValue(c.Type, row[i])
	}
	return out
}

func renderValue(t string, v any) any {
	switch x := v.(type) {
	case decimal.Decimal:
		if t == "int" {
			return x.IntPart()
		}
		return x.StringFixed(2)
	case time.Time:
		return x.Local().Format(time.DateTime)
	}
	return v
}
