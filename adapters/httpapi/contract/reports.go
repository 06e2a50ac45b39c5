package contract

import "formwork/reports"

// ReportRun is the body of a report run and its export
// (POST /api/formwork/reports/{code}/run, .../export.xlsx).
type ReportRun struct {
	// Params are the report's parameters by name: a text (dates
	// yyyy-MM-dd, periods yyyy-MM, numbers as text or number) or, for a
	// list parameter, a list of texts. A parameter left out takes its
	// default; company defaults to the company context.
	Params map[string]any `json:"params"`
}

func init() {
	for k, v := range map[string]apiDoc{
		"GET /api/formwork/reports":                    {Tag: "reports", Summary: "The reports the user may run: those of a menu code (rpt, fkRpt) the user may open whose report type the user holds report authority for (rptAuth: company, report type, user) in some company; administrators every one. Each with its parameters (defaults resolved), columns, chart and the companies it may run for.", Response: []reports.ReportSummary{}},
		"POST /api/formwork/reports/:code/run":         {Tag: "reports", Summary: "Run a report within the user's report authority for the company parameter (403 naming the company outside it): columns, rows (grouped and aggregated as the report says; <key>Txt names a code), totals, count and whether rows were cut at the report's limit. 400 names the parameter at fault.", Request: ReportRun{}, Response: reports.ReportResult{}, Refusals: notFound},
		"POST /api/formwork/reports/:code/export.xlsx": {Tag: "reports", Summary: "The same run as a spreadsheet attachment: the title and parameters, the header, the rows and the total row.", Request: ReportRun{}, File: XLSX, Refusals: notFound},
	} {
		apiDocs[k] = v
	}
}
