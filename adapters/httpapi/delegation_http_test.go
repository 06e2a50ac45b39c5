package httpapi_test

import (
	"fmt"
	"testing"
	"time"
)

// Delegation (proxy authorisation): employee01 lets manager01 file
// documents for them for a week. Inside the window manager01 files with
// ?authorBy=employee01 (maker manager01, reimburser employee01: the document
// shows both) and opens employee01's documents; after it, or once
// withdrawn, not.

const (
	saveDelegationURL = "/api/galaxyform/proxyAuth/save"
	listDelegationURL = "/api/galaxyform/proxyAuth/list"
)

func delegationBody(to, status, from, until string) string {
	return fmt.Sprintf(`{"authorTo":%q,"authorStatus":%q,"activeFrom":%q,"activeTo":%q}`, to, status, from, until)
}

func TestDelegation(t *testing.T) {
	day := func(n int) string { return time.Now().AddDate(0, 0, n).Format("2006-01-02") }
	var ownDraft, filedForEmployee string
	runScenarios(t, []apiScenario{
		{
			name:            "employee01 lets manager01 file for them this week",
			method:          "POST",
			url:             saveDelegationURL,
			body:            delegationBody("manager01", "1", day(0), day(6)),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"authorBy":"employee01"`, `"authorTo":"manager01"`, `"authorByTxt":"张三"`, `"authorToTxt":"李四"`, `"active":true`},
			after: func(t *testing.T, api *testAPI, _ *apiResponse, _ map[string]string) {
				ownDraft = storeTravelClaim(t, api)
			},
		},
		{
			name:            "manager01 sees employee01 among the people they may file for",
			as:              "manager01",
			method:          "GET",
			url:             currentUserURL,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"delegators":[{"authorBy":"employee01","authorByTxt":"张三","activeFrom":"` + day(0) + `","activeTo":"` + day(6) + `"}]`},
		},
		{
			name:            "and in the permissions, as a delegation",
			as:              "manager01",
			method:          "POST",
			url:             "/api/galaxycommon/searchhelp/queryPermission",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"permissionId":"employee01","permissionName":"张三","permissionType":"delegation"`},
		},
		{
			name:            "manager01 files a claim for employee01: the document shows both",
			as:              "manager01",
			method:          "POST",
			url:             createClaim + "&authorBy=employee01",
			body:            travelClaim(without("head.applicant")),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"createBy":"manager01"`, `"applicant":"employee01"`},
			storedDocuments: 1,
			after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
				id, _ := valueAt(res.data(t), "head", "businessId")
				filedForEmployee = id.(string)
				assertValue(t, loadDocument(t, api, filedForEmployee), `"manager01"`, "head", "createBy") // employee01 opens it
			},
		},
		{
			name:            "naming another reimburser than authorBy is a bad request",
			headers:         inEnglish,
			as:              "manager01",
			method:          "POST",
			url:             createClaim + "&authorBy=employee01",
			body:            travelClaim(with("head.applicant", "finance01")),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"head.applicant is finance01 but authorBy is employee01"},
		},
		{
			name:            "the delegate opens the delegator's own draft",
			as:              "manager01",
			method:          "GET",
			url:             loadClaimURL + "{draft}",
			before:          func(*testing.T, *testAPI) map[string]string { return map[string]string{"draft": ownDraft} },
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"createBy":"employee01"`},
		},
		{
			name:            "finance staff without a delegation cannot file as a delegate",
			as:              "finance01",
			method:          "POST",
			url:             createClaim + "&authorBy=employee01",
			body:            travelClaim(),
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"employee01今天没有授权您代理制单"},
		},
		{
			name:           "after the week manager01 can no longer file for employee01",
			as:             "manager01",
			before:         func(t *testing.T, api *testAPI) map[string]string { api.travel(t, 7*24*time.Hour); return nil },
			method:         "POST",
			url:            createClaim + "&authorBy=employee01",
			body:           travelClaim(),
			expectedStatus: 403,
			expectedCode:   "EFORBIDDEN",
		},
		{
			name:           "nor open employee01's draft",
			as:             "manager01",
			method:         "GET",
			url:            loadClaimURL + "{draft}",
			before:         func(*testing.T, *testAPI) map[string]string { return map[string]string{"draft": ownDraft} },
			expectedStatus: 403,
			expectedCode:   "EFORBIDDEN",
		},
		{
			name:           "but still the claim they made",
			as:             "manager01",
			method:         "GET",
			url:            loadClaimURL + "{made}",
			before:         func(*testing.T, *testAPI) map[string]string { return map[string]string{"made": filedForEmployee} },
			expectedStatus: 200,
			expectedCode:   "S000",
		},
	})
}

// A withdrawn delegation (authorStatus 0) allows nothing.
func TestWithdrawnDelegation(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		today := time.Now().Format("2006-01-02")
		res := api.request(t, "POST", saveDelegationURL, delegationBody("manager01", "1", today, today), nil)
		var saved struct{ ID int }
		mustJSON(t, res.envelope.Data, &saved)
		draft := storeTravelClaim(t, api)
		manager := api.as(t, "manager01")
		if res := api.request(t, "GET", loadClaimURL+draft, "", manager); res.status != 200 {
			t.Fatalf("delegation in force: %s", clip(res.body))
		}
		withdraw := fmt.Sprintf(`{"id":%d,"authorTo":"manager01","authorStatus":"0","activeFrom":%q,"activeTo":%q}`, saved.ID, today, today)
		if res := api.request(t, "POST", saveDelegationURL, withdraw, nil); res.status != 200 || !contains(res.body, `"active":false`) {
			t.Fatalf("withdrawing: %s", clip(res.body))
		}
		if res := api.request(t, "GET", loadClaimURL+draft, "", manager); res.status != 403 {
			t.Errorf("withdrawn delegation: HTTP %d, want 403", res.status)
		}
		// manager01 cannot touch employee01's delegation
		hijack := fmt.Sprintf(`{"id":%d,"authorTo":"finance01","authorStatus":"1","activeFrom":%q,"activeTo":%q}`, saved.ID, today, today)
		if res := api.request(t, "POST", saveDelegationURL, hijack, manager); res.status != 404 {
			t.Errorf("changing someone else's delegation: HTTP %d, want 404", res.status)
		}
	})
}

func TestDelegationInput(t *testing.T) {
	today := time.Now().Format("2006-01-02")
	bad := func(name, body, want string) apiScenario {
		return apiScenario{name: name, method: "POST", url: saveDelegationURL + "?lang=en", body: body, expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{want}}
	}
	runScenarios(t, []apiScenario{
		bad("no delegate", `{"authorStatus":"1","activeFrom":"`+today+`","activeTo":"`+today+`"}`, "authorTo is missing"),
		bad("oneself as delegate", delegationBody("employee01", "1", today, today), "someone else than employee01"),
		bad("an unknown delegate", delegationBody("nobody", "1", today, today), "nobody is no active user"),
		bad("SQL as delegate", delegationBody("x' OR '1'='1", "1", today, today), "is no active user"),
		bad("a status other than 1 or 0", delegationBody("manager01", "2", today, today), "authorStatus must be 1"),
		bad("a date that is no date", delegationBody("manager01", "1", "2026-02-30", today), "activeFrom must be a date"),
		bad("an end before the start", delegationBody("manager01", "1", "2026-05-02", "2026-05-01"), "activeTo 2026-05-01 is before activeFrom 2026-05-02"),
		bad("an unknown field", `{"authorTo":"manager01","authorStatus":"1","activeFrom":"`+today+`","activeTo":"`+today+`","foo":1}`, "send the delegation as JSON"),
		bad("malformed JSON", `{"authorTo":`, "send the delegation as JSON"),
		{
			name:            "in Chinese by default",
			method:          "POST",
			url:             saveDelegationURL,
			body:            delegationBody("nobody", "1", today, today),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`"message":"nobody不是有效用户"`},
		},
		{
			name:            "in Thai when asked",
			method:          "POST",
			url:             saveDelegationURL + "?lang=th",
			body:            delegationBody("manager01", "1", "2026-05-02", "2026-05-01"),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`"message":"activeTo 2026-05-01 อยู่ก่อน activeFrom 2026-05-02"`},
		},
		{
			name:            "an employee cannot delegate for someone else",
			method:          "POST",
			url:             saveDelegationURL,
			body:            `{"authorBy":"finance01","authorTo":"manager01","authorStatus":"1","activeFrom":"` + today + `","activeTo":"` + today + `"}`,
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"只能授权他人代理本人制单"},
		},
		{
			name:            "an administrator can",
			as:              "admin",
			method:          "POST",
			url:             saveDelegationURL,
			body:            `{"authorBy":"finance01","authorTo":"manager01","authorStatus":"1","activeFrom":"` + today + `","activeTo":"` + today + `"}`,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"authorBy":"finance01"`, `"createBy":"admin"`},
		},
		{
			name:               "employee01's list: the seeded delegation from manager01, not finance01's",
			method:             "GET",
			url:                listDelegationURL,
			expectedStatus:     200,
			expectedCode:       "S000",
			expectedContent:    []string{`"authorBy":"manager01","authorTo":"employee01"`},
			notExpectedContent: []string{`"authorBy":"finance01"`},
		},
	})
}
