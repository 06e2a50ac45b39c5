package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The document lifecycle over HTTP (docs/api.md "Lifecycle, worklists,
// budget and printing"): submit, approve, reject, add-sign, supplement,
// void, temporary save, and every refused transition, on SQLite and
// PostgreSQL. Transitions come from schemas/_lifecycle.yaml.

func storeOne(t *testing.T, api *testAPI) map[string]string {
	return map[string]string{"businessId": storeTravelClaim(t, api)}
}

func submittedOne(t *testing.T, api *testAPI) map[string]string {
	return map[string]string{"businessId": submittedClaim(t, api)}
}

// tempSaved stores a claim without its description by a temporary save.
func tempSaved(t *testing.T, api *testAPI) map[string]string {
	t.Helper()
	res := api.request(t, "POST", createClaim+"&tempSave=1", travelClaim(without("head.description")), nil)
	if res.status != 200 {
		t.Fatalf("temporary save: HTTP %d: %s", res.status, clip(res.body))
	}
	id, _ := valueAt(res.data(t), "head", "businessId")
	return map[string]string{"businessId": id.(string)}
}

func TestSubmit(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:            "a valid draft is submitted: in approval, manager01's task open, finance01's pending",
			before:          storeOne,
			method:          "POST",
			url:             startProcessURL,
			body:            `{"businessId":"{businessId}","comment":"请审批"}`,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"status":"inApproval"`, `"statusTxt":"审批中"`, `"processId":"{businessId}-1"`, `"version":2`},
			after: func(t *testing.T, api *testAPI, _ *apiResponse, vars map[string]string) {
				h := readHistory(t, api, vars["businessId"])
				var got []string
				for _, task := range h.Tasks {
					got = append(got, fmt.Sprintf("%d %s %s %s", task.Seq, task.Step, task.Assignee, task.Status))
				}
				if want := "1 task1 manager01 open|2 task2 finance01 pending"; strings.Join(got, "|") != want {
					t.Errorf("tasks %q, want %q", strings.Join(got, "|"), want)
				}
				last := h.Events[len(h.Events)-1]
				if last.Action != "submit" || last.By != "employee01" || last.From != "draft" || last.To != "inApproval" || last.Comment != "请审批" {
					t.Errorf("last event %+v, want employee01's submit draft -> inApproval with the comment", last)
				}
				doc := loadDocument(t, api, vars["businessId"])
				assertValue(t, doc, `"inApproval"`, "head", "status")
				assertValue(t, doc, `"`+vars["businessId"]+`-1"`, "head", "processId")
				assertValue(t, doc, `2`, "head", "version")
			},
		},
		{
			name:               "a draft that fails its pre-save check is refused with the check result and stays a draft",
			before:             tempSaved,
			method:             "POST",
			url:                startProcessURL,
			body:               `{"businessId":"{businessId}"}`,
			expectedStatus:     422,
			expectedCode:       "ECHECK",
			expectedContent:    []string{`"message":"提交失败！`},
			findingsInclude:    []finding{{Path: "head.description", Rule: "required", Severity: "error"}},
			notExpectedContent: []string{`"inApproval"`},
			after: func(t *testing.T, api *testAPI, _ *apiResponse, vars map[string]string) {
				if s := statusOf(t, api, vars["businessId"]); s != "draft" {
					t.Errorf("status %s, want draft", s)
				}
				if h := readHistory(t, api, vars["businessId"]); len(h.Tasks) != 0 || len(h.Budget) != 0 {
					t.Errorf("a refused submit left tasks %v and budget %v", h.Tasks, h.Budget)
				}
			},
		},
		{
			name:            "a document in approval cannot be submitted again: 409 naming its state",
			before:          submittedOne,
			method:          "POST",
			url:             startProcessURL,
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  409,
			expectedCode:    "ECONFLICT",
			expectedContent: []string{"单据{businessId}当前状态为审批中，不能提交（仅草稿、已退回时可以）"},
		},
		{
			name:            "in English the refusal names the states",
			before:          submittedOne,
			method:          "POST",
			url:             startProcessURL + "?lang=en",
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  409,
			expectedCode:    "ECONFLICT",
			expectedContent: []string{"document {businessId} is In approval: Submit is possible only when it is Draft or Returned"},
		},
		{
			name:           "someone who cannot open the draft cannot submit it",
			before:         storeOne,
			as:             "manager01",
			method:         "POST",
			url:            startProcessURL,
			body:           `{"businessId":"{businessId}"}`,
			expectedStatus: 403,
			expectedCode:   "EFORBIDDEN",
		},
		{
			name:            "finance staff read someone's claim but do not submit it",
			before:          storeOne,
			as:              "finance01",
			method:          "POST",
			url:             startProcessURL,
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"只有单据{businessId}的制单人、报账人或其代理人可以提交"},
		},
		{
			name:            "a stale version is refused",
			headers:         inEnglish,
			before:          storeOne,
			method:          "POST",
			url:             startProcessURL,
			body:            `{"businessId":"{businessId}","version":7}`,
			expectedStatus:  409,
			expectedCode:    "ECONFLICT",
			expectedContent: []string{"you have version 7, the latest is 1"},
		},
		{
			name:           "an unknown document: 404",
			method:         "POST",
			url:            startProcessURL,
			body:           `{"businessId":"EX02209901010001"}`,
			expectedStatus: 404,
			expectedCode:   "ENOTFOUND",
		},
		{
			name:            "no businessId: 400",
			headers:         inEnglish,
			method:          "POST",
			url:             startProcessURL,
			body:            `{}`,
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"businessId is missing"},
		},
		{
			name:            "malformed JSON: 400",
			method:          "POST",
			url:             startProcessURL,
			body:            `{"businessId":`,
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"malformed JSON"},
		},
		{
			name:            "a businessId that is no text: 400 naming the field",
			method:          "POST",
			url:             startProcessURL,
			body:            `{"businessId":5}`,
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"businessId must be a text"},
		},
		{
			name: "a company no approver configuration covers: 422 with the routing finding",
			before: func(t *testing.T, api *testAPI) map[string]string {
				return storeAs(t, api, "admin", inThailand())
			},
			as:              "admin",
			method:          "POST",
			url:             startProcessURL,
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  422,
			expectedCode:    "ECHECK",
			findingsInclude: []finding{{Path: "head.companyCode", Rule: "approvalRoute", Severity: "error"}},
			expectedContent: []string{"没有适用于公司3000"},
		},
		{
			name: "the route leaves out the applicant's own task: finance01's claim goes to manager01 only",
			before: func(t *testing.T, api *testAPI) map[string]string {
				return storeAs(t, api, "finance01", with("head.applicant", "finance01"), with("head.department", "FIN01"))
			},
			as:              "finance01",
			method:          "POST",
			url:             startProcessURL,
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"assignee":"manager01"`},
			after: func(t *testing.T, api *testAPI, _ *apiResponse, vars map[string]string) {
				if h := readHistory(t, api, vars["businessId"]); len(h.Tasks) != 1 {
					t.Errorf("%d tasks, want manager01's alone", len(h.Tasks))
				}
			},
		},
	})
}

func TestApproveTwiceToApproved(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api)
		mustDecide(t, api, id, "manager01", "approve", "同意报销")
		if task, who := openTaskOf(t, api, id); who != "finance01" || task == 0 {
			t.Fatalf("after the first approval the open task is %s's", who)
		}
		if s := statusOf(t, api, id); s != "inApproval" {
			t.Fatalf("after the first approval: %s", s)
		}
		mustDecide(t, api, id, "finance01", "approve", "")
		if res := api.request(t, "GET", historyURL+id, "", nil); !strings.Contains(res.body, `"edition":"form","schemaVersion":2`) {
			t.Errorf("the history names the edition and schema version the form renders with: %s", clip(res.body))
		}
		h := readHistory(t, api, id)
		if h.Status != "approved" || h.StatusTxt != "已审批" {
			t.Errorf("after the last approval: %s %s", h.Status, h.StatusTxt)
		}
		first := h.Tasks[0]
		if first.CompleteBy != "manager01" || first.TaskReult != "approve" || first.TaskReultComment != "同意报销" || first.CompleteAt == "" {
			t.Errorf("task 1 records %+v", first)
		}
		var actions []string
		for _, e := range h.Events {
			actions = append(actions, e.Action+":"+e.From+">"+e.To)
		}
		if got, want := strings.Join(actions, " "), "create:>draft submit:draft>inApproval approve:inApproval>inApproval approve:inApproval>approved"; got != want {
			t.Errorf("events %s, want %s", got, want)
		}
		// approved is final for saving and submitting
		res := updateTravelClaim(t, api, id, h.Version)
		if res.status != 409 || !contains(res.envelope.Message, "已审批") {
			t.Errorf("saving an approved claim: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := submit(t, api, id, "employee01"); res.status != 409 {
			t.Errorf("submitting an approved claim: HTTP %d", res.status)
		}
		if res := api.request(t, "POST", voidURL, `{"businessId":"`+id+`"}`, nil); res.status != 409 {
			t.Errorf("voiding an approved claim: HTTP %d", res.status)
		}
		// the approvers no longer have it to do, but still read what they
		// decided on (their completed list links to it); they cannot change it
		if res := api.request(t, "GET", loadClaimURL+id, "", api.as(t, "manager01")); res.status != 200 {
			t.Errorf("manager01 reading what they approved: HTTP %d, want 200", res.status)
		}
		if res, err := api.send("GET", "/api/galaxyform/print/"+id, "", api.as(t, "manager01")); err != nil || res.status != 200 {
			t.Errorf("manager01 printing what they approved: %v %v, want 200", res, err)
		}
		if res := api.request(t, "GET", loadClaimURL+id, "", api.as(t, "finance01")); res.status != 200 {
			t.Errorf("finance01 (company finance) reading it: HTTP %d", res.status)
		}
	})
}

func TestTaskRefusals(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api)
		task, _ := openTaskOf(t, api, id)
		for _, tt := range []struct {
			name, as, body string
			status         int
			message        string
			lang           string // asked in this language ("": the default, Chinese)
		}{
			{"an unknown result", "manager01", completeBody(id, task, "ok", "", ""), 400, `result must be one of approve, reject, addSign, supplement, not "ok"`, "en"},
			{"no task", "manager01", `{"businessId":"` + id + `","result":"approve"}`, 400, "taskId is missing", "en"},
			{"a task of another document", "manager01", completeBody(id, 99999, "approve", "", ""), 404, "has no task 99999", "en"},
			{"a reject without a reason", "manager01", completeBody(id, task, "reject", " ", ""), 400, "驳回或要求补充资料时请填写意见", ""},
			{"a supplement request without saying what", "manager01", completeBody(id, task, "supplement", "", ""), 400, "驳回或要求补充资料时请填写意见", ""},
			{"an add-sign without whom", "manager01", completeBody(id, task, "addSign", "", ""), 400, "addSign needs the approver to add", "en"},
			{"an add-sign of the applicant", "manager01", completeBody(id, task, "addSign", "", "employee01"), 400, "不能审批自己的单据", ""},
			{"an add-sign of nobody", "manager01", completeBody(id, task, "addSign", "", "nobody"), 400, "nobody is no active user", "en"},
			{"an add-sign of the approver themself", "manager01", completeBody(id, task, "addSign", "", "manager01"), 400, "add someone else", "en"},
			{"a comment too long", "manager01", completeBody(id, task, "approve", strings.Repeat("长", 1001), ""), 400, "comment is longer than 1000 characters", "en"},
			{"finance staff approving manager01's task", "finance01", completeBody(id, task, "approve", "", ""), 403, "任务" + fmt.Sprint(task) + "的处理人是李四，您不是其代理人", ""},
			{"an administrator approving manager01's task", "admin", completeBody(id, task, "approve", "", ""), 403, "的处理人是李四", ""},
			{"the applicant approving their own claim as manager01's delegate", "employee01", completeBody(id, task, "approve", "", ""), 403, "不能审批自己的单据" + id, ""},
			{"someone who cannot open the document", anonymous, completeBody(id, task, "approve", "", ""), 401, "not logged in!", ""},
		} {
			t.Run(tt.name, func(t *testing.T) {
				headers := map[string]string{}
				for k, v := range api.as(t, tt.as) {
					headers[k] = v
				}
				if tt.lang != "" {
					headers["Accept-Language"] = tt.lang
				}
				res := api.request(t, "POST", completeURL, tt.body, headers)
				if res.status != tt.status || !contains(res.envelope.Message, tt.message) {
					t.Errorf("HTTP %d %q, want %d with %q", res.status, res.envelope.Message, tt.status, tt.message)
				}
			})
		}
		if h := readHistory(t, api, id); h.Status != "inApproval" || h.Tasks[0].Status != "open" || len(h.Events) != 2 {
			t.Errorf("the refusals changed the document: %+v", h)
		}
		// a task once done cannot be completed again
		mustDecide(t, api, id, "manager01", "approve", "")
		res := api.request(t, "POST", completeURL, completeBody(id, task, "reject", "再看看", ""), api.as(t, "manager01"))
		if res.status != 409 || !contains(res.envelope.Message, fmt.Sprintf("任务%d已由李四于", task)) {
			t.Errorf("completing a done task: HTTP %d %s", res.status, res.envelope.Message)
		}
	})
}

func TestRejectReturnsForEditAndResubmit(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api)
		mustDecide(t, api, id, "manager01", "reject", "住宿费超标，请补充说明")
		h := readHistory(t, api, id)
		if h.Status != "returned" || h.Tasks[1].Status != "cancelled" {
			t.Fatalf("after the reject: %s, task 2 %s", h.Status, h.Tasks[1].Status)
		}
		if got := strings.Join(h.Actions, ","); got != "save,tempSave,submit,void,print" {
			t.Errorf("admin's actions on a returned claim: %v", got)
		}
		// the applicant may change it again
		res := updateTravelClaim(t, api, id, h.Version, with("head.description", "北京客户拜访差旅费（已补充说明）"))
		if res.status != 200 {
			t.Fatalf("editing a returned claim: HTTP %d %s", res.status, clip(res.body))
		}
		// manager01 no longer has it to do: reads what they rejected, changes nothing
		if res := api.request(t, "GET", loadClaimURL+id, "", api.as(t, "manager01")); res.status != 200 {
			t.Errorf("manager01 reading what they rejected: HTTP %d", res.status)
		}
		var loaded struct {
			Data map[string]any `json:"data"`
		}
		_ = json.Unmarshal([]byte(api.request(t, "GET", loadClaimURL+id, "", nil).body), &loaded)
		loaded.Data["head"].(map[string]any)["description"] = "审批人改的"
		b, _ := json.Marshal(loaded.Data)
		if res := api.request(t, "PUT", "/api/galaxyform/yx/ap/head/update?action=edit", string(b), api.as(t, "manager01")); res.status != 403 {
			t.Errorf("manager01 changing what they rejected: HTTP %d, want 403", res.status)
		}
		mustSubmit(t, api, id, "employee01")
		h = readHistory(t, api, id)
		if h.ProcessID != id+"-2" || h.Status != "inApproval" {
			t.Errorf("resubmitted: process %s status %s, want %s-2 inApproval", h.ProcessID, h.Status, id)
		}
		open := 0
		for _, task := range h.Tasks {
			if task.Status == "open" {
				open++
				if task.ProcessID != id+"-2" || task.Assignee != "manager01" {
					t.Errorf("open task %+v", task)
				}
			}
		}
		if open != 1 {
			t.Errorf("%d open tasks, want 1", open)
		}
	})
}

func TestDelegateApproves(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := financeClaim(t, api)
		// employee01 acts for manager01 today: opens and decides
		if res := api.request(t, "GET", loadClaimURL+id, "", nil); res.status != 200 {
			t.Fatalf("the delegate loading the delegator's to-do: HTTP %d", res.status)
		}
		res := api.request(t, "GET", historyURL+id, "", nil)
		if !contains(res.body, `"actions":["approve","reject","addSign","supplement","print"]`) || !contains(res.body, `"openTask":{"taskId"`) {
			t.Errorf("the delegate's actions: %s", clip(res.body))
		}
		mustDecide(t, api, id, "employee01", "approve", "代李四审批")
		h := readHistory(t, api, id)
		if h.Status != "approved" || h.Tasks[0].Assignee != "manager01" || h.Tasks[0].CompleteBy != "employee01" {
			t.Errorf("after the delegate's approval: %s, task %+v", h.Status, h.Tasks[0])
		}
	})
}

func TestAddSign(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api)
		task, _ := openTaskOf(t, api, id)
		res := api.request(t, "POST", completeURL, completeBody(id, task, "addSign", "请行政部会签", "admin"), api.as(t, "manager01"))
		if res.status != 200 {
			t.Fatalf("add-sign: HTTP %d %s", res.status, clip(res.body))
		}
		h := readHistory(t, api, id)
		var route []string
		for _, task := range h.Tasks {
			route = append(route, task.Step+" "+task.Assignee+" "+task.Status)
		}
		if got, want := strings.Join(route, "|"), "task1 manager01 done|addSign admin open|task2 finance01 pending"; got != want {
			t.Fatalf("route after add-sign %q, want %q", got, want)
		}
		if h.Status != "inApproval" || h.Tasks[1].Request != "请行政部会签" {
			t.Errorf("after add-sign: %s, request %q", h.Status, h.Tasks[1].Request)
		}
		mustDecide(t, api, id, "admin", "approve", "会签同意")
		if _, who := openTaskOf(t, api, id); who != "finance01" {
			t.Errorf("after the added approval the task is %s's, want finance01's", who)
		}
		mustDecide(t, api, id, "finance01", "approve", "")
		if s := statusOf(t, api, id); s != "approved" {
			t.Errorf("status %s, want approved", s)
		}
	})
}

func TestSupplement(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api)
		managerTask, _ := openTaskOf(t, api, id)
		mustDecide(t, api, id, "manager01", "supplement", "请补充住宿发票")
		h := readHistory(t, api, id)
		if h.Status != "inApproval" || h.OpenTask != nil {
			t.Errorf("after the request: %s, open task for admin %+v", h.Status, h.OpenTask)
		}
		task, who := openTaskOf(t, api, id)
		if who != "employee01" {
			t.Fatalf("the supplement task is %s's, want the applicant's", who)
		}
		// the approver waits: their task is done
		if res := api.request(t, "POST", completeURL, completeBody(id, managerTask, "approve", "", ""), api.as(t, "manager01")); res.status != 409 {
			t.Errorf("approving while the applicant is asked: HTTP %d", res.status)
		}
		// the applicant changes the claim in oaapplicant mode, not in edit mode
		doc := loadDocument(t, api, id)
		version := fmt.Sprint(mustValue(t, doc, "head", "version"))
		edit := func(mode string) *apiResponse {
			return api.request(t, "PUT", "/api/galaxyform/yx/ap/head/update?action="+mode,
				travelClaim(with("head.businessId", id), with("head.version", mustInt(t, version)), with("head.description", "北京客户拜访差旅费（附住宿发票）")), nil)
		}
		if res := edit("edit"); res.status != 409 {
			t.Errorf("edit mode in approval: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := edit("oaapplicant"); res.status != 200 {
			t.Errorf("oaapplicant mode answering a supplement request: HTTP %d %s", res.status, clip(res.body))
		}
		// the answer must be a supplement
		if res := api.request(t, "POST", completeURL, completeBody(id, task, "approve", "", ""), nil); res.status != 400 {
			t.Errorf("the applicant approving: HTTP %d", res.status)
		}
		if res := api.request(t, "POST", completeURL, completeBody(id, task, "supplement", "已补充", ""), nil); res.status != 200 {
			t.Fatalf("the applicant's answer: HTTP %d %s", res.status, clip(res.body))
		}
		if _, who := openTaskOf(t, api, id); who != "manager01" {
			t.Fatalf("after the answer the task is %s's, want manager01's again", who)
		}
		mustDecide(t, api, id, "manager01", "approve", "")
		mustDecide(t, api, id, "finance01", "approve", "")
		h = readHistory(t, api, id)
		var events []string
		for _, e := range h.Events {
			events = append(events, e.Action+"/"+e.By)
		}
		if got, want := strings.Join(events, " "), "create/employee01 submit/employee01 supplement/manager01 partEdit/employee01 supplement/employee01 approve/manager01 approve/finance01"; got != want {
			t.Errorf("events %s\nwant   %s", got, want)
		}
		if h.Status != "approved" {
			t.Errorf("status %s", h.Status)
		}
	})
}

func TestPartialEditInApproval(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api)
		send := func(as, mode string, edits ...docEdit) *apiResponse {
			doc := loadDocument(t, api, id)
			version := mustInt(t, fmt.Sprint(mustValue(t, doc, "head", "version")))
			edits = append([]docEdit{with("head.businessId", id), with("head.version", version)}, edits...)
			return api.request(t, "PUT", "/api/galaxyform/yx/ap/head/update?action="+mode, travelClaim(edits...), api.as(t, as))
		}
		if res := send("employee01", "edit"); res.status != 409 || !contains(res.envelope.Message, "当前状态为审批中，不能保存") {
			t.Errorf("the applicant saving in approval: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := send("finance01", "partedit"); res.status != 403 || !contains(res.envelope.Message, "只有当前处理人李四可以") {
			t.Errorf("finance staff, not the task holder, editing: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := send("manager01", "edit"); res.status != 409 {
			t.Errorf("the approver in edit mode: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := send("manager01", "partedit", with("head.description", "改写事由")); res.status != 403 || !contains(res.body, "head.description") {
			t.Errorf("the approver changing a field partedit does not allow: HTTP %d %s", res.status, res.envelope.Message)
		}
		res := send("manager01", "partedit")
		if res.status != 200 {
			t.Fatalf("the approver saving in partedit: HTTP %d %s", res.status, clip(res.body))
		}
		assertValue(t, res.data(t), `"inApproval"`, "head", "status")
		h := readHistory(t, api, id)
		last := h.Events[len(h.Events)-1]
		if last.Action != "partEdit" || last.By != "manager01" || last.From != "inApproval" || last.To != "inApproval" {
			t.Errorf("the change in approval is recorded as %+v", last)
		}
		if res := api.request(t, "PUT", updateClaim+"&tempSave=1", travelClaim(with("head.businessId", id), with("head.version", h.Version)), nil); res.status != 409 {
			t.Errorf("a temporary save in approval: HTTP %d", res.status)
		}
	})
}

func TestVoid(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:            "the applicant voids a draft; it stays readable",
			before:          storeOne,
			method:          "POST",
			url:             voidURL,
			body:            `{"businessId":"{businessId}","comment":"重复录入"}`,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"status":"voided"`, `"statusTxt":"已作废"`, `"comment":"重复录入"`, `"actions":["print"]`},
			after: func(t *testing.T, api *testAPI, _ *apiResponse, vars map[string]string) {
				assertValue(t, loadDocument(t, api, vars["businessId"]), `"voided"`, "head", "status")
				if res := submit(t, api, vars["businessId"], "employee01"); res.status != 409 || !contains(res.envelope.Message, "当前状态为已作废") {
					t.Errorf("submitting a voided claim: HTTP %d %s", res.status, res.envelope.Message)
				}
				if res := updateTravelClaim(t, api, vars["businessId"], 2); res.status != 409 {
					t.Errorf("saving a voided claim: HTTP %d", res.status)
				}
				if res := api.request(t, "POST", voidURL, `{"businessId":"`+vars["businessId"]+`"}`, nil); res.status != 409 {
					t.Errorf("voiding twice: HTTP %d", res.status)
				}
			},
		},
		{
			name:            "a document in approval cannot be voided",
			before:          submittedOne,
			method:          "POST",
			url:             voidURL,
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  409,
			expectedCode:    "ECONFLICT",
			expectedContent: []string{"不能作废（仅草稿、已退回时可以）"},
		},
		{
			name: "a returned document is voided",
			before: func(t *testing.T, api *testAPI) map[string]string {
				id := submittedClaim(t, api)
				mustDecide(t, api, id, "manager01", "reject", "不符合报销制度")
				return map[string]string{"businessId": id}
			},
			method:          "POST",
			url:             voidURL,
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"status":"voided"`},
		},
		{
			name:           "an approver who cannot open it cannot void it",
			before:         storeOne,
			as:             "manager01",
			method:         "POST",
			url:            voidURL,
			body:           `{"businessId":"{businessId}"}`,
			expectedStatus: 403,
			expectedCode:   "EFORBIDDEN",
		},
		{
			name: "a returned general-ledger posting cannot be voided (family gl: only a draft)",
			before: func(t *testing.T, api *testAPI) map[string]string {
				id := storeLedgerPosting(t, api)
				mustSubmit(t, api, id, "finance01")
				mustDecide(t, api, id, "manager01", "reject", "科目有误")
				return map[string]string{"businessId": id}
			},
			as:              "finance01",
			method:          "POST",
			url:             voidURL,
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  409,
			expectedCode:    "ECONFLICT",
			expectedContent: []string{"当前状态为已退回，不能作废（仅草稿时可以）"},
		},
		{
			name: "a draft general-ledger posting is voided",
			before: func(t *testing.T, api *testAPI) map[string]string {
				return map[string]string{"businessId": storeLedgerPosting(t, api)}
			},
			as:              "finance01",
			method:          "POST",
			url:             voidURL,
			body:            `{"businessId":"{businessId}"}`,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"status":"voided"`},
		},
	})
}

// storeLedgerPosting stores the DA example (rules/examples/form/DA.json) as
// finance01 and returns its number.
func storeLedgerPosting(t *testing.T, api *testAPI) string {
	t.Helper()
	body := exampleDocument(t, "DA.json")
	res := api.request(t, "POST", "/api/galaxyform/yx/gl/head/create?action=new", body, api.as(t, "finance01"))
	if res.status != 200 {
		t.Fatalf("storing a ledger posting: HTTP %d %s", res.status, clip(res.body))
	}
	id, _ := valueAt(res.data(t), "head", "businessId")
	return id.(string)
}

func TestTemporarySave(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:            "a temporary save stores a draft that fails its pre-save checks",
			method:          "POST",
			url:             createClaim + "&tempSave=1",
			body:            travelClaim(without("head.description"), with("lineList[0].costType", "")),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"status":"draft"`},
			storedDocuments: 1,
		},
		{
			name:            "a temporary save still refuses a malformed value, and stores nothing",
			method:          "POST",
			url:             createClaim + "&tempSave=1",
			body:            travelClaim(without("head.description"), with("lineList[0].amount", "12.345")),
			expectedStatus:  422,
			expectedCode:    "ECHECK",
			findingsInclude: []finding{{Path: "lineList[0].amount", Rule: "precision", Severity: "error"}},
			notExpectedContent: []string{
				`"path":"head.description"`,
			},
		},
		{
			name:   "a temporary save of a stored draft keeps it a draft",
			before: storeOne,
			method: "PUT",
			url:    updateClaim + "&tempSave=1",
			body: travelClaim(with("head.businessId", "{businessId}"), with("head.version", 1),
				without("head.description")),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"version":2`, `"status":"draft"`},
		},
		{
			name:            "tempSave must be 1 or 0",
			method:          "POST",
			url:             createClaim + "&tempSave=yes",
			body:            travelClaim(),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"tempSave must be 1 or 0"},
		},
	})
}

func TestHistoryActionsPerUser(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		draft := storeTravelClaim(t, api)
		actions := func(as, id string) string {
			res := api.request(t, "GET", historyURL+id, "", api.as(t, as))
			var h history
			mustJSON(t, res.envelope.Data, &h)
			return strings.Join(h.Actions, ",")
		}
		for _, tt := range []struct{ as, id, want string }{
			{"employee01", draft, "save,tempSave,submit,void,print"},
			{"finance01", draft, "void,print"},
			{"admin", draft, "save,tempSave,submit,void,print"},
		} {
			if got := actions(tt.as, tt.id); got != tt.want {
				t.Errorf("%s on a draft: %s, want %s", tt.as, got, tt.want)
			}
		}
		id := submittedClaim(t, api)
		for _, tt := range []struct{ as, want string }{
			{"employee01", "recall,print"}, // its owner, while nobody decided
			{"manager01", "approve,reject,addSign,supplement,print"},
			{"finance01", "print"},
		} {
			if got := actions(tt.as, id); got != tt.want {
				t.Errorf("%s on a claim in approval: %s, want %s", tt.as, got, tt.want)
			}
		}
		if res := api.request(t, "GET", historyURL, "", nil); res.status != 400 {
			t.Errorf("history without businessId: HTTP %d", res.status)
		}
	})
}

func mustValue(t *testing.T, v any, keys ...any) any {
	t.Helper()
	got, ok := valueAt(v, keys...)
	if !ok {
		t.Fatalf("%v is absent", keys)
	}
	return got
}

func mustInt(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatalf("%q is no number", s)
	}
	return n
}
