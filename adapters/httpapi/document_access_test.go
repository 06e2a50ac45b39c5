package httpapi_test

import (
	"testing"
	"time"
)

// Who may open and change which document: the maker and the reimburser,
// their active delegates, an approver with it on the to-do list, finance
// staff of its company and administrators. Another user's draft is 403.

func TestDocumentAccess(t *testing.T) {
	storeOne := func(t *testing.T, api *testAPI) map[string]string {
		return map[string]string{"businessId": storeTravelClaim(t, api)}
	}
	runScenarios(t, []apiScenario{
		{
			name:            "the maker is the signed-in user; a blank reimburser is the user",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(without("head.applicant")),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"createBy":"employee01"`, `"applicant":"employee01"`, `"companyCode":"1000"`},
			storedDocuments: 1,
		},
		{
			name:               "a maker sent by the client is replaced by the signed-in user",
			method:             "POST",
			url:                createClaim,
			body:               travelClaim(with("head.createBy", "admin")),
			expectedStatus:     200,
			expectedCode:       "S000",
			expectedContent:    []string{`"createBy":"employee01"`},
			notExpectedContent: []string{`"createBy":"admin"`},
			storedDocuments:    1,
		},
		{
			name:            "the maker loads their own draft",
			before:          storeOne,
			method:          "GET",
			url:             loadClaimURL + "{businessId}",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"businessId":"{businessId}"`},
		},
		{
			name:               "another user's draft: 403 with a clear message",
			before:             storeOne,
			as:                 "manager01",
			method:             "GET",
			url:                loadClaimURL + "{businessId}",
			expectedStatus:     403,
			expectedCode:       "EFORBIDDEN",
			expectedContent:    []string{"您无权查看或修改单据{businessId}：它既不是您的单据，也不在您的待办中"},
			notExpectedContent: []string{"北京客户拜访"},
		},
		{
			name:            "another user's draft cannot be changed, and stays as it was",
			before:          storeOne,
			as:              "manager01",
			method:          "PUT",
			url:             updateClaim + "&lang=en",
			body:            travelClaim(with("head.businessId", "{businessId}"), with("head.version", 1), with("head.description", "改过了")),
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"you may not open document {businessId}"},
			after: func(t *testing.T, api *testAPI, _ *apiResponse, vars map[string]string) {
				doc := loadDocument(t, api, vars["businessId"])
				assertValue(t, doc, `1`, "head", "version")
				assertValue(t, doc, `"北京客户拜访差旅费"`, "head", "description")
			},
		},
		{
			name:           "finance staff of the company load it",
			before:         storeOne,
			as:             "finance01",
			method:         "GET",
			url:            loadClaimURL + "{businessId}",
			expectedStatus: 200,
			expectedCode:   "S000",
		},
		{
			name:            "finance staff of the company change it; the maker stays",
			before:          storeOne,
			as:              "finance01",
			method:          "PUT",
			url:             updateClaim,
			body:            travelClaim(with("head.businessId", "{businessId}"), with("head.version", 1), with("head.description", "财务修改")),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"version":2`, `"createBy":"employee01"`, `"description":"财务修改"`},
		},
		{
			name:           "admin loads it",
			before:         storeOne,
			as:             "admin",
			method:         "GET",
			url:            loadClaimURL + "{businessId}",
			expectedStatus: 200,
			expectedCode:   "S000",
		},
		{
			name:            "an employee cannot file in a company they do not work for",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(with("head.companyCode", "3000")),
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"employee01不属于公司3000"},
		},
		{
			name:            "an employee cannot file for a colleague who has not delegated to them",
			as:              "manager01",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(),
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"不能为employee01报账"},
		},
		{
			name:            "finance staff may file for anyone of their company, and are the maker",
			as:              "finance01",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"createBy":"finance01"`, `"applicant":"employee01"`},
			storedDocuments: 1,
		},
		{
			name:            "finance staff may file in their second company",
			as:              "finance01",
			method:          "POST",
			url:             createClaim,
			headers:         map[string]string{"X-company": "1000"},
			body:            repayment(with("head.companyCode", "1000"), without("head.applicant")),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"companyCode":"1000"`, `"applicant":"finance01"`, `"createBy":"finance01"`},
			storedDocuments: 1,
		},
		{
			name:            "a document without company is refused by its check, naming the field",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(without("head.companyCode")),
			expectedStatus:  422,
			expectedCode:    "ECHECK",
			findingsInclude: []finding{{Path: "head.companyCode", Rule: "required", Severity: "error"}},
		},
		{
			name: "finance staff cannot open a document of a company they do not work for",
			before: func(t *testing.T, api *testAPI) map[string]string {
				return storeAs(t, api, "admin", inThailand())
			},
			as:             "finance01",
			method:         "GET",
			url:            loadClaimURL + "{businessId}",
			expectedStatus: 403,
			expectedCode:   "EFORBIDDEN",
		},
		{
			name:            "a reimburser may not be changed to someone the user may not file for",
			before:          storeOne,
			method:          "PUT",
			url:             updateClaim,
			body:            travelClaim(with("head.businessId", "{businessId}"), with("head.version", 1), with("head.applicant", "finance01")),
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"不能为finance01报账"},
		},
	})
}

// storeAs creates a travel claim as username (with edits) and returns its
// number as {businessId}.
func storeAs(t *testing.T, api *testAPI, username string, edits ...docEdit) map[string]string {
	t.Helper()
	res := api.request(t, "POST", createClaim, travelClaim(edits...), api.as(t, username))
	if res.status != 200 {
		t.Fatalf("storing a claim as %s: %s", username, clip(res.body))
	}
	id, _ := valueAt(res.data(t), "head", "businessId")
	return map[string]string{"businessId": id.(string)}
}

// An approver opens a document while it is on their to-do list, and no
// longer once the item is done.
func TestDocumentOnTheToDoList(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := storeTravelClaim(t, api)
		manager := api.as(t, "manager01")
		if res := api.request(t, "GET", loadClaimURL+id, "", manager); res.status != 403 {
			t.Fatalf("before the to-do item: HTTP %d", res.status)
		}
		if err := api.db.Exec("INSERT INTO document_todos (business_id, owner, created_at) VALUES (?, ?, ?)", id, "manager01", time.Now()).Error; err != nil {
			t.Fatal(err)
		}
		if res := api.request(t, "GET", loadClaimURL+id, "", manager); res.status != 200 {
			t.Errorf("with the to-do item: %s", clip(res.body))
		}
		if err := api.db.Table("document_todos").Where("business_id = ?", id).Update("done_at", time.Now()).Error; err != nil {
			t.Fatal(err)
		}
		if res := api.request(t, "GET", loadClaimURL+id, "", manager); res.status != 403 {
			t.Errorf("after the to-do item is done: HTTP %d, want 403", res.status)
		}
	})
}
