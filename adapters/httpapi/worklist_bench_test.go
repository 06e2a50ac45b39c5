package httpapi_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// BenchmarkWorklistPostgres measures the worklist query over HTTP on
// PostgreSQL with 100,000 documents (generated once, in SQL, into a schema
// of its own that is dropped afterwards): 1,000 people with about 100
// documents each and employee01 with 2,040; 30,000 documents in approval
// with an open task (manager01 holds 5,000 of them), 20,000 approved with
// two completed tasks each (manager01 decided 5,000). The target is an
// answer under 50 ms.
//
//	go test ./adapters/httpapi -run '^$' -bench BenchmarkWorklistPostgres -benchtime 200x
func BenchmarkWorklistPostgres(b *testing.B) {
	api := newTestAPI(b, openPostgres(b), nil)
	start := time.Now()
	generateDocuments(b, api, 100_000)
	b.Logf("generated 100,000 documents and their tasks in %s", time.Since(start).Round(time.Millisecond))
	for _, q := range []struct {
		name, as, body string
		count          string // SQL counting what the list must total
	}{
		{"todo", "manager01", `{"list":"todo"}`, `SELECT count(*) FROM process_tasks WHERE assignee = 'manager01' AND status = 'open'`},
		{"applied", "employee01", `{"list":"applied"}`, `SELECT count(*) FROM documents WHERE (create_by = 'employee01' OR applicant = 'employee01') AND process_id <> ''`},
		{"draft", "employee01", `{"list":"draft"}`, `SELECT count(*) FROM documents WHERE (create_by = 'employee01' OR applicant = 'employee01') AND status = 'draft'`},
		{"todo-filtered", "manager01", `{"list":"todo","types":["EX02"],"quickRange":30}`,
			`SELECT count(*) FROM process_tasks t JOIN documents d ON d.business_id = t.business_id WHERE t.assignee = 'manager01' AND t.status = 'open'
				AND d.doc_type = 'EX02' AND d.created_at >= now() - interval '30 days'`},
		{"done", "manager01", `{"list":"done"}`, `SELECT count(DISTINCT business_id) FROM process_tasks WHERE complete_by = 'manager01' AND status = 'done'`},
		{"done-filtered", "manager01", `{"list":"done","processStatus":"approved","types":["EX02"]}`,
			`SELECT count(DISTINCT t.business_id) FROM process_tasks t JOIN documents d ON d.business_id = t.business_id WHERE t.complete_by = 'manager01'
				AND t.status = 'done' AND d.status = 'approved' AND d.doc_type = 'EX02'`},
		{"applied-filtered", "employee01", `{"list":"applied","types":["EX02"],"processStatus":"approved","quickRange":30}`,
			`SELECT count(*) FROM documents WHERE (create_by = 'employee01' OR applicant = 'employee01') AND process_id <> '' AND doc_type = 'EX02'
				AND status = 'approved' AND created_at >= now() - interval '30 days'`},
	} {
		b.Run(q.name, func(b *testing.B) {
			headers := map[string]string{"X-token": api.tokenOf(b, q.as)}
			var want int
			if err := api.db.Raw(q.count).Scan(&want).Error; err != nil {
				b.Fatal(err)
			}
			res, err := api.send("POST", worklistURL, q.body, headers)
			if err != nil || res.status != 200 {
				b.Fatalf("%v %v", err, res)
			}
			var answer struct {
				Data struct {
					Total int               `json:"total"`
					List  []json.RawMessage `json:"list"`
				} `json:"data"`
			}
			if err := json.Unmarshal([]byte(res.body), &answer); err != nil {
				b.Fatal(err)
			}
			if answer.Data.Total != want || len(answer.Data.List) != min(10, want) {
				b.Fatalf("%s: total %d with %d items, want %d", q.name, answer.Data.Total, len(answer.Data.List), want)
			}
			b.Logf("%s of %s: %d documents", q.name, q.as, want)
			for b.Loop() {
				res, err := api.send("POST", worklistURL, q.body, headers)
				if err != nil || res.status != 200 {
					b.Fatalf("%v %v", err, res)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/query")
		})
	}
}

// generateDocuments inserts n documents (ids BENCH0000001...) with their
// tasks in a few statements, and analyses the tables.
func generateDocuments(b *testing.B, api *testAPI, n int) {
	b.Helper()
	statements := []string{
		fmt.Sprintf(`INSERT INTO documents (business_id, doc_type, edition, status, business_type1, business_type2, applicant, company_code,
			create_by, amount, version, schema_version, process_id, description, body, created_at, updated_at)
		SELECT 'BENCH' || lpad(i::text, 7, '0'),
			CASE WHEN i %% 4 = 0 THEN 'EX05' ELSE 'EX02' END, 'form',
			CASE i %% 10 WHEN 0 THEN 'draft' WHEN 1 THEN 'draft' WHEN 2 THEN 'draft' WHEN 3 THEN 'inApproval' WHEN 4 THEN 'inApproval'
				WHEN 5 THEN 'inApproval' WHEN 6 THEN 'returned' WHEN 7 THEN 'approved' WHEN 8 THEN 'approved' ELSE 'voided' END,
			'A01', 'A0101',
			CASE WHEN i %% 49 = 0 THEN 'employee01' ELSE 'user' || (i %% 1000) END, '1000',
			CASE WHEN i %% 49 = 0 THEN 'employee01' ELSE 'user' || (i %% 1000) END,
			(i %% 100000) / 10.0 + 0.5, 1, 1,
			CASE WHEN i %% 10 < 3 THEN '' ELSE 'BENCH' || lpad(i::text, 7, '0') || '-1' END,
			'差旅费 ' || i, '{"head":{"docType":"EX02"}}',
			now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
		FROM generate_series(1, %d) AS i`, n),
		// an open task for each document in approval: manager01 holds one in twenty
		`INSERT INTO process_tasks (process_id, business_id, seq, step, assignee, status, created_at, opened_at)
		SELECT d.process_id, d.business_id, 1, 'task1',
			CASE WHEN substr(d.business_id, 6)::int % 20 = 3 THEN 'manager01' ELSE 'mgr' || (substr(d.business_id, 6)::int % 100) END,
			'open', d.created_at, d.created_at
		FROM documents d WHERE d.status = 'inApproval' AND d.business_id LIKE 'BENCH%'`,
		// two completed tasks for each approved document: manager01 decided one in twenty
		`INSERT INTO process_tasks (process_id, business_id, seq, step, assignee, status, created_at, opened_at, complete_by, complete_at, task_reult)
		SELECT d.process_id, d.business_id, s, 'task' || s,
			CASE WHEN s = 1 AND substr(d.business_id, 6)::int % 20 = 7 THEN 'manager01' ELSE 'mgr' || (substr(d.business_id, 6)::int % 100) END,
			'done', d.created_at, d.created_at,
			CASE WHEN s = 1 AND substr(d.business_id, 6)::int % 20 = 7 THEN 'manager01' ELSE 'mgr' || (substr(d.business_id, 6)::int % 100) END,
			d.created_at + interval '1 hour', 'approve'
		FROM documents d CROSS JOIN generate_series(1, 2) AS s WHERE d.status = 'approved' AND d.business_id LIKE 'BENCH%'`,
		// the completed lists: each person's latest decision per document
		`INSERT INTO document_dones (business_id, owner, complete_at, task_id, task_reult)
		SELECT business_id, complete_by, max(complete_at), max(task_id), 'approve'
		FROM process_tasks WHERE status = 'done' AND business_id LIKE 'BENCH%' GROUP BY business_id, complete_by`,
		`ANALYZE documents`,
		`ANALYZE document_dones`,
		`ANALYZE process_tasks`,
	}
	for _, s := range statements {
		if err := api.db.Exec(s).Error; err != nil {
			b.Fatalf("generating documents: %v", err)
		}
	}
}
