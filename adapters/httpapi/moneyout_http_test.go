package httpapi_test

import (
	"testing"
	"time"

	"formwork/adapters/simulators"
	"formwork/adapters/simulators/simtest"
)

// What the employee sees of money out on his approved claim (issue 13's
// done-when): each payment line's status with the bank's reference or
// message and his account masked (boe/get), and the voucher's posting
// state (/api/formwork/vouchers/posting): not posted, failed with the
// accounting system's message, posted with sapBelnr and its date,
// reversed. Whoever may not read the document gets 403, an unknown one 404.

const postingURL = "/api/formwork/vouchers/posting"

func init() {
	routeWalk["POST "+postingURL] = routeCall{"signed in", postingURL, `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 200, 200}}
}

type postingAnswer struct {
	BusinessID, State, SapStatus, SapBelnr, SapMsg, ReversalBelnr string
	PostedAt, ReversedAt                                          *time.Time
}

// postingCall is the posting state of id as who reads it, expecting status.
func postingCall(t *testing.T, api *testAPI, who, id string, status int) postingAnswer {
	t.Helper()
	res := api.request(t, "POST", postingURL, `{"businessId":"`+id+`"}`, api.as(t, who))
	if res.status != status {
		t.Fatalf("posting of %s as %s: HTTP %d, want %d: %s", id, who, res.status, status, clip(res.body))
	}
	var out struct{ Data postingAnswer }
	if status == 200 {
		mustJSON(t, []byte(res.body), &out)
	}
	return out.Data
}

func TestEmployeeSeesPaymentAndPostingOfHisClaim(t *testing.T) {
	forEachDatabaseWithSims(t, true, false, 5*time.Second, func(t *testing.T, api *testAPI, acc, _ *simtest.Sim) {
		draft := storeTravelClaim(t, api)
		if p := postingCall(t, api, "employee01", draft, 200); p.State != "none" || p.SapBelnr != "" {
			t.Fatalf("a draft's posting: %+v", p)
		}
		id := approvedClaim(t, api)
		travelUser(t, api, "employee02")
		// read access: the owner, finance; not an unrelated employee; 404 for an unknown document
		if p := postingCall(t, api, "employee01", id, 200); p.State != "notPosted" || p.BusinessID != id || p.PostedAt != nil {
			t.Fatalf("approved, not posted: %+v", p)
		}
		postingCall(t, api, "finance01", id, 200)
		postingCall(t, api, "employee02", id, 403)
		paymentCall(t, api, "employee02", boeURL, `{"businessId":"`+id+`"}`, 403, "")
		postingCall(t, api, "employee01", "EX02209901010001", 404)
		if res := api.request(t, "POST", postingURL, `{"businessId":" "}`, api.as(t, "employee01")); res.status != 400 {
			t.Fatalf("blank businessId: HTTP %d %s", res.status, clip(res.body))
		}

		// a failed posting shows the accounting system's message
		acc.Set(t, simulators.Control{Fail: 3, FailStatus: 503, FailMessage: "posting period closed"})
		voucherCall(t, api, submitVcURL, "finance01", `{"businessId":"`+id+`"}`, 200)
		if p := postingCall(t, api, "employee01", id, 200); p.State != "failed" || p.SapStatus != "E" || !contains(p.SapMsg, "posting period closed") {
			t.Fatalf("failed posting as the employee sees it: %+v", p)
		}

		// finance pays the line and posts again: the employee sees the bank reference and the SAP number with its date
		paymentCall(t, api, "finance01", paidURL, change(id, 1, `,"bankRef":"B20261124"`), 200, "")
		v := voucherCall(t, api, submitVcURL, "finance01", `{"businessId":"`+id+`"}`, 200)
		p := postingCall(t, api, "employee01", id, 200)
		if p.State != "posted" || p.SapStatus != "S" || p.SapBelnr == "" || p.SapBelnr != v.Head.SapBelnr || p.PostedAt == nil || p.SapMsg == "posting period closed" {
			t.Fatalf("posted as the employee sees it: %+v (finance's %+v)", p, v.Head)
		}
		if l := line(t, api, "employee01", id); l["status"] != "paid" || l["bankRef"] != "B20261124" || l["account"] != "6214********5678" {
			t.Fatalf("the paid line as the employee sees it: %v", l)
		}
		if l := line(t, api, "finance01", id); l["account"] != "6214830212345678" {
			t.Fatalf("finance sees the account whole: %v", l)
		}

		// reversed: the reversal's number beside the posted one
		voucherCall(t, api, reverseVcURL, "admin", `{"businessId":"`+id+`"}`, 200)
		p = postingCall(t, api, "employee01", id, 200)
		if p.State != "reversed" || p.ReversalBelnr == "" || p.ReversalBelnr == p.SapBelnr || p.ReversedAt == nil {
			t.Fatalf("reversed as the employee sees it: %+v", p)
		}
		// the answer carries no voucher lines
		res := api.request(t, "POST", postingURL, `{"businessId":"`+id+`"}`, api.as(t, "employee01"))
		var raw struct{ Data map[string]any }
		mustJSON(t, []byte(res.body), &raw)
		if _, has := raw.Data["lines"]; has || raw.Data["sapBelnr"] != p.SapBelnr {
			t.Errorf("the posting state carries lines: %s", clip(res.body))
		}
	})
}
