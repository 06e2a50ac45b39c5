package report

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// checker collects the problems of one report file.
type checker struct {
	file string
	src  []byte
	root *yaml.Node
	list []model.Problem
}

// at is the node at path (mapping keys and sequence indexes) below the
// file's top, or the deepest one found on the way.
func (c *checker) at(path []any) *yaml.Node {
	n := c.root
	for _, step := range path {
		var next *yaml.Node
		switch s := step.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == s {
						next = n.Content[i+1]
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && s < len(n.Content) {
				next = n.Content[s]
			}
		}
		if next == nil {
			return n
		}
		n = next
	}
	return n
}

func (c *checker) problem(sev string, path []any, format string, args ...any) {
	p := model.Problem{File: c.file, Line: 1, Column: 1, Rule: "report", Severity: sev, Message: fmt.Sprintf(format, args...)}
	if c.root != nil {
		n := c.at(path)
		p.Line, p.Column = n.Line, n.Column
	}
	p.Snippet = model.Snippet(c.src, p.Line, p.Column)
	c.list = append(c.list, p)
}

func (c *checker) add(path []any, format string, args ...any) {
	c.problem("error", path, format, args...)
}

func (c *checker) yaml(err error) {
	for _, m := range yamlx.Messages(err) {
		p := model.Problem{File: c.file, Line: max(m.Line, 1), Column: 1, Rule: "report", Severity: "error", Message: m.Text}
		p.Snippet = model.Snippet(c.src, p.Line, 1)
		c.list = append(c.list, p)
	}
}

func (c *checker) errors() int {
	n := 0
	for _, p := range c.list {
		if p.Severity == "error" {
			n++
		}
	}
	return n
}

func p(path ...any) []any { return path }

var codeRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,39}$`)

// compile checks y and builds its report; base is the file's name.
func (c *checker) compile(y *reportYAML, base string) *Report {
	r := &Report{Code: y.Code, Menu: y.Menu, Group: y.Group, Type: y.ReportType, Title: y.Title, Description: y.Description,
		Note: y.Note, GroupBy: y.GroupBy, Totals: y.Totals, Limit: y.Limit, File: c.file}
	switch {
	case y.Code == "":
		c.add(p(), "a report needs a code")
	case !codeRe.MatchString(y.Code):
		c.add(p("code"), "code %q: letters, digits and _ only, starting with a letter", y.Code)
	case y.Code != base:
		c.add(p("code"), "code %s differs from the file's name %s.yaml", y.Code, base)
	}
	r.Menu = cmpOr(r.Menu, r.Code)
	r.Type = cmpOr(r.Type, r.Code)
	if y.Group != "rpt" && y.Group != "fkRpt" {
		c.add(p("group"), "group must be rpt or fkRpt, not %q", y.Group)
	}
	if len(y.Title) == 0 {
		c.add(p(), "a report needs a title")
	}
	if len(y.Description) == 0 {
		c.add(p(), "a report needs a description: what it shows")
	}
	if r.Limit == 0 {
		r.Limit = DefaultLimit
	} else if r.Limit < 0 || r.Limit > 100_000 {
		c.add(p("limit"), "limit must be 1 to 100000")
	}
	r.Source = SourceNamed(y.Source)
	switch {
	case r.Source == nil:
		c.add(p("source"), "unknown source %q (sources: %s)", y.Source, strings.ReplaceAll(SourceNames, ",", ", "))
		return r
	case !r.Source.Present():
		c.problem("note", p("source"), "report %s waits for the source %s, which the server does not hold yet: it is not listed", r.Code, r.Source.Name)
		return r
	}
	c.params(r, y.Parameters)
	c.filters(r, y.Filters)
	c.groupBy(r)
	c.columns(r, y.Columns)
	c.orders(r, y.OrderBy)
	c.chart(r, y.Chart)
	return r
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

var paramTypes = []string{PCompany, PText, PList, PDate, PPeriod, PNumber}
var dateDefaults = []string{"today", "monthStart", "yearStart", "lastMonthStart", "lastMonthEnd"}
var periodDefaults = []string{"thisMonth", "lastMonth"}

func (c *checker) params(r *Report, ps []paramYAML) {
	companies := 0
	for i, y := range ps {
		at := p("parameters", i)
		if y.Name == "" || !codeRe.MatchString(y.Name) {
			c.add(at, "a parameter needs a name (letters and digits)")
			continue
		}
		if r.Param(y.Name) != nil {
			c.add(p("parameters", i, "name"), "parameter %s is declared twice", y.Name)
			continue
		}
		if !slices.Contains(paramTypes, y.Type) {
			c.add(p("parameters", i, "type"), "parameter %s: unknown type %q (types: %s)", y.Name, y.Type, strings.Join(paramTypes, ", "))
		}
		if y.Type == PCompany {
			companies++
		}
		if d := y.Default; d != "" {
			switch {
			case y.Type == PDate && !slices.Contains(dateDefaults, d) && !isDate(d):
				c.add(p("parameters", i, "default"), "parameter %s: default %q is no date nor one of %s", y.Name, d, strings.Join(dateDefaults, ", "))
			case y.Type == PPeriod && !slices.Contains(periodDefaults, d) && !periodRe.MatchString(d):
				c.add(p("parameters", i, "default"), "parameter %s: default %q is no period (yyyy-MM) nor one of %s", y.Name, d, strings.Join(periodDefaults, ", "))
			case y.Type == PCompany && d != "context":
				c.add(p("parameters", i, "default"), "parameter %s: a company's default is the company context (context)", y.Name)
			}
		}
		r.Params = append(r.Params, Param{Name: y.Name, Type: y.Type, Label: y.Label, Required: y.Required, Default: y.Default, Options: y.Options})
	}
	if companies != 1 {
		c.add(p("parameters"), "a report needs exactly one parameter of type company (report authority is per company), it has %d", companies)
	}
}

var periodRe = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

func isDate(s string) bool {
	_, ok := model.NormalizeDate(s)
	return ok && len(s) == 10
}

var ops = []string{OpEq, OpNe, OpIn, OpNotIn, OpGe, OpGt, OpLe, OpLt, OpContains}

func (c *checker) filters(r *Report, fs []filterYAML) {
	for i, y := range fs {
		f := Filter{Field: r.Source.Field(y.Field), Op: y.Op, Param: y.Param, Values: y.Values}
		switch {
		case f.Field == nil:
			c.add(p("filters", i, "field"), "unknown field %q of source %s", y.Field, r.Source.Name)
			continue
		case !slices.Contains(ops, y.Op):
			c.add(p("filters", i, "op"), "unknown op %q (ops: %s)", y.Op, strings.Join(ops, ", "))
			continue
		case (y.Param == "") == (len(y.Values) == 0):
			c.add(p("filters", i), "a filter compares with a param or with values, one of them")
			continue
		case y.Op == OpContains && f.Field.Type != Text:
			c.add(p("filters", i, "op"), "contains applies to text fields; %s is %s", y.Field, f.Field.Type)
			continue
		}
		list := y.Op == OpIn || y.Op == OpNotIn
		if y.Param != "" {
			prm := r.Param(y.Param)
			switch {
			case prm == nil:
				c.add(p("filters", i, "param"), "parameter %s is not declared", y.Param)
				continue
			case list != (prm.Type == PList):
				c.add(p("filters", i, "param"), "op %s needs a %s parameter; %s is %s", y.Op, map[bool]string{true: "list", false: "single-valued"}[list], prm.Name, prm.Type)
				continue
			case prm.Type == PDate && f.Field.Type != Date && f.Field.Type != DateTime:
				c.add(p("filters", i, "param"), "a date parameter compares with a date field; %s is %s", y.Field, f.Field.Type)
				continue
			case prm.Type == PNumber && !numeric(f.Field.Type):
				c.add(p("filters", i, "param"), "a number parameter compares with a numeric field; %s is %s", y.Field, f.Field.Type)
				continue
			}
		} else if !list && len(y.Values) != 1 {
			c.add(p("filters", i, "values"), "op %s compares with one value", y.Op)
			continue
		}
		r.Filters = append(r.Filters, f)
	}
}

func numeric(t string) bool { return t == Money || t == Number || t == Int }

func (c *checker) groupBy(r *Report) {
	for i, g := range r.GroupBy {
		if r.Source.Field(g) == nil {
			c.add(p("groupBy", i), "unknown field %q of source %s", g, r.Source.Name)
		}
	}
}

var aggregates = []string{Sum, Count, CountDistinct, Avg, Min, Max}

func (c *checker) columns(r *Report, cols []columnYAML) {
	if len(cols) == 0 {
		c.add(p(), "a report needs columns")
	}
	for i, y := range cols {
		col, ok := c.column(r, i, y)
		if !ok {
			continue
		}
		if r.Column(col.Key) != nil {
			c.add(p("columns", i), "column %s is declared twice (give a key)", col.Key)
			continue
		}
		r.Columns = append(r.Columns, col)
	}
	grouped := r.Grouped()
	for i, col := range r.Columns {
		switch {
		case col.Ratio != nil:
			for _, k := range []string{col.Ratio.Of, col.Ratio.To} {
				if o := r.Column(k); o == nil || o.Aggregate == "" || !numeric(o.Type) {
					c.add(p("columns", i, "ratio"), "ratio %s: %q is no aggregated numeric column", col.Key, k)
				}
			}
		case grouped && col.Aggregate == "" && !slices.Contains(r.GroupBy, col.Field.Name):
			c.add(p("columns", i, "field"), "column %s is neither aggregated nor in groupBy", col.Key)
		case grouped && col.Total != "":
			c.add(p("columns", i, "total"), "column %s: total applies to a detail report's columns; aggregated columns total themselves", col.Key)
		}
	}
	if !grouped && len(r.GroupBy) > 0 {
		c.add(p("groupBy"), "a grouped report needs an aggregated column")
	}
}

// column checks one column.
func (c *checker) column(r *Report, i int, y columnYAML) (Column, bool) {
	col := Column{Key: y.Key, Aggregate: y.Aggregate, Label: y.Label, Total: y.Total}
	if y.Ratio != nil {
		if y.Key == "" || y.Field != "" || y.Aggregate != "" {
			c.add(p("columns", i), "a ratio column has a key and no field or aggregate")
			return col, false
		}
		col.Ratio, col.Type = &Ratio{Of: y.Ratio.Of, To: y.Ratio.To}, Number
		if len(col.Label) == 0 {
			c.add(p("columns", i), "a ratio column needs a label")
		}
		return col, true
	}
	col.Field = r.Source.Field(y.Field)
	if col.Field == nil {
		c.add(p("columns", i, "field"), "unknown field %q of source %s", y.Field, r.Source.Name)
		return col, false
	}
	col.Type, col.Show = col.Field.Type, col.Field.Show
	if len(col.Label) == 0 {
		col.Label = defaultLabel(col.Field.Label, y.Aggregate)
	}
	if col.Key == "" {
		col.Key = y.Field
		if y.Aggregate != "" {
			col.Key = y.Field + "_" + y.Aggregate
		}
	}
	switch {
	case y.Aggregate != "" && !slices.Contains(aggregates, y.Aggregate):
		c.add(p("columns", i, "aggregate"), "unknown aggregate %q (aggregates: %s)", y.Aggregate, strings.Join(aggregates, ", "))
		return col, false
	case (y.Aggregate == Sum || y.Aggregate == Avg) && !numeric(col.Field.Type):
		c.add(p("columns", i, "aggregate"), "%s of %s: the field is %s, not numeric", y.Aggregate, y.Field, col.Field.Type)
		return col, false
	case y.Total != "" && !slices.Contains([]string{Sum, Count, Avg, Min, Max}, y.Total):
		c.add(p("columns", i, "total"), "unknown total %q", y.Total)
		return col, false
	case (y.Total == Sum || y.Total == Avg) && !numeric(col.Field.Type):
		c.add(p("columns", i, "total"), "%s of %s: the field is %s, not numeric", y.Total, y.Field, col.Field.Type)
		return col, false
	}
	switch y.Aggregate {
	case Count, CountDistinct:
		col.Type, col.Show = Int, ""
	case Sum, Avg, Min, Max:
		col.Show = ""
	}
	return col, true
}

// defaultLabel is a field's label, named for its aggregate.
func defaultLabel(l model.Text, agg string) model.Text {
	switch agg {
	case Count:
		return model.Text{"zh": "数量", "en": "Count", "th": "จำนวน"}
	case CountDistinct:
		return model.Text{"zh": l["zh"] + "数", "en": "Number of " + strings.ToLower(l["en"]), "th": "จำนวน" + l["th"]}
	case Avg:
		return model.Text{"zh": "平均" + l["zh"], "en": "Average " + strings.ToLower(l["en"]), "th": l["th"] + "เฉลี่ย"}
	case Min:
		return model.Text{"zh": "最小" + l["zh"], "en": "Lowest " + strings.ToLower(l["en"]), "th": l["th"] + "ต่ำสุด"}
	case Max:
		return model.Text{"zh": "最大" + l["zh"], "en": "Highest " + strings.ToLower(l["en"]), "th": l["th"] + "สูงสุด"}
	}
	return l
}

func (c *checker) orders(r *Report, os []orderYAML) {
	for i, o := range os {
		if r.Column(o.Key) == nil {
			c.add(p("orderBy", i, "key"), "orderBy: %q is no column key", o.Key)
			continue
		}
		r.OrderBy = append(r.OrderBy, Order{Key: o.Key, Desc: o.Desc})
	}
}

func (c *checker) chart(r *Report, y *chartYAML) {
	if y == nil {
		return
	}
	ch := &Chart{Type: y.Type, X: y.X, Y: y.Y}
	if !slices.Contains([]string{"bar", "line", "pie"}, y.Type) {
		c.add(p("chart", "type"), "chart type must be bar, line or pie, not %q", y.Type)
	}
	if x := r.Column(y.X); x == nil || x.Field == nil || x.Aggregate != "" || !slices.Contains(r.GroupBy, x.Field.Name) {
		c.add(p("chart", "x"), "chart x %q is no grouping column", y.X)
	}
	if len(y.Y) == 0 {
		c.add(p("chart", "y"), "a chart needs y columns")
	}
	for i, k := range y.Y {
		if col := r.Column(k); col == nil || !numeric(col.Type) {
			c.add(p("chart", "y", i), "chart y %q is no numeric column", k)
		}
	}
	if y.Type == "pie" && len(y.Y) > 1 {
		c.add(p("chart", "y"), "a pie chart shows one column")
	}
	r.Chart = ch
}
