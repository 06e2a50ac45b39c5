package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// The budget pages over HTTP (adapters/httpapi/budgetapi): the budget table
// with totals and sort, adjustments and their confirmation by a second
// person, occupancy, the budget log, the import (all or nothing) and
// export, the departmental sums, and the budget rule budget control reads.

const budgetPagesURL = "/api/formwork/budget"

// budgetRow is a row of the budget table as answered.
type budgetRow struct {
	ID            uint            `json:"id"`
	Department    string          `json:"department"`
	BudgetAccount string          `json:"budgetAccount"`
	Amount        json.RawMessage `json:"amount"`
	Available     json.RawMessage `json:"available"`
	Pending       json.RawMessage `json:"pending"`
	PendingBy     string          `json:"pendingBy"`
}

type budgetTable struct {
	Rows   []budgetRow `json:"rows"`
	Total  int64       `json:"total"`
	Totals struct {
		Count  int64           `json:"count"`
		Amount json.RawMessage `json:"amount"`
	} `json:"totals"`
}

type movementRow struct {
	Kind       string          `json:"kind"`
	Amount     json.RawMessage `json:"amount"`
	Actor      string          `json:"actor"`
	Reason     string          `json:"reason"`
	Pending    bool            `json:"pending"`
	BusinessID string          `json:"businessId"`
}

// getData GETs a budget page as who, expects 200 and decodes the data.
func getData(t *testing.T, api *testAPI, who, path string, v any) {
	t.Helper()
	res := api.request(t, "GET", budgetPagesURL+path, "", api.as(t, who))
	if res.status != 200 {
		t.Fatalf("GET %s as %s: HTTP %d %s", path, who, res.status, clip(res.body))
	}
	mustJSON(t, res.envelope.Data, v)
}

func postBudget(t *testing.T, api *testAPI, who, path, body string) *apiResponse {
	t.Helper()
	return api.request(t, "POST", budgetPagesURL+path+"?lang=en", body, api.as(t, who))
}

func TestBudgetTableTotalsAndSort(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var page budgetTable
		getData(t, api, "finance01", "/budgets?companyCode=1000&period="+thisMonth()+"&sort=-amount&pageSize=2", &page)
		// seeds: SAL02 100000 + 60000 + 20000 + 5000, FIN01 30000, ADM01 600000
		if page.Total != 6 || len(page.Rows) != 2 || page.Totals.Count != 6 || string(page.Totals.Amount) != "815000.00" {
			t.Fatalf("budget table: %+v", page)
		}
		if r := page.Rows[0]; r.Department != "ADM01" || string(r.Amount) != "600000.00" || string(r.Available) != "600000.00" {
			t.Errorf("first by amount descending: %+v", r)
		}
		res := api.request(t, "GET", budgetPagesURL+"/budgets?sort=secret&lang=en", "", api.as(t, "finance01"))
		if res.status != 400 || !strings.Contains(res.envelope.Message, "cannot sort by secret") {
			t.Errorf("unknown sort: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := api.request(t, "GET", budgetPagesURL+"/budgets?pageSize=0", "", api.as(t, "finance01")); res.status != 400 {
			t.Errorf("pageSize 0: HTTP %d", res.status)
		}
		// finance01 works for 1000 and 2000: company 3000's budgets are not theirs
		getData(t, api, "finance01", "/budgets?companyCode=3000", &page)
		if page.Total != 0 {
			t.Errorf("finance01 sees %d budgets of company 3000", page.Total)
		}
	})
}

// Lowering counts at once but never below what a strong budget holds (422
// at delta); raising waits for a second person; every step is in the log.
func TestBudgetAdjustAndConfirm(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := setBudget(t, api, "IT01", "660201", "5000.00", "strong")
		submittedClaim(t, api, itClaim()...) // occupies 1380.00
		adjust := func(who, delta, reason string) *apiResponse {
			return postBudget(t, api, who, "/adjust", fmt.Sprintf(`{"id":%d,"delta":%s,"reason":%q}`, id, delta, reason))
		}
		for _, tt := range []struct {
			name, who, delta, reason string
			status                   int
			path, content            string
		}{
			{"below what is held", "finance01", "-4000", "预算削减", 422, "delta", "1380.00 occupied and 0.00 consumed: under strong control it cannot drop to 1000.00"},
			{"no reason", "finance01", "-100", " ", 400, "reason", "reason is missing"},
			{"no delta", "finance01", "0", "x", 400, "delta", "delta is missing or 0"},
			{"three decimals", "finance01", "1.005", "x", 400, "", "more than 2 decimals"},
		} {
			res := adjust(tt.who, tt.delta, tt.reason)
			if res.status != tt.status || !strings.Contains(res.envelope.Message, tt.content) || tt.path != "" && !strings.Contains(res.body, `"path":"`+tt.path+`"`) {
				t.Errorf("%s: HTTP %d %s", tt.name, res.status, clip(res.body))
			}
		}
		if res := postBudget(t, api, "finance01", "/adjust", fmt.Sprintf(`{"id":99999,"delta":1,"reason":"x"}`)); res.status != 404 {
			t.Errorf("an unknown budget: HTTP %d", res.status)
		}
		if res := adjust("finance01", "-3000", "季度预算下调"); res.status != 200 || !strings.Contains(res.body, `"amount":2000.00`) || !strings.Contains(res.body, `"pending":null`) {
			t.Fatalf("lowering: HTTP %d %s", res.status, clip(res.body))
		}
		if res := adjust("admin", "8000", "新增展会预算"); res.status != 200 || !strings.Contains(res.body, `"amount":2000.00`) || !strings.Contains(res.body, `"pending":10000.00`) {
			t.Fatalf("raising: HTTP %d %s", res.status, clip(res.body))
		}
		// control reads the confirmed amount until the raise is confirmed
		if got, want := budgetState(t, api, "IT01", "660201"), "amount 2000.00 occupied 1380.00 consumed 0.00 available 620.00"; got != want {
			t.Errorf("budget %s, want %s", got, want)
		}
		if res := adjust("finance01", "1", "again"); res.status != 409 || !strings.Contains(res.envelope.Message, "waiting for confirmation") {
			t.Errorf("a second change while one waits: HTTP %d %s", res.status, res.envelope.Message)
		}
		var waiting budgetTable
		getData(t, api, "finance01", "/budgets?pending=true", &waiting)
		if waiting.Total != 1 || waiting.Rows[0].ID != id || waiting.Rows[0].PendingBy != "admin" {
			t.Errorf("waiting for confirmation: %+v", waiting)
		}
		decide := func(who, body string) *apiResponse {
			return postBudget(t, api, who, "/decide", fmt.Sprintf(`{"id":%d,%s}`, id, body))
		}
		if res := decide("admin", `"confirm":true`); res.status != 403 || !strings.Contains(res.envelope.Message, "second person") {
			t.Errorf("confirming one's own raise: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := decide("finance01", `"confirm":true`); res.status != 200 || !strings.Contains(res.body, `"amount":10000.00`) || !strings.Contains(res.body, `"pending":null`) {
			t.Fatalf("confirming: HTTP %d %s", res.status, clip(res.body))
		}
		if res := decide("finance01", `"confirm":true`); res.status != 409 {
			t.Errorf("confirming twice: HTTP %d", res.status)
		}
		// a rejected raise leaves the amount and says why
		if res := adjust("finance01", "500", "补充培训"); res.status != 200 {
			t.Fatalf("raising again: HTTP %d %s", res.status, clip(res.body))
		}
		if res := decide("admin", `"confirm":false`); res.status != 400 || !strings.Contains(res.envelope.Message, "reason is missing") {
			t.Errorf("rejecting without a reason: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := decide("admin", `"confirm":false,"reason":"预算已冻结"`); res.status != 200 || !strings.Contains(res.body, `"amount":10000.00`) {
			t.Fatalf("rejecting: HTTP %d %s", res.status, clip(res.body))
		}
		var log struct {
			Rows  []movementRow `json:"rows"`
			Total int64         `json:"total"`
		}
		getData(t, api, "finance01", fmt.Sprintf("/movements?budgetId=%d", id), &log)
		var got []string
		for _, m := range log.Rows {
			got = append(got, fmt.Sprintf("%s %s %s %s %v", m.Kind, m.Amount, m.Actor, m.Reason, m.Pending))
		}
		want := []string{"reject 500.00 admin 预算已冻结 false", "adjust 500.00 finance01 补充培训 true", "confirm 8000.00 finance01  false",
			"adjust 8000.00 admin 新增展会预算 true", "adjust -3000.00 finance01 季度预算下调 false", "occupy 1380.00 employee01  false"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("log:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		getData(t, api, "finance01", fmt.Sprintf("/movements?budgetId=%d&kind=adjust", id), &log)
		if log.Total != 3 {
			t.Errorf("%d adjustments in the log, want 3", log.Total)
		}
		if res := api.request(t, "GET", budgetPagesURL+"/movements?kind=steal", "", api.as(t, "finance01")); res.status != 400 {
			t.Errorf("an unknown kind: HTTP %d", res.status)
		}
	})
}

// What documents hold, per budget and per document.
func TestBudgetOccupancy(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := setBudget(t, api, "IT01", "660201", "5000.00", "strong")
		claim := submittedClaim(t, api, itClaim()...)
		var page struct {
			Rows []struct {
				BusinessID string          `json:"businessId"`
				DocType    string          `json:"docType"`
				Status     string          `json:"status"`
				BudgetID   uint            `json:"budgetId"`
				Occupied   json.RawMessage `json:"occupied"`
			} `json:"rows"`
			Total int64 `json:"total"`
		}
		for _, q := range []string{fmt.Sprintf("budgetId=%d", id), "businessId=" + claim, "companyCode=1000&department=IT01&holding=true"} {
			getData(t, api, "finance01", "/entries?"+q, &page)
			if page.Total != 1 || page.Rows[0].BusinessID != claim || page.Rows[0].DocType != "EX02" || page.Rows[0].Status == "" ||
				string(page.Rows[0].Occupied) != "1380.00" || page.Rows[0].BudgetID != id {
				t.Errorf("entries?%s: %+v", q, page)
			}
		}
		getData(t, api, "finance01", "/entries?department=SAL02", &page)
		if page.Total != 0 {
			t.Errorf("SAL02 holds %d entries, want none", page.Total)
		}
	})
}

// departmental sums a department's accounts per period, named.
func TestBudgetDepartmental(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var rows []struct {
			Department    string          `json:"department"`
			DepartmentTxt string          `json:"departmentTxt"`
			Period        string          `json:"period"`
			Count         int             `json:"count"`
			Amount        json.RawMessage `json:"amount"`
			Available     json.RawMessage `json:"available"`
		}
		getData(t, api, "finance01", "/departmental?companyCode=1000&period="+thisMonth(), &rows)
		got := map[string]string{}
		for _, r := range rows {
			got[r.Department] = fmt.Sprintf("%s %s %d %s %s", r.DepartmentTxt, r.Period, r.Count, r.Amount, r.Available)
		}
		if want := "销售二部 " + thisMonth() + " 4 185000.00 185000.00"; got["SAL02"] != want || len(rows) != 3 {
			t.Errorf("departmental %v, want SAL02 %s among 3", got, want)
		}
	})
}

// importBudgets posts a workbook as finance01 and reads the envelope.
func importBudgets(t *testing.T, api *testAPI, path string, file []byte, contentType string) *apiResponse {
	t.Helper()
	res := sendFile(t, api, "finance01", "POST", path, file, contentType)
	checkEnvelope(t, res)
	return res
}

// budgetWorkbook writes a workbook of budgets (header row then rows).
func budgetWorkbook(t *testing.T, rows ...[]any) []byte {
	t.Helper()
	return sheetOf(t, []any{"companyCode", "department", "budgetAccount", "project", "period", "amount", "control"}, rows...)
}

// The import is all or nothing: every bad row with its row number and
// field; a good one creates budgets waiting for confirmation and lowers
// others at once. The export reads back.
func TestBudgetImport(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		month := thisMonth()
		held := setBudget(t, api, "IT01", "660201", "5000.00", "strong")
		submittedClaim(t, api, itClaim()...) // holds 1380.00
		bad := budgetWorkbook(t,
			[]any{"1000", "IT01", "660204", "", month, 3000, "weak"},         // row 2: good
			[]any{"1000", "NOPE", "660204", "", month, 1, "weak"},            // 3: no such department
			[]any{"1000", "IT01", "999999", "", month, 1, "weak"},            // 4: no such budget account
			[]any{"1000", "IT01", "660205", "", "2026-13", 1, "weak"},        // 5: no month
			[]any{"1000", "IT01", "660206", "", month, -5, "weak"},           // 6: negative
			[]any{"1000", "IT01", "660204", "", month, 1, "weak"},            // 7: row 2's node again
			[]any{"3000", "TH-SAL01", "660204", "", month, 1, "hard"},        // 8: company of another, unknown control
			[]any{"1000", "IT01", "660203", "PJ2026001", month, 1, "strong"}, // 9: a project of company 2000
		)
		res := importBudgets(t, api, budgetPagesURL+"/import?lang=en", bad, xlsxType)
		if res.status != 422 || res.envelope.Code != "ECHECK" {
			t.Fatalf("a bad import: HTTP %d %s", res.status, clip(res.body))
		}
		var refused struct {
			Findings []struct {
				Path    string `json:"path"`
				Row     int    `json:"row"`
				Message string `json:"message"`
			} `json:"findings"`
		}
		mustJSON(t, res.envelope.Data, &refused)
		found := map[string]string{}
		for _, f := range refused.Findings {
			found[f.Path] = f.Message
		}
		for path, content := range map[string]string{"rows[3].department": "NOPE does not exist", "rows[4].budgetAccount": "999999 does not exist",
			"rows[5].period": "period must be a month", "rows[6].amount": "must not be negative", "rows[7].period": "on row 2 already",
			"rows[8].companyCode": "you do not work for company 3000", "rows[8].control": "strong, weak or none",
			"rows[9].project": "does not belong to company 1000"} {
			if !strings.Contains(found[path], content) {
				t.Errorf("%s: %q, want %q (all: %v)", path, found[path], content, found)
			}
		}
		if _, ok := found["rows[2].amount"]; ok || refused.Findings[0].Row != 3 {
			t.Errorf("findings %v", refused.Findings)
		}
		var page budgetTable
		getData(t, api, "finance01", "/budgets?department=IT01&budgetAccount=660204", &page)
		if page.Total != 0 {
			t.Fatalf("a refused import wrote %d budgets", page.Total)
		}
		// a strong budget cannot be imported below what it holds
		res = importBudgets(t, api, budgetPagesURL+"/import?lang=en",
			budgetWorkbook(t, []any{"1000", "IT01", "660201", "", month, 1000, "strong"}), xlsxType)
		if res.status != 422 || !strings.Contains(res.body, `"path":"rows[2].amount"`) || !strings.Contains(res.body, "cannot drop to 1000.00") {
			t.Errorf("lowering below what is held: HTTP %d %s", res.status, clip(res.body))
		}
		good := budgetWorkbook(t,
			[]any{"1000", "IT01", "660204", "0", month, "3,000.00", "weak"}, // new: waits for confirmation
			[]any{"1000", "SAL02", "660201", "", month, 90000, "strong"},    // lowered at once
			[]any{"1000", "IT01", "660201", "", month, 6000, "strong"},      // raised: waits
		)
		res = importBudgets(t, api, budgetPagesURL+"/import", good, xlsxType)
		if res.status != 200 || !strings.Contains(res.body, `"created":1,"lowered":1,"raised":1,"unchanged":0`) {
			t.Fatalf("a good import: HTTP %d %s", res.status, clip(res.body))
		}
		getData(t, api, "admin", "/budgets?pending=true&companyCode=1000&period="+month, &page)
		pending := map[string]string{}
		for _, r := range page.Rows {
			pending[r.Department+"/"+r.BudgetAccount] = fmt.Sprintf("%s->%s by %s", r.Amount, r.Pending, r.PendingBy)
		}
		if pending["IT01/660204"] != "0.00->3000.00 by finance01" || pending["IT01/660201"] != "5000.00->6000.00 by finance01" || len(pending) != 2 {
			t.Errorf("waiting after the import: %v", pending)
		}
		if got := budgetState(t, api, "SAL02", "660201"); !strings.HasPrefix(got, "amount 90000.00") {
			t.Errorf("SAL02/660201 after the import: %s", got)
		}
		if res := postBudget(t, api, "admin", "/decide", fmt.Sprintf(`{"id":%d,"confirm":true}`, held)); res.status != 200 || !strings.Contains(res.body, `"amount":6000.00`) {
			t.Errorf("confirming an imported raise: HTTP %d %s", res.status, clip(res.body))
		}
		// the export of a filter imports back, changing nothing
		ex, err := api.send("GET", budgetPagesURL+"/export.xlsx?companyCode=1000&department=SAL02&period="+url.QueryEscape(month), "", api.as(t, "finance01"))
		if err != nil || ex.status != 200 {
			t.Fatalf("export: %v %v", err, ex)
		}
		res = importBudgets(t, api, budgetPagesURL+"/import", []byte(ex.body), xlsxType)
		if res.status != 200 || !strings.Contains(res.body, `"created":0,"lowered":0,"raised":0,"unchanged":4`) {
			t.Errorf("the export imported back: HTTP %d %s", res.status, clip(res.body))
		}
		if res := importBudgets(t, api, budgetPagesURL+"/import", []byte("not a workbook"), xlsxType); res.status != 400 {
			t.Errorf("no workbook: HTTP %d", res.status)
		}
	})
}

// A budget rule controls an account in one company where a department has
// no budget: budget control reads it.
func TestBudgetRuleIsEnforced(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		// IT01 has no budget on 660201, whose own control (none) lets a claim through
		body := `{"company":"1000","body":{"company":"1000","budgetAccount":"660201","control":"strong","note":"差旅须有预算"}}`
		if res := api.request(t, "POST", masterDataURL+"/budgetRule/records", body, api.as(t, "admin")); res.status != 201 {
			t.Fatalf("adding a budget rule: HTTP %d %s", res.status, clip(res.body))
		}
		id := storeTravelClaim(t, api, itClaim()...)
		res := submit(t, api, id, "employee01")
		if res.status != 422 || !strings.Contains(res.envelope.Message, "没有预算") {
			t.Fatalf("submit under a strong rule without a budget: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "head.amount", Rule: "budget.none", Severity: "error"}})
		// another company's rule does not apply
		other := storeTravelClaim(t, api, itClaim()...)
		rec := api.request(t, "GET", masterDataURL+"/budgetRule/records/1000%2F660201", "", api.as(t, "admin"))
		var r struct {
			Version int64 `json:"version"`
		}
		mustJSON(t, rec.envelope.Data, &r)
		update := fmt.Sprintf(`{"version":%d,"body":{"company":"1000","budgetAccount":"660201","control":"none"}}`, r.Version)
		if res := api.request(t, "PUT", masterDataURL+"/budgetRule/records/1000%2F660201", update, api.as(t, "admin")); res.status != 200 {
			t.Fatalf("changing the rule: HTTP %d %s", res.status, clip(res.body))
		}
		mustSubmit(t, api, other, "employee01")
	})
}

// budgetPages: the answer walk's calls of the budget pages' routes.
func (w *answerWalk) budgetPages() {
	id := setBudget(w.t, w.api, "IT01", "660204", "1000.00", "strong")
	w.call("GET /api/formwork/budget/budgets", "finance01", budgetPagesURL+"/budgets?companyCode=1000&sort=-available", "", 200)
	w.call("GET /api/formwork/budget/budgets", "finance01", budgetPagesURL+"/budgets?sort=nope", "", 400)
	w.call("GET /api/formwork/budget/entries", "finance01", budgetPagesURL+"/entries?companyCode=1000", "", 200)
	w.call("GET /api/formwork/budget/movements", "finance01", budgetPagesURL+"/movements?companyCode=1000", "", 200)
	w.call("GET /api/formwork/budget/departmental", "finance01", budgetPagesURL+"/departmental?companyCode=1000", "", 200)
	w.call("POST /api/formwork/budget/adjust", "finance01", budgetPagesURL+"/adjust", fmt.Sprintf(`{"id":%d,"delta":500,"reason":"加预算"}`, id), 200)
	w.call("POST /api/formwork/budget/adjust", "finance01", budgetPagesURL+"/adjust", fmt.Sprintf(`{"id":%d,"delta":500,"reason":"再加"}`, id), 409)
	w.call("POST /api/formwork/budget/adjust", "finance01", budgetPagesURL+"/adjust", `{"id":99999,"delta":500,"reason":"x"}`, 404)
	w.call("POST /api/formwork/budget/decide", "finance01", budgetPagesURL+"/decide", fmt.Sprintf(`{"id":%d,"confirm":true}`, id), 403)
	w.call("POST /api/formwork/budget/decide", "admin", budgetPagesURL+"/decide", fmt.Sprintf(`{"id":%d,"confirm":true}`, id), 200)
	w.call("POST /api/formwork/budget/adjust", "finance01", budgetPagesURL+"/adjust", fmt.Sprintf(`{"id":%d,"delta":-1600,"reason":"x"}`, id), 422)
	res := w.call("GET /api/formwork/budget/export.xlsx", "finance01", budgetPagesURL+"/export.xlsx?department=IT01", "", 200)
	upload := func(file string, status int) {
		headers := w.api.as(w.t, "finance01")
		headers["Content-Type"] = xlsxType
		res, err := w.api.send("POST", budgetPagesURL+"/import", file, headers)
		if err != nil {
			w.t.Fatal(err)
		}
		w.answered("POST /api/formwork/budget/import", "POST", budgetPagesURL+"/import", "finance01", res, status)
	}
	upload(res.body, 200)
	upload(string(budgetWorkbook(w.t, []any{"1000", "NOPE", "660204", "", thisMonth(), 1, "weak"})), 422)
	upload("not a workbook", 400)
}
