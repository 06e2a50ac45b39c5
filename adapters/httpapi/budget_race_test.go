package httpapi_test

import (
	"fmt"
	"testing"

	"formwork/adapters/sqldb"
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
		if err := api.db.Model(&sqldb.BudgetEntry{}).Select("COALESCE(SUM(occupied), 0)").Scan(&held).Error; err != nil {
			t.Fatal(err)
		}
		var occupied int64
		if err := api.db.Model(&sqldb.Budget{}).Where("department = ? AND budget_account = ?", "IT01", "660201").Select("occupied").Scan(&occupied).Error; err != nil {
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

// releaseADVBudget called many times at once on one pre-application:
// 60 calls of 100.00 each on 3600.00 occupied. Exactly 36 release their
// 100.00 and the other 24 are refused with a clear 409 (none 500), and the
// budget is released once in all, never twice.
func TestParallelReleasesOfAPreApplication(t *testing.T) {
	const calls, fit = 60, 36
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660205", "10000.00", "strong")
		body := seedDocument("EX01-training.json", with("head.department", "IT01"), with("head.costCenter", "1000IT01"))
		res := api.request(t, "POST", createClaim, body, nil)
		if res.status != 200 {
			t.Fatalf("storing a pre-application: HTTP %d %s", res.status, clip(res.body))
		}
		id := fmt.Sprint(mustValue(t, res.data(t), "head", "businessId"))
		mustSubmit(t, api, id, "employee01")
		mustDecide(t, api, id, "manager01", "approve", "")
		mustDecide(t, api, id, "finance01", "approve", "")
		who := []string{"employee01", "finance01", "admin"}
		answers := sendAtOnceAs(t, api, calls, func(i int) (string, string, string, map[string]string) {
			return "GET", releaseADVURL + id + "&amount=100", "", api.as(t, who[i%len(who)])
		})
		released, refused := 0, 0
		for _, a := range answers {
			switch {
			case a.status == 200 && contains(a.body, `"released":100.00`):
				released++
			case a.status == 409 && a.envelope.Code == "ECONFLICT" && (contains(a.envelope.Message, "没有占用中的事前申请预算") ||
				contains(a.envelope.Message, "不能释放")):
				refused++
			default:
				t.Errorf("HTTP %d %s", a.status, clip(a.body))
			}
		}
		if released != fit || refused != calls-fit {
			t.Errorf("%d releases passed and %d were refused, want %d and %d", released, refused, fit, calls-fit)
		}
		if got, want := budgetState(t, api, "IT01", "660205"), "amount 10000.00 occupied 0.00 consumed 0.00 available 10000.00"; got != want {
			t.Errorf("after the releases: %s, want %s", got, want)
		}
		var logged int64
		if err := api.db.Model(&sqldb.BudgetMovement{}).Where("business_id = ? AND kind = ?", id, "release").Select("COALESCE(SUM(amount), 0)").Scan(&logged).Error; err != nil {
			t.Fatal(err)
		}
		if logged != 360000 {
			t.Errorf("the budget log releases %d cents, want 360000", logged)
		}
	})
}
