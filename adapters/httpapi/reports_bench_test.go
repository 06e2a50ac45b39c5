package httpapi_test

import (
	"encoding/json"
	"testing"
	"time"

	"formwork/reports"
)

// BenchmarkReportsPostgres runs every report of schemas/_reports the
// report centre lists (those whose source the server holds) over HTTP on
// PostgreSQL with the 100,000 documents of BenchmarkDocumentQueryPostgres
// (bulkDocuments), each with two charge lines, and one approval task for
// every fifth document. Each report runs as an administrator for company
// 1000 over two years (budgets: the seeded period), and the benchmark
// reports its time per run (ms/run) and the rows it answered.
//
//	go test ./adapters/httpapi -run '^$' -bench BenchmarkReportsPostgres -benchtime 3x
func BenchmarkReportsPostgres(b *testing.B) {
	api := newTestAPI(b, openPostgres(b), nil)
	start := time.Now()
	bulkDocuments(b, api, 100_000)
	for _, q := range []string{
		`UPDATE documents SET body = '{"head":{},"lineList":[{"costType":"660201","amount":"120.50","taxAmount":"6.82","expDate":"2025-03-01"},` +
			`{"costType":"660204","amount":"80.00","taxAmount":"0","expDate":"2025-03-02"}]}' WHERE business_id LIKE 'BQ%'`,
		`INSERT INTO process_tasks (process_id, business_id, seq, step, assignee, status, created_at, opened_at, complete_by, complete_at, task_reult)
		 SELECT 'P' || business_id, business_id, 1, 'task1', 'manager01', 'done', created_at, created_at, 'manager01', created_at + interval '5 hours', 'approve'
		 FROM documents WHERE business_id LIKE 'BQ%' AND status IN ('approved', 'returned') AND mod(CAST(substr(business_id, 3) AS integer), 5) = 0`,
		"ANALYZE documents", "ANALYZE process_tasks",
	} {
		if err := api.db.Exec(q).Error; err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("stored 100,000 documents in %s", time.Since(start).Round(time.Millisecond))
	headers := map[string]string{"X-token": api.tokenOf(b, "admin")}
	res, err := api.send("GET", reportsURL, "", headers)
	if err != nil || res.status != 200 {
		b.Fatalf("%v %v", err, res)
	}
	var list struct {
		Data []reports.ReportSummary `json:"data"`
	}
	if err := json.Unmarshal([]byte(res.body), &list); err != nil || len(list.Data) == 0 {
		b.Fatalf("no reports: %v %s", err, clip(res.body))
	}
	b.Logf("%d reports", len(list.Data))
	for _, s := range list.Data {
		body := reportBenchParams(s)
		b.Run(s.Code, func(b *testing.B) {
			var rows int
			for b.Loop() {
				res, err := api.send("POST", reportsURL+"/"+s.Code+"/run", body, headers)
				if err != nil || res.status != 200 {
					b.Fatalf("%v %v", err, res)
				}
				var answer struct {
					Data struct {
						Rows []json.RawMessage `json:"rows"`
					} `json:"data"`
				}
				if err := json.Unmarshal([]byte(res.body), &answer); err != nil {
					b.Fatal(err)
				}
				rows = len(answer.Data.Rows)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/run")
			b.ReportMetric(float64(rows), "rows")
		})
	}
}

// reportBenchParams are a report's parameters for the benchmark: company
// 1000, the last two years, the seeded budget period.
func reportBenchParams(s reports.ReportSummary) string {
	now := time.Now()
	params := map[string]any{"company": "1000"}
	for _, p := range s.Parameters {
		switch p.Name {
		case "from":
			params["from"] = now.AddDate(-2, 0, 0).Format(time.DateOnly)
		case "to":
			params["to"] = now.Format(time.DateOnly)
		case "period":
			params["period"] = "2026-03"
		}
	}
	out, _ := json.Marshal(map[string]any{"params": params})
	return string(out)
}
