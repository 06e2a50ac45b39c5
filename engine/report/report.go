// Package report reads the report definitions of the catalogue
// (schemas/_reports/*.yaml, one report a file): parameters, a source of the
// whitelist (sources.go), filters (field op parameter), grouping, columns
// with aggregates, totals and a chart. It checks each against its source
// and reports problems at file:line:col as the rules' lint does; a report
// over a source the server does not hold yet is a note and is left out of
// the set. There is no SQL in a report: the server builds parameterised
// queries from the compiled definition.
package report

import (
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"sort"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// Dir holds the report files, one YAML file per report (the one name of
// the folder: the loader checks a menu entry's report file in it).
const Dir = "schemas/_reports"

// Parameter types.
const (
	PCompany = "company" // the company the report runs for (report authority); one per report
	PText    = "text"
	PList    = "list" // several texts (document types, states)
	PDate    = "date"
	PPeriod  = "period" // yyyy-MM
	PNumber  = "number"
)

// Aggregates of a column.
const (
	Sum           = "sum"
	Count         = "count"
	CountDistinct = "countDistinct"
	Avg           = "avg"
	Min           = "min"
	Max           = "max"
)

// Filter operators.
const (
	OpEq       = "eq"
	OpNe       = "ne"
	OpIn       = "in"
	OpNotIn    = "notIn"
	OpGe       = "ge"
	OpGt       = "gt"
	OpLe       = "le"
	OpLt       = "lt"
	OpContains = "contains"
)

// Report is a compiled report definition.
type Report struct {
	Code        string
	Menu        string // the menu code that opens it (default: Code)
	Group       string // rpt or fkRpt
	Type        string // the report type report authority (rptAuth) names (default: Code)
	Title       model.Text
	Description model.Text
	Note        model.Text // what waits for a later source
	Source      *Source
	Params      []Param
	Filters     []Filter
	GroupBy     []string
	Columns     []Column
	Totals      bool
	OrderBy     []Order
	Limit       int // most rows answered (DefaultLimit)
	Chart       *Chart
	File        string
}

// Param is a parameter the person running the report gives.
type Param struct {
	Name     string
	Type     string
	Label    model.Text
	Required bool
	Default  string // a literal, or for dates today, monthStart, yearStart, lastMonthStart, lastMonthEnd; for periods thisMonth, lastMonth
	Options  []string
}

// Filter narrows the source: Field Op the parameter's value (skipped when
// the parameter is left blank) or the constant Values.
type Filter struct {
	Field  *Field
	Op     string
	Param  string
	Values []string
}

// Column is a column of the answer: a source field, aggregated when the
// report groups, or the ratio of two aggregated columns in percent.
type Column struct {
	Key       string
	Field     *Field // nil for a ratio
	Aggregate string
	Label     model.Text
	Type      string // the answer's type
	Show      string // the field's display (grouping columns)
	Ratio     *Ratio
	Total     string // a detail column's total (sum, count ...)
}

// Ratio is 100 * Of / To over the aggregated columns.
type Ratio struct{ Of, To string }

// Order sorts the answer by a column.
type Order struct {
	Key  string
	Desc bool
}

// Chart draws the answer: X is a grouping column, Y are numeric columns.
type Chart struct {
	Type string // bar, line, pie
	X    string
	Y    []string
}

// DefaultLimit is the most rows a report answers unless it says.
const DefaultLimit = 5000

// Column returns the column with key, or nil.
func (r *Report) Column(key string) *Column {
	for i := range r.Columns {
		if r.Columns[i].Key == key {
			return &r.Columns[i]
		}
	}
	return nil
}

// Param returns the parameter called name, or nil.
func (r *Report) Param(name string) *Param {
	for i := range r.Params {
		if r.Params[i].Name == name {
			return &r.Params[i]
		}
	}
	return nil
}

// CompanyParam is the report's company parameter.
func (r *Report) CompanyParam() *Param {
	for i := range r.Params {
		if r.Params[i].Type == PCompany {
			return &r.Params[i]
		}
	}
	return nil
}

// Grouped reports whether the report aggregates its rows.
func (r *Report) Grouped() bool {
	for _, c := range r.Columns {
		if c.Aggregate != "" {
			return true
		}
	}
	return false
}

// Set is the reports of a catalogue: those the server can run, in code
// order, and those waiting for a source.
type Set struct {
	Reports []*Report
	Waiting []*Report // over a declared source the server does not hold yet
}

// Get returns the runnable report with code, or nil.
func (s *Set) Get(code string) *Report {
	if s == nil {
		return nil
	}
	for _, r := range s.Reports {
		if r.Code == code {
			return r
		}
	}
	return nil
}

// Load reads every report file of fsys. Errors make it return a
// *model.LoadError; notes (a report waiting for a source) come back beside
// the set. A missing folder is an empty set.
func Load(fsys fs.FS) (*Set, []model.Problem, error) {
	set := &Set{}
	names, err := fs.Glob(fsys, Dir+"/*.yaml")
	if err != nil {
		return nil, nil, err
	}
	var problems []model.Problem
	seen := map[string]string{}
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, nil, err
		}
		r, ps := loadFile(name, b)
		problems = append(problems, ps...)
		if r == nil {
			continue
		}
		if prev := seen[r.Code]; prev != "" {
			problems = append(problems, model.Problem{File: name, Line: 1, Column: 1, Rule: "report", Severity: "error",
				Message: fmt.Sprintf("report %s is declared in %s too", r.Code, prev)})
			continue
		}
		seen[r.Code] = name
		if r.Source.Present() {
			set.Reports = append(set.Reports, r)
		} else {
			set.Waiting = append(set.Waiting, r)
		}
	}
	sort.Slice(set.Reports, func(i, j int) bool { return set.Reports[i].Code < set.Reports[j].Code })
	sort.Slice(set.Waiting, func(i, j int) bool { return set.Waiting[i].Code < set.Waiting[j].Code })
	notes := []model.Problem{}
	for _, p := range problems {
		if p.Severity != "note" {
			e := &model.LoadError{Problems: problems}
			e.Sort()
			return nil, nil, e
		}
		notes = append(notes, p)
	}
	return set, notes, nil
}

// loadFile reads and compiles one report file; nil with its problems when
// it cannot be read as a report or has errors.
func loadFile(name string, src []byte) (r *Report, out []model.Problem) {
	c := &checker{file: name, src: src}
	defer func() {
		if v := recover(); v != nil {
			c.add(nil, "cannot be read (please report it): %v", v)
			r, out = nil, c.list
		}
	}()
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		c.yaml(err)
		return nil, c.list
	}
	body := yamlx.Body(&root)
	if body == nil {
		c.add(nil, "the file is empty: it must declare a report")
		return nil, c.list
	}
	c.root = body
	var y reportYAML
	err := yamlx.StrictKeys(&root, reflect.TypeOf(&y))
	if err == nil {
		err = root.Decode(&y)
	}
	if err != nil {
		c.yaml(err)
		return nil, c.list
	}
	r = c.compile(&y, strings.TrimSuffix(path.Base(name), ".yaml"))
	if c.errors() > 0 {
		return nil, c.list
	}
	return r, c.list
}
