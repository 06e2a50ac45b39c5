package httpapi_test

import (
	"testing"
)

// Every code a document names is checked against master data on save: an
// unknown code is a 422 finding at its path, exact match only, so budget
// control cannot be sidestepped by a department that does not exist.

// hospitalityClaim is a 500.00 hospitality claim (A02: budget account
// 660203) of IT01.
func hospitalityClaim(edits ...docEdit) string {
	return travelClaim(append([]docEdit{with("head.businessType1", "A02"), without("head.businessType2"), without("itemList"),
		with("head.department", "IT01"), with("head.costCenter", "1000IT01"),
		with("head.amount", 500), with("lineList", []any{map[string]any{"costType": "业务招待费", "amount": 500, "expDate": "2026-11-10"}}),
		with("paymentList[0].paymentAmount", 500)}, edits...)...)
}

func TestUnknownDepartmentCannotSidestepTheBudget(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660203", "500.00", "strong")
		mustSubmit(t, api, storeClaimBody(t, api, hospitalityClaim()), "employee01")
		// the budget is used up: the same claim of IT01 is refused on submit
		res := submit(t, api, storeClaimBody(t, api, hospitalityClaim()), "employee01")
		if res.status != 422 {
			t.Fatalf("a claim over the used-up budget: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "head.amount", Rule: "budget.strong", Severity: "error"}})
		for _, department := range []string{"it01", "ΙΤ01", "IT01\u200b", "IT0l", "NOPE99"} {
			before := api.documentCount(t)
			res := api.request(t, "POST", createClaim, hospitalityClaim(with("head.department", department)), nil)
			if res.status != 422 || res.envelope.Code != "ECHECK" {
				t.Errorf("department %q: HTTP %d %s", department, res.status, clip(res.body))
				continue
			}
			assertFindings(t, res.findings(t), []finding{{Path: "head.department", Rule: "reference", Severity: "error"}})
			if api.documentCount(t) != before {
				t.Errorf("department %q: a refused claim was stored", department)
			}
		}
		if got, want := budgetState(t, api, "IT01", "660203"), "amount 500.00 occupied 500.00 consumed 0.00 available 0.00"; got != want {
			t.Errorf("budget %s, want %s", got, want)
		}
	})
}

func TestUnknownCodesAreRefusedOnSave(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "an EX02 with department NOPE and cost centre ZZZ", method: "POST", url: createClaim,
			body:           travelClaim(with("head.department", "NOPE"), with("head.costCenter", "ZZZ")),
			expectedStatus: 422, expectedCode: "ECHECK",
			expectedContent: []string{`"message":"部门 NOPE 不存在"`, `"message":"成本中心 ZZZ 不存在"`},
			findingsInclude: []finding{{Path: "head.costCenter", Rule: "reference", Severity: "error"},
				{Path: "head.department", Rule: "reference", Severity: "error"}},
			storedDocuments: 0,
		},
		{
			name: "in English, too", method: "POST", url: createClaim + "&lang=en",
			body:           travelClaim(with("head.department", "NOPE")),
			expectedStatus: 422, expectedCode: "ECHECK",
			expectedContent: []string{`"message":"Department NOPE does not exist"`},
		},
		{
			name: "a zero-width space is shown, not hidden", method: "POST", url: createClaim,
			body:           travelClaim(with("head.department", "SAL02\u200b")),
			expectedStatus: 422, expectedCode: "ECHECK",
			expectedContent: []string{`部门 \"SAL02\\u200b\" 不存在`},
		},
		{
			name: "a temporary save refuses unknown codes too", method: "POST", url: createClaim + "&temp=true",
			body:           travelClaim(with("head.department", "NOPE"), without("head.description")),
			expectedStatus: 422, expectedCode: "ECHECK",
			findingsInclude: []finding{{Path: "head.department", Rule: "reference", Severity: "error"}},
			storedDocuments: 0,
		},
		{
			name: "a table row's code is checked at its row", method: "POST", url: createClaim,
			body:           travelClaim(with("lineList[1].costType", "住宿費")),
			expectedStatus: 422, expectedCode: "ECHECK",
			findingsInclude: []finding{{Path: "lineList[1].costType", Rule: "reference", Severity: "error"}},
		},
		{
			name: "a department of another company", method: "POST", url: createClaim,
			body:           travelClaim(with("head.department", "TH-FIN01")),
			expectedStatus: 422, expectedCode: "ECHECK",
			expectedContent: []string{"部门 TH-FIN01 不属于公司 1000"},
		},
		{
			name: "AB with vendor V1001", method: "POST", url: "/api/galaxyform/yx/ap/head/create?action=new",
			as:             "finance01",
			body:           exampleWith("AB.json", with("head.vendor", "V1001")),
			expectedStatus: 422, expectedCode: "ECHECK",
			findingsInclude: []finding{{Path: "head.vendor", Rule: "reference", Severity: "error"}},
		},
		{
			name: "AD with vendor V1001", method: "POST", url: "/api/galaxyform/yx/ap/head/create?action=new",
			as:             "finance01",
			body:           exampleWith("AD.json", with("head.vendor", "V1001")),
			expectedStatus: 422, expectedCode: "ECHECK",
			findingsInclude: []finding{{Path: "head.vendor", Rule: "reference", Severity: "error"}},
		},
		{
			name: "DZ04 with account NOT-AN-ACCOUNT and posting key 99", method: "POST", url: "/api/galaxyform/yx/gl/head/create?action=new",
			as:             "finance01",
			body:           exampleWith("DZ04.json", with("lineList[0].account", "NOT-AN-ACCOUNT"), with("lineList[1].bschl", "99")),
			expectedStatus: 422, expectedCode: "ECHECK",
			findingsInclude: []finding{{Path: "lineList[0].account", Rule: "reference", Severity: "error"},
				{Path: "lineList[1].bschl", Rule: "reference", Severity: "error"}},
		},
		{
			name: "AW: the cost centre of the company paid for (refCompany) saves", method: "POST", url: "/api/galaxyform/yx/ap/head/create?action=new",
			as: "finance01", body: exampleWith("AW.json"), expectedStatus: 200, expectedCode: "S000", storedDocuments: 1,
		},
		{
			name: "AW: a cost centre not of the company paid for", method: "POST", url: "/api/galaxyform/yx/ap/head/create?action=new",
			as:             "finance01",
			body:           exampleWith("AW.json", with("head.replacePayCostCenter", "1000FIN01")),
			expectedStatus: 422, expectedCode: "ECHECK",
			findingsInclude: []finding{{Path: "head.replacePayCostCenter", Rule: "reference", Severity: "error"}},
		},
		{
			name: "the examples with their real codes save", method: "POST", url: "/api/galaxyform/yx/gl/head/create?action=new",
			as: "finance01", body: exampleWith("DZ04.json"), expectedStatus: 200, expectedCode: "S000", storedDocuments: 1,
		},
	})
}

// storeClaimBody stores a claim as employee01, which must work.
func storeClaimBody(t *testing.T, api *testAPI, body string) string {
	t.Helper()
	res := api.request(t, "POST", createClaim, body, nil)
	if res.status != 200 {
		t.Fatalf("storing a claim: HTTP %d %s", res.status, clip(res.body))
	}
	id, _ := valueAt(res.data(t), "head", "businessId")
	return id.(string)
}
