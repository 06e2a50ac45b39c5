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
// revisions once for every type, the applicant's outstanding loans once
// (both derivations of the save share it), the budgets it would draw on
// once, and nothing of what a new document cannot have (an approval task,
// budget holdings, advances of its own) or of the budget account mapping,
// which does not change once written. The group commit's inserts are not
// gorm's and not counted here.
func TestCreateReadsOnlyWhatItNeeds(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		api.request(t, "POST", createClaim, travelClaim(), nil) // the first create reads what is kept after
		log := logStatements(t, api.db)
		var res *apiResponse
		seen := log.during(func() { res = api.request(t, "POST", createClaim, travelClaim(), nil) })
		if res.status != 200 {
			t.Fatalf("create: HTTP %d: %s", res.status, clip(res.body))
		}
		for _, tt := range []struct {
			table string
			want  int
		}{
			{"master_revisions", 1},
			{"advances", 1},
			{"budgets", 1},
			{"process_tasks", 0},
			{"budget_entries", 0},
			{"budget_account_mappings", 0},
		} {
			re := regexp.MustCompile(`(?i)\bFROM\s+["` + "`" + `]?` + tt.table + `\b`)
			n := 0
			for _, q := range seen {
				if re.MatchString(q) {
					n++
				}
			}
			if n != tt.want {
				t.Errorf("%s read %d times, want %d; statements:\n%q", tt.table, n, tt.want, seen)
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
