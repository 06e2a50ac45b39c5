package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"formwork/documents"

	"github.com/shopspring/decimal"
)

// BenchmarkDocumentQueryPostgres measures the generic document list over
// HTTP on PostgreSQL with 100,000 documents stored through the document
// store's bulk insert (InsertMany, not the save): 1,000 applicants with
// about 98 documents each and employee01 with 2,000, ten types, three
// companies, five states, amounts up to 20,000.00 and two years of
// creation dates. Each query is a filtered, sorted page of 20 with its
// total and amount total. The target is an answer under 50 ms.
//
//	go test ./adapters/httpapi -run '^$' -bench BenchmarkDocumentQueryPostgres -benchtime 100x
func BenchmarkDocumentQueryPostgres(b *testing.B) {
	api := newTestAPI(b, openPostgres(b), nil)
	start := time.Now()
	bulkDocuments(b, api, 100_000)
	b.Logf("stored 100,000 documents in %s", time.Since(start).Round(time.Millisecond))
	for _, q := range []struct{ name, as, body string }{
		{"type-state-sorted", "admin", `{"docType":"EX02","filters":{"status":["approved"]},"sort":{"field":"amount","order":"desc"},"pageSize":20}`},
		{"type-this-year", "finance01", `{"docType":"EX03","filters":{"quickRange":"thisYear"},"pageSize":20}`},
		{"company-amount-range", "finance01", `{"filters":{"companyCode":"2000","amountFrom":"1000","amountTo":"5000"},"sort":{"field":"createAt","order":"asc"},"pageSize":20}`},
		{"own-documents", "employee01", `{"docType":"EX02","pageSize":20}`},
		{"search-text", "admin", `{"q":"beijing","sort":{"field":"amount","order":"desc"},"pageSize":20}`},
		{"search-number", "admin", `{"q":"BQ0004242","pageSize":20}`},
		{"last-page", "admin", `{"docType":"EX02","page":500,"pageSize":20}`},
	} {
		b.Run(q.name, func(b *testing.B) {
			headers := map[string]string{"X-token": api.tokenOf(b, q.as)}
			res, err := api.send("POST", documentQueryURL, q.body, headers)
			if err != nil || res.status != 200 {
				b.Fatalf("%v %v", err, res)
			}
			var answer struct {
				Data struct {
					Total int64             `json:"total"`
					Rows  []json.RawMessage `json:"rows"`
				} `json:"data"`
			}
			if err := json.Unmarshal([]byte(res.body), &answer); err != nil {
				b.Fatal(err)
			}
			if answer.Data.Total == 0 || len(answer.Data.Rows) == 0 {
				b.Fatalf("%s: nothing found: %s", q.name, clip(res.body))
			}
			b.Logf("%s as %s: %d documents", q.name, q.as, answer.Data.Total)
			for b.Loop() {
				res, err := api.send("POST", documentQueryURL, q.body, headers)
				if err != nil || res.status != 200 {
					b.Fatalf("%v %v", err, res)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/query")
		})
	}
}

// bulkDocuments stores n documents (BQ0000000...) through the store's bulk
// insert, with the list columns the save would fill, and analyses the
// table.
func bulkDocuments(b *testing.B, api *testAPI, n int) {
	b.Helper()
	types := []string{"EX02", "EX02", "EX02", "EX03", "EX01", "EX04", "EX05", "AA", "AB", "BE"}
	states := []string{"draft", "inApproval", "approved", "approved", "returned"}
	companies := []string{"1000", "1000", "2000", "3000"}
	depts := []string{"SAL02", "FIN01", "ADM01", "IT01"}
	words := []string{"beijing trip", "office supplies", "client dinner", "shanghai fair", "taxi fares", "hotel", "training"}
	now := time.Now()
	const batch = 10_000
	for from := 0; from < n; from += batch {
		recs := make([]*documents.Record, 0, batch)
		for i := from; i < min(from+batch, n); i++ {
			applicant := fmt.Sprintf("user%04d", i%1000)
			if i%50 == 0 {
				applicant = "employee01"
			}
			at := now.Add(-time.Duration(i%730)*24*time.Hour - time.Duration(i%1440)*time.Minute)
			text := words[i%len(words)]
			recs = append(recs, &documents.Record{BusinessID: fmt.Sprintf("BQ%07d", i), DocType: types[i%len(types)],
				Status: states[(i/7)%len(states)], Edition: "form", BusinessType1: "A01", Applicant: applicant, CreateBy: applicant,
				CompanyCode: companies[(i/3)%len(companies)], Amount: decimal.New(int64((i*7919)%2_000_000), -2), Version: 1,
				SchemaVersion: 1, Description: text, Body: "{}", CreatedAt: at, UpdatedAt: at, Department: depts[i%len(depts)],
				SearchText: documents.SearchText(fmt.Sprintf("BQ%07d", i), text), IndexVersion: documents.IndexVersion})
		}
		if err := api.store.InsertMany(context.Background(), recs); err != nil {
			b.Fatal(err)
		}
	}
	if err := api.db.Exec("ANALYZE documents").Error; err != nil {
		b.Fatal(err)
	}
}
