package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The worklists: draft box, my to-do, my applications, my completed, my
// returned documents, with the filters of navigation-and-access.md 3.8.

// worklistDocs are the documents of the worklist tests.
type worklistDocs struct {
	draft, repayment, inApproval, returned, approved, finance string
}

// worklistSetup files, as employee01: a draft claim, a draft repayment
// (EX05), a claim in approval, a returned one and an approved one; and as
// finance01 a claim waiting for manager01 (which employee01 may decide as
// manager01's delegate). Each is created a moment after the last.
func worklistSetup(t *testing.T, api *testAPI) worklistDocs {
	t.Helper()
	var d worklistDocs
	d.approved = submittedClaim(t, api, with("head.description", "已批准的差旅费"))
	mustDecide(t, api, d.approved, "manager01", "approve", "")
	mustDecide(t, api, d.approved, "finance01", "approve", "")
	d.returned = submittedClaim(t, api, with("head.description", "被退回的差旅费"))
	mustDecide(t, api, d.returned, "manager01", "reject", "缺发票")
	d.inApproval = submittedClaim(t, api, with("head.description", "审批中的差旅费"))
	d.finance = financeClaim(t, api)
	d.draft = storeTravelClaim(t, api, with("head.description", "草稿差旅费"))
	res := api.request(t, "POST", createClaim, repayment(), nil)
	if res.status != 200 {
		t.Fatalf("storing a repayment: %s", clip(res.body))
	}
	d.repayment = fmt.Sprint(mustValue(t, res.data(t), "head", "businessId"))
	// created_at decides the order: make it differ by a second each
	for i, id := range []string{d.approved, d.returned, d.inApproval, d.finance, d.draft, d.repayment} {
		at := time.Now().Add(time.Duration(i-10) * time.Second)
		if err := api.db.Table("documents").Where("business_id = ?", id).Update("created_at", at).Error; err != nil {
			t.Fatal(err)
		}
	}
	return d
}

type worklistPage struct {
	List []struct {
		BusinessID   string          `json:"businessId"`
		DocType      string          `json:"docType"`
		DocTypeTxt   string          `json:"docTypeTxt"`
		Family       string          `json:"family"`
		Status       string          `json:"status"`
		StatusTxt    string          `json:"statusTxt"`
		Amount       json.RawMessage `json:"amount"`
		ApplicantTxt string          `json:"applicantTxt"`
		Description  string          `json:"description"`
		TaskID       int64           `json:"taskId"`
		Step         string          `json:"step"`
		Assignee     string          `json:"assignee"`
		ReceivedAt   string          `json:"receivedAt"`
		CompleteAt   string          `json:"completeAt"`
		TaskReult    string          `json:"taskReult"`
	} `json:"list"`
	Total       int `json:"total"`
	PageSize    int `json:"pageSize"`
	CurrentPage int `json:"currentPage"`
}

func queryList(t *testing.T, api *testAPI, as, body string) worklistPage {
	t.Helper()
	res := api.request(t, "POST", worklistURL, body, api.as(t, as))
	if res.status != 200 {
		t.Fatalf("%s %s: HTTP %d %s", as, body, res.status, clip(res.body))
	}
	var p worklistPage
	mustJSON(t, res.envelope.Data, &p)
	return p
}

func ids(p worklistPage) string {
	var out []string
	for _, it := range p.List {
		out = append(out, it.BusinessID)
	}
	return strings.Join(out, " ")
}

func TestWorklists(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		d := worklistSetup(t, api)
		join := func(list ...string) string { return strings.Join(list, " ") }
		for _, tt := range []struct {
			name, as, body string
			want           string
			total          int
		}{
			{"my drafts, newest first", "employee01", `{"list":"draft"}`, join(d.repayment, d.draft), 2},
			{"my drafts of one type", "employee01", `{"list":"draft","types":["EX05"]}`, d.repayment, 1},
			{"my applications: submitted at least once", "employee01", `{"list":"applied"}`, join(d.inApproval, d.returned, d.approved), 3},
			{"my applications, approved ones", "employee01", `{"list":"applied","processStatus":"approved"}`, d.approved, 1},
			{"my applications in two states", "employee01", `{"list":"applied","processStatus":"approved,returned"}`, join(d.returned, d.approved), 2},
			{"my returned documents", "employee01", `{"list":"returned"}`, d.returned, 1},
			{"manager01's to-do, newest task first", "manager01", `{"list":"todo"}`, join(d.finance, d.inApproval), 2},
			{"employee01's to-do as manager01's delegate, without their own claim", "employee01", `{"list":"todo"}`, d.finance, 1},
			{"finance01's to-do is empty", "finance01", `{"list":"todo"}`, "", 0},
			{"manager01's completed", "manager01", `{"list":"done"}`, join(d.returned, d.approved), 2},
			{"finance01's completed", "finance01", `{"list":"done"}`, d.approved, 1},
			{"by number (its beginning)", "employee01", `{"list":"applied","businessId":"` + d.returned[:len(d.returned)-1] + `"}`, join(d.inApproval, d.returned, d.approved), 3},
			{"by exact number", "employee01", `{"list":"applied","businessId":"` + d.returned + `"}`, d.returned, 1},
			{"a number with a wildcard matches nothing", "employee01", `{"list":"applied","businessId":"EX02%"}`, "", 0},
			{"by process id", "employee01", `{"list":"applied","processId":"` + d.approved + `-1"}`, d.approved, 1},
			{"by applicant", "manager01", `{"list":"todo","applicant":"finance01"}`, d.finance, 1},
			{"by company", "employee01", `{"list":"applied","companyCode":"2000"}`, "", 0},
			{"oldest first", "employee01", `{"list":"applied","sorts":"asc"}`, join(d.approved, d.returned, d.inApproval), 3},
			{"by amount, then number", "employee01", `{"list":"draft","orderBy":"amount","sorts":"asc"}`, join(d.repayment, d.draft), 2},
			{"page 2 of size 1", "employee01", `{"list":"applied","pageSize":1,"currentPage":2}`, d.returned, 3},
			{"created today", "employee01", `{"list":"applied","createAtFrom":"` + time.Now().Format("2006-01-02") + `","createAtTo":"` + time.Now().Format("2006-01-02") + `"}`, join(d.inApproval, d.returned, d.approved), 3},
			{"created from tomorrow", "employee01", `{"list":"applied","createAtFrom":"` + time.Now().AddDate(0, 0, 1).Format("2006-01-02") + `"}`, "", 0},
			{"created until yesterday", "employee01", `{"list":"applied","createAtTo":"` + time.Now().AddDate(0, 0, -1).Format("2006-01-02") + `"}`, "", 0},
			{"created in the last day", "employee01", `{"list":"applied","quickRange":1}`, join(d.inApproval, d.returned, d.approved), 3},
		} {
			t.Run(tt.name, func(t *testing.T) {
				p := queryList(t, api, tt.as, tt.body)
				if got := ids(p); got != tt.want || p.Total != tt.total {
					t.Errorf("%s (total %d), want %s (total %d)", got, p.Total, tt.want, tt.total)
				}
			})
		}
		p := queryList(t, api, "manager01", `{"list":"todo","types":["EX02"]}`)
		it := p.List[0]
		if it.TaskID == 0 || it.Step != "task1" || it.Assignee != "manager01" || it.ReceivedAt == "" || it.DocTypeTxt != "员工报销" || it.Family != "ap" ||
			it.StatusTxt != "审批中" || string(it.Amount) != "2458.50" || it.ApplicantTxt != "王五" || p.PageSize != 10 || p.CurrentPage != 1 {
			t.Errorf("a to-do item: %+v (page %d/%d)", it, p.CurrentPage, p.PageSize)
		}
		// the to-do item's task is the one to complete
		if res := api.request(t, "POST", completeURL, completeBody(it.BusinessID, it.TaskID, "approve", "", ""), api.as(t, "manager01")); res.status != 200 {
			t.Errorf("completing the listed task: HTTP %d %s", res.status, clip(res.body))
		}
		done := queryList(t, api, "manager01", `{"list":"done","orderBy":"completeAt"}`)
		if len(done.List) != 3 || done.List[0].BusinessID != it.BusinessID || done.List[0].TaskReult != "approve" || done.List[0].CompleteAt == "" {
			t.Errorf("manager01's completed after approving: %s", ids(done))
		}
		// ten days later nothing was created in the last week, all in the last month
		api.travel(t, 10*24*time.Hour)
		if p := queryList(t, api, "employee01", `{"list":"applied","quickRange":7}`); p.Total != 0 {
			t.Errorf("last 7 days, 10 days later: %d", p.Total)
		}
		if p := queryList(t, api, "employee01", `{"list":"applied","quickRange":30}`); p.Total != 3 {
			t.Errorf("last 30 days, 10 days later: %d", p.Total)
		}
	})
}

func TestWorklistRefusals(t *testing.T) {
	runScenarios(t, []apiScenario{
		{name: "an unknown list", headers: inEnglish, method: "POST", url: worklistURL, body: `{"list":"mine"}`, expectedStatus: 400, expectedCode: "EINVALID",
			expectedContent: []string{`list must be one of draft, todo, applied, done, returned, recall, not \"mine\"`}},
		{name: "no list", method: "POST", url: worklistURL, body: `{}`, expectedStatus: 400, expectedCode: "EINVALID"},
		{name: "an unknown filter", method: "POST", url: worklistURL, body: `{"list":"draft","owner":"x"}`, expectedStatus: 400, expectedCode: "EINVALID",
			expectedContent: []string{`unknown field \"owner\"`}},
		{name: "a quick range that is not 1, 7, 30 or 90", headers: inEnglish, method: "POST", url: worklistURL, body: `{"list":"draft","quickRange":5}`, expectedStatus: 400,
			expectedCode: "EINVALID", expectedContent: []string{"quickRange must be 1, 7, 30 or 90"}},
		{name: "a date that is no date", headers: inEnglish, method: "POST", url: worklistURL, body: `{"list":"draft","createAtFrom":"1.1.2026"}`, expectedStatus: 400,
			expectedCode: "EINVALID", expectedContent: []string{"createAtFrom must be a date yyyy-MM-dd"}},
		{name: "an unknown state", headers: inEnglish, method: "POST", url: worklistURL, body: `{"list":"applied","processStatus":"paid"}`, expectedStatus: 400,
			expectedCode: "EINVALID", expectedContent: []string{`processStatus \"paid\" is no document state`}},
		{name: "an unknown order", method: "POST", url: worklistURL, body: `{"list":"draft","orderBy":"body"}`, expectedStatus: 400, expectedCode: "EINVALID"},
		{name: "receivedAt orders only the to-do list", method: "POST", url: worklistURL, body: `{"list":"draft","orderBy":"receivedAt"}`, expectedStatus: 400, expectedCode: "EINVALID"},
		{name: "an unknown direction", headers: inEnglish, method: "POST", url: worklistURL, body: `{"list":"draft","sorts":"up"}`, expectedStatus: 400, expectedCode: "EINVALID",
			expectedContent: []string{"sorts must be asc or desc"}},
		{name: "a page too large", method: "POST", url: worklistURL, body: `{"list":"draft","pageSize":1000}`, expectedStatus: 400, expectedCode: "EINVALID"},
		{name: "a page before the first", method: "POST", url: worklistURL, body: `{"list":"draft","currentPage":-1}`, expectedStatus: 400, expectedCode: "EINVALID"},
		{name: "types that are no list", method: "POST", url: worklistURL, body: `{"list":"draft","types":"EX02"}`, expectedStatus: 400, expectedCode: "EINVALID",
			expectedContent: []string{"types must be a list"}},
		{name: "someone else's to-do", headers: inEnglish, method: "POST", url: worklistURL, body: `{"list":"todo","assignee":"finance01"}`, expectedStatus: 400, expectedCode: "EINVALID",
			expectedContent: []string{"finance01 is neither you nor someone you act for today"}},
		{name: "the defaults: page 1 of 10", method: "POST", url: worklistURL, body: `{"list":"draft"}`, expectedStatus: 200, expectedCode: "S000",
			expectedContent: []string{`"list":[],"total":0,"pageSize":10,"currentPage":1`}},
	})
}
