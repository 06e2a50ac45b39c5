package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Advances kept by the server (issue 12 item 4), on both databases: a loan
// approved, written off in part by a claim (the write-off held on submit,
// booked on approval), a rejected claim giving its hold back, a repayment
// closing the loan; a write-off above the outstanding amount refused at its
// row; parallel write-offs never beyond the loan.

const advancesURL = "/api/formwork/advances"

// approvedLoan files employee01's EX04 loan of amount and has it approved.
func approvedLoan(t *testing.T, api *testAPI, amount string) string {
	t.Helper()
	id := createDocument(t, api, seedDocument("EX04-advance.json", with("head.amount", json.Number(amount)),
		with("paymentList[0].paymentAmount", json.Number(amount))))
	mustSubmit(t, api, id, "employee01")
	mustDecide(t, api, id, "manager01", "approve", "")
	mustDecide(t, api, id, "finance01", "approve", "")
	return id
}

// createDocument creates a document as employee01, which must work.
func createDocument(t *testing.T, api *testAPI, body string) string {
	t.Helper()
	res := api.request(t, "POST", createClaim, body, nil)
	if res.status != 200 {
		t.Fatalf("create: HTTP %d: %s", res.status, clip(res.body))
	}
	return fmt.Sprint(mustValue(t, res.data(t), "head", "businessId"))
}

// writeOff is the travel claim writing amount off loan: one charge line of
// that amount and no payment, so that nothing is left to pay (restAmount 0).
func writeOff(loan, amount string) string {
	oneLine := func(doc map[string]any) {
		row := doc["lineList"].([]any)[0].(map[string]any)
		row["amount"] = json.Number(amount)
		doc["lineList"], doc["paymentList"] = []any{row}, []any{}
	}
	return travelClaim(oneLine, with("outStandList", []any{map[string]any{"advBusinessId": loan, "verAmount": json.Number(amount),
		"outstandAmount": json.Number("99999"), "verifiedAmount": json.Number("1")}}),
		with("head.outstandAmount", json.Number("1")), with("head.verifiedAmount", json.Number("77")))
}

// advanceOf is the advance as the list answers it.
func advanceOf(t *testing.T, api *testAPI, id string) map[string]any {
	t.Helper()
	res := api.request(t, "GET", advancesURL, "", nil)
	if res.status != 200 {
		t.Fatalf("advances: HTTP %d: %s", res.status, clip(res.body))
	}
	for _, a := range res.data(t).([]any) {
		if m := a.(map[string]any); m["businessId"] == id {
			return m
		}
	}
	t.Fatalf("no advance %s in %s", id, clip(res.body))
	return nil
}

// amounts are an advance's amounts as text: paidOut writtenOff repaid held outstanding status.
func amounts(a map[string]any) string {
	return fmt.Sprintf("%v %v %v %v %v %v", a["paidOut"], a["writtenOff"], a["repaid"], a["held"], a["outstanding"], a["status"])
}

func TestAdvanceLifecycle(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		loan := approvedLoan(t, api, "5000.00")
		if got := amounts(advanceOf(t, api, loan)); got != "5000.00 0.00 0.00 0.00 5000.00 open" {
			t.Fatalf("approved loan: %s", got)
		}

		// above the outstanding amount: 422 at the row's amount, nothing stored
		res := api.request(t, "POST", createClaim, writeOff(loan, "5000.01"), nil)
		if res.status != 422 || !strings.Contains(res.body, `"outStandList[0].verAmount"`) || !strings.Contains(res.body, "5000.00") {
			t.Fatalf("write-off above the loan: HTTP %d: %s", res.status, clip(res.body))
		}
		// an unknown advance: 422 at the row's number
		res = api.request(t, "POST", createClaim, writeOff("EX04209901010001", "10"), nil)
		if res.status != 422 || !strings.Contains(res.body, `"outStandList[0].advBusinessId"`) {
			t.Fatalf("unknown advance: HTTP %d: %s", res.status, clip(res.body))
		}

		// a claim writes 2000 off: the server's outstanding and verified amounts, not the client's
		claim := createDocument(t, api, writeOff(loan, "2000"))
		doc := loadDocument(t, api, claim)
		if o, v, row := mustValue(t, doc, "head", "outstandAmount"), mustValue(t, doc, "head", "verifiedAmount"),
			mustValue(t, doc, "outStandList", 0, "outstandAmount"); fmt.Sprintf("%v %v %v", o, v, row) != "5000.00 2000.00 5000.00" {
			t.Fatalf("derived amounts: outstand %v verified %v row %v", o, v, row)
		}
		mustSubmit(t, api, claim, "employee01")
		if got := amounts(advanceOf(t, api, loan)); got != "5000.00 0.00 0.00 2000.00 3000.00 open" {
			t.Fatalf("claim submitted: %s", got)
		}
		mustDecide(t, api, claim, "manager01", "approve", "")
		mustDecide(t, api, claim, "finance01", "approve", "")
		if got := amounts(advanceOf(t, api, loan)); got != "5000.00 2000.00 0.00 0.00 3000.00 open" {
			t.Fatalf("claim approved: %s", got)
		}

		// a second claim is rejected: what it held comes back
		second := createDocument(t, api, writeOff(loan, "3000"))
		third := createDocument(t, api, writeOff(loan, "0.01")) // saved while nothing else holds the loan
		mustSubmit(t, api, second, "employee01")
		if got := amounts(advanceOf(t, api, loan)); got != "5000.00 2000.00 0.00 3000.00 0.00 open" {
			t.Fatalf("second claim submitted: %s", got)
		}
		// the third one finds nothing left to write off: its submit is refused at the row
		if res := submit(t, api, third, "employee01"); res.status != 422 || !strings.Contains(res.body, `"outStandList[0].verAmount"`) {
			t.Fatalf("write-off beyond what others hold: HTTP %d: %s", res.status, clip(res.body))
		}
		mustDecide(t, api, second, "manager01", "reject", "金额有误")
		if got := amounts(advanceOf(t, api, loan)); got != "5000.00 2000.00 0.00 0.00 3000.00 open" {
			t.Fatalf("second claim rejected: %s", got)
		}

		// the repayment must equal its receipt, and closes the loan
		repay := func(amount, receipt string) string {
			return repayment(with("head.amount", json.Number(amount)), with("recipt.amount", json.Number(receipt)),
				with("outStandList", []any{map[string]any{"advBusinessId": loan, "verAmount": json.Number(amount)}}))
		}
		res = api.request(t, "POST", createClaim, repay("3000", "2900"), nil)
		if res.status != 422 || !strings.Contains(res.body, "ex05.repayment-equals-receipt") {
			t.Fatalf("repayment unlike its receipt: HTTP %d: %s", res.status, clip(res.body))
		}
		back := createDocument(t, api, repay("3000", "3000"))
		mustSubmit(t, api, back, "employee01")
		mustDecide(t, api, back, "manager01", "approve", "")
		mustDecide(t, api, back, "finance01", "approve", "")
		if got := amounts(advanceOf(t, api, loan)); got != "5000.00 2000.00 3000.00 0.00 0.00 closed" {
			t.Fatalf("repaid: %s", got)
		}

		// the movements, oldest first
		res = api.request(t, "GET", advancesURL+"/"+loan+"/movements", "", nil)
		var actions []string
		for _, m := range mustValue(t, res.data(t), "movements").([]any) {
			m := m.(map[string]any)
			actions = append(actions, fmt.Sprint(m["action"], ":", m["amount"]))
		}
		if got := strings.Join(actions, " "); got != "create:5000.00 hold:2000.00 writeOff:2000.00 hold:3000.00 release:3000.00 hold:3000.00 repay:3000.00" {
			t.Fatalf("movements: %s", got)
		}
		if res := api.request(t, "GET", advancesURL+"/"+loan+"/movements", "", api.as(t, "manager01")); res.status != 404 {
			t.Fatalf("someone else's advance: HTTP %d", res.status)
		}
		if res := api.request(t, "GET", advancesURL+"?kind=loan&status=closed", "", nil); !strings.Contains(res.body, loan) {
			t.Fatalf("closed loans: %s", clip(res.body))
		}
	})
}

// TestAdvanceParallelWriteOffs: claims of 1000 each against a loan of 3500
// submitted and approved at once: three get through, the others are
// refused at their row, and the loan is never written off beyond 3500.
func TestAdvanceParallelWriteOffs(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		loan := approvedLoan(t, api, "3500.00")
		const n = 6
		claims := make([]string, n)
		for i := range claims {
			claims[i] = createDocument(t, api, writeOff(loan, "1000"))
		}
		var wg sync.WaitGroup
		statuses := make([]int, n)
		for i, id := range claims {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = submit(t, api, id, "employee01").status
			}()
		}
		wg.Wait()
		passed := 0
		for i, st := range statuses {
			switch st {
			case 200:
				passed++
				mustDecide(t, api, claims[i], "manager01", "approve", "")
				mustDecide(t, api, claims[i], "finance01", "approve", "")
			case 422:
			default:
				t.Fatalf("submit %s: HTTP %d", claims[i], st)
			}
		}
		if got := amounts(advanceOf(t, api, loan)); passed != 3 || got != "3500.00 3000.00 0.00 0.00 500.00 open" {
			t.Fatalf("%d claims got through; the loan: %s", passed, got)
		}
	})
}

// TestPreApplicationConsumedByClaim: a claim consuming 1000.00 of an
// approved pre-application (refAdvApplies) releases that much of the
// pre-application's occupied budget on its approval, once; the rest stays
// for releaseADVBudget, and no claim consumes more than is left.
func TestPreApplicationConsumedByClaim(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660205", "10000.00", "strong")
		pre := createDocument(t, api, seedDocument("EX01-training.json", with("head.department", "IT01"), with("head.costCenter", "1000IT01")))
		mustSubmit(t, api, pre, "employee01")
		mustDecide(t, api, pre, "manager01", "approve", "")
		mustDecide(t, api, pre, "finance01", "approve", "")
		if got := amounts(advanceOf(t, api, pre)); got != "3600.00 0.00 0.00 0.00 3600.00 open" {
			t.Fatalf("approved pre-application: %s", got)
		}
		consume := func(amount string) string {
			return travelClaim(append(itClaim(), with("refAdvApplies", []any{map[string]any{"advBusinessId": pre, "verAmount": json.Number(amount)}}))...)
		}
		claim := createDocument(t, api, consume("1000"))
		if doc := loadDocument(t, api, claim); fmt.Sprint(mustValue(t, doc, "refAdvApplies", 0, "advApplyAmount")) != "3600.00" {
			t.Errorf("the pre-application's amount on the claim: %v", mustValue(t, doc, "refAdvApplies", 0, "advApplyAmount"))
		}
		mustSubmit(t, api, claim, "employee01")
		mustDecide(t, api, claim, "manager01", "approve", "")
		mustDecide(t, api, claim, "finance01", "approve", "")
		h := readHistory(t, api, pre)
		if len(h.Budget) != 1 || string(h.Budget[0].Occupied) != "2600.00" {
			t.Fatalf("the pre-application's budget after the claim: %+v", h.Budget)
		}
		if got := amounts(advanceOf(t, api, pre)); got != "3600.00 1000.00 0.00 0.00 2600.00 open" {
			t.Fatalf("consumed pre-application: %s", got)
		}
		if res := api.request(t, "POST", createClaim, consume("2600.01"), nil); res.status != 422 || !strings.Contains(res.body, `"refAdvApplies[0].verAmount"`) {
			t.Fatalf("consuming more than is left: HTTP %d: %s", res.status, clip(res.body))
		}
		if res := api.request(t, "GET", releaseADVURL+pre, "", nil); res.status != 200 || !strings.Contains(res.body, `"released":2600.00`) {
			t.Fatalf("releasing the rest: HTTP %d: %s", res.status, clip(res.body))
		}
	})
}
