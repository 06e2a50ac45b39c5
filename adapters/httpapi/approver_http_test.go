package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

// The approver configuration of the configuration center (menu cfg): the
// seeded rows, adding, changing and deleting one, and how it routes a
// document when it is submitted, and only then.

func TestApproverConfiguration(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "the seeded rows, with the approvers' names", as: "admin", method: "GET", url: approverListURL,
			expectedStatus: 200, expectedCode: "S000",
			expectedContent: []string{
				`"companyCode":"1000","costCenter":"","businessType":"","minAmount":0.00,"maxAmount":10000.00,"task1Approver":"manager01","task2Approver":"finance01","status":"1"`,
				`"task1ApproverTxt":"李四","task2ApproverTxt":"王五"`,
				`"minAmount":10000.01,"maxAmount":null,"task1Approver":"manager01","task2Approver":"admin"`,
				`"companyCode":"2000"`,
			},
		},
		{name: "an employee may not read it", method: "GET", url: approverListURL, expectedStatus: 403, expectedCode: "EFORBIDDEN",
			expectedContent: []string{"您没有菜单cfg的权限"}},
		{name: "a row without approvers", headers: inEnglish, as: "admin", method: "POST", url: approverSaveURL, body: `{"companyCode":"1000"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"name at least one approver"}},
		{name: "an approver who is no user", headers: inEnglish, as: "admin", method: "POST", url: approverSaveURL, body: `{"companyCode":"1000","task1Approver":"ghost"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"ghost is no active user"}},
		{name: "the same approver twice", headers: inEnglish, as: "admin", method: "POST", url: approverSaveURL, body: `{"task1Approver":"admin","task2Approver":"admin"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"task 2 needs another approver"}},
		{name: "a maximum below the minimum", headers: inEnglish, as: "admin", method: "POST", url: approverSaveURL, body: `{"task1Approver":"admin","minAmount":100,"maxAmount":99.99}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"maxAmount 99.99 is below minAmount 100.00"}},
		{name: "a negative minimum", as: "admin", method: "POST", url: approverSaveURL, body: `{"task1Approver":"admin","minAmount":-1}`,
			expectedStatus: 400, expectedCode: "EINVALID"},
		{name: "an unknown status", headers: inEnglish, as: "admin", method: "POST", url: approverSaveURL, body: `{"task1Approver":"admin","status":"2"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"status must be 1"}},
		{name: "a company code too long", headers: inEnglish, as: "admin", method: "POST", url: approverSaveURL, body: `{"companyCode":"100000000000000000000","task1Approver":"admin"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"companyCode is longer than 20 characters"}},
		{name: "an unknown field", as: "admin", method: "POST", url: approverSaveURL, body: `{"task3Approver":"admin"}`,
			expectedStatus: 400, expectedCode: "EINVALID"},
		{name: "changing a row that does not exist", as: "admin", method: "POST", url: approverSaveURL, body: `{"id":999,"task1Approver":"admin"}`,
			expectedStatus: 404, expectedCode: "ENOTFOUND"},
		{name: "deleting a row that does not exist", as: "admin", method: "POST", url: approverDeleteURL, body: `{"id":999}`,
			expectedStatus: 404, expectedCode: "ENOTFOUND"},
		{name: "finance staff may not change it", as: "finance01", method: "POST", url: approverSaveURL, body: `{"task1Approver":"admin"}`,
			expectedStatus: 403, expectedCode: "EFORBIDDEN"},
	})
}

// A row for travel (A01) up to 5000 routes a travel claim to admin alone;
// a claim submitted before a change keeps its route; deleting the row
// brings the seeded route back.
func TestApproverRouting(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		admin := api.as(t, "admin")
		res := api.request(t, "POST", approverSaveURL, `{"companyCode":"1000","businessType":"A01","minAmount":0,"maxAmount":"5,000.00","task1Approver":"admin"}`, admin)
		if res.status != 200 {
			t.Fatalf("add a row: HTTP %d %s", res.status, clip(res.body))
		}
		var row struct {
			ID uint `json:"id"`
		}
		mustJSON(t, res.envelope.Data, &row)
		route := func(id string) string {
			var out []string
			for _, task := range readHistory(t, api, id).Tasks {
				out = append(out, task.Assignee)
			}
			return strings.Join(out, ",")
		}
		travel := submittedClaim(t, api)
		if got := route(travel); got != "admin" {
			t.Errorf("a travel claim of 2458.50: route %s, want admin", got)
		}
		big := submittedClaim(t, api, with("head.amount", 12458.50), with("lineList[0].amount", 11380.00),
			with("paymentList[0].paymentAmount", 12458.50))
		if got := route(big); got != "manager01,admin" {
			t.Errorf("a travel claim of 12458.50: route %s, want manager01,admin (the seeded band above 10000)", got)
		}
		// the row changes: the claim submitted before keeps its route
		res = api.request(t, "POST", approverSaveURL, fmt.Sprintf(`{"id":%d,"companyCode":"1000","businessType":"A01","maxAmount":5000,"task1Approver":"finance01"}`, row.ID), admin)
		if res.status != 200 || !contains(res.body, `"task1Approver":"finance01"`) {
			t.Fatalf("change the row: HTTP %d %s", res.status, clip(res.body))
		}
		if got := route(travel); got != "admin" {
			t.Errorf("after the change the submitted claim's route is %s, want admin still", got)
		}
		if got := route(submittedClaim(t, api)); got != "finance01" {
			t.Errorf("a claim submitted after the change: route %s, want finance01", got)
		}
		res = api.request(t, "POST", approverDeleteURL, fmt.Sprintf(`{"id":%d}`, row.ID), admin)
		if res.status != 200 {
			t.Fatalf("delete the row: HTTP %d", res.status)
		}
		if got := route(submittedClaim(t, api)); got != "manager01,finance01" {
			t.Errorf("after deleting the row: route %s, want the seeded manager01,finance01", got)
		}
	})
}
