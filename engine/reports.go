package engine

import (
	"io/fs"

	"formwork/engine/report"
)

// Report is a compiled report definition (schemas/_reports, see package
// engine/report).
type Report = report.Report

// ReportSet is the reports of a catalogue: the runnable ones and those
// waiting for a source.
type ReportSet = report.Set

// ReportColumn, ReportParam, ReportFilter, ReportField and ReportSource are
// the parts of a report.
type (
	ReportColumn = report.Column
	ReportParam  = report.Param
	ReportFilter = report.Filter
	ReportField  = report.Field
	ReportSource = report.Source
	ReportRatio  = report.Ratio
)

// ReportsDir holds the report files.
const ReportsDir = report.Dir

// LoadReports reads and lints every report of fsys: an error is a
// *LoadError listing the problems at file:line:col; notes (a report waiting
// for a source) come back beside the set.
func LoadReports(fsys fs.FS) (*ReportSet, []Problem, error) { return report.Load(fsys) }

// ReportSources lists every report source, present or declared.
func ReportSources() []*ReportSource { return report.Sources() }
