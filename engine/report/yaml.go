package report

import (
	"reflect"

	"formwork/engine/model"
)

// reportYAML is a report file as written.
type reportYAML struct {
	Code        string       `yaml:"code" doc:"the report's code: its menu code under /rpt or /fkRpt where one maps"`
	Menu        string       `yaml:"menu" doc:"the menu code that opens the report (default: code); who may open it may run it"`
	Group       string       `yaml:"group" enum:"rpt,fkRpt" doc:"the menu group: rpt (report centre) or fkRpt (expense-control reports)"`
	ReportType  string       `yaml:"reportType" doc:"the report type report authority (rptAuth) grants per company and user (default: code)"`
	Title       model.Text   `yaml:"title"`
	Description model.Text   `yaml:"description" doc:"what the report shows, as a finance controller reads it"`
	Note        model.Text   `yaml:"note" doc:"what waits for a later source"`
	Source      string       `yaml:"source" enum:"documents,lines,budgets,budgetMovements,approvals,advances,payments,invoices,vouchers,contracts,bankReceipts,taxChecks,pushLog" doc:"what the report reads; the server holds documents, lines, budgets, budgetMovements and approvals"`
	Parameters  []paramYAML  `yaml:"parameters" doc:"what the person running it gives; exactly one of type company"`
	Filters     []filterYAML `yaml:"filters" doc:"field op parameter (or constant values); a filter whose parameter is blank does not apply"`
	GroupBy     []string     `yaml:"groupBy" doc:"source fields the rows are grouped by"`
	Columns     []columnYAML `yaml:"columns"`
	Totals      bool         `yaml:"totals" doc:"answer a total row"`
	OrderBy     []orderYAML  `yaml:"orderBy" doc:"column keys the rows are sorted by (default: the grouping columns)"`
	Limit       int          `yaml:"limit" doc:"most rows answered (default 5000)"`
	Chart       *chartYAML   `yaml:"chart"`
}

type paramYAML struct {
	Name     string     `yaml:"name"`
	Type     string     `yaml:"type" enum:"company,text,list,date,period,number"`
	Label    model.Text `yaml:"label"`
	Required bool       `yaml:"required"`
	Default  string     `yaml:"default" doc:"a literal; for dates today, monthStart, yearStart, lastMonthStart, lastMonthEnd; for periods thisMonth, lastMonth; for a list values separated by commas"`
	Options  []string   `yaml:"options" doc:"the values a text or list parameter may take"`
}

type filterYAML struct {
	Field  string   `yaml:"field"`
	Op     string   `yaml:"op" enum:"eq,ne,in,notIn,ge,gt,le,lt,contains"`
	Param  string   `yaml:"param" doc:"the parameter whose value the field is compared with"`
	Values []string `yaml:"values" doc:"constant values instead of a parameter"`
}

type columnYAML struct {
	Key       string     `yaml:"key" doc:"the column's key in the answer (default: field, or field_aggregate)"`
	Field     string     `yaml:"field"`
	Aggregate string     `yaml:"aggregate" enum:"sum,count,countDistinct,avg,min,max"`
	Label     model.Text `yaml:"label" doc:"default: the source field's label"`
	Ratio     *ratioYAML `yaml:"ratio" doc:"100 * of / to, over two aggregated columns"`
	Total     string     `yaml:"total" enum:"sum,count,avg,min,max" doc:"a detail column's total"`
}

type ratioYAML struct {
	Of string `yaml:"of"`
	To string `yaml:"to"`
}

type orderYAML struct {
	Key  string `yaml:"key"`
	Desc bool   `yaml:"desc"`
}

type chartYAML struct {
	Type string   `yaml:"type" enum:"bar,line,pie"`
	X    string   `yaml:"x" doc:"a grouping column's key"`
	Y    []string `yaml:"y" doc:"numeric column keys"`
}

// YAMLType is the Go type a report file decodes into: what its JSON Schema
// (schemas/_jsonschema/report.schema.json) is written from.
func YAMLType() reflect.Type { return reflect.TypeOf(reportYAML{}) }
