package httpapi_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// Derived totals, line amounts and balanced vouchers over HTTP (issue 12
// items 1-3), on both databases: the server works the head totals out from
// the lines and ignores the client's; a 0.00 line is refused at its cell,
// once; a voucher balances by its posting keys (seeded master data: 40 a
// G/L debit, 50 a G/L credit) and has two lines at least.

const createLedger = "/api/galaxyform/yx/gl/head/create?action=new"

// noCharges leaves a claim without charge and payment lines: its amount,
// the lines' total, is 0 ('请填写费用或金额').
func noCharges(doc map[string]any) {
	doc["lineList"] = []any{}
	delete(doc, "paymentList")
}

// officeClaim is an EX02 office-supplies claim (A03/A0301, no itinerary)
// whose client says its amount is 1,000.00 while its charge lines are 300.00
// and 200.00, paid 500.00 to the employee.
func officeClaim(edits ...docEdit) string {
	return travelClaim(append([]docEdit{with("head.businessType1", "A03"), with("head.businessType2", "A0301"), without("itemList"),
		with("head.amount", 1000), with("head.restAmount", 0), with("head.paymentAmount", 1000),
		with("lineList[0].costType", "办公费"), with("lineList[0].amount", 300),
		with("lineList[1].costType", "办公费"), with("lineList[1].amount", 200),
		with("paymentList[0].paymentAmount", 500)}, edits...)...)
}

func TestTotalsDerivedOverHTTP(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		res := api.request(t, "POST", createClaim, officeClaim(), nil)
		if res.status != 200 {
			t.Fatalf("office claim: HTTP %d %s", res.status, clip(res.body))
		}
		id, _ := valueAt(res.data(t), "head", "businessId")
		stored := loadDocument(t, api, id.(string))
		for field, want := range map[string]string{"amount": "500", "domesticAmount": "500", "paymentAmount": "500", "restAmount": "0"} {
			if got, _ := valueAt(stored, "head", field); !sameNumber(got, want) {
				t.Errorf("stored head.%s = %v, want %s", field, got, want)
			}
		}
		// a deleted line is not counted: 300.00 left, and paid 300.00
		res = api.request(t, "POST", createClaim, officeClaim(with("lineList[1].flag", "D"), with("paymentList[0].paymentAmount", 300)), nil)
		if res.status != 200 {
			t.Fatalf("a claim with a deleted line: HTTP %d %s", res.status, clip(res.body))
		}
		if got, _ := valueAt(res.data(t), "head", "amount"); !sameNumber(got, "300") {
			t.Errorf("with a deleted line the amount is %v, want 300", got)
		}
		// paid 1,000.00 against lines of 500.00: the rest the server works out is not 0
		res = api.request(t, "POST", createClaim, officeClaim(with("paymentList[0].paymentAmount", 1000)), nil)
		if res.status != 422 {
			t.Fatalf("paid more than the lines: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "head.restAmount", Rule: "ex.rest-amount-zero", Severity: "error", Message: "剩余金额必须为0"}})
	})
}

func TestLineAmountsOverHTTP(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		before := api.documentCount(t)
		// a 0.00 line: one finding, at its cell
		res := api.request(t, "POST", createClaim, officeClaim(with("lineList[1].amount", "0.00"), with("paymentList[0].paymentAmount", 300)), nil)
		if res.status != 422 {
			t.Fatalf("a 0.00 line: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{
			{Path: "lineList[1].amount", Rule: "minimum", Severity: "error", Message: "第2行，金额必须大于零"},
			{Path: "lineList[1].status", Rule: "ex.lines-validated", Severity: "error"}})
		// a negative line, as the 300 and -200 under 100
		res = api.request(t, "POST", createClaim, officeClaim(with("lineList[1].amount", -200), with("paymentList[0].paymentAmount", 100)), nil)
		if res.status != 422 {
			t.Fatalf("a negative line: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindingsInclude(t, res.findings(t), []finding{{Path: "lineList[1].amount", Rule: "minimum", Severity: "error"}})
		// a blank line amount: '金额为空' only, not also '请填写费用或金额'
		res = api.request(t, "POST", createClaim, officeClaim(with("lineList", []any{map[string]any{"costType": "办公费"}}), with("paymentList[0].paymentAmount", 0)), nil)
		if res.status != 422 {
			t.Fatalf("a blank line amount: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{
			{Path: "lineList[0].amount", Rule: "required", Severity: "error", Message: "第1行，金额为空"},
			{Path: "lineList[0].status", Rule: "ex.lines-validated", Severity: "error"}})
		if n := api.documentCount(t); n != before {
			t.Errorf("%d refused claims stored", n-before)
		}
	})
}

func TestBalancedVouchersOverHTTP(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		before := api.documentCount(t)
		// the DZ04: debit 560,000.00 (40), credit 1.00 (50)
		res := api.request(t, "POST", createLedger, exampleWith("DZ04.json", with("lineList[1].amount", "1.00")), api.as(t, "finance01"))
		if res.status != 422 {
			t.Fatalf("unbalanced DZ04: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "lineList", Rule: "ledger.balanced", Severity: "error", Message: "借贷不平衡，差额 559,999.00"}})
		res = api.request(t, "POST", createLedger+"&lang=en", exampleWith("DZ04.json", with("lineList[1].amount", "1.00")), api.as(t, "finance01"))
		assertFindings(t, res.findings(t), []finding{{Path: "lineList", Rule: "ledger.balanced", Severity: "error",
			Message: "Debit and credit do not balance: difference 559,999.00"}})
		// a one-line DZ
		res = api.request(t, "POST", createLedger, exampleWith("DZ.json", with("lineList", []any{map[string]any{"bschl": "40", "account": "6602010000", "amount": 2150}})), api.as(t, "finance01"))
		if res.status != 422 {
			t.Fatalf("one-line DZ: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "lineList", Rule: "ledger.two-lines", Severity: "error", Message: "凭证至少需要两行（借方和贷方）"}})
		if n := api.documentCount(t); n != before {
			t.Errorf("%d refused vouchers stored", n-before)
		}
		// balanced, it saves, and its amount is the debit total whatever the client said
		res = api.request(t, "POST", createLedger, exampleWith("DZ04.json", with("head.amount", 1)), api.as(t, "finance01"))
		if res.status != 200 || !strings.Contains(res.body, `"S000"`) {
			t.Fatalf("balanced DZ04: HTTP %d %s", res.status, clip(res.body))
		}
		if got, _ := valueAt(res.data(t), "head", "amount"); !sameNumber(got, "560000") {
			t.Errorf("DZ04 amount %v, want 560000", got)
		}
	})
}

// sameNumber tells whether a JSON number of an answer is the decimal want
// (500, 500.0 and 500.00 alike).
func sameNumber(v any, want string) bool {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		s = x.String()
	default:
		return false
	}
	a, err1 := decimal.NewFromString(s)
	b, err2 := decimal.NewFromString(want)
	return err1 == nil && err2 == nil && a.Equal(b)
}

// TestEvaluateJudgesBalance: while drafting, the evaluate call reads the
// posting keys' sides from master data as the save does, so the form shows
// the unbalanced voucher's difference at the lines before it is saved.
func TestEvaluateJudgesBalance(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		res := api.request(t, "POST", "/api/formwork/evaluate?action=new", exampleWith("DZ04.json", with("lineList[1].amount", "1.00")), api.as(t, "finance01"))
		if res.status != 200 || !strings.Contains(res.body, `"ledger.balanced"`) || !strings.Contains(res.body, "借贷不平衡，差额 559,999.00") ||
			!strings.Contains(res.body, `"path":"lineList"`) {
			t.Fatalf("unbalanced DZ04 evaluated: HTTP %d %s", res.status, clip(res.body))
		}
		res = api.request(t, "POST", "/api/formwork/evaluate?action=new&lang=en", exampleWith("DZ04.json"), api.as(t, "finance01"))
		if res.status != 200 || strings.Contains(res.body, "ledger.balanced") {
			t.Fatalf("balanced DZ04 evaluated: HTTP %d %s", res.status, clip(res.body))
		}
	})
}
