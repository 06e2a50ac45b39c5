package httpapi_test

import (
	"encoding/json"
	"regexp"
	"sync"
	"testing"

	"gorm.io/gorm"
)

// statementLog records the SQL gorm runs on db while on.
type statementLog struct {
	mu   sync.Mutex
	on   bool
	seen []string
}

func logStatements(t *testing.T, db *gorm.DB) *statementLog {
	t.Helper()
	l := &statementLog{}
	record := func(tx *gorm.DB) {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.on {
			l.seen = append(l.seen, tx.Statement.SQL.String())
		}
	}
	onStatements(t, db, "test:log", record)
	return l
}

func (l *statementLog) during(f func()) []string {
	l.mu.Lock()
	l.on, l.seen = true, nil
	l.mu.Unlock()
	f()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on = false
	return l.seen
}

// TestCreateReadsOnlyWhatItNeeds: a create of the seeds' travel claim
// (naming no advance, drawing on two budget accounts) reads the master data
// revisions once for every type, the applicant's outstanding loans
// once (both derivations of the save share it), the budgets it would draw
// on once, and nothing of what a new document cannot have (an approval
// task, budget holdings, advances of its own), when their tables were
// written since the last create; the next create reads none of them: the
// stores keep them while nothing writes their tables
// (adapters/sqldb/freshness), nor the budget account mapping, which does
// not change once written. The group commit's inserts are not gorm's and
// not counted here.
func TestCreateReadsOnlyWhatItNeeds(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		log := logStatements(t, api.db)
		count := func(seen []string, table string) int {
			re := regexp.MustCompile(`(?i)\bFROM\s+["` + "`" + `]?` + table + `\b`)
			n := 0
			for _, q := range seen {
				if re.MatchString(q) {
					n++
				}
			}
			return n
		}
		api.request(t, "POST", createClaim, travelClaim(), nil) // the first create reads what is kept after
		// a write to their tables (changing nothing) makes the stores read
		// them again
		for table, column := range map[string]string{"master_revisions": "revision", "advances": "applicant", "budgets": "amount"} {
			if err := api.db.Exec("UPDATE " + table + " SET " + column + " = " + column + " WHERE 1 = 0").Error; err != nil {
				t.Fatal(err)
			}
		}
		var res *apiResponse
		first := log.during(func() { res = api.request(t, "POST", createClaim, travelClaim(), nil) })
		if res.status != 200 {
			t.Fatalf("create: HTTP %d: %s", res.status, clip(res.body))
		}
		for _, tt := range []struct {
			table    string
			min, max int
		}{
			{"master_revisions", 1, 1},
			{"advances", 1, 1},
			{"budgets", 1, 1},
			{"process_tasks", 0, 0},
			{"budget_entries", 0, 0},
		} {
			if n := count(first, tt.table); n < tt.min || n > tt.max {
				t.Errorf("after the writes, a create read %s %d times, want %d to %d; statements:\n%q", tt.table, n, tt.min, tt.max, first)
			}
		}
		seen := log.during(func() { res = api.request(t, "POST", createClaim, travelClaim(), nil) })
		if res.status != 200 {
			t.Fatalf("create: HTTP %d: %s", res.status, clip(res.body))
		}
		for _, table := range []string{"master_revisions", "advances", "budgets", "process_tasks", "budget_entries", "budget_account_mappings"} {
			if n := count(seen, table); n != 0 {
				t.Errorf("the next create read %s %d times, want none; statements:\n%q", table, n, seen)
			}
		}
		// what it did not read is what a load of the document (which reads
		// them) answers: the same actions and the same budget preview
		id, _ := valueAt(res.data(t), "head", "businessId")
		loaded := api.request(t, "GET", "/api/galaxyform/yx/ap/head/load?businessId="+id.(string), "", nil)
		created, again := formOf(t, res), formOf(t, loaded)
		for _, part := range []string{"process", "budget"} {
			if a, b := mustMarshal(t, created[part]), mustMarshal(t, again[part]); a != b || a == "null" {
				t.Errorf("form.%s of the create %s, of a load %s", part, a, b)
			}
		}
	})
}

func mustMarshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
