package httpapi_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Recall, the rejection reason on top and the budget while drafting
// (issue 12 items 5 and 6). The travel claim of IT01 draws 1380.00 on
// 660201 (交通费) and 1078.50 on 660202 (住宿费).

func recallBody(id, comment string) string {
	b, _ := json.Marshal(map[string]string{"businessId": id, "comment": comment})
	return string(b)
}

// formProcess is form.process of a load answer.
type formProcess struct {
	Status   string   `json:"status"`
	Actions  []string `json:"actions"`
	Returned *struct {
		Reason string `json:"reason"`
		By     string `json:"by"`
		ByTxt  string `json:"byTxt"`
		At     string `json:"at"`
	} `json:"returned"`
}

// loadedProcess loads a document as username and reads form.process.
func loadedProcess(t *testing.T, api *testAPI, id, username string) formProcess {
	t.Helper()
	res := api.request(t, "GET", loadClaimURL+id, "", api.as(t, username))
	if res.status != 200 {
		t.Fatalf("load %s as %s: HTTP %d %s", id, username, res.status, clip(res.body))
	}
	var env struct {
		Form struct {
			Process formProcess `json:"process"`
		} `json:"form"`
	}
	mustJSON(t, []byte(res.body), &env)
	return env.Form.Process
}

// The owner recalls a submitted claim before anyone decided: back to draft,
// the tasks cancelled, off the approver's to-do list, the budget released
// once, the event written; submitted again it goes through.
func TestRecall(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "10000.00", "strong")
		id := storeTravelClaim(t, api, itClaim()...)
		if p := loadedProcess(t, api, id, "employee01"); slices.Contains(p.Actions, "recall") {
			t.Errorf("a draft offers recall: %v", p.Actions)
		}
		if res := api.request(t, "POST", recallURL, recallBody(id, ""), nil); res.status != 409 || res.envelope.Code != "ECONFLICT" {
			t.Errorf("recalling a draft: HTTP %d %s", res.status, clip(res.body))
		}
		mustSubmit(t, api, id, "employee01")
		if p := loadedProcess(t, api, id, "employee01"); !slices.Contains(p.Actions, "recall") {
			t.Errorf("the owner of a submitted claim is not offered recall: %v", p.Actions)
		}
		if p := loadedProcess(t, api, id, "manager01"); slices.Contains(p.Actions, "recall") {
			t.Errorf("the approver is offered recall: %v", p.Actions)
		}
		if got := ids(queryList(t, api, "employee01", `{"list":"recall"}`)); got != id {
			t.Errorf("employee01's recall list: %q, want %s", got, id)
		}
		if res := api.request(t, "POST", recallURL, recallBody(id, ""), api.as(t, "manager01")); res.status != 403 || res.envelope.Code != "EFORBIDDEN" {
			t.Errorf("the approver recalling: HTTP %d %s", res.status, clip(res.body))
		}
		if res := api.request(t, "POST", recallURL, `{"comment":"x"}`, nil); res.status != 400 || !contains(res.body, "businessId") {
			t.Errorf("a recall without businessId: HTTP %d %s", res.status, clip(res.body))
		}
		res := api.request(t, "POST", recallURL, recallBody(id, "金额填错了"), nil)
		if res.status != 200 {
			t.Fatalf("recall: HTTP %d %s", res.status, clip(res.body))
		}
		h := readHistory(t, api, id)
		last := h.Events[len(h.Events)-1]
		if h.Status != "draft" || last.Action != "recall" || last.From != "inApproval" || last.To != "draft" || last.Comment != "金额填错了" || last.By != "employee01" {
			t.Errorf("after the recall: %s, last event %+v", h.Status, last)
		}
		for _, task := range h.Tasks {
			if task.Status != "cancelled" {
				t.Errorf("task %d (%s) is %s after the recall", task.TaskID, task.Step, task.Status)
			}
		}
		if got := budgetState(t, api, "IT01", "660201"); got != "amount 10000.00 occupied 0.00 consumed 0.00 available 10000.00" {
			t.Errorf("budget after the recall: %s", got)
		}
		if len(h.Budget) != 1 || string(h.Budget[0].Released) != "1380.00" || string(h.Budget[0].Occupied) != "0.00" {
			t.Errorf("the recalled claim holds %+v, want 1380.00 released once", h.Budget)
		}
		if p := queryList(t, api, "manager01", `{"list":"todo"}`); strings.Contains(ids(p), id) {
			t.Errorf("the recalled claim is still on manager01's to-do list")
		}
		if p := queryList(t, api, "employee01", `{"list":"draft"}`); !strings.Contains(ids(p), id) {
			t.Errorf("the recalled claim is not in the drafts: %s", ids(p))
		}
		// a second recall is refused by the lifecycle and releases nothing more
		if res := api.request(t, "POST", recallURL, recallBody(id, ""), nil); res.status != 409 {
			t.Errorf("a second recall: HTTP %d %s", res.status, clip(res.body))
		}
		if h := readHistory(t, api, id); string(h.Budget[0].Released) != "1380.00" {
			t.Errorf("after a second recall the claim released %s", h.Budget[0].Released)
		}
		mustSubmit(t, api, id, "employee01")
		if h := readHistory(t, api, id); h.Status != "inApproval" || h.ProcessID != id+"-2" {
			t.Errorf("submitted again: %s, process %s", h.Status, h.ProcessID)
		}
		if got := budgetState(t, api, "IT01", "660201"); got != "amount 10000.00 occupied 1380.00 consumed 0.00 available 8620.00" {
			t.Errorf("budget after submitting again: %s", got)
		}
	})
}

// Once an approver decided, the recall is refused with 409 naming who, in
// every language; the form no longer offers it and the recall list leaves
// the claim out.
func TestRecallAfterDecision(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "10000.00", "strong")
		id := storeTravelClaim(t, api, itClaim()...)
		mustSubmit(t, api, id, "employee01")
		mustDecide(t, api, id, "manager01", "approve", "同意")
		for lang, want := range map[string]string{
			"zh": "单据" + id + "已由李四于",
			"en": "document " + id + " can no longer be recalled: 李四 decided on it at",
			"th": "เอกสาร " + id + " ไม่สามารถเรียกคืนได้แล้ว",
		} {
			res := api.request(t, "POST", recallURL, recallBody(id, ""), map[string]string{"Accept-Language": lang, "X-token": api.as(t, "employee01")["X-token"]})
			if res.status != 409 || res.envelope.Code != "ECONFLICT" || !contains(res.envelope.Message, want) {
				t.Errorf("%s: recall after an approval: HTTP %d %q, want 409 with %q", lang, res.status, res.envelope.Message, want)
			}
		}
		if p := loadedProcess(t, api, id, "employee01"); slices.Contains(p.Actions, "recall") {
			t.Errorf("recall offered after a decision: %v", p.Actions)
		}
		if got := ids(queryList(t, api, "employee01", `{"list":"recall"}`)); got != "" {
			t.Errorf("the recall list after a decision: %q", got)
		}
		if got := budgetState(t, api, "IT01", "660201"); got != "amount 10000.00 occupied 1380.00 consumed 0.00 available 8620.00" {
			t.Errorf("a refused recall changed the budget: %s", got)
		}
	})
}

// A recall and an approval at the same moment, many times: exactly one
// wins, the other is 409; the claim, its tasks and the budget show the
// winner's action only.
func TestRecallRacesApproval(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "100000.00", "strong")
		approved := 0
		const rounds = 12
		for round := 1; round <= rounds; round++ {
			id := storeTravelClaim(t, api, itClaim()...)
			mustSubmit(t, api, id, "employee01")
			task, _ := openTaskOf(t, api, id)
			answers := sendAtOnceAs(t, api, 2, func(i int) (string, string, string, map[string]string) {
				if i == 0 {
					return "POST", recallURL, recallBody(id, "撤回"), api.as(t, "employee01")
				}
				return "POST", completeURL, completeBody(id, task, "approve", "同意", ""), api.as(t, "manager01")
			})
			if got := statuses(answers); got != "[200 409]" {
				t.Fatalf("round %d: statuses %s, want one 200 and one 409:\n%s\n%s", round, got, clip(answers[0].body), clip(answers[1].body))
			}
			h := readHistory(t, api, id)
			var done, recalls, approvals int
			for _, tk := range h.Tasks {
				if tk.Status == "done" {
					done++
				}
			}
			for _, e := range h.Events {
				switch e.Action {
				case "recall":
					recalls++
				case "approve":
					approvals++
				}
			}
			if answers[0].status == 200 { // the recall won
				if h.Status != "draft" || recalls != 1 || approvals != 0 || done != 0 || string(h.Budget[0].Occupied) != "0.00" {
					t.Errorf("round %d, recall won: %s, %d recalls, %d approvals, %d tasks done, budget %+v", round, h.Status, recalls, approvals, done, h.Budget)
				}
				continue
			}
			approved++
			if answers[0].envelope.Code != "ECONFLICT" || h.Status != "inApproval" || recalls != 0 || approvals != 1 || done != 1 || string(h.Budget[0].Occupied) != "1380.00" {
				t.Errorf("round %d, approval won: recall %s, %s, %d recalls, %d approvals, %d done, budget %+v", round, answers[0].envelope.Code, h.Status, recalls, approvals, done, h.Budget)
			}
		}
		want := fmt.Sprintf("amount 100000.00 occupied %d.00 consumed 0.00 available %d.00", 1380*approved, 100000-1380*approved)
		if got := budgetState(t, api, "IT01", "660201"); got != want {
			t.Errorf("budget after %d rounds (%d approvals won): %s, want %s", rounds, approved, got, want)
		}
		t.Logf("%d of %d rounds the approval won", approved, rounds)
	})
}

// A returned claim shows why at the top of its form (form.process.returned:
// the reason, who rejected it, when), and the returned list has the reason.
func TestRejectionOnTop(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api)
		mustDecide(t, api, id, "manager01", "reject", "请补充住宿发票")
		p := loadedProcess(t, api, id, "employee01")
		if p.Status != "returned" || p.Returned == nil || p.Returned.Reason != "请补充住宿发票" || p.Returned.By != "manager01" || p.Returned.ByTxt != "李四" || len(p.Returned.At) != 19 {
			t.Fatalf("a returned claim's form.process: %+v %+v", p, p.Returned)
		}
		res := api.request(t, "POST", worklistURL, `{"list":"returned"}`, nil)
		var page struct {
			List []struct {
				BusinessID   string `json:"businessId"`
				RejectReason string `json:"rejectReason"`
				RejectBy     string `json:"rejectBy"`
				RejectByTxt  string `json:"rejectByTxt"`
			} `json:"list"`
		}
		mustJSON(t, res.envelope.Data, &page)
		if len(page.List) != 1 || page.List[0].BusinessID != id || page.List[0].RejectReason != "请补充住宿发票" || page.List[0].RejectByTxt != "李四" {
			t.Errorf("the returned list: %s", clip(res.body))
		}
		// submitted and rejected again: the latest reason
		mustSubmit(t, api, id, "employee01")
		mustDecide(t, api, id, "manager01", "reject", "金额不对")
		if p := loadedProcess(t, api, id, "employee01"); p.Returned == nil || p.Returned.Reason != "金额不对" {
			t.Errorf("after the second reject: %+v", p.Returned)
		}
		// in any other state there is none
		mustSubmit(t, api, id, "employee01")
		if p := loadedProcess(t, api, id, "employee01"); p.Returned != nil {
			t.Errorf("a claim in approval has a rejection on top: %+v", p.Returned)
		}
	})
}

// previewLine is a line of the budget preview.
type previewLine struct {
	BudgetAccount string          `json:"budgetAccount"`
	Department    string          `json:"department"`
	Period        string          `json:"period"`
	Budgeted      bool            `json:"budgeted"`
	Control       string          `json:"control"`
	Available     json.RawMessage `json:"available"`
	Draw          json.RawMessage `json:"draw"`
	Exceeds       bool            `json:"exceeds"`
	Rule          string          `json:"rule"`
	Severity      string          `json:"severity"`
	Message       string          `json:"message"`
}

// evaluateBudget evaluates a document as employee01 and returns the
// budget preview's line of account.
func evaluateBudget(t *testing.T, api *testAPI, doc, account string) previewLine {
	t.Helper()
	res := api.request(t, "POST", "/api/formwork/evaluate?action=edit", doc, nil)
	if res.status != 200 {
		t.Fatalf("evaluate: HTTP %d %s", res.status, clip(res.body))
	}
	var ev struct {
		Budget struct {
			Lines []previewLine `json:"lines"`
		} `json:"budget"`
	}
	mustJSON(t, res.envelope.Data, &ev)
	for _, l := range ev.Budget.Lines {
		if l.BudgetAccount == account {
			return l
		}
	}
	t.Fatalf("the budget preview has no line of %s: %s", account, clip(res.body))
	return previewLine{}
}

// While drafting, evaluate shows per draw the budget, what is available and
// whether the claim would exceed it, in the submit's own words (strong:
// error, weak: confirm); nothing is occupied by evaluating.
func TestEvaluateBudgetPreview(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "1000.00", "strong")
		doc := travelClaim(itClaim()...)
		l := evaluateBudget(t, api, doc, "660201")
		want := fmt.Sprintf("预算1000/IT01/660201/%s不足：可用1000.00，本单占用1380.00（强控制，不能提交）", thisMonth())
		if !l.Budgeted || l.Control != "strong" || string(l.Available) != "1000.00" || string(l.Draw) != "1380.00" || !l.Exceeds ||
			l.Severity != "error" || l.Rule != "budget.strong" || l.Message != want || l.Department != "IT01" || l.Period != thisMonth() {
			t.Errorf("strong preview: %+v\nwant message %q", l, want)
		}
		id := storeTravelClaim(t, api, itClaim()...)
		res := submit(t, api, id, "employee01")
		if res.status != 422 || res.envelope.Message != "提交失败！"+want {
			t.Errorf("the submit's refusal %q differs from the preview's %q", res.envelope.Message, want)
		}
		if got := budgetState(t, api, "IT01", "660201"); got != "amount 1000.00 occupied 0.00 consumed 0.00 available 1000.00" {
			t.Errorf("evaluating occupied budget: %s", got)
		}
		// the form answer of the draft carries the preview as well
		loaded := api.request(t, "GET", loadClaimURL+id, "", nil)
		if lines, ok := valueAt(formOf(t, loaded), "budget", "lines"); !ok || !contains(fmt.Sprint(lines), "660201") {
			t.Errorf("the draft's form answer has no budget preview: %v", lines)
		}
		// within the budget: no finding
		small := travelClaim(itClaim(with("lineList[0].amount", 100.00), with("lineList[1].amount", 100.00), with("head.amount", 200.00))...)
		if l := evaluateBudget(t, api, small, "660201"); l.Exceeds || l.Severity != "" || l.Message != "" {
			t.Errorf("a draw within the budget: %+v", l)
		}
	})
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "1000.00", "weak")
		l := evaluateBudget(t, api, travelClaim(itClaim()...), "660201")
		if !l.Exceeds || l.Severity != "confirm" || l.Rule != "budget.weak" || !strings.HasSuffix(l.Message, "，是否继续？") {
			t.Errorf("weak preview: %+v", l)
		}
		id := storeTravelClaim(t, api, itClaim()...)
		if res := submit(t, api, id, "employee01"); res.status != 422 || res.envelope.Message != "提交失败！"+l.Message {
			t.Errorf("the submit asks %q, the preview said %q", res.envelope.Message, l.Message)
		}
	})
}
