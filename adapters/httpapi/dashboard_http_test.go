package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

// The dashboard (issue 15 item 5): one call with the user's worklist
// counts, open advances, department budget and recent documents.

const dashboardURL = "/api/formwork/dashboard"

func init() {
	routeWalk["GET "+dashboardURL] = routeCall{"signed in", dashboardURL, "", [5]int{401, 200, 200, 200, 200}}
}

// dashboardOf is username's dashboard.
func dashboardOf(t *testing.T, api *testAPI, username string) map[string]any {
	t.Helper()
	res := api.request(t, "GET", dashboardURL, "", api.as(t, username))
	if res.status != 200 {
		t.Fatalf("dashboard of %s: HTTP %d %s", username, res.status, clip(res.body))
	}
	return res.data(t).(map[string]any)
}

// counts are a dashboard's counts as text: todo drafts returned advances outstanding.
func counts(d map[string]any) string {
	a := d["advances"].(map[string]any)
	return fmt.Sprintf("%v %v %v %v %v", d["todo"], d["drafts"], d["returned"], a["count"], a["outstanding"])
}

func TestDashboard(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		base := map[string]map[string]any{"employee01": dashboardOf(t, api, "employee01"), "manager01": dashboardOf(t, api, "manager01")}
		n := func(user, key string) int {
			var v int
			fmt.Sscan(fmt.Sprint(base[user][key]), &v)
			return v
		}
		draft := createDocument(t, api, travelClaim(with("head.description", "仪表盘草稿")))
		claim := createDocument(t, api, travelClaim())
		mustSubmit(t, api, claim, "employee01")
		loan := approvedLoan(t, api, "1200.00")

		me := dashboardOf(t, api, "employee01")
		if got, want := counts(me), fmt.Sprintf("%d %d %d 1 1200.00", n("employee01", "todo"), n("employee01", "drafts")+1, n("employee01", "returned")); got != want {
			t.Fatalf("employee01's counts: %s, want %s", got, want)
		}
		if got := dashboardOf(t, api, "manager01")["todo"]; fmt.Sprint(got) != fmt.Sprint(n("manager01", "todo")+1) {
			t.Fatalf("manager01's to-do: %v, was %d", got, n("manager01", "todo"))
		}
		list := me["advances"].(map[string]any)["list"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["businessId"] != loan {
			t.Fatalf("open advances: %v", list)
		}
		// the most recent documents, last changed first: the loan, the claim, the draft
		var recent []string
		for _, r := range me["recent"].([]any) {
			recent = append(recent, fmt.Sprint(r.(map[string]any)["businessId"]))
		}
		if len(recent) < 3 || strings.Join(recent[:3], " ") != loan+" "+claim+" "+draft {
			t.Fatalf("recent: %v (loan %s, claim %s, draft %s)", recent, loan, claim, draft)
		}

		// the claim is returned: counted as returned
		mustDecide(t, api, claim, "manager01", "reject", "请补充发票")
		if got := dashboardOf(t, api, "employee01")["returned"]; fmt.Sprint(got) != fmt.Sprint(n("employee01", "returned")+1) {
			t.Fatalf("returned: %v", got)
		}

		// the department's budget this month, per account
		setBudget(t, api, "SAL02", "660205", "10000.00", "strong")
		b := dashboardOf(t, api, "employee01")["budget"].(map[string]any)
		if b["department"] != "SAL02" || b["companyCode"] != "1000" || b["period"] != thisMonth() {
			t.Fatalf("budget of %v/%v %v", b["companyCode"], b["department"], b["period"])
		}
		found := false
		for _, l := range b["lines"].([]any) {
			if l := l.(map[string]any); l["budgetAccount"] == "660205" {
				found = fmt.Sprint(l["amount"]) == "10000.00"
			}
		}
		if !found || fmt.Sprint(b["total"].(map[string]any)["amount"]) == "0.00" {
			t.Fatalf("budget lines: %v", b)
		}
	})
}

// dashboardWalk answers the dashboard in the contract walk.
func (w *answerWalk) dashboardWalk() {
	w.call("GET "+dashboardURL, "", dashboardURL, "", 200)
	w.call("GET "+dashboardURL, "admin", dashboardURL, "", 200)
}
