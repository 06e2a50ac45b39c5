package httpapi_test

import (
	"encoding/json"
	"fmt"
	"formwork/masterdata/workbook/workbooktest"
	"strings"
	"testing"
)

// Payments (issue 13 item 1), on both databases: an approved claim's
// payment line is pending; finance records it failed with the bank's
// message, corrects the account, re-sends it and marks it paid; each
// refusal (not approved yet, not finance, unknown line, already paid,
// failed, stale version) is a 4xx naming the field; the employee sees the
// state with the account masked, finance whole. The payment import is all
// or nothing. Contracts (item 4): an approved HT creates the contract, an
// approved payment against it moves its paid and unpaid amounts when its
// line is paid (not on approval); the contract finance authorisation
// (HT3-2) decides which finance staff pay against a company's contracts.

const (
	boeURL        = "/api/galaxypayment/api/boe/get"
	formAPURL     = "/api/galaxypayment/api/form-ap/get"
	paymentsURL   = "/api/formwork/payments"
	paidURL       = "/api/formwork/payments/paid"
	paidFailURL   = "/api/galaxyform/paidFail/createDetail"
	paidFixURL    = "/api/galaxyform/paidFail/modifyDetail"
	accountNewURL = "/api/galaxyform/account/createAccountDetail"
	accountFixURL = "/api/galaxyform/account/modifyAccountDetail"
	paymentImport = "/api/formwork/payments/import"
	contractsURL  = "/api/galaxyform/contract/queryContractHead"
	taxSignsURL   = "/api/formwork/tax/orderSigns"
)

// The route walk's calls of the payments' routes, on a fresh draft claim
// of employee01's: its state for who may read it; finance's moves refused
// as the claim is not approved yet (409), for everyone else not finance.
func init() {
	move := `{"businessId":"{businessId}","item":1,"version":1,"bankRef":"B","bankMessage":"m","account":"6214830212345678"}`
	finance := [5]int{401, 403, 403, 409, 409}
	for k, v := range map[string]routeCall{
		"POST " + boeURL:        {"signed in", boeURL, `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 200, 200}},
		"POST " + formAPURL:     {"signed in", formAPURL, `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 200, 200}},
		"GET " + paymentsURL:    {"menu paymentStateView|myPayment|CW00003", paymentsURL + "?scope=mine", "", [5]int{401, 200, 200, 200, 200}},
		"POST " + paidURL:       {"menu CW00003", paidURL, move, finance},
		"POST " + paidFailURL:   {"menu CW00003", paidFailURL, move, finance},
		"POST " + paidFixURL:    {"menu CW00003", paidFixURL, move, finance},
		"POST " + accountNewURL: {"menu CW00003", accountNewURL, move, finance},
		"POST " + accountFixURL: {"menu CW00003", accountFixURL, move, finance},
		"POST " + paymentImport: {"menu CW00003", paymentImport, `{}`, [5]int{401, 403, 403, 400, 400}},
		"POST " + contractsURL:  {"signed in", contractsURL, `{"page":1,"size":999}`, [5]int{401, 200, 200, 200, 200}},
		"GET " + taxSignsURL:    {"signed in", taxSignsURL, "", [5]int{401, 200, 200, 200, 200}},
	} {
		routeWalk[k] = v
	}
}

// approvedClaim is employee01's travel claim, approved by manager01 and
// finance01: one payment line of 2458.50 to account 6214830212345678.
func approvedClaim(t *testing.T, api *testAPI, edits ...docEdit) string {
	t.Helper()
	id := submittedClaim(t, api, edits...)
	mustDecide(t, api, id, "manager01", "approve", "")
	mustDecide(t, api, id, "finance01", "approve", "")
	return id
}

// paymentCall posts body to url as who and expects status; on a refusal
// the answer names path (data.findings[0].path).
func paymentCall(t *testing.T, api *testAPI, who, url, body string, status int, path string) *apiResponse {
	t.Helper()
	res := api.request(t, "POST", url, body, api.as(t, who))
	if res.status != status {
		t.Fatalf("POST %s as %s: HTTP %d, want %d: %s", url, who, res.status, status, clip(res.body))
	}
	if path != "" {
		if got := fmt.Sprint(mustValue(t, res.data(t), "findings", 0, "path")); got != path {
			t.Fatalf("POST %s as %s: refusal names %s, want %s: %s", url, who, got, path, clip(res.body))
		}
	}
	return res
}

// line is the document's payment line 1 as who reads it (boe/get).
func line(t *testing.T, api *testAPI, who, id string) map[string]any {
	t.Helper()
	res := paymentCall(t, api, who, boeURL, `{"businessId":"`+id+`"}`, 200, "")
	return mustValue(t, res.data(t), "lines", 0).(map[string]any)
}

func change(id string, version int, more string) string {
	return fmt.Sprintf(`{"businessId":%q,"item":1,"version":%d%s}`, id, version, more)
}

func TestPaymentLifecycle(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		inApproval := submittedClaim(t, api)
		paymentCall(t, api, "finance01", paidURL, change(inApproval, 1, `,"bankRef":"B1"`), 409, "businessId")
		st := paymentCall(t, api, "employee01", boeURL, `{"businessId":"`+inApproval+`"}`, 200, "").data(t)
		if mustValue(t, st, "payable") != false || len(mustValue(t, st, "lines").([]any)) != 0 {
			t.Fatalf("a claim in approval is not payable: %v", st)
		}

		id := approvedClaim(t, api)
		l := line(t, api, "employee01", id)
		if l["status"] != "pending" || l["account"] != "6214********5678" || fmt.Sprint(l["amount"]) != "2458.50" || fmt.Sprint(l["version"]) != "1" {
			t.Fatalf("approved claim's line as the employee sees it: %v", l)
		}
		if l := line(t, api, "finance01", id); l["account"] != "6214830212345678" {
			t.Fatalf("finance sees the account whole: %v", l)
		}
		paymentCall(t, api, "manager01", boeURL, `{"businessId":"`+id+`"}`, 200, "") // an approver who decided reads it
		paymentCall(t, api, "employee01", formAPURL, `{"businessId":"NOPE-1"}`, 404, "businessId")

		// refusals: not finance, unknown line or document, stale version, a missing message
		paymentCall(t, api, "employee01", paidURL, change(id, 1, `,"bankRef":"B1"`), 403, "")
		paymentCall(t, api, "finance01", paidURL, `{"businessId":"`+id+`","item":9,"version":1,"bankRef":"B1"}`, 404, "item")
		paymentCall(t, api, "finance01", paidURL, change("EX02-NONE", 1, `,"bankRef":"B1"`), 404, "businessId")
		paymentCall(t, api, "finance01", paidURL, change(id, 7, `,"bankRef":"B1"`), 409, "version")
		paymentCall(t, api, "finance01", paidFailURL, change(id, 1, `,"bankMessage":"  "`), 400, "bankMessage")

		// failed, corrected, re-sent, paid
		failed := paymentCall(t, api, "finance01", paidFailURL, change(id, 1, `,"bankMessage":"户名与账号不符"`), 200, "").data(t)
		if mustValue(t, failed, "status") != "failed" || mustValue(t, failed, "bankMessage") != "户名与账号不符" {
			t.Fatalf("failed: %v", failed)
		}
		paymentCall(t, api, "finance01", paidURL, change(id, 2, `,"bankRef":"B1"`), 409, "status")
		paymentCall(t, api, "finance01", accountNewURL, change(id, 2, `,"account":"6214830299998888"`), 409, "account")
		paymentCall(t, api, "finance01", accountFixURL, change(id, 2, `,"account":"6214-83x"`), 400, "account")
		fixed := paymentCall(t, api, "finance01", accountFixURL, change(id, 2, `,"account":"6214 8302 9999 8888","accountName":"张三"`), 200, "").data(t)
		if mustValue(t, fixed, "account") != "6214830299998888" || fmt.Sprint(mustValue(t, fixed, "version")) != "3" {
			t.Fatalf("corrected account: %v", fixed)
		}
		if l := line(t, api, "employee01", id); l["status"] != "failed" || l["bankMessage"] != "户名与账号不符" || l["account"] != "6214********8888" {
			t.Fatalf("the employee sees the failure and the new account masked: %v", l)
		}
		resent := paymentCall(t, api, "finance01", paidFixURL, change(id, 3, `,"resend":true`), 200, "").data(t)
		if mustValue(t, resent, "status") != "pending" {
			t.Fatalf("re-sent: %v", resent)
		}
		paymentCall(t, api, "finance01", paidFixURL, change(id, 4, `,"bankMessage":"x"`), 409, "status")
		paid := paymentCall(t, api, "finance01", paidURL, change(id, 4, `,"bankRef":"B2026112400001"`), 200, "").data(t)
		if mustValue(t, paid, "status") != "paid" || mustValue(t, paid, "bankRef") != "B2026112400001" {
			t.Fatalf("paid: %v", paid)
		}
		paymentCall(t, api, "finance01", paidURL, change(id, 5, `,"bankRef":"B3"`), 409, "status")
		paymentCall(t, api, "finance01", paidFailURL, change(id, 5, `,"bankMessage":"x"`), 409, "status")
		paymentCall(t, api, "finance01", accountNewURL, change(id, 5, `,"account":"1"`), 409, "status")

		st = paymentCall(t, api, "employee01", boeURL, `{"businessId":"`+id+`"}`, 200, "").data(t)
		if mustValue(t, st, "paymentStatus") != "paid" || len(mustValue(t, st, "events").([]any)) != 5 {
			t.Fatalf("state after payment: %v", st)
		}

		// the lists: mine masked, finance's whole; the employee has no finance list
		res := api.request(t, "GET", paymentsURL+"?scope=mine&status=paid", "", nil)
		if res.status != 200 || !strings.Contains(res.body, "6214********8888") || strings.Contains(res.body, "6214830299998888") {
			t.Fatalf("my payments: HTTP %d %s", res.status, clip(res.body))
		}
		if res := api.request(t, "GET", paymentsURL+"?scope=finance", "", nil); res.status != 403 {
			t.Fatalf("the employee's finance list: HTTP %d", res.status)
		}
		if res := api.request(t, "GET", paymentsURL+"?scope=finance&status=paid", "", api.as(t, "finance01")); res.status != 200 ||
			!strings.Contains(res.body, `"account":"6214830299998888"`) {
			t.Fatalf("finance's list of paid lines: HTTP %d %s", res.status, clip(res.body))
		}
		if res := api.request(t, "GET", paymentsURL+"?scope=finance&status=pending", "", api.as(t, "finance01")); res.status != 200 ||
			strings.Contains(res.body, id) || strings.Contains(res.body, inApproval) {
			t.Fatalf("finance's pending list has neither the paid claim nor the one in approval: HTTP %d %s", res.status, clip(res.body))
		}

		// the approved document itself shows the employee the account masked
		doc := loadDocument(t, api, id)
		if acc := mustValue(t, doc, "paymentList", 0, "account"); acc != "6214********5678" {
			t.Fatalf("the approved claim's payment line as the employee loads it: %v", acc)
		}
	})
}

// paymentWorkbook writes the bank's results (header row then rows).
func paymentWorkbook(t *testing.T, rows ...[]any) []byte {
	t.Helper()
	return sheetOf(t, []any{"businessId", "item", "result", "bankRef", "bankMessage"}, rows...)
}

// sheetOf writes a workbook of a header row then rows.
func sheetOf(t *testing.T, header []any, rows ...[]any) []byte {
	t.Helper()
	return workbooktest.Rows(t, append([][]any{header}, rows...)...)
}

func TestPaymentImport(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		a, b := approvedClaim(t, api), approvedClaim(t, api)
		bad := paymentWorkbook(t, []any{a, 1, "paid", "B-A"}, []any{b, 2, "paid", "B-B"}, []any{a, 1, "failed", "", "x"}, []any{b, 1, "paid"})
		res := sendFile(t, api, "finance01", "POST", paymentImport, bad, xlsxType)
		checkEnvelope(t, res)
		if res.status != 422 {
			t.Fatalf("bad import: HTTP %d %s", res.status, clip(res.body))
		}
		var got []string
		for _, f := range mustValue(t, res.data(t), "findings").([]any) {
			got = append(got, fmt.Sprint(f.(map[string]any)["path"]))
		}
		if want := "rows[3].item rows[4].item rows[5].bankRef"; strings.Join(got, " ") != want {
			t.Fatalf("findings at %v, want %s", got, want)
		}
		if l := line(t, api, "finance01", a); l["status"] != "pending" {
			t.Fatalf("a refused import writes nothing: %v", l)
		}
		if res := sendFile(t, api, "employee01", "POST", paymentImport, bad, xlsxType); res.status != 403 {
			t.Fatalf("the employee imports: HTTP %d", res.status)
		}
		good := paymentWorkbook(t, []any{a, 1, "paid", "B-A"}, []any{b, "1", "failed", "", "账户已销户"})
		res = sendFile(t, api, "finance01", "POST", paymentImport, good, xlsxType)
		checkEnvelope(t, res)
		if res.status != 200 || fmt.Sprint(mustValue(t, res.data(t), "imported")) != "2" {
			t.Fatalf("good import: HTTP %d %s", res.status, clip(res.body))
		}
		if la, lb := line(t, api, "employee01", a), line(t, api, "employee01", b); la["status"] != "paid" || la["bankRef"] != "B-A" ||
			lb["status"] != "failed" || lb["bankMessage"] != "账户已销户" {
			t.Fatalf("imported: %v / %v", la, lb)
		}
		// the bank's own headers: the earlier Chinese titles, a column of its own left out; a missing column refused
		c := approvedClaim(t, api)
		res = sendFile(t, api, "finance01", "POST", paymentImport, sheetOf(t, []any{"交易日期", "单据号", "行号", "付款结果"}, []any{"2026-11-24", c, 1, "paid"}), xlsxType)
		if res.status != 422 || !strings.Contains(res.body, "rows[2].bankRef") {
			t.Fatalf("a paid row without the reference column: HTTP %d %s", res.status, clip(res.body))
		}
		res = sendFile(t, api, "finance01", "POST", paymentImport, sheetOf(t, []any{"单号", "行号", "银行流水号"}, []any{c, 1, "B-C"}), xlsxType)
		if res.status != 422 || !strings.Contains(res.body, "rows[1].result") {
			t.Fatalf("no result column: HTTP %d %s", res.status, clip(res.body))
		}
		res = sendFile(t, api, "finance01", "POST", paymentImport,
			sheetOf(t, []any{"交易日期", "单据号", "行号", "结果", "银行流水号"}, []any{"2026-11-24", c, 1, "paid", "B-C"}), xlsxType)
		if res.status != 200 || line(t, api, "employee01", c)["bankRef"] != "B-C" {
			t.Fatalf("an import with the bank's headers: HTTP %d %s", res.status, clip(res.body))
		}
	})
}

// contractOf is the contract no as queryContractHead answers it.
func contractOf(t *testing.T, api *testAPI, no string) map[string]any {
	t.Helper()
	res := paymentCall(t, api, "employee01", contractsURL, `{"page":1,"size":999}`, 200, "")
	for _, r := range mustValue(t, res.data(t), "rows").([]any) {
		if m := r.(map[string]any); m["contractNo"] == no {
			return m
		}
	}
	t.Fatalf("no contract %s in %s", no, clip(res.body))
	return nil
}

// approvedExample files rules/examples/form/<docType>.json of family as
// employee01 and has every task of its route approved by its assignee.
func approvedExample(t *testing.T, api *testAPI, family, docType string) string {
	t.Helper()
	res := api.request(t, "POST", "/api/galaxyform/yx/"+family+"/head/create?action=new", exampleDocument(t, docType+".json"), nil)
	if res.status != 200 {
		t.Fatalf("create %s: HTTP %d: %s", docType, res.status, clip(res.body))
	}
	id := fmt.Sprint(mustValue(t, res.data(t), "head", "businessId"))
	mustSubmit(t, api, id, "employee01")
	for i := 0; statusOf(t, api, id) == "inApproval" && i < 6; i++ {
		_, who := openTaskOf(t, api, id)
		mustDecide(t, api, id, who, "approve", "")
	}
	if s := statusOf(t, api, id); s != "approved" {
		t.Fatalf("%s %s is %s", docType, id, s)
	}
	return id
}

func TestContractPaidByApprovedPayment(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		ht := approvedExample(t, api, "ht", "HT")
		c := contractOf(t, api, "HT2026-CG-0158")
		if got := fmt.Sprintf("%v %v %v %v %v", c["contractId"], c["amount"], c["paidAmount"], c["unpaidAmount"], c["deleteFlag"]); got != ht+" 480000.00 0.00 480000.00 N" {
			t.Fatalf("the approved HT's contract: %s", got)
		}
		aa := approvedExample(t, api, "ap", "AA") // a prepayment of 38000.00 against it
		var rec mdRecord
		mdCall(t, api, "admin", "GET", recordURL("contract", "HT2026-CG-0158"), "", 200, &rec)
		if got := fmt.Sprintf("%v %v %v", rec.Body["paidAmount"], rec.Body["unpaidAmount"], rec.Body["contractType"]); got != "0 480000 H01" {
			t.Fatalf("approval pays nothing yet: paid, unpaid, type %s", got)
		}
		l := line(t, api, "finance01", aa)
		if got := fmt.Sprint(l["contracts"]); got != "[map[amount:38000.00 contractNo:HT2026-CG-0158]]" {
			t.Fatalf("the prepayment's line pays against the contract: %s", got)
		}
		// the bank refuses it: the contract stays unpaid
		paymentCall(t, api, "finance01", paidFailURL, change(aa, 1, `,"bankMessage":"账户冻结"`), 200, "")
		paymentCall(t, api, "finance01", paidFixURL, change(aa, 2, `,"resend":true`), 200, "")
		if c := contractOf(t, api, "HT2026-CG-0158"); fmt.Sprint(c["paidAmount"]) != "0.00" {
			t.Fatalf("a failed payment pays nothing: %v", c)
		}
		paymentCall(t, api, "finance01", paidURL, change(aa, 3, `,"bankRef":"B-AA-1"`), 200, "")
		c = contractOf(t, api, "HT2026-CG-0158")
		if got := fmt.Sprintf("%v %v", c["paidAmount"], c["unpaidAmount"]); got != "38000.00 442000.00" {
			t.Fatalf("after the prepayment was paid: paid, unpaid %s", got)
		}
		// a payment's contract rows show the master's amounts, whatever the client sent
		small := exampleWith("AA.json", with("head.amount", json.Number("1000")), with("paymentList[0].paymentAmount", json.Number("1000")),
			with("paymentList[0].prepayAmount", json.Number("1000")))
		res := api.request(t, "POST", createClaim, small, nil)
		if res.status != 200 {
			t.Fatalf("a small prepayment: HTTP %d %s", res.status, clip(res.body))
		}
		row := mustValue(t, res.data(t), "contractList", 0).(map[string]any)
		if got := fmt.Sprintf("%v %v %v", row["amount"], row["paidAmount"], row["unpaidAmount"]); got != "480000 38000 442000" && got != "480000.00 38000.00 442000.00" {
			t.Fatalf("the contract row as the master has it: %s", got)
		}
		// the contract's real unpaid amount is the limit: above it the save asks for confirmation
		over := exampleWith("AA.json", with("head.amount", json.Number("442000.01")), with("paymentList[0].paymentAmount", json.Number("442000.01")),
			with("paymentList[0].prepayAmount", json.Number("442000.01")), with("contractList[0].unpaidAmount", json.Number("9999999")))
		res = api.request(t, "POST", createClaim, over, nil)
		if res.status != 422 || !strings.Contains(res.body, "payments.over-limit") {
			t.Fatalf("a prepayment over the unpaid amount: HTTP %d %s", res.status, clip(res.body))
		}
	})
}

// payments walks a payment line's life and the contract query for the
// OpenAPI answers test.
func (w *answerWalk) payments() {
	id := approvedClaim(w.t, w.api)
	state := `{"businessId":"` + id + `"}`
	w.call("POST "+boeURL, "", boeURL, state, 200)
	w.call("POST "+formAPURL, "finance01", formAPURL, state, 200)
	w.call("POST "+formAPURL, "", formAPURL, `{"businessId":"NOPE"}`, 404)
	w.call("GET "+paymentsURL, "", paymentsURL+"?scope=mine", "", 200)
	w.call("GET "+paymentsURL, "", paymentsURL+"?status=nope", "", 400)
	w.call("POST "+paidURL, "finance01", paidURL, change(id, 9, `,"bankRef":"B"`), 409)
	w.call("POST "+paidURL, "finance01", paidURL, `{"businessId":"`+id+`","item":5,"version":1,"bankRef":"B"}`, 404)
	w.call("POST "+paidFailURL, "finance01", paidFailURL, change(id, 1, `,"bankMessage":"户名不符"`), 200)
	w.call("POST "+accountNewURL, "finance01", accountNewURL, change(id, 2, `,"account":"6214830211112222"`), 409)
	w.call("POST "+accountFixURL, "finance01", accountFixURL, change(id, 2, `,"account":"6214830211112222"`), 200)
	w.call("POST "+paidFixURL, "finance01", paidFixURL, change(id, 3, `,"resend":true`), 200)
	w.call("POST "+paidURL, "finance01", paidURL, change(id, 4, `,"bankRef":"B1"`), 200)
	other := approvedClaim(w.t, w.api, without("paymentList[0].account"))
	w.call("POST "+accountNewURL, "finance01", accountNewURL, change(other, 1, `,"account":"6214830211112222"`), 200)
	w.call("POST "+accountNewURL, "finance01", accountNewURL, change(other, 2, `,"account":"6214830211112222"`), 409)
	w.call("POST "+contractsURL, "", contractsURL, `{"page":1,"size":999}`, 200)
	if res := w.call("GET "+taxSignsURL, "finance01", taxSignsURL, "", 200); !strings.Contains(res.body, `"default":"03"`) ||
		!strings.Contains(res.body, `"periodSigns":["20","21","22"]`) {
		w.t.Fatalf("the tax group order signs: %s", clip(res.body))
	}
	upload := func(file []byte, status int) {
		res := sendFile(w.t, w.api, "finance01", "POST", paymentImport, file, xlsxType)
		w.answered("POST "+paymentImport, "POST", paymentImport, "finance01", res, status)
	}
	upload(paymentWorkbook(w.t, []any{other, 1, "paid"}), 422)
	upload(paymentWorkbook(w.t, []any{other, 1, "paid", "B2"}), 200)
	upload([]byte("not a workbook"), 400)
}

// The contract finance authorisation (HT3-2) on both databases: once
// company 1000 has one, only the finance staff it names, for the
// contract's type, pay against its contracts (403 at contractNo, left out
// of their list); a claim paying against no contract stays theirs.
func TestContractFinanceAuth(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		approvedExample(t, api, "ht", "HT")
		aa, claim := approvedExample(t, api, "ap", "AA"), approvedClaim(t, api)
		grant := func(body string) mdRecord {
			var r mdRecord
			mdCall(t, api, "admin", "POST", masterDataURL+"/contractFinanceAuth/records", `{"body":`+body+`}`, 201, &r)
			return r
		}
		pending := func() string {
			res := api.request(t, "GET", paymentsURL+"?scope=finance&status=pending", "", api.as(t, "finance01"))
			if res.status != 200 {
				t.Fatalf("finance's pending list: HTTP %d %s", res.status, clip(res.body))
			}
			return res.body
		}
		mdCall(t, api, "finance01", "POST", masterDataURL+"/contractFinanceAuth/records", `{"body":{"employee":"finance01","company":"1000"}}`, 403, nil)
		grant(`{"employee":"manager01","company":"1000"}`)
		paymentCall(t, api, "finance01", paidURL, change(aa, 1, `,"bankRef":"B-AA"`), 403, "contractNo")
		paymentCall(t, api, "finance01", paidFailURL, change(aa, 1, `,"bankMessage":"x"`), 403, "contractNo")
		if body := pending(); strings.Contains(body, aa) || !strings.Contains(body, claim) {
			t.Fatalf("finance's list has the claim but not the contract's prepayment: %s", clip(body))
		}
		res := sendFile(t, api, "finance01", "POST", paymentImport, paymentWorkbook(t, []any{aa, 1, "paid", "B-AA"}), xlsxType)
		if res.status != 422 || !strings.Contains(res.body, "rows[2].contractNo") {
			t.Fatalf("an import paying it: HTTP %d %s", res.status, clip(res.body))
		}
		own := grant(`{"employee":"finance01","company":"1000","contractType":"H02"}`) // another type of contract
		paymentCall(t, api, "finance01", paidURL, change(aa, 1, `,"bankRef":"B-AA"`), 403, "contractNo")
		own.Body["contractType"] = "H01"
		mdCall(t, api, "admin", "PUT", recordURL("contractFinanceAuth", own.Key), updateBody(t, own, own.Version), 200, nil)
		if body := pending(); !strings.Contains(body, aa) {
			t.Fatalf("authorised, finance lists the prepayment: %s", clip(body))
		}
		paymentCall(t, api, "finance01", paidURL, change(aa, 1, `,"bankRef":"B-AA"`), 200, "")
		paymentCall(t, api, "finance01", paidURL, change(claim, 1, `,"bankRef":"B-C"`), 200, "")
		if c := contractOf(t, api, "HT2026-CG-0158"); fmt.Sprint(c["paidAmount"]) != "38000.00" {
			t.Fatalf("paid by the authorised finance: %v", c)
		}
	})
}
