package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"formwork/adapters/simulators"
	"formwork/adapters/simulators/simtest"
	"formwork/outbound"
	"formwork/tools/formwork/wire"

	"gorm.io/gorm"
)

const (
	voucherURL   = "/api/galaxyvoucher/queryVoucher/queryVcHeadById"
	saveVcURL    = "/api/galaxyvoucher/queryVoucher/saveVoucher"
	submitVcURL  = "/api/galaxyvoucher/queryVoucher/submitVoucher"
	reverseVcURL = "/api/galaxyvoucher/queryVoucher/reverseVoucher"
	pushLogURL   = "/api/galaxycommon/pushGX/pushLog"
)

// withSimulators points the server at simulators started as processes,
// with a short timeout so that a hanging simulator is a timed-out try.
func withSimulators(acc, tax *simtest.Sim, timeout time.Duration) func(*wire.Config) {
	return func(c *wire.Config) {
		c.Outbound = wire.OutboundConfig{Policy: outbound.Policy{Timeout: timeout, Attempts: 3, Backoff: 10 * time.Millisecond}}
		if acc != nil {
			c.Outbound.AccountingURL = acc.URL
		}
		if tax != nil {
			c.Outbound.TaxURL, c.Outbound.TaxUsername, c.Outbound.TaxPassword = tax.URL, "formwork", "secret"
		}
	}
}

// forEachDatabaseWithSims is forEachDatabase on a server pointed at
// simulators of its own (a document number repeats across the two
// databases, and with it the idempotency key).
func forEachDatabaseWithSims(t *testing.T, accounting, tax bool, timeout time.Duration, body func(t *testing.T, api *testAPI, acc, tx *simtest.Sim)) {
	t.Helper()
	run := func(t *testing.T, db func(testing.TB) *gorm.DB) {
		var acc, tx *simtest.Sim
		if accounting {
			acc = simtest.Start(t, "accounting")
		}
		if tax {
			tx = simtest.Start(t, "tax")
		}
		body(t, serveTestAPI(t, db(t), withSimulators(acc, tx, timeout)), acc, tx)
	}
	t.Run("sqlite", func(t *testing.T) { run(t, seededSQLite) })
	t.Run("postgres", func(t *testing.T) { run(t, seededPostgres) })
}

type voucherAnswer struct {
	Head struct {
		BusinessID, SapStatus, SapBelnr, SapMsg, ReversalBelnr string
		DebitAmount, CreditAmount                              json.Number
		Balanced, Editable, Stored                             bool
		Attempts                                               int
	}
	Lines []struct {
		LineNo                                                  int
		Bschl, DebitCredit, Account, CostCenter, Supplier, Text string
		Amount, LocalAmount                                     json.Number
		EditFields                                              []string
	}
}

func voucherCall(t *testing.T, api *testAPI, url, who, body string, status int) voucherAnswer {
	t.Helper()
	res := api.request(t, "POST", url, body, api.as(t, who))
	if res.status != status {
		t.Fatalf("POST %s as %s: HTTP %d, want %d: %s", url, who, res.status, status, clip(res.body))
	}
	var out struct{ Data voucherAnswer }
	if status == 200 {
		mustJSON(t, []byte(res.body), &out)
	}
	return out.Data
}

func TestVoucherOfAnApprovedClaimIsEditedPostedAndReversed(t *testing.T) {
	forEachDatabaseWithSims(t, true, false, 5*time.Second, func(t *testing.T, api *testAPI, acc, _ *simtest.Sim) {
		draft := storeTravelClaim(t, api)
		voucherCall(t, api, voucherURL, "finance01", `{"businessId":"`+draft+`"}`, 422)
		id := approvedClaim(t, api)
		v := voucherCall(t, api, voucherURL, "employee01", `{"businessId":"`+id+`"}`, 200)
		if !v.Head.Balanced || v.Head.DebitAmount != "2458.5" || v.Head.CreditAmount != "2458.5" || len(v.Lines) != 3 || v.Head.Stored {
			t.Fatalf("voucher %+v", v)
		}
		if l := v.Lines[0]; l.Bschl != "40" || l.DebitCredit != "S" || l.Account != "660201" || l.CostCenter != "1000SAL02" || !contains(strings.Join(l.EditFields, ","), "COSTCENTER") {
			t.Errorf("line 1 %+v", l)
		}
		if l := v.Lines[2]; l.Bschl != "31" || l.DebitCredit != "H" || l.Account != "2241" || l.Supplier != "E00001" || l.Amount != "2458.5" {
			t.Errorf("the payable line %+v", l)
		}
		// what the rules do not make editable, or master data lacks, is refused
		voucherCall(t, api, saveVcURL, "finance01", `{"businessId":"`+id+`","lines":[{"lineNo":3,"account":"1002"}]}`, 400)
		voucherCall(t, api, saveVcURL, "finance01", `{"businessId":"`+id+`","lines":[{"lineNo":1,"costCenter":"NOPE"}]}`, 400)
		voucherCall(t, api, saveVcURL, "employee01", `{"businessId":"`+id+`","lines":[{"lineNo":1,"costCenter":"1000FIN01"}]}`, 403)
		v = voucherCall(t, api, submitVcURL, "finance01", `{"businessId":"`+id+`","lines":[{"lineNo":1,"costCenter":"1000FIN01"}]}`, 200)
		if v.Head.SapStatus != "S" || !strings.HasPrefix(v.Head.SapBelnr, "51") || v.Lines[0].CostCenter != "1000FIN01" || v.Head.Editable {
			t.Fatalf("posted %+v", v.Head)
		}
		// the employee sees the number; posting twice is refused
		if got := voucherCall(t, api, voucherURL, "employee01", `{"businessId":"`+id+`"}`, 200); got.Head.SapBelnr != v.Head.SapBelnr {
			t.Errorf("employee reads %q", got.Head.SapBelnr)
		}
		voucherCall(t, api, submitVcURL, "finance01", `{"businessId":"`+id+`"}`, 409)
		// one push-log entry for the one try
		res := api.request(t, "GET", pushLogURL+"?system=accounting&businessId="+id, "", api.as(t, "admin"))
		if res.status != 200 || !contains(res.body, `"total":1`) || !contains(res.body, `"status":"S"`) {
			t.Errorf("push log: HTTP %d %s", res.status, clip(res.body))
		}
		voucherCall(t, api, reverseVcURL, "finance01", `{"businessId":"`+id+`"}`, 403)
		r := voucherCall(t, api, reverseVcURL, "admin", `{"businessId":"`+id+`"}`, 200)
		if r.Head.SapStatus != "R" || r.Head.ReversalBelnr == "" || r.Head.ReversalBelnr == v.Head.SapBelnr {
			t.Errorf("reversed %+v", r.Head)
		}
		voucherCall(t, api, reverseVcURL, "admin", `{"businessId":"`+id+`"}`, 409)
	})
}

func TestFailedPostingIsKeptAndRetried(t *testing.T) {
	forEachDatabaseWithSims(t, true, false, 5*time.Second, func(t *testing.T, api *testAPI, acc, _ *simtest.Sim) {
		id := approvedClaim(t, api)
		acc.Set(t, simulators.Control{Fail: 3, FailStatus: 503, FailMessage: "posting period closed"})
		v := voucherCall(t, api, submitVcURL, "finance01", `{"businessId":"`+id+`"}`, 200)
		if v.Head.SapStatus != "E" || !contains(v.Head.SapMsg, "posting period closed") || v.Head.SapBelnr != "" || !v.Head.Editable || v.Head.Attempts != 1 {
			t.Fatalf("failed posting %+v", v.Head)
		}
		res := api.request(t, "GET", pushLogURL+"?businessId="+id+"&status=E", "", api.as(t, "admin"))
		if !contains(res.body, `"total":3`) {
			t.Errorf("three failed tries logged: %s", clip(res.body))
		}
		// the voucher-failure report lists it until the retry posts it
		if res, r := runReport(t, api, "admin", "rptVoucherFail", `{"company":"1000"}`); res.status != 200 || r.Count != 1 ||
			!contains(fmt.Sprint(r.Rows[0]), "posting period closed") {
			t.Fatalf("rptVoucherFail: HTTP %d %+v", res.status, r)
		}
		v = voucherCall(t, api, submitVcURL, "finance01", `{"businessId":"`+id+`"}`, 200)
		if v.Head.SapStatus != "S" || v.Head.SapBelnr == "" || v.Head.Attempts != 2 {
			t.Fatalf("retried posting %+v", v.Head)
		}
		if res, r := runReport(t, api, "admin", "rptVoucherFail", `{"company":"1000"}`); res.status != 200 || r.Count != 0 {
			t.Errorf("rptVoucherFail after the retry: HTTP %d %+v", res.status, r)
		}
	})
}

// The simulator books the first try and answers after the timeout; the
// retry carries the attempt's idempotency key and gets the same number.
func TestLatePostingAnswerBooksOnce(t *testing.T) {
	forEachDatabaseWithSims(t, true, false, 400*time.Millisecond, func(t *testing.T, api *testAPI, acc, _ *simtest.Sim) {
		id := approvedClaim(t, api)
		before := acc.Stats(t)
		acc.Set(t, simulators.Control{Hang: 1, HangMillis: 2000})
		v := voucherCall(t, api, submitVcURL, "finance01", `{"businessId":"`+id+`"}`, 200)
		after := acc.Stats(t)
		if v.Head.SapStatus != "S" || after.Booked-before.Booked != 1 || after.Repeated-before.Repeated != 1 {
			t.Fatalf("posted %+v; simulator before %+v after %+v: want one booking", v.Head, before, after)
		}
		res := api.request(t, "GET", pushLogURL+"?businessId="+id, "", api.as(t, "admin"))
		if !contains(res.body, `"status":"T"`) || !contains(res.body, `"total":2`) {
			t.Errorf("a timed-out try and a successful one: %s", clip(res.body))
		}
	})
}

func TestTaxLoginAndPush(t *testing.T) {
	forEachDatabaseWithSims(t, false, true, 5*time.Second, func(t *testing.T, api *testAPI, _, tax *simtest.Sim) {
		id := approvedClaim(t, api)
		fin := api.as(t, "finance01")
		if res := api.request(t, "POST", "/itax/ibm/login", "", fin); res.status != 200 {
			t.Fatalf("login: HTTP %d %s", res.status, clip(res.body))
		}
		cases := []struct {
			body, want string
			status     int
		}{
			{`{"businessId":"` + id + `","orderSign":"20"}`, `须填写年度`, 400},
			{`{"businessId":"` + id + `","orderSign":"21","year":"2026"}`, `须填写期间`, 400},
			{`{"businessId":"` + id + `","orderSign":"99"}`, `税组单据标识应为`, 400},
			{`{"businessId":"` + id + `"}`, `"orderSign":"03"`, 200},
			{`{"businessId":"` + id + `","orderSign":"22","year":"2026","period":"05"}`, `"status":"S"`, 200},
		}
		for _, c := range cases {
			res := api.request(t, "POST", "/api/formwork/tax/push", c.body, fin)
			if res.status != c.status || !contains(res.body, c.want) {
				t.Errorf("%s: HTTP %d %s, want %d with %s", c.body, res.status, clip(res.body), c.status, c.want)
			}
		}
		tax.Set(t, simulators.Control{Fail: 3, FailStatus: 500, FailMessage: "tax system down"})
		res := api.request(t, "POST", "/api/formwork/tax/push", `{"businessId":"`+id+`","orderSign":"07"}`, fin)
		if res.status != 200 || !contains(res.body, `"status":"E"`) || !contains(res.body, "tax system down") {
			t.Errorf("failed push: HTTP %d %s", res.status, clip(res.body))
		}
		res = api.request(t, "GET", "/api/formwork/tax/pushes?businessId="+id, "", fin)
		if res.status != 200 || strings.Count(res.body, `"orderSign"`) != 3 {
			t.Errorf("pushes: %s", clip(res.body))
		}
		if res, r := runReport(t, api, "admin", "rptTaxCheck", `{"company":"1000","from":"2000-01-01","to":"2099-12-31"}`); res.status != 200 || r.Count != 3 {
			t.Errorf("rptTaxCheck: HTTP %d %+v", res.status, r)
		}
		res = api.request(t, "GET", pushLogURL+"?system=tax&url=login", "", api.as(t, "admin"))
		if !contains(res.body, `"total":1`) {
			t.Errorf("the login is logged: %s", clip(res.body))
		}
	})
}

func TestPushLogReportedByTheBrowser(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		res := api.request(t, "POST", pushLogURL, `{"url":"https://ocr.example.com/ocr/scan","method":"post","status":"S","reqData":"{}","response":"{\"ok\":true}"}`, nil)
		if res.status != 200 || !contains(res.body, `"method":"POST"`) || !contains(res.body, `"by":"employee01"`) {
			t.Fatalf("report: HTTP %d %s", res.status, clip(res.body))
		}
		if res := api.request(t, "POST", pushLogURL, `{"method":"POST"}`, nil); res.status != 400 {
			t.Errorf("without url: HTTP %d", res.status)
		}
		if res := api.request(t, "GET", pushLogURL+"?url=ocr", "", nil); res.status != 403 {
			t.Errorf("employee reading the push log: HTTP %d, want 403", res.status)
		}
		res = api.request(t, "GET", pushLogURL+"?url=ocr&from=2000-01-01", "", api.as(t, "admin"))
		if res.status != 200 || !contains(res.body, `"total":1`) {
			t.Errorf("admin: HTTP %d %s", res.status, clip(res.body))
		}
		if res := api.request(t, "GET", pushLogURL+"?from=yesterday", "", api.as(t, "admin")); res.status != 400 {
			t.Errorf("bad from: HTTP %d", res.status)
		}
	})
}

// moneyOut calls the vouchers', push log's and tax system's routes for
// the OpenAPI answers walk (TestOpenAPIAnswers).
func (w *answerWalk) moneyOut() {
	id := approvedClaim(w.t, w.api)
	doc := `{"businessId":"` + id + `"}`
	w.call("POST "+voucherURL, "", voucherURL, doc, 200)
	w.call("POST "+voucherURL, "finance01", voucherURL, `{"businessId":"EX02209901010001"}`, 404)
	w.call("POST "+postingURL, "", postingURL, doc, 200)
	w.call("POST "+postingURL, "", postingURL, `{"businessId":"EX02209901010001"}`, 404)
	w.call("POST "+saveVcURL, "finance01", saveVcURL, `{"businessId":"`+id+`","lines":[{"lineNo":1,"costCenter":"1000FIN01"}]}`, 200)
	w.call("POST "+submitVcURL, "finance01", submitVcURL, doc, 200)
	w.call("POST "+submitVcURL, "finance01", submitVcURL, doc, 409)
	w.call("POST "+reverseVcURL, "admin", reverseVcURL, doc, 200)
	w.call("POST "+pushLogURL, "", pushLogURL, `{"url":"https://ocr.example.com/ocr/scan","method":"POST","status":"S"}`, 200)
	w.call("GET "+pushLogURL, "admin", pushLogURL+"?system=accounting", "", 200)
	w.call("POST /itax/ibm/login", "finance01", "/itax/ibm/login", "", 200)
	w.call("POST /api/formwork/tax/push", "finance01", "/api/formwork/tax/push", `{"businessId":"`+id+`","orderSign":"20","year":"2026","period":"05"}`, 200)
	w.call("GET /api/formwork/tax/pushes", "finance01", "/api/formwork/tax/pushes?businessId="+id, "", 200)
	other := approvedClaim(w.t, w.api)
	upload := func(file []byte, status int) {
		res := sendFile(w.t, w.api, "finance01", "POST", voucherImport, file, xlsxType)
		w.answered("POST "+voucherImport, "POST", voucherImport, "finance01", res, status)
	}
	upload(voucherWorkbook(w.t, []any{other, "", "2026", "S"}), 422)
	upload(voucherWorkbook(w.t, []any{other, "5100000099", "2026", "S"}), 200)
	upload([]byte("not a workbook"), 400)
	tpl, err := w.api.send("GET", voucherTemplate, "", w.api.as(w.t, "finance01"))
	if err != nil {
		w.t.Fatal(err)
	}
	w.answered("GET "+voucherTemplate, "GET", voucherTemplate, "finance01", tpl, 200)
}
