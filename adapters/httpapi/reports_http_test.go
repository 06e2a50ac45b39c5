package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"formwork/documents"
	"formwork/reports"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

// The report centre (GET /api/formwork/reports, POST .../{code}/run and
// .../export.xlsx) on both databases: who may list and run which report
// for which company (menu codes, report authority, company scope), the
// parameters' refusals, every runnable report over one seeded set of
// documents, approval tasks and budgets against its golden answer
// (testdata/reports/<code>.json, the same on SQLite and PostgreSQL), and
// the spreadsheet read back.

var updateReports = flag.Bool("update-reports", false, "rewrite testdata/reports/*.json from the answers")

const reportsURL = "/api/formwork/reports"

// reportDoc is a document of the report fixture.
type reportDoc struct {
	id, docType, status, applicant, company, dept, vendor, amount string
	created                                                       string // yyyy-MM-dd HH:mm
	lines                                                         string // the lineList JSON
}

var reportDocs = []reportDoc{
	{"RP01", "EX02", "approved", "employee01", "1000", "SAL02", "", "1200.00", "2025-03-03 09:00", `[{"costType":"交通费","amount":"200.00"},{"costType":"住宿费","amount":"1000.00","taxAmount":"56.60","expDate":"2025-03-01"}]`},
	{"RP02", "EX02", "inApproval", "manager01", "1000", "SAL02", "", "300.50", "2025-03-10 09:00", `[{"costType":"餐费","amount":300.50}]`},
	{"RP03", "EX03", "approved", "employee01", "1000", "FIN01", "V100004", "5000.00", "2025-03-12 14:00", `[{"costType":"办公费","amount":"5000.00"}]`},
	{"RP04", "BD", "draft", "employee01", "1000", "FIN01", "", "800.00", "2025-03-20 11:00", `[{"costType":"交通费","amount":"500.00"},{"costType":"办公费","amount":"300.00"},{"costType":"办公费","amount":"999.00","flag":"D"}]`},
	{"RP05", "BA", "approved", "employee01", "1000", "SAL02", "", "2000.00", "2025-02-01 10:00", ""},
	{"RP06", "BC", "approved", "employee01", "1000", "SAL02", "", "500.00", "2025-03-05 10:00", ""},
	{"RP07", "TA", "approved", "manager01", "1000", "SAL02", "", "3000.00", "2025-03-07 10:00", ""},
	{"RP08", "TB", "inApproval", "manager01", "1000", "SAL02", "", "2500.00", "2025-03-08 08:00", `[{"costType":"交通费","amount":"2500.00"}]`},
	{"RP09", "AD", "approved", "other01", "1000", "FIN01", "", "60000.00", "2025-03-15 10:00", ""},
	{"RP10", "BG", "approved", "manager01", "1000", "SAL02", "", "1500.00", "2025-03-16 10:00", `[{"costType":"业务招待费","amount":"1500.00"}]`},
	{"RP11", "PA", "draft", "employee01", "1000", "ADM01", "", "700.00", "2025-03-17 10:00", `[{"costType":"会议费","amount":"700.00"}]`},
	{"RP12", "EX02", "approved", "other01", "2000", "ADM01", "", "400.00", "2025-03-11 10:00", `[{"costType":"交通费","amount":"400.00"}]`},
	{"RP13", "AX", "approved", "other01", "1000", "FIN01", "", "10000.00", "2025-03-25 10:00", ""},
	{"RP14", "HT", "approved", "other01", "1000", "ADM01", "", "120000.00", "2025-01-25 10:00", ""},
	{"RP15", "FA", "approved", "other01", "1000", "ADM01", "", "9000.00", "2025-03-02 10:00", ""},
	{"RP16", "CC", "approved", "other01", "1000", "FIN01", "", "15000.00", "2025-03-26 10:00", ""},
	{"RP17", "AA", "approved", "other01", "1000", "FIN01", "V100001", "4000.00", "2025-03-27 10:00", ""},
	{"RP18", "EX02", "voided", "employee01", "1000", "SAL02", "", "99.00", "2025-04-02 10:00", `[{"costType":"交通费","amount":"99.00"}]`},
}

func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, time.Local)
	if err != nil {
		panic(err)
	}
	return t
}

// storeReportFixture stores reportDocs, approval tasks (RP01 approved in
// two steps, RP02 waiting for manager01, RP08 rejected, RP12 in company
// 2000), two budget movements and a used-up and a half-consumed budget.
func storeReportFixture(t *testing.T, api *testAPI) {
	t.Helper()
	var recs []*documents.Record
	for _, d := range reportDocs {
		body := `{"head":{}}`
		if d.lines != "" {
			body = `{"head":{},"lineList":` + d.lines + `}`
		}
		c := at(d.created)
		recs = append(recs, &documents.Record{BusinessID: d.id, DocType: d.docType, Status: d.status, Edition: "form",
			Applicant: d.applicant, CreateBy: d.applicant, CompanyCode: d.company, Amount: decimal.RequireFromString(d.amount),
			Version: 1, SchemaVersion: 1, Description: d.docType + " " + d.id, Body: body, CreatedAt: c, UpdatedAt: c,
			Department: d.dept, Vendor: d.vendor, SearchText: documents.SearchText(d.id, ""), IndexVersion: documents.IndexVersion})
	}
	if err := api.store.InsertMany(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
	task := "INSERT INTO process_tasks (process_id, business_id, seq, step, assignee, status, created_at, opened_at, complete_by, complete_at, task_reult) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
	var budgetID uint
	if err := api.db.Raw("SELECT id FROM budgets WHERE company_code = '1000' AND department = 'SAL02' AND budget_account = '660201' AND period = '2026-03'").Scan(&budgetID).Error; err != nil || budgetID == 0 {
		t.Fatalf("the seeded budget: %v", err)
	}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{task, []any{"P1", "RP01", 1, "task1", "manager01", "done", at("2025-03-03 09:00"), at("2025-03-03 10:00"), "manager01", at("2025-03-03 12:30"), "approve"}},
		{task, []any{"P1", "RP01", 2, "task2", "finance01", "done", at("2025-03-03 09:00"), at("2025-03-03 12:30"), "finance01", at("2025-03-04 12:30"), "approve"}},
		{task, []any{"P2", "RP02", 1, "task1", "manager01", "open", at("2025-03-10 09:00"), at("2025-03-10 09:00"), "", nil, ""}},
		{task, []any{"P8", "RP08", 1, "task1", "manager01", "done", at("2025-03-08 08:00"), at("2025-03-08 09:00"), "manager01", at("2025-03-08 10:00"), "reject"}},
		{task, []any{"P12", "RP12", 1, "task1", "manager01", "done", at("2025-03-11 10:00"), at("2025-03-11 10:00"), "manager01", at("2025-03-11 11:00"), "approve"}},
		{"INSERT INTO budget_movements (budget_id, business_id, kind, amount, at, actor, reason, pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", []any{budgetID, "RP01", "occupy", 120000, at("2025-03-03 09:05"), "employee01", "", false}},
		{"INSERT INTO budget_movements (budget_id, business_id, kind, amount, at, actor, reason, pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", []any{budgetID, "RP01", "consume", 120000, at("2025-03-04 12:30"), "finance01", "", false}},
		{"UPDATE budgets SET consumed = amount / 2 WHERE id = ?", []any{budgetID}},
		{"UPDATE budgets SET occupied = amount WHERE company_code = '1000' AND department = 'SAL02' AND budget_account = '660204' AND period = '2026-03'", nil},
	} {
		if err := api.db.Exec(q.sql, q.args...).Error; err != nil {
			t.Fatal(err)
		}
	}
}

// runReport runs a report as who and decodes the answer.
func runReport(t *testing.T, api *testAPI, who, code, params string) (*apiResponse, reports.ReportResult) {
	t.Helper()
	res := api.request(t, "POST", reportsURL+"/"+code+"/run", `{"params":`+params+`}`, api.as(t, who))
	var r reports.ReportResult
	if res.status == 200 {
		mustJSON(t, res.envelope.Data, &r)
	}
	return res, r
}

func listReports(t *testing.T, api *testAPI, who string) (*apiResponse, []reports.ReportSummary) {
	t.Helper()
	res := api.request(t, "GET", reportsURL, "", api.as(t, who))
	var out []reports.ReportSummary
	if res.status == 200 {
		mustJSON(t, res.envelope.Data, &out)
	}
	return res, out
}

func TestReportList(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		// finance01: the rpt reports of its authority (seeds/users.yaml), with
		// their companies; no fkRpt menu
		_, list := listReports(t, api, "finance01")
		var codes []string
		for _, s := range list {
			codes = append(codes, s.Code)
		}
		want := []string{"rptDocCount", "rptLoan", "rptPayment", "rptPrepay", "rptReimburse"}
		if !slices.Equal(codes, want) {
			t.Errorf("finance01 lists %v, want %v", codes, want)
		}
		for _, s := range list {
			if s.Code == "rptPayment" && !slices.Equal(s.Companies, []string{"1000", "2000"}) {
				t.Errorf("rptPayment for %v", s.Companies)
			}
			if s.Code == "rptReimburse" && (s.Title != "通用报账查询" || len(s.Parameters) == 0 || s.Parameters[0].Default != "1000") {
				t.Errorf("rptReimburse %+v", s)
			}
		}
		// an administrator: every runnable report
		_, all := listReports(t, api, "admin")
		if len(all) < 29 || !slices.ContainsFunc(all, func(s reports.ReportSummary) bool { return s.Code == "FM00017" }) ||
			!slices.ContainsFunc(all, func(s reports.ReportSummary) bool { return s.Code == "rptVoucherFail" }) {
			t.Errorf("admin lists %d reports", len(all))
		}
		// no report centre menu
		if res, _ := listReports(t, api, "employee01"); res.status != 403 {
			t.Errorf("employee01: HTTP %d", res.status)
		}
	})
}

func TestReportRunAccess(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		storeReportFixture(t, api)
		march := `{"company":"1000","from":"2025-03-01","to":"2025-03-31"}`
		for _, c := range []struct {
			name, who, code, params string
			status                  int
			path, message           string
		}{
			{"authority held", "finance01", "rptDocCount", march, 200, "", ""},
			{"the company context by default", "finance01", "rptDocCount", `{"from":"2025-03-01"}`, 200, "", ""},
			{"no authority for the type", "finance01", "rptTrip", march, 403, "", "公司 1000"},
			{"no authority in the company", "finance01", "rptDocCount", `{"company":"2000"}`, 403, "", "公司 2000"},
			{"a company outside the user's", "finance01", "rptReimburse", `{"company":"3000"}`, 403, "", "公司 3000"},
			{"no fkRpt menu", "finance01", "FM00001", march, 403, "", ""},
			{"no menu at all", "employee01", "rptDocCount", march, 403, "", ""},
			{"an administrator in any company", "admin", "rptTrip", `{"company":"3000"}`, 200, "", ""},
			{"an unknown report", "admin", "rptNothing", `{}`, 404, "", ""},
			{"a bad date", "admin", "rptDocCount", `{"from":"2025-02-30"}`, 400, "params.from", "2025-02-30"},
			{"a list option", "admin", "rptReimburse", `{"docTypes":["EX02","XX"]}`, 400, "params.docTypes", "XX"},
			{"an unknown parameter", "admin", "rptDocCount", `{"colour":"red"}`, 400, "params.colour", "colour"},
			{"a bad number", "admin", "FM00015", `{"threshold":"lots"}`, 400, "params.threshold", "lots"},
		} {
			t.Run(c.name, func(t *testing.T) {
				res, _ := runReport(t, api, c.who, c.code, c.params)
				if res.status != c.status || !strings.Contains(res.body, c.message) || (c.path != "" && !strings.Contains(res.body, c.path)) {
					t.Errorf("HTTP %d %s, want %d naming %s at %s", res.status, clip(res.body), c.status, c.message, c.path)
				}
			})
		}
	})
}

// TestReportFixtures runs every runnable report over the fixture as an
// administrator for company 1000, March 2025 (period 2026-03 for budgets)
// and compares the answer with its golden file.
func TestReportFixtures(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		storeReportFixture(t, api)
		_, list := listReports(t, api, "admin")
		for _, s := range list {
			params := map[string]any{"company": "1000"}
			for _, p := range s.Parameters {
				switch p.Name {
				case "from":
					params["from"] = "2025-01-01"
				case "to":
					params["to"] = "2025-03-31"
				case "period":
					params["period"] = "2026-03"
				}
			}
			b, _ := json.Marshal(params)
			t.Run(s.Code, func(t *testing.T) {
				res, r := runReport(t, api, "admin", s.Code, string(b))
				if res.status != 200 {
					t.Fatalf("HTTP %d %s", res.status, clip(res.body))
				}
				r.Params = nil
				got, _ := json.MarshalIndent(r, "", "  ")
				golden(t, filepath.Join("testdata", "reports", s.Code+".json"), got)
			})
		}
	})
}

func golden(t *testing.T, file string, got []byte) {
	t.Helper()
	got = append(got, '\n')
	if *updateReports {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (write it with -update-reports)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n%s", file, clip(string(got)))
	}
}

func TestReportExport(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		storeReportFixture(t, api)
		res, err := api.send("POST", reportsURL+"/rptDocCount/export.xlsx", `{"params":{"company":"1000","from":"2025-03-01","to":"2025-03-31"}}`, api.as(t, "finance01"))
		if err != nil || res.status != 200 || !strings.Contains(res.header.Get("Content-Disposition"), "rptDocCount.xlsx") {
			t.Fatalf("HTTP %d %v", res.status, res.header)
		}
		f, err := excelize.OpenReader(strings.NewReader(res.body))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows(f.GetSheetName(0))
		if err != nil {
			t.Fatal(err)
		}
		if rows[0][0] != "单据数量统计" || !strings.Contains(rows[1][0], "company: 1000") || rows[3][0] != "单据类型" {
			t.Errorf("head %q", rows[:4])
		}
		last := rows[len(rows)-1]
		// March 2025, company 1000: RP01-04, RP06-11, RP13, RP15-17
		if last[0] != "合计" || last[2] != "14" || last[3] != "113,500.50" {
			t.Errorf("total row %q", last)
		}
		if !slices.ContainsFunc(rows, func(r []string) bool {
			return len(r) > 1 && r[0] == "EX02 员工报销" && r[1] == "approved 已审批"
		}) {
			t.Errorf("rows %q", rows)
		}
		if res := api.request(t, "POST", reportsURL+"/rptDocCount/export.xlsx", `{"params":{"company":"2000"}}`, api.as(t, "finance01")); res.status != 403 {
			t.Errorf("export outside authority: HTTP %d", res.status)
		}
	})
}
