package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"formwork/documents"
	"formwork/tools/formwork/wire"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

// The generic document list (POST /api/formwork/documents/query and its
// export) on both databases: who sees which documents (the rule of load),
// search, filters, order, paging, totals, refusals naming the field, and
// the spreadsheet read back.

const (
	documentQueryURL  = "/api/formwork/documents/query"
	documentExportURL = "/api/formwork/documents/export.xlsx"
)

// listDoc is a document the list tests store directly (through the store,
// not the save), with the list columns the save would fill.
type listDoc struct {
	id, docType, status, applicant, company, dept, vendor, customer, amount, text string
	created                                                                       time.Time
}

// listDocs are the documents of the access and filter scenarios:
// employee01's own (E1, E2), manager01's (M1, which employee01 reads as
// manager01's delegate), others' in company 1000 (O1, on manager01's open
// to-do list, which employee01 reads as manager01's delegate too) and 2000
// (O2, which manager01 decided on: no delegate reads it for that), and one
// of company 3000 only an administrator reads (O3).
func listDocs(now time.Time) []listDoc {
	old := time.Date(2025, 3, 15, 10, 0, 0, 0, time.Local)
	return []listDoc{
		{"LQE1", "EX02", "draft", "employee01", "1000", "SAL02", "", "", "100.00", "office chairs", now.Add(-time.Minute)},
		{"LQE2", "EX02", "approved", "employee01", "1000", "SAL02", "V100004", "", "2000.50", "beijing trip", old},
		{"LQM1", "EX02", "draft", "manager01", "1000", "SAL02", "", "", "300.00", "team dinner", now.Add(-2 * time.Minute)},
		{"LQO1", "EX02", "inApproval", "other01", "1000", "FIN01", "", "", "50.25", "taxi fares", now.Add(-3 * time.Minute)},
		{"LQO2", "EX03", "approved", "other01", "2000", "ADM01", "", "C200003", "7000.00", "office rent", old.AddDate(0, 1, 0)},
		{"LQO3", "AA", "approved", "other02", "3000", "ADM01", "V100001", "", "999.99", "prepayment", now.Add(-4 * time.Minute)},
	}
}

// storeListDocs stores listDocs with manager01's to-do item on LQO1 and
// completed item on LQO2.
func storeListDocs(t *testing.T, api *testAPI) {
	t.Helper()
	var recs []*documents.Record
	for _, d := range listDocs(time.Now()) {
		recs = append(recs, &documents.Record{BusinessID: d.id, DocType: d.docType, Status: d.status, Edition: "form",
			Applicant: d.applicant, CreateBy: d.applicant, CompanyCode: d.company, Amount: decimal.RequireFromString(d.amount),
			Version: 1, SchemaVersion: 1, Description: d.text, Body: "{}", CreatedAt: d.created, UpdatedAt: d.created,
			Department: d.dept, Vendor: d.vendor, Customer: d.customer, SearchText: documents.SearchText(d.id, d.text), IndexVersion: documents.IndexVersion})
	}
	if err := api.store.InsertMany(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"INSERT INTO document_todos (business_id, owner, created_at) VALUES (?, ?, ?)", []any{"LQO1", "manager01", now}},
		{"INSERT INTO document_dones (business_id, owner, complete_at, task_id, task_reult) VALUES (?, ?, ?, ?, ?)", []any{"LQO2", "manager01", now, 1, "approve"}},
	} {
		if err := api.db.Exec(q.sql, q.args...).Error; err != nil {
			t.Fatal(err)
		}
	}
}

// listAnswer is the data of a list answer.
type listAnswer struct {
	Total  int64                `json:"total"`
	Rows   []documents.ListRow  `json:"rows"`
	Totals documents.ListTotals `json:"totals"`
}

func (a listAnswer) ids() []string {
	out := []string{}
	for _, r := range a.Rows {
		out = append(out, r.BusinessID)
	}
	return out
}

// queryDocuments sends a list query as who and decodes the answer.
func queryDocuments(t *testing.T, api *testAPI, who, body string) (*apiResponse, listAnswer) {
	t.Helper()
	res := api.request(t, "POST", documentQueryURL, body, api.as(t, who))
	var a listAnswer
	if res.status == 200 {
		mustJSON(t, res.envelope.Data, &a)
	}
	return res, a
}

func TestDocumentQuery(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		storeListDocs(t, api)
		for _, c := range []struct {
			name, as, body string
			ids            []string // in order
			total          int64
			sum            string
		}{
			// access: the documents each may load, no more
			{"an employee: own and a delegator's, and their to-do list", "employee01", `{"sort":{"field":"businessId","order":"asc"}}`, []string{"LQE1", "LQE2", "LQM1", "LQO1"}, 4, "2450.75"},
			{"an approver: own, to-do, decided", "manager01", `{"sort":{"field":"businessId","order":"asc"}}`, []string{"LQM1", "LQO1", "LQO2"}, 3, "7350.25"},
			{"finance staff: their companies", "finance01", `{"sort":{"field":"businessId","order":"asc"}}`, []string{"LQE1", "LQE2", "LQM1", "LQO1", "LQO2"}, 5, "9450.75"},
			{"an administrator: all", "admin", `{"sort":{"field":"businessId","order":"asc"}}`, []string{"LQE1", "LQE2", "LQM1", "LQO1", "LQO2", "LQO3"}, 6, "10450.74"},
			{"one type", "finance01", `{"docType":"EX03"}`, []string{"LQO2"}, 1, "7000.00"},
			// search: number, reason, applicant name, vendor and customer names
			{"search a number", "admin", `{"q":"lqo"}`, []string{"LQO1", "LQO3", "LQO2"}, 3, "8050.24"},
			{"search the reason", "employee01", `{"q":"CHAIRS"}`, []string{"LQE1"}, 1, "100.00"},
			{"search the applicant's name", "admin", `{"q":"李四"}`, []string{"LQM1"}, 1, "300.00"},
			{"search a vendor's name", "admin", `{"q":"华信科技"}`, []string{"LQE2"}, 1, "2000.50"},
			{"search a customer's name", "admin", `{"q":"Wanjia"}`, []string{"LQO2"}, 1, "7000.00"},
			{"search within access", "employee01", `{"q":"rent"}`, []string{}, 0, "0.00"},
			{"search within access, by name", "employee01", `{"q":"华信"}`, []string{"LQE2"}, 1, "2000.50"},
			{"search within access, not by name", "manager01", `{"q":"华信"}`, []string{}, 0, "0.00"},
			{"a wildcard is a character", "admin", `{"q":"%"}`, []string{}, 0, "0.00"},
			// filters
			{"state", "employee01", `{"filters":{"status":["draft"]},"sort":{"field":"amount"}}`, []string{"LQM1", "LQE1"}, 2, "400.00"},
			{"states as text", "finance01", `{"filters":{"status":"inApproval,approved"},"sort":{"field":"amount","order":"asc"}}`, []string{"LQO1", "LQE2", "LQO2"}, 3, "9050.75"},
			{"company", "finance01", `{"filters":{"companyCode":2000}}`, []string{"LQO2"}, 1, "7000.00"},
			{"department", "admin", `{"filters":{"department":"ADM01"},"sort":{"field":"amount","order":"asc"}}`, []string{"LQO3", "LQO2"}, 2, "7999.99"},
			{"applicant", "admin", `{"filters":{"applicant":"other01"},"sort":{"field":"businessId","order":"asc"}}`, []string{"LQO1", "LQO2"}, 2, "7050.25"},
			{"sub-type free", "admin", `{"filters":{"subType":"A01"}}`, []string{}, 0, "0.00"},
			{"amount range", "admin", `{"filters":{"amountFrom":"100","amountTo":999.99},"sort":{"field":"amount","order":"asc"}}`, []string{"LQE1", "LQM1", "LQO3"}, 3, "1399.99"},
			{"date range", "admin", `{"filters":{"dateFrom":"2025-03-15","dateTo":"2025-04-14"},"sort":{"field":"createAt","order":"asc"}}`, []string{"LQE2"}, 1, "2000.50"},
			{"date range to the day included", "admin", `{"filters":{"dateFrom":"2025-03-01","dateTo":"2025-04-15"},"sort":{"field":"createAt","order":"asc"}}`, []string{"LQE2", "LQO2"}, 2, "9000.50"},
			{"this year", "admin", `{"filters":{"quickRange":"thisYear"},"sort":{"field":"businessId","order":"asc"}}`, []string{"LQE1", "LQM1", "LQO1", "LQO3"}, 4, "1450.24"},
			{"last week", "employee01", `{"filters":{"quickRange":"week"}}`, []string{"LQE1", "LQM1", "LQO1"}, 3, "450.25"},
			// order and paging: the total and sum are the whole set's
			{"newest first by default", "employee01", `{}`, []string{"LQE1", "LQM1", "LQO1", "LQE2"}, 4, "2450.75"},
			{"amount descending, page 2 of 2", "admin", `{"sort":{"field":"amount","order":"desc"},"page":2,"pageSize":2}`, []string{"LQO3", "LQM1"}, 6, "10450.74"},
			{"past the last page", "admin", `{"page":9,"pageSize":2}`, []string{}, 6, "10450.74"},
		} {
			t.Run(c.name, func(t *testing.T) {
				res, a := queryDocuments(t, api, c.as, c.body)
				if res.status != 200 {
					t.Fatalf("HTTP %d: %s", res.status, clip(res.body))
				}
				if got := a.ids(); !slices.Equal(got, c.ids) || a.Total != c.total || string(a.Totals.Amount) != c.sum {
					t.Errorf("rows %v total %d sum %s, want %v total %d sum %s", got, a.Total, a.Totals.Amount, c.ids, c.total, c.sum)
				}
			})
		}
	})
}

func TestDocumentQueryRows(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		storeListDocs(t, api)
		_, a := queryDocuments(t, api, "admin", `{"q":"LQE2"}`)
		if len(a.Rows) != 1 {
			t.Fatalf("rows %v", a.ids())
		}
		r := a.Rows[0]
		if r.DocTypeTxt != "员工报销" || r.Family != "ap" || r.ApplicantTxt != "张三" || r.StatusTxt == "" || r.StatusTxt == "approved" ||
			r.Amount != "2000.50" || r.Vendor != "V100004" || r.Department != "SAL02" || !strings.HasPrefix(r.CreateAt, "2025-03-15") {
			t.Errorf("row %+v", r)
		}
		res := api.request(t, "POST", documentQueryURL+"?lang=en", `{"q":"LQE2"}`, api.as(t, "admin"))
		mustJSON(t, res.envelope.Data, &a)
		if a.Rows[0].DocTypeTxt != "Employee claim" {
			t.Errorf("in English: %+v", a.Rows[0])
		}
	})
}

func TestDocumentQuerySavedClaim(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := storeTravelClaim(t, api, with("head.description", "客户拜访 Suzhou"))
		for _, c := range []struct{ as, q string }{
			{"employee01", "suzhou"},      // the description
			{"employee01", "张三"},          // the payee's name the claim writes, and the applicant's
			{"finance01", id[len(id)-6:]}, // the number's end
		} {
			_, a := queryDocuments(t, api, c.as, fmt.Sprintf(`{"docType":"EX02","q":%q}`, c.q))
			if !slices.Equal(a.ids(), []string{id}) {
				t.Errorf("%s searching %q: %v, want [%s]", c.as, c.q, a.ids(), id)
			}
		}
		_, a := queryDocuments(t, api, "employee01", `{"docType":"EX02"}`)
		if len(a.Rows) != 1 || a.Rows[0].Department != "SAL02" || a.Rows[0].BusinessType1Txt == "" || a.Rows[0].Amount != "2458.50" {
			t.Errorf("the saved claim's row: %+v", a.Rows)
		}
		if _, a := queryDocuments(t, api, "manager01", `{"docType":"EX02"}`); a.Total != 0 {
			t.Errorf("manager01 sees employee01's draft: %v", a.ids())
		}
	})
}

func TestDocumentQueryRefusals(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		for _, c := range []struct{ body, path string }{
			{`{"sort":{"field":"body"}}`, "sort.field"},
			{`{"sort":{"field":"amount; DROP TABLE documents"}}`, "sort.field"},
			{`{"sort":{"order":"up"}}`, "sort.order"},
			{`{"pageSize":501}`, "pageSize"},
			{`{"pageSize":-1}`, "pageSize"},
			{`{"page":-2}`, "page"},
			{`{"docType":"ZZ9"}`, "docType"},
			{`{"filters":{"dateFrom":"2026-13-01"}}`, "filters.dateFrom"},
			{`{"filters":{"dateTo":"yesterday"}}`, "filters.dateTo"},
			{`{"filters":{"quickRange":"decade"}}`, "filters.quickRange"},
			{`{"filters":{"status":["lost"]}}`, "filters.status"},
			{`{"filters":{"amountFrom":"abc"}}`, "filters.amountFrom"},
			{`{"filters":{"amountFrom":500,"amountTo":100}}`, "filters.amountTo"},
			{`{"q":"` + strings.Repeat("x", 101) + `"}`, "q"},
			{`{"pageSize":"ten"}`, "pageSize"},
			{`{"colour":"red"}`, "colour"},
		} {
			res := api.request(t, "POST", documentQueryURL, c.body, nil)
			if res.status != 400 || res.envelope.Code != "EINVALID" || !strings.Contains(res.body, `"path":"`+c.path+`"`) && !strings.Contains(res.envelope.Message, c.path) {
				t.Errorf("%s: HTTP %d %s, want 400 naming %s", clip(c.body), res.status, clip(res.body), c.path)
			}
		}
	})
}

func TestDocumentExport(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		storeListDocs(t, api)
		res, err := api.send("POST", documentExportURL, `{"filters":{"status":["draft","inApproval"]},"sort":{"field":"amount","order":"asc"},"pageSize":1}`, api.as(t, "finance01"))
		if err != nil || res.status != 200 {
			t.Fatalf("%v HTTP %d %s", err, res.status, clip(res.body))
		}
		if res.header.Get("X-Total-Count") != "3" || !strings.Contains(res.header.Get("Content-Disposition"), "documents.xlsx") {
			t.Errorf("headers %v", res.header)
		}
		f, err := excelize.OpenReader(bytes.NewReader([]byte(res.body)))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := f.GetRows(f.GetSheetName(0))
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 4 || rows[0][0] != "单据编号" || rows[1][0] != "LQO1" || rows[2][0] != "LQE1" || rows[3][0] != "LQM1" {
			t.Fatalf("sheet rows %q", rows)
		}
		amount := slices.Index(rows[0], "金额")
		if amount < 0 || rows[3][amount] != "300.00" || !strings.Contains(strings.Join(rows[1], "|"), "EX02 员工报销") {
			t.Errorf("sheet rows %q", rows)
		}
		// English headers; a refusal is an envelope naming the field
		res, _ = api.send("POST", documentExportURL+"?lang=en", `{"docType":"EX03"}`, api.as(t, "admin"))
		if f, err := excelize.OpenReader(bytes.NewReader([]byte(res.body))); err != nil {
			t.Error(err)
		} else if rows, _ := f.GetRows(f.GetSheetName(0)); len(rows) != 2 || rows[0][0] != "Document number" || rows[1][0] != "LQO2" {
			t.Errorf("EX03 in English: %q", rows)
		}
		bad := api.request(t, "POST", documentExportURL, `{"sort":{"field":"secret"}}`, api.as(t, "admin"))
		if bad.status != 400 || !strings.Contains(bad.body, "sort.field") {
			t.Errorf("HTTP %d %s", bad.status, clip(bad.body))
		}
	})
}

// TestDocumentQueryIsMayRead: the list holds exactly the documents load
// lets each user read (documents.Service.MayRead): one rule.
func TestDocumentQueryIsMayRead(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		storeListDocs(t, api)
		ctx := context.Background()
		app := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: api.db})
		for _, who := range []string{"employee01", "manager01", "finance01", "admin"} {
			id, err := app.Identity.Identity(ctx, who)
			if err != nil || id == nil {
				t.Fatalf("%s: %v", who, err)
			}
			var mayRead []string
			for _, d := range listDocs(time.Now()) {
				rec, err := app.Documents.Get(ctx, d.id)
				if err != nil {
					t.Fatal(err)
				}
				if app.Documents.MayRead(ctx, id, rec) == nil {
					mayRead = append(mayRead, d.id)
				}
			}
			_, a := queryDocuments(t, api, who, `{"sort":{"field":"businessId","order":"asc"},"pageSize":500}`)
			if !slices.Equal(a.ids(), mayRead) {
				t.Errorf("%s lists %v but may read %v", who, a.ids(), mayRead)
			}
		}
	})
}
