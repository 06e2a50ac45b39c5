package httpapi_test

import "testing"

// Report authority per company, report type and user; the report centre's
// menu is checked on the server.

func TestReportAuthority(t *testing.T) {
	const url = "/api/galaxyreport/rptAuth/selectByUserId"
	runScenarios(t, []apiScenario{
		{
			name:            "finance01 in their company context 1000",
			as:              "finance01",
			method:          "GET",
			url:             url,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`[{"rptType":"rptDocCount","userId":"finance01","companyCode":"1000"},{"rptType":"rptLoan"`},
			after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
				var list []map[string]string
				mustJSON(t, res.envelope.Data, &list)
				if len(list) != 5 {
					t.Errorf("%d entries, want 5", len(list))
				}
			},
		},
		{
			name:            "one report type of company 2000",
			as:              "finance01",
			method:          "GET",
			url:             url + "?companyCode=2000&rptType=rptPayment&userId=finance01",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"data":[{"rptType":"rptPayment","userId":"finance01","companyCode":"2000"}]`},
		},
		{
			name:            "a report type without authority: an empty list",
			as:              "finance01",
			method:          "GET",
			url:             url + "?rptType=rptTaxCheck",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"data":[]`},
		},
		{
			name:            "someone else's authority is the administrator's to look up",
			as:              "finance01",
			method:          "GET",
			url:             url + "?userId=admin",
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"只能查询本人的报表权限"},
		},
		{
			name:            "the administrator looks up finance01's",
			as:              "admin",
			method:          "GET",
			url:             url + "?userId=finance01&companyCode=2000",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"rptType":"rptReimburse","userId":"finance01","companyCode":"2000"`},
		},
		{
			name:            "an employee without the report centre is refused on the server",
			method:          "GET",
			url:             url,
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"您没有菜单rpt的权限"},
		},
	})
}
