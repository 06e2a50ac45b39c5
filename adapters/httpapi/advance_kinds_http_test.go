package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The advance kinds of schemas/_advances.yaml beyond the EX04 loan and the
// EX01 pre-application (advances_http_test.go), on both databases: an AA
// prepayment kept per line, an AX withholding kept per line and reversed
// by AY, an AK loan, the travel edition's B01 loan. Each: approved, the
// advance is created; a referring document holds on submit and books on
// approval; a rejection gives back what it held.

// createAs creates a document as username, which must work.
func createAs(t *testing.T, api *testAPI, username, body string) string {
	t.Helper()
	res := api.request(t, "POST", createClaim, body, api.as(t, username))
	if res.status != 200 {
		t.Fatalf("create as %s: HTTP %d: %s", username, res.status, clip(res.body))
	}
	return fmt.Sprint(mustValue(t, res.data(t), "head", "businessId"))
}

// approveAll has every open task of a submitted document approved by its
// assignee until the document is approved.
func approveAll(t *testing.T, api *testAPI, id string) {
	t.Helper()
	for range 5 {
		if statusOf(t, api, id) != "inApproval" {
			break
		}
		_, assignee := openTaskOf(t, api, id)
		mustDecide(t, api, id, assignee, "approve", "")
	}
	if got := statusOf(t, api, id); got != "approved" {
		t.Fatalf("%s: %s, not approved", id, got)
	}
}

// rejectFirst has the first approver of a submitted document reject it.
func rejectFirst(t *testing.T, api *testAPI, id string) {
	t.Helper()
	_, assignee := openTaskOf(t, api, id)
	mustDecide(t, api, id, assignee, "reject", "退回")
}

// advanceLines are the lines of a document's advances as the movements
// call answers them ("item:paidOut/held/outstanding"), or the advance
// itself when it is kept per document.
func advanceLines(t *testing.T, api *testAPI, username, id string) string {
	t.Helper()
	res := api.request(t, "GET", advancesURL+"/"+id+"/movements", "", api.as(t, username))
	if res.status != 200 {
		t.Fatalf("movements of %s: HTTP %d: %s", id, res.status, clip(res.body))
	}
	data := res.data(t).(map[string]any)
	lines, _ := data["lines"].([]any)
	if len(lines) == 0 {
		lines = []any{data["advance"]}
	}
	var out []string
	for _, l := range lines {
		a := l.(map[string]any)
		out = append(out, fmt.Sprintf("%v:%v/%v/%v", a["item"], a["paidOut"], a["held"], a["outstanding"]))
	}
	return strings.Join(out, " ")
}

// twoPrepayments is the AA example with two prepayment lines, 3000 and
// 2000.
func twoPrepayments() string {
	return exampleWith("AA.json", func(doc map[string]any) {
		row := doc["paymentList"].([]any)[0].(map[string]any)
		second := map[string]any{}
		for k, v := range row {
			second[k] = v
		}
		row["prepayAmount"], row["paymentAmount"] = json.Number("3000"), json.Number("3000")
		second["prepayAmount"], second["paymentAmount"] = json.Number("2000"), json.Number("2000")
		doc["paymentList"] = []any{row, second}
	})
}

// claimWritingOff is the travel claim writing amount off line item of
// advance id (item "" names no line).
func claimWritingOff(id, item, amount string) string {
	ref := map[string]any{"advBusinessId": id, "verAmount": json.Number(amount)}
	if item != "" {
		ref["advBusinessItem"] = item
	}
	oneLine := func(doc map[string]any) {
		row := doc["lineList"].([]any)[0].(map[string]any)
		row["amount"] = json.Number(amount)
		doc["lineList"], doc["paymentList"] = []any{row}, []any{}
	}
	return travelClaim(oneLine, with("outStandList", []any{ref}))
}

func TestPrepaymentKeptPerLine(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		aa := createDocument(t, api, twoPrepayments())
		mustSubmit(t, api, aa, "employee01")
		approveAll(t, api, aa)
		if got := advanceLines(t, api, "employee01", aa); got != "1:3000.00/0.00/3000.00 2:2000.00/0.00/2000.00" {
			t.Fatalf("approved prepayment: %s", got)
		}

		// a prepayment of two lines: the claim must name the line, and an existing one
		for item, want := range map[string]string{"": "advances.lineRequired", "3": "advances.unknownLine"} {
			res := api.request(t, "POST", createClaim, claimWritingOff(aa, item, "100"), nil)
			if res.status != 422 || !strings.Contains(res.body, `"outStandList[0].advBusinessItem"`) || !strings.Contains(res.body, want) {
				t.Fatalf("line %q: HTTP %d: %s", item, res.status, clip(res.body))
			}
		}
		// the second line has 2000: 2000.01 is refused at the row
		if res := api.request(t, "POST", createClaim, claimWritingOff(aa, "2", "2000.01"), nil); res.status != 422 ||
			!strings.Contains(res.body, `"outStandList[0].verAmount"`) || !strings.Contains(res.body, "2000.00") {
			t.Fatalf("above the line: HTTP %d: %s", res.status, clip(res.body))
		}

		claim := createDocument(t, api, claimWritingOff(aa, "2", "1500"))
		if doc := loadDocument(t, api, claim); fmt.Sprint(mustValue(t, doc, "outStandList", 0, "outstandAmount")) != "2000.00" {
			t.Fatalf("the line's outstanding amount on the claim: %v", mustValue(t, doc, "outStandList", 0, "outstandAmount"))
		}
		mustSubmit(t, api, claim, "employee01")
		if got := advanceLines(t, api, "employee01", aa); got != "1:3000.00/0.00/3000.00 2:2000.00/1500.00/500.00" {
			t.Fatalf("claim submitted: %s", got)
		}
		rejectFirst(t, api, claim)
		if got := advanceLines(t, api, "employee01", aa); got != "1:3000.00/0.00/3000.00 2:2000.00/0.00/2000.00" {
			t.Fatalf("claim rejected: %s", got)
		}
		mustSubmit(t, api, claim, "employee01")
		approveAll(t, api, claim)
		// the list shows each line
		var listed []string
		for _, a := range api.request(t, "GET", advancesURL+"?kind=prepayment", "", nil).data(t).([]any) {
			if a := a.(map[string]any); a["businessId"] == aa {
				listed = append(listed, fmt.Sprint(a["item"], " ", amounts(a)))
			}
		}
		if got := strings.Join(listed, "; "); got != "1 3000.00 0.00 0.00 0.00 3000.00 open; 2 2000.00 1500.00 0.00 0.00 500.00 open" {
			t.Fatalf("claim approved, the list: %s", got)
		}
		if got := advanceLines(t, api, "employee01", aa); got != "1:3000.00/0.00/3000.00 2:2000.00/0.00/500.00" {
			t.Fatalf("claim approved: %s", got)
		}
	})
}

func TestWithholdingReversedByAY(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		ax := createDocument(t, api, exampleWith("AX.json", func(doc map[string]any) {
			row := doc["accruedList"].([]any)[0].(map[string]any)
			second := map[string]any{}
			for k, v := range row {
				second[k] = v
			}
			row["amount"], second["amount"], second["accrualPeriod"] = json.Number("4000"), json.Number("1000"), "2026-12"
			doc["accruedList"] = []any{row, second}
		}))
		mustSubmit(t, api, ax, "employee01")
		approveAll(t, api, ax)
		if got := advanceLines(t, api, "employee01", ax); got != "1:4000.00/0.00/4000.00 2:1000.00/0.00/1000.00" {
			t.Fatalf("approved withholding: %s", got)
		}
		reversal := func(item, amount string) string {
			return exampleWith("AY.json", with("withHoldRefs", []any{map[string]any{"withholdBusinessId": ax, "withholdItem": item, "amount": json.Number(amount)}}))
		}
		if res := api.request(t, "POST", createClaim, reversal("1", "4000.01"), nil); res.status != 422 || !strings.Contains(res.body, `"withHoldRefs[0].amount"`) {
			t.Fatalf("reversing more than the line: HTTP %d: %s", res.status, clip(res.body))
		}
		ay := createDocument(t, api, reversal("1", "2500"))
		if doc := loadDocument(t, api, ay); fmt.Sprint(mustValue(t, doc, "withHoldRefs", 0, "restWithholdAmount"), " ", mustValue(t, doc, "withHoldRefs", 0, "withholdAmount")) != "4000.00 4000.00" {
			t.Fatalf("the line's amounts on the reversal: %v", mustValue(t, doc, "withHoldRefs", 0))
		}
		mustSubmit(t, api, ay, "employee01")
		if got := advanceLines(t, api, "employee01", ax); got != "1:4000.00/2500.00/1500.00 2:1000.00/0.00/1000.00" {
			t.Fatalf("reversal submitted: %s", got)
		}
		rejectFirst(t, api, ay)
		if got := advanceLines(t, api, "employee01", ax); got != "1:4000.00/0.00/4000.00 2:1000.00/0.00/1000.00" {
			t.Fatalf("reversal rejected: %s", got)
		}
		mustSubmit(t, api, ay, "employee01")
		approveAll(t, api, ay)
		if got := advanceLines(t, api, "employee01", ax); got != "1:4000.00/0.00/1500.00 2:1000.00/0.00/1000.00" {
			t.Fatalf("reversal approved: %s", got)
		}
		res := api.request(t, "GET", advancesURL+"/"+ax+"/movements", "", nil)
		if !strings.Contains(res.body, `"action":"return"`) || !strings.Contains(res.body, `"item":"1"`) {
			t.Fatalf("movements: %s", clip(res.body))
		}
	})
}

func TestCommissionLoanAK(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		ak := createDocument(t, api, exampleWith("AK.json"))
		mustSubmit(t, api, ak, "employee01")
		approveAll(t, api, ak)
		if got := advanceLines(t, api, "employee01", ak); got != "<nil>:2500.00/0.00/2500.00" {
			t.Fatalf("approved AK: %s", got)
		}
		claim := createDocument(t, api, claimWritingOff(ak, "", "1000"))
		mustSubmit(t, api, claim, "employee01")
		if got := amounts(advanceOf(t, api, ak)); got != "2500.00 0.00 0.00 1000.00 1500.00 open" {
			t.Fatalf("claim submitted: %s", got)
		}
		rejectFirst(t, api, claim)
		if got := amounts(advanceOf(t, api, ak)); got != "2500.00 0.00 0.00 0.00 2500.00 open" {
			t.Fatalf("claim rejected: %s", got)
		}
		mustSubmit(t, api, claim, "employee01")
		approveAll(t, api, claim)
		if got := amounts(advanceOf(t, api, ak)); got != "2500.00 1000.00 0.00 0.00 1500.00 open" {
			t.Fatalf("claim approved: %s", got)
		}
	})
}

// TestTravelLoanB01: the travel edition's B01 (company 2000) is a loan of
// its applicant; a claim of that company (the form edition's EX03, which
// the travel edition lacks) writes it off.
func TestTravelLoanB01(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		const who = "hezhiqiang"
		travelUser(t, api, who)
		b01 := createAs(t, api, who, editedDocument("../../rules/examples/travel/B01.json"))
		mustSubmit(t, api, b01, who)
		approveAll(t, api, b01)
		if got := advanceLines(t, api, who, b01); got != "<nil>:3000.00/0.00/3000.00" {
			t.Fatalf("approved B01: %s", got)
		}
		claim := createAs(t, api, who, exampleWith("EX03.json", func(doc map[string]any) {
			for path, v := range map[string]any{"head.companyCode": "2000", "head.sob": "2000", "head.department": "HD-FIN01",
				"head.costCenter": "2000FIN01", "head.applicant": who, "lineList[0].amount": json.Number("1400")} {
				setAt(doc, path, v, false)
			}
			setAt(doc, "head.vendor", nil, true)
			setAt(doc, "head.contractNo", nil, true)
			setAt(doc, "lineList[0].contractNo", nil, true)
			doc["paymentList"] = []any{map[string]any{"vendor": "E00014", "vendorTxt": "何志强", "accountName": "何志强",
				"paymentAmount": json.Number("200"), "paymentMethod": "1", "isPublic": "N"}}
			doc["outStandList"] = []any{map[string]any{"advBusinessId": b01, "verAmount": json.Number("1200")}}
		}))
		budget := fmt.Sprintf(`{"companyCode":"2000","department":"HD-FIN01","budgetAccount":"660206","period":%q,"amount":10000,"control":"strong"}`, thisMonth())
		if res := api.request(t, "POST", saveBudgetURL, budget, api.as(t, "admin")); res.status != 200 {
			t.Fatalf("set budget: HTTP %d: %s", res.status, clip(res.body))
		}
		mustSubmit(t, api, claim, who)
		if got := advanceLines(t, api, who, b01); got != "<nil>:3000.00/1200.00/1800.00" {
			t.Fatalf("claim submitted: %s", got)
		}
		rejectFirst(t, api, claim)
		if got := advanceLines(t, api, who, b01); got != "<nil>:3000.00/0.00/3000.00" {
			t.Fatalf("claim rejected: %s", got)
		}
		mustSubmit(t, api, claim, who)
		approveAll(t, api, claim)
		res := api.request(t, "GET", advancesURL+"/"+b01+"/movements", "", api.as(t, who))
		if a := mustValue(t, res.data(t), "advance").(map[string]any); fmt.Sprint(a["writtenOff"], " ", a["outstanding"], " ", a["kind"]) != "1200.00 1800.00 loan" {
			t.Fatalf("claim approved: %v", a)
		}
		// someone else's loan: employee01 may not write it off
		if res := api.request(t, "POST", createClaim, claimWritingOff(b01, "", "10"), nil); res.status != 422 || !strings.Contains(res.body, "advances.notYours") {
			t.Fatalf("another's loan: HTTP %d: %s", res.status, clip(res.body))
		}
	})
}

// travelUser makes the employee username of company 2000 (the travel
// edition's; seeds/masterdata/employees.yaml) a user, signed in.
func travelUser(t *testing.T, api *testAPI, username string) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"username": username, "empName": username, "empId": "E00014", "compId": "2000",
		"deptId": "HD-FIN01", "costCenter": "2000FIN01", "companies": []string{"2000"}, "roles": []string{"employee"}, "email": username + "@formwork.example"})
	if res := api.request(t, "POST", adminUsersURL, string(body), api.as(t, "admin")); res.status != 201 {
		t.Fatalf("create user %s: HTTP %d: %s", username, res.status, clip(res.body))
	}
	if res := api.request(t, "POST", adminUsersURL+"/"+username+"/password", passwords("Travel2026", "Travel2026"), api.as(t, "admin")); res.status != 200 {
		t.Fatalf("password of %s: HTTP %d: %s", username, res.status, clip(res.body))
	}
	token, code, msg := signIn(t, api, username, "Travel2026")
	if token == "" {
		t.Fatalf("sign in as %s: %s %s", username, code, msg)
	}
	api.mu.Lock()
	api.tokens[username] = token
	api.mu.Unlock()
}
