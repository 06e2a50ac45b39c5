package httpapi_test

import (
	"fmt"
	"sort"
	"testing"
)

// Concurrent actions on one document: exactly one wins, the other gets a
// clear 409, and the document shows the winner's action once.

func statuses(answers []*apiResponse) string {
	var out []int
	for _, a := range answers {
		out = append(out, a.status)
	}
	sort.Ints(out)
	return fmt.Sprint(out)
}

// The approver and their delegate approve the same task at once, five
// times: one approval counts, the other is 409 ECONFLICT.
func TestTwoApproversOneTask(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		for round := 1; round <= 5; round++ {
			id := financeClaim(t, api)
			task, _ := openTaskOf(t, api, id)
			who := []string{"manager01", "employee01"}
			answers := sendAtOnceAs(t, api, 2, func(i int) (string, string, string, map[string]string) {
				return "POST", completeURL, completeBody(id, task, "approve", who[i]+"同意", ""), api.as(t, who[i])
			})
			if got := statuses(answers); got != "[200 409]" {
				t.Fatalf("round %d: statuses %s, want one 200 and one 409:\n%s\n%s", round, got, clip(answers[0].body), clip(answers[1].body))
			}
			for _, a := range answers {
				if a.status == 409 && a.envelope.Code != "ECONFLICT" {
					t.Errorf("409 with code %s", a.envelope.Code)
				}
			}
			h := readHistory(t, api, id)
			approvals := 0
			for _, e := range h.Events {
				if e.Action == "approve" {
					approvals++
				}
			}
			if h.Status != "approved" || approvals != 1 || h.Version != 3 {
				t.Errorf("round %d: %s with %d approval events, version %d; want approved, 1, 3", round, h.Status, approvals, h.Version)
			}
		}
	})
}

// A double click on submit: one submit, one 409; one process, one
// occupation of the budget.
func TestDoubleSubmit(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "100000.00", "strong")
		for round := 1; round <= 5; round++ {
			id := storeTravelClaim(t, api, itClaim()...)
			answers := sendAtOnceAs(t, api, 2, func(int) (string, string, string, map[string]string) {
				return "POST", startProcessURL, `{"businessId":"` + id + `"}`, nil
			})
			if got := statuses(answers); got != "[200 409]" {
				t.Fatalf("round %d: statuses %s, want one 200 and one 409:\n%s\n%s", round, got, clip(answers[0].body), clip(answers[1].body))
			}
			h := readHistory(t, api, id)
			if len(h.Tasks) != 2 || h.ProcessID != id+"-1" || len(h.Budget) != 1 || string(h.Budget[0].Occupied) != "1380.00" {
				t.Errorf("round %d: %d tasks, process %s, budget %+v", round, len(h.Tasks), h.ProcessID, h.Budget)
			}
		}
		if got, want := budgetState(t, api, "IT01", "660201"), "amount 100000.00 occupied 6900.00 consumed 0.00 available 93100.00"; got != want {
			t.Errorf("budget: %s, want %s", got, want)
		}
	})
}
