package server_test

import (
	"fmt"
	"testing"

	"formwork/server"
)

// Under strong control occupied plus consumed never exceeds the budget,
// also when many documents are submitted at the same moment: a budget for
// exactly five claims, twenty claims submitted at once. Exactly five get
// through; the others are refused with the budget finding and stay drafts.
// On PostgreSQL the submits run in parallel transactions (the budget row is
// locked with SELECT ... FOR UPDATE, and the update is conditional); on
// SQLite there is one writer.
func TestParallelSubmitsNeverExceedAStrongBudget(t *testing.T) {
	const claims, fit = 20, 5
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", fmt.Sprintf("%d.00", fit*1380), "strong")
		ids := make([]string, claims)
		for i := range ids {
			ids[i] = storeTravelClaim(t, api, itClaim()...)
		}
		answers := sendAtOnceAs(t, api, claims, func(i int) (string, string, string, map[string]string) {
			return "POST", startProcessURL, `{"businessId":"` + ids[i] + `"}`, nil
		})
		passed, refused := 0, 0
		for i, a := range answers {
			switch {
			case a.status == 200:
				passed++
			case a.status == 422 && a.envelope.Code == "ECHECK" && contains(a.body, `"rule":"budget.strong"`):
				refused++
				if s := statusOf(t, api, ids[i]); s != "draft" {
					t.Errorf("%s was refused but is %s", ids[i], s)
				}
			default:
				t.Errorf("%s: HTTP %d %s", ids[i], a.status, clip(a.body))
			}
		}
		if passed != fit || refused != claims-fit {
			t.Errorf("%d submits passed and %d were refused, want %d and %d", passed, refused, fit, claims-fit)
		}
		if got, want := budgetState(t, api, "IT01", "660201"), fmt.Sprintf("amount %d.00 occupied %d.00 consumed 0.00 available 0.00", fit*1380, fit*1380); got != want {
			t.Errorf("budget %s, want %s", got, want)
		}
		// what the documents hold adds up to what the budget says
		var held int64
		if err := api.db.Model(&server.BudgetEntry{}).Select("COALESCE(SUM(occupied), 0)").Scan(&held).Error; err != nil {
			t.Fatal(err)
		}
		var occupied int64
		if err := api.db.Model(&server.Budget{}).Where("department = ? AND budget_account = ?", "IT01", "660201").Select("occupied").Scan(&occupied).Error; err != nil {
			t.Fatal(err)
		}
		if held != occupied || occupied != fit*138000 {
			t.Errorf("entries hold %d cents, the budget says %d, want %d", held, occupied, fit*138000)
		}
		// the budget is full: approving one and rejecting another frees
		// exactly one claim's room
		var inApproval []string
		for i, a := range answers {
			if a.status == 200 {
				inApproval = append(inApproval, ids[i])
			}
		}
		mustDecide(t, api, inApproval[0], "manager01", "reject", "预算已满，请下月报销")
		var drafts []string
		for i, a := range answers {
			if a.status != 200 {
				drafts = append(drafts, ids[i])
			}
		}
		answers = sendAtOnceAs(t, api, 3, func(i int) (string, string, string, map[string]string) {
			return "POST", startProcessURL, `{"businessId":"` + drafts[i] + `"}`, nil
		})
		if got := statuses(answers); got != "[200 422 422]" {
			t.Errorf("after one reject, three submits at once: %s, want one through", got)
		}
	})
}
