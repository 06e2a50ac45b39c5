package httpapi_test

// Helpers of the lifecycle, budget, worklist and print tests: submitting and
// deciding through the API as a demo user, and reading the approval back.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

const (
	startProcessURL = "/api/galaxyform/process/startProcess"
	completeURL     = "/api/galaxyform/process/complete"
	voidURL         = "/api/galaxyform/process/void"
	recallURL       = "/api/galaxyform/process/recall"
	historyURL      = "/api/galaxyform/process/history?businessId="
	worklistURL     = "/api/galaxyform/worklist/query"
	queryBudgetURL  = "/api/galaxyform/budget/queryBudget"
	postBudgetURL   = "/api/galaxyform/budget/postBudget"
	releaseADVURL   = "/api/galaxyform/budget/releaseADVBudget?businessId="
	saveBudgetURL   = "/api/galaxyform/budget/save"
	printURL        = "/api/galaxyform/print/"

	approverListURL   = "/api/galaxyform/cfg/approver/list"
	approverSaveURL   = "/api/galaxyform/cfg/approver/save"
	approverDeleteURL = "/api/galaxyform/cfg/approver/delete"
)

// history is the answer of the process calls.
type history struct {
	BusinessID string   `json:"businessId"`
	Status     string   `json:"status"`
	StatusTxt  string   `json:"statusTxt"`
	ProcessID  string   `json:"processId"`
	Version    int      `json:"version"`
	Actions    []string `json:"actions"`
	OpenTask   *struct {
		TaskID   int64  `json:"taskId"`
		Step     string `json:"step"`
		Assignee string `json:"assignee"`
	} `json:"openTask"`
	Tasks []struct {
		TaskID           int64  `json:"taskId"`
		ProcessID        string `json:"processId"`
		Seq              int    `json:"seq"`
		Step             string `json:"step"`
		Assignee         string `json:"assignee"`
		Status           string `json:"status"`
		Request          string `json:"request"`
		CompleteBy       string `json:"completeBy"`
		CompleteAt       string `json:"completeAt"`
		TaskReult        string `json:"taskReult"`
		TaskReultComment string `json:"taskReultComment"`
	} `json:"tasks"`
	Events []struct {
		At      string `json:"at"`
		By      string `json:"by"`
		From    string `json:"from"`
		To      string `json:"to"`
		Action  string `json:"action"`
		Comment string `json:"comment"`
	} `json:"events"`
	Budget []struct {
		BudgetAccount string          `json:"budgetAccount"`
		BudgetStatus  string          `json:"budgetStatus"`
		Occupied      json.RawMessage `json:"occupied"`
		Consumed      json.RawMessage `json:"consumed"`
		Released      json.RawMessage `json:"released"`
	} `json:"budget"`
}

// readHistory reads the approval of a document as admin.
func readHistory(t *testing.T, api *testAPI, id string) history {
	t.Helper()
	res := api.request(t, "GET", historyURL+id, "", api.as(t, "admin"))
	if res.status != 200 {
		t.Fatalf("history of %s: HTTP %d: %s", id, res.status, clip(res.body))
	}
	var h history
	mustJSON(t, res.envelope.Data, &h)
	return h
}

// openTaskOf returns the open task of a document: its id and assignee.
func openTaskOf(t *testing.T, api *testAPI, id string) (int64, string) {
	t.Helper()
	for _, task := range readHistory(t, api, id).Tasks {
		if task.Status == "open" {
			return task.TaskID, task.Assignee
		}
	}
	t.Fatalf("document %s has no open task", id)
	return 0, ""
}

// submit submits a document as username and returns the answer.
func submit(t *testing.T, api *testAPI, id, username string) *apiResponse {
	t.Helper()
	return api.request(t, "POST", startProcessURL, `{"businessId":"`+id+`"}`, api.as(t, username))
}

// mustSubmit submits a document as username, which must work.
func mustSubmit(t *testing.T, api *testAPI, id, username string) {
	t.Helper()
	if res := submit(t, api, id, username); res.status != 200 {
		t.Fatalf("submit %s as %s: HTTP %d: %s", id, username, res.status, clip(res.body))
	}
}

// decide completes the open task of a document as username.
func decide(t *testing.T, api *testAPI, id, username, result, comment string) *apiResponse {
	t.Helper()
	task, _ := openTaskOf(t, api, id)
	return api.request(t, "POST", completeURL, completeBody(id, task, result, comment, ""), api.as(t, username))
}

// mustDecide is decide, which must work.
func mustDecide(t *testing.T, api *testAPI, id, username, result, comment string) {
	t.Helper()
	if res := decide(t, api, id, username, result, comment); res.status != 200 {
		t.Fatalf("%s %s as %s: HTTP %d: %s", result, id, username, res.status, clip(res.body))
	}
}

func completeBody(id string, task int64, result, comment, approver string) string {
	b, _ := json.Marshal(map[string]any{"businessId": id, "taskId": task, "result": result, "comment": comment, "approver": approver})
	return string(b)
}

// statusOf is a stored document's status.
func statusOf(t *testing.T, api *testAPI, id string) string {
	t.Helper()
	rec, err := api.store.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Status
}

// submittedClaim stores a travel claim of employee01 and submits it:
// manager01 has task 1, finance01 task 2.
func submittedClaim(t *testing.T, api *testAPI, edits ...docEdit) string {
	t.Helper()
	id := storeTravelClaim(t, api, edits...)
	mustSubmit(t, api, id, "employee01")
	return id
}

// financeClaim is a travel claim finance01 files for themself: its route
// leaves finance01's own task out, so manager01 alone decides, and
// employee01 may act for manager01 (the demo delegation).
func financeClaim(t *testing.T, api *testAPI) string {
	t.Helper()
	vars := storeAs(t, api, "finance01", with("head.applicant", "finance01"), with("head.department", "FIN01"), with("head.costCenter", "1000FIN01"))
	mustSubmit(t, api, vars["businessId"], "finance01")
	return vars["businessId"]
}

// thisMonth is the budget period of documents created now.
func thisMonth() string { return time.Now().Format("2006-01") }

// setBudget adds a budget as admin and returns its id.
func setBudget(t *testing.T, api *testAPI, department, account, amount, control string) uint {
	t.Helper()
	body := fmt.Sprintf(`{"companyCode":"1000","department":%q,"budgetAccount":%q,"period":%q,"amount":%s,"control":%q}`, department, account, thisMonth(), amount, control)
	res := api.request(t, "POST", saveBudgetURL, body, api.as(t, "admin"))
	if res.status != 200 {
		t.Fatalf("set budget: HTTP %d: %s", res.status, clip(res.body))
	}
	var b struct {
		ID uint `json:"id"`
	}
	mustJSON(t, res.envelope.Data, &b)
	return b.ID
}

// budgetState reads a budget's amount, occupied and consumed as text.
func budgetState(t *testing.T, api *testAPI, department, account string) string {
	t.Helper()
	body := fmt.Sprintf(`{"companyCode":"1000","department":%q,"budgetAccount":%q,"period":%q}`, department, account, thisMonth())
	res := api.request(t, "POST", queryBudgetURL, body, api.as(t, "admin"))
	var page struct {
		List []struct {
			Amount    json.RawMessage `json:"amount"`
			Occupied  json.RawMessage `json:"occupied"`
			Consumed  json.RawMessage `json:"consumed"`
			Available json.RawMessage `json:"available"`
		} `json:"list"`
	}
	mustJSON(t, res.envelope.Data, &page)
	if len(page.List) != 1 {
		t.Fatalf("budget %s/%s: %s", department, account, clip(res.body))
	}
	b := page.List[0]
	return fmt.Sprintf("amount %s occupied %s consumed %s available %s", b.Amount, b.Occupied, b.Consumed, b.Available)
}

// itClaim is a travel claim of employee01's charged to department IT01,
// whose budgets the tests set themselves: 1380.00 on 660201 (交通费) and
// 1078.50 on 660202 (住宿费).
func itClaim(edits ...docEdit) []docEdit {
	return append([]docEdit{with("head.department", "IT01"), with("head.costCenter", "1000IT01")}, edits...)
}

// exampleDocument reads an example document of the form edition
// (rules/examples/form/<file>).
func exampleDocument(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "rules", "examples", "form", file))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
