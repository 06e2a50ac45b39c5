package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

// Travel and hospitality standards are rules over master data (issue 11
// item 6; rules/standards.yaml): a line above the standard of the
// applicant's rank, the city type and the line's date is a finding of the
// standard's control. Weak asks to confirm, and a confirmed excess needs a
// reason on the line; strong refuses. The seeds: employee01 is rank P3;
// Beijing is a tier-1 city; P3 in a tier-1 city may spend 400.00 a night on
// lodging (weak) and 100.00 a day on meals (strong).

// lodging is the seeded travel claim whose itinerary line is lodging in
// Beijing, 3 days for amount (without the tax of the travel line: the tax
// rule is not this test's).
func lodging(amount any, edits ...docEdit) string {
	return travelClaim(append([]docEdit{with("itemList[0].costType", "住宿费"), with("itemList[0].amount", amount),
		without("itemList[0].taxRate"), without("itemList[0].taxAmount")}, edits...)...)
}

func TestTravelStandardConfirmThenReason(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		before := api.documentCount(t)
		// within the standard: 1200.00 for 3 days is 400.00 a day
		if res := api.request(t, "POST", createClaim, lodging(1200), nil); res.status != 200 {
			t.Fatalf("lodging within the standard: HTTP %d %s", res.status, clip(res.body))
		}
		// 1500.00 is 500.00 a day: confirm first
		res := api.request(t, "POST", createClaim, lodging(1500), nil)
		if res.status != 422 || res.envelope.Code != "ECONFIRM" {
			t.Fatalf("lodging above the standard: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "itemList[0].amount", Rule: "standards.travel-weak", Severity: "confirm",
			Message: "第1行，住宿费每天500.00，超过差旅标准400.00（职级P3，一线城市），超出300.00；确认后请填写超标说明"}})
		res = api.request(t, "POST", createClaim+"&lang=en", lodging(1500), nil)
		assertFindings(t, res.findings(t), []finding{{Path: "itemList[0].amount", Rule: "standards.travel-weak", Severity: "confirm",
			Message: "Row 1: 住宿费 of 500.00 a day is above the travel standard of 400.00 (rank P3, Tier-1 city) by 300.00; confirm it and give the reason"}})
		// confirmed: the line needs its reason
		res = api.request(t, "POST", createClaim+"&confirm=standards.travel-weak", lodging(1500), nil)
		if res.status != 422 {
			t.Fatalf("confirmed without a reason: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "itemList[0].overStandardReason", Rule: "standards.travel-reason", Severity: "error"}})
		if n := api.documentCount(t); n != before+1 {
			t.Fatalf("%d documents stored, want %d: a refused claim was stored", n-before, 1)
		}
		// with the reason it saves, and keeps the reason
		res = api.request(t, "POST", createClaim+"&confirm=standards.travel-weak",
			lodging(1500, with("itemList[0].overStandardReason", "展会期间酒店涨价")), nil)
		if res.status != 200 || !strings.Contains(res.body, `"overStandardReason":"展会期间酒店涨价"`) {
			t.Fatalf("confirmed with a reason: HTTP %d %s", res.status, clip(res.body))
		}
		id, _ := valueAt(res.data(t), "head", "businessId")
		// the submit checks again: the excess is confirmed there too
		res = submit(t, api, id.(string), "employee01")
		if res.status != 422 {
			t.Fatalf("submit without the confirmation: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindingsInclude(t, res.findings(t), []finding{{Path: "itemList[0].amount", Rule: "standards.travel-weak", Severity: "confirm"}})
		res = api.request(t, "POST", startProcessURL+"?confirm=standards.travel-weak", `{"businessId":"`+id.(string)+`"}`, api.as(t, "employee01"))
		for _, f := range res.findings(t) {
			if strings.HasPrefix(f.Rule, "standards.") {
				t.Errorf("submit with the confirmation: %+v", f)
			}
		}
	})
}

func TestStrongTravelStandardRefuses(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		meals := func(amount any) string {
			return travelClaim(with("itemList[0].costType", "伙食补助"), with("itemList[0].amount", amount),
				without("itemList[0].taxRate"), without("itemList[0].taxAmount"), with("itemList[0].overStandardReason", "加班"))
		}
		if res := api.request(t, "POST", createClaim, meals(300), nil); res.status != 200 {
			t.Fatalf("meals within the standard: HTTP %d %s", res.status, clip(res.body))
		}
		// confirming anything does not help: the standard is strict
		res := api.request(t, "POST", createClaim+"&confirm=standards.travel-weak,standards.travel-strong", meals(303), nil)
		if res.status != 422 {
			t.Fatalf("meals above a strong standard: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "itemList[0].amount", Rule: "standards.travel-strong", Severity: "error",
			Message: "第1行，伙食补助每天101.00，超过差旅标准100.00（职级P3，一线城市），超出3.00；该标准为强控，不能报销超出部分"}})
	})
}

// TestStandardsAreReadLive: the rules read the standard as the master data
// holds it now: raised by the finance administrator, the same line is
// within it.
func TestStandardsAreReadLive(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		if res := api.request(t, "POST", createClaim, lodging(1500), nil); res.status != 422 {
			t.Fatalf("before: HTTP %d %s", res.status, clip(res.body))
		}
		var std mdRecord
		key := "P3/1/住宿费/2026-01-01"
		mdCall(t, api, "admin", "GET", recordURL("travelStandard", key), "", 200, &std)
		std.Body["amount"] = 500
		mdCall(t, api, "admin", "PUT", recordURL("travelStandard", key), updateBody(t, std, std.Version), 200, nil)
		if res := api.request(t, "POST", createClaim, lodging(1500), nil); res.status != 200 {
			t.Fatalf("after the standard was raised to 500.00: HTTP %d %s", res.status, clip(res.body))
		}
		// deactivated, there is no standard to exceed
		mdCall(t, api, "admin", "GET", recordURL("travelStandard", key), "", 200, &std)
		mdCall(t, api, "admin", "DELETE", recordURL("travelStandard", key)+fmt.Sprintf("?version=%d", std.Version), "", 200, nil)
		if res := api.request(t, "POST", createClaim, lodging(9000), nil); res.status != 200 {
			t.Fatalf("without an active standard: HTTP %d %s", res.status, clip(res.body))
		}
	})
}

// TestHospitalityStandard: a BG hospitality claim of employee01 (P3) in
// company 1000, whose city Shanghai is tier 1: 600.00 a guest (weak).
func TestHospitalityStandard(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		const createBG = "/api/galaxyform/yx/ap/head/create?action=new"
		claim := func(edits ...docEdit) string {
			return exampleWith("BG.json", append([]docEdit{with("head.amount", 3000), with("lineList[0].amount", 3000),
				with("paymentList[0].paymentAmount", 3000),
				// the example names a pre-application, which this database does not hold
				with("refAdvApplies", []any{})}, edits...)...)
		}
		// 3000.00 for 4 guests is 750.00 a guest
		res := api.request(t, "POST", createBG, claim(), nil)
		if res.status != 422 {
			t.Fatalf("above the hospitality standard: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "lineList[0].amount", Rule: "standards.hospitality-weak", Severity: "confirm",
			Message: "第1行，人均750.00，超过招待标准600.00（职级P3），超出600.00；确认后请填写超标说明"}})
		res = api.request(t, "POST", createBG+"&confirm=standards.hospitality-weak", claim(), nil)
		assertFindings(t, res.findings(t), []finding{{Path: "lineList[0].overStandardReason", Rule: "standards.hospitality-reason", Severity: "error"}})
		res = api.request(t, "POST", createBG+"&confirm=standards.hospitality-weak", claim(with("lineList[0].overStandardReason", "客户总经理来访")), nil)
		if res.status != 200 {
			t.Fatalf("confirmed with a reason: HTTP %d %s", res.status, clip(res.body))
		}
		// for 5 guests it is 600.00 a guest: within
		if res := api.request(t, "POST", createBG, claim(with("head.guestCount", 5)), nil); res.status != 200 {
			t.Fatalf("within the hospitality standard: HTTP %d %s", res.status, clip(res.body))
		}
	})
}
