package httpapi_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// The document endpoints of docs/api.md, spec section 7: create, update and
// load, on SQLite and on PostgreSQL.

const (
	createClaim  = "/api/galaxyform/yx/ap/head/create?action=new"
	updateClaim  = "/api/galaxyform/yx/ap/head/update?action=edit"
	loadClaimURL = "/api/galaxyform/yx/ap/head/load?businessId="
)

func errorAt(path, rule, message string) finding {
	return finding{Path: path, Rule: rule, Severity: "error", Message: message}
}

// A valid document is stored as a draft: numbered, version 1, values
// normalised (money with 2 decimals, dates yyyy-MM-dd), line statuses derived.
func TestCreateDocument(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:           "a valid travel claim is stored as draft number 0001 of the day",
			method:         "POST",
			url:            createClaim,
			body:           travelClaim(),
			expectedStatus: 200,
			expectedCode:   "S000",
			expectedContent: []string{
				`"businessId":"EX02{today}0001"`, `"version":1`, `"schemaVersion":2`, `"status":"draft"`,
				`"amount":2458.50`, `"amount":1380.00`, `"amount":1078.50`, `"paymentAmount":2458.50`, `"restAmount":0.00`,
			},
			notExpectedContent: []string{`"status":"uncheck"`, `"status":"error"`},
			storedDocuments:    1,
			after: func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
				doc := res.data(t)
				assertValue(t, doc, `"EX02`+vars["today"]+`0001"`, "head", "businessId")
				assertValue(t, doc, `1`, "head", "version")
				assertValue(t, doc, `2`, "head", "schemaVersion")
				assertValue(t, doc, `"draft"`, "head", "status")
				assertValue(t, doc, `2458.50`, "head", "amount")
				assertValue(t, doc, `"success"`, "lineList", 0, "status")
				assertValue(t, doc, `"success"`, "lineList", 1, "status")
				assertValue(t, doc, `"success"`, "itemList", 0, "status")
				createAt, _ := valueAt(doc, "head", "createAt")
				if s, _ := createAt.(string); !regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`).MatchString(s) {
					t.Errorf("head.createAt = %v, want yyyy-MM-dd HH:mm:ss", createAt)
				}
			},
		},
		{
			name:            "the next travel claim of the day gets number 0002",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"businessId":"EX02{today}0002"`, `"version":1`},
			storedDocuments: 1,
		},
		{
			name:            "a repayment is numbered in its own EX05 sequence",
			method:          "POST",
			url:             createClaim,
			body:            repayment(),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"businessId":"EX05{today}0001"`, `"amount":800.00`, `"status":"draft"`},
			storedDocuments: 1,
		},
		{
			name:            "the system fields a client sends are replaced by the server's",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(with("head.status", "approved"), with("head.version", 7), with("head.schemaVersion", 9), with("head.createAt", "1999-01-01 00:00:00")),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"version":1`, `"schemaVersion":2`, `"status":"draft"`},
			notExpectedContent: []string{
				`"approved"`, `"version":7`, `"schemaVersion":9`, `1999-01-01`,
			},
			storedDocuments: 1,
		},
		{
			name:               "the maker and process id cannot be set by the client",
			method:             "POST",
			url:                createClaim,
			body:               travelClaim(with("head.createBy", "mallory"), with("head.processId", "P-forged")),
			expectedStatus:     200,
			expectedCode:       "S000",
			notExpectedContent: []string{`mallory`, `P-forged`},
			storedDocuments:    1,
		},
		{
			name:               "an amount sent as the text 1,234.50 is stored as the number 1234.50",
			method:             "POST",
			url:                createClaim,
			body:               travelClaim(with("lineList[1].amount", "1,234.50"), with("paymentList[0].paymentAmount", "2,614.50")),
			expectedStatus:     200,
			expectedCode:       "S000",
			expectedContent:    []string{`"amount":1234.50`},
			notExpectedContent: []string{`"1,234.50"`},
			storedDocuments:    1,
			after:              storedAs(`1234.50`, "lineList", 1, "amount"),
		},
	})
}

// A document that fails its pre-save checks is refused with 422 ECHECK, the
// CheckResult in data (errors sorted by path, then rule), the message in the
// request's language, and nothing stored. What each rule lets through and
// refuses is tried by the rule fixtures (rules/fixtures) and the engine's
// tests (their messages: engine/eval TestFindingMessages), not here.
func TestCreateDocumentPreSaveChecks(t *testing.T) {
	amountPositive := errorAt("head.amount", "ex.amount-positive", "请填写费用或金额")
	amountPositiveEn := errorAt("head.amount", "ex.amount-positive", "Please fill in the cost or amount")
	runScenarios(t, []apiScenario{
		{
			name:             "a travel claim of amount 0 is refused: fill in the amount",
			method:           "POST",
			url:              createClaim,
			body:             travelClaim(noCharges),
			expectedStatus:   422,
			expectedCode:     "ECHECK",
			expectedContent:  []string{`"message":"保存失败！请填写费用或金额"`, `"docType":"EX02"`, `"schemaVersion":2`, `"valid":false`},
			expectedFindings: []finding{amountPositive},
		},
		{
			name:             "with lang=en the refusal is in English",
			method:           "POST",
			url:              createClaim + "&lang=en",
			body:             travelClaim(noCharges),
			expectedStatus:   422,
			expectedCode:     "ECHECK",
			expectedContent:  []string{`"message":"Save failed! Please fill in the cost or amount"`},
			expectedFindings: []finding{amountPositiveEn},
		},
		{
			name:             "with Accept-Language en-US the refusal is in English",
			method:           "POST",
			url:              createClaim,
			body:             travelClaim(noCharges),
			headers:          map[string]string{"Accept-Language": "en-US,en;q=0.9"},
			expectedStatus:   422,
			expectedCode:     "ECHECK",
			expectedFindings: []finding{amountPositiveEn},
		},
		{
			name:           "findings are sorted by path then rule, row 3 before row 11, deleted rows left out",
			method:         "POST",
			url:            createClaim,
			bodyFile:       "ex02-eleven-lines-two-without-cost-type.json",
			expectedStatus: 422,
			expectedCode:   "ECHECK",
			// the message leads with the first finding and counts them all
			// (the client's amount 0 and rest 5.00 are ignored: the totals are
			// the lines', and judged only once the lines are right; a claim
			// paying the employee without payment lines is refused at the list)
			expectedContent: []string{`"message":"保存失败！第3行，费用类型为空（共5处错误）"`},
			notExpectedContent: []string{
				`lineList[5]`, // the deleted row
			},
			expectedFindings: []finding{
				errorAt("lineList[2].costType", "required", "第3行，费用类型为空"),
				errorAt("lineList[2].status", "ex.lines-validated", "第3行，费用明细未校验通过"),
				errorAt("lineList[10].costType", "required", "第11行，费用类型为空"),
				errorAt("lineList[10].status", "ex.lines-validated", "第11行，费用明细未校验通过"),
				errorAt("paymentList", "ex02.payment-info", "请填写支付信息"),
			},
		},
	})
}

// Input that is not a document, or a document the server cannot read, is a
// 4xx whose message names the problem; never a 500, and nothing is stored.
// A value that does not fit its field is one 422 here; each kind of misfit
// is tried by engine/decode and engine/eval.
func TestCreateDocumentBadInput(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:            "malformed JSON",
			method:          "POST",
			url:             createClaim,
			bodyFile:        "malformed-claim.json",
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"malformed JSON"},
		},
		{
			name:            "an empty body",
			headers:         inEnglish,
			method:          "POST",
			url:             createClaim,
			body:            "",
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"empty body"},
		},
		{
			name:               "a JSON list instead of a document",
			method:             "POST",
			url:                createClaim,
			bodyFile:           "ex02-travel-claim-as-list.json",
			expectedStatus:     400,
			expectedCode:       "EINVALID",
			expectedContent:    []string{"must be a JSON object"},
			notExpectedContent: []string{"map[string]interface", "Go value"},
		},
		{
			name:            "a head without docType",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(without("head.docType")),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"head.docType is missing"},
		},
		{
			name:            "an unknown docType is a bad request naming it",
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(with("head.docType", "EX99")),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`unknown docType \"EX99\"`},
		},
		{
			name:            "a travel claim posted under the ar family is refused, naming ap",
			headers:         inEnglish,
			method:          "POST",
			url:             "/api/galaxyform/yx/ar/head/create?action=new",
			body:            travelClaim(),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"EX02 documents are saved under /yx/ap/, not /yx/ar/"},
		},
		{
			name:             "an amount of the wrong type is the only finding on it and leads the message",
			method:           "POST",
			url:              createClaim,
			body:             travelClaim(with("lineList[0].amount", "abc")),
			expectedStatus:   422,
			expectedCode:     "ECHECK",
			expectedContent:  []string{`"message":"保存失败！第1行，金额应为数字（共2处错误）"`},
			expectedFindings: []finding{errorAt("lineList[0].amount", "type", "第1行，金额应为数字"), errorAt("lineList[0].status", "ex.lines-validated", "第1行，费用明细未校验通过")},
		},
		{
			name:   "the largest amount, 999999999999999.00, is stored exactly",
			method: "POST",
			url:    createClaim,
			body: travelClaim(with("lineList", []any{map[string]any{"costType": "交通费", "amount": json.Number("999999999999999.00")}}),
				with("paymentList[0].paymentAmount", json.Number("999999999999999.00"))),
			expectedStatus:  200,
			expectedCode:    "S000",
			storedDocuments: 1,
			after:           storedAs(`999999999999999.00`, "head", "amount"),
		},
		{
			name:            "a body one byte over 4 MiB is too large",
			method:          "POST",
			url:             createClaim,
			body:            paddedTo(travelClaim(), 4<<20+1),
			expectedStatus:  413,
			expectedCode:    "ETOOLARGE",
			expectedContent: []string{"too large"},
		},
		{
			name:            "a body of exactly 4 MiB is within the limit",
			method:          "POST",
			url:             createClaim,
			body:            paddedTo(travelClaim(), 4<<20),
			expectedStatus:  200,
			expectedCode:    "S000",
			storedDocuments: 1,
		},
		{
			name:            "a new document cannot bring its own businessId",
			headers:         inEnglish,
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(with("head.businessId", "EX02202601010001")),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"EX02202601010001 already has a number"},
		},
		{
			name:            "an unknown action",
			method:          "POST",
			url:             "/api/galaxyform/yx/ap/head/create?action=foo",
			body:            travelClaim(),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`unknown action \"foo\"`},
		},
		{
			name:            "a read-only action mode may not create",
			method:          "POST",
			url:             "/api/galaxyform/yx/ap/head/create?action=read",
			body:            travelClaim(),
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			storedDocuments: 0,
		},
		{
			name:            "an unknown route under /api answers 404 in an envelope",
			method:          "GET",
			url:             "/api/galaxyform/yx/ap/head/delete?businessId=EX02202601010001",
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{"no such route", `"data":null`},
		},
		{
			name:            "an unknown POST route under /api answers 404 in an envelope",
			method:          "POST",
			url:             "/api/formwork/nothing",
			body:            travelClaim(),
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{"no such route: POST /api/formwork/nothing"},
		},
	})
}

// A stored document loads back exactly as it was answered at creation.
func TestLoadDocument(t *testing.T) {
	storeOne := func(t *testing.T, api *testAPI) map[string]string {
		res := api.request(t, "POST", createClaim, travelClaim(), nil)
		if res.status != 200 {
			t.Fatalf("storing the travel claim: %s", clip(res.body))
		}
		id, _ := valueAt(res.data(t), "head", "businessId")
		return map[string]string{"businessId": id.(string), "created": string(res.envelope.Data)}
	}
	runScenarios(t, []apiScenario{
		{
			name:           "a stored travel claim loads back with the same values",
			before:         storeOne,
			method:         "GET",
			url:            loadClaimURL + "{businessId}",
			expectedStatus: 200,
			expectedCode:   "S000",
			expectedContent: []string{
				`"businessId":"{businessId}"`, `"version":1`, `"schemaVersion":2`, `"status":"draft"`,
				`"amount":2458.50`, `"description":"北京客户拜访差旅费"`, `"status":"success"`,
			},
			after: func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
				if got := string(res.envelope.Data); got != vars["created"] {
					t.Errorf("loaded document differs from the one answered at creation:\nloaded:  %s\ncreated: %s", got, vars["created"])
				}
			},
		},
		{
			name:            "an unknown businessId is not found",
			headers:         inEnglish,
			method:          "GET",
			url:             loadClaimURL + "EX02209901010001",
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{"no document EX02209901010001"},
		},
		{
			name:            "a load without businessId is a bad request",
			method:          "GET",
			url:             "/api/galaxyform/yx/ap/head/load",
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"businessId is missing"},
		},
		{
			name:            "a travel claim loaded under the ar family is refused, naming ap",
			before:          storeOne,
			method:          "GET",
			url:             "/api/galaxyform/yx/ar/head/load?businessId={businessId}",
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"/yx/ap/"},
		},
	})
}

// Updates carry the version the client loaded; a stale version is a 409 and
// the stored document stays as the winner wrote it.
func TestUpdateDocument(t *testing.T) {
	storeOne := func(t *testing.T, api *testAPI) map[string]string {
		return map[string]string{"businessId": storeTravelClaim(t, api)}
	}
	// storeAndUpdateOnce leaves the claim at version 2 with the first change.
	storeAndUpdateOnce := func(t *testing.T, api *testAPI) map[string]string {
		id := storeTravelClaim(t, api)
		if res := updateTravelClaim(t, api, id, 1, with("head.description", "第一次修改")); res.status != 200 {
			t.Fatalf("first update: %s", clip(res.body))
		}
		return map[string]string{"businessId": id}
	}
	claimUpdate := func(version any, edits ...docEdit) string {
		return travelClaim(append([]docEdit{with("head.businessId", "{businessId}"), with("head.version", version)}, edits...)...)
	}
	runScenarios(t, []apiScenario{
		{
			name:   "an update with the loaded version is stored as version 2",
			before: storeOne,
			method: "PUT",
			url:    updateClaim,
			body: claimUpdate(1, with("head.description", "北京客户拜访差旅费（补出租车票）"), with("lineList[1].amount", json.Number("1100.00")),
				with("paymentList[0].paymentAmount", json.Number("2480.00"))),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"businessId":"{businessId}"`, `"version":2`, `"status":"draft"`, `"description":"北京客户拜访差旅费（补出租车票）"`, `"amount":1100.00`},
			after: func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
				doc := loadDocument(t, api, vars["businessId"])
				assertValue(t, doc, `2`, "head", "version")
				assertValue(t, doc, `"北京客户拜访差旅费（补出租车票）"`, "head", "description")
				assertValue(t, doc, `1100.00`, "lineList", 1, "amount")
			},
		},
		{
			name:            "an update with a stale version is a conflict and changes nothing",
			headers:         inEnglish,
			before:          storeAndUpdateOnce,
			method:          "PUT",
			url:             updateClaim,
			body:            claimUpdate(1, with("head.description", "第二次修改")),
			expectedStatus:  409,
			expectedCode:    "ECONFLICT",
			expectedContent: []string{"you have version 1, the latest is 2"},
			after: func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
				doc := loadDocument(t, api, vars["businessId"])
				assertValue(t, doc, `2`, "head", "version")
				assertValue(t, doc, `"第一次修改"`, "head", "description")
			},
		},
		{
			name:            "an update without version is a bad request",
			headers:         inEnglish,
			before:          storeOne,
			method:          "PUT",
			url:             updateClaim,
			body:            travelClaim(with("head.businessId", "{businessId}")),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"head.version is missing"},
		},
		{
			name:            "an update without businessId is a bad request",
			headers:         inEnglish,
			method:          "PUT",
			url:             updateClaim,
			body:            travelClaim(with("head.version", 1)),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"head.businessId is missing"},
		},
		{
			name:            "an update of an unknown document is not found",
			headers:         inEnglish,
			method:          "PUT",
			url:             updateClaim,
			body:            travelClaim(with("head.businessId", "EX02209901010001"), with("head.version", 1)),
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{"no document EX02209901010001"},
		},
		{
			name:             "an update that fails its checks is refused and changes nothing",
			before:           storeOne,
			method:           "PUT",
			url:              updateClaim,
			body:             claimUpdate(1, noCharges),
			expectedStatus:   422,
			expectedCode:     "ECHECK",
			expectedFindings: []finding{errorAt("head.amount", "ex.amount-positive", "请填写费用或金额")},
			after: func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
				doc := loadDocument(t, api, vars["businessId"])
				assertValue(t, doc, `1`, "head", "version")
				assertValue(t, doc, `2458.50`, "head", "amount")
			},
		},
		{
			name:               "an update keeps the stored status and creation time",
			before:             storeOne,
			method:             "PUT",
			url:                updateClaim,
			body:               claimUpdate(1, with("head.status", "approved"), with("head.createAt", "1999-01-01 00:00:00"), with("head.schemaVersion", 9)),
			expectedStatus:     200,
			expectedCode:       "S000",
			expectedContent:    []string{`"status":"draft"`, `"version":2`, `"schemaVersion":2`},
			notExpectedContent: []string{`"approved"`, `1999-01-01`},
		},
		{
			name:            "a travel claim cannot be updated as a repayment",
			headers:         inEnglish,
			before:          storeOne,
			method:          "PUT",
			url:             updateClaim,
			body:            repayment(with("head.businessId", "{businessId}"), with("head.version", 1)),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"is a EX02, not a EX05"},
		},
		{
			name:            "a travel claim updated under the ar family is refused, naming ap",
			headers:         inEnglish,
			before:          storeOne,
			method:          "PUT",
			url:             "/api/galaxyform/yx/ar/head/update?action=edit",
			body:            claimUpdate(1),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"EX02 documents are saved under /yx/ap/, not /yx/ar/"},
		},
		{
			name:            "an update with an unknown action is a bad request",
			before:          storeOne,
			method:          "PUT",
			url:             "/api/galaxyform/yx/ap/head/update?action=foo",
			body:            claimUpdate(1),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`unknown action \"foo\"`},
		},
		{
			name:           "an update in read mode is forbidden and changes nothing",
			before:         storeOne,
			method:         "PUT",
			url:            "/api/galaxyform/yx/ap/head/update?action=read",
			body:           claimUpdate(1, with("head.description", "只读模式下的修改")),
			expectedStatus: 403,
			expectedCode:   "EFORBIDDEN",
			after: func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
				assertValue(t, loadDocument(t, api, vars["businessId"]), `1`, "head", "version")
			},
		},
		{
			name:            "a partial edit may not change fields the mode keeps read-only, and names them",
			before:          storeOne,
			method:          "PUT",
			url:             "/api/galaxyform/yx/ap/head/update?action=partedit",
			body:            claimUpdate(1, with("head.description", "部分修改"), with("lineList[1].costType", "餐费")),
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{`head.description, lineList[1].costType`, `"fields":["head.description","lineList[1].costType"]`},
			after: func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
				assertValue(t, loadDocument(t, api, vars["businessId"]), `1`, "head", "version")
			},
		},
		{
			name:            "a partial edit without a forbidden change saves",
			before:          storeOne,
			method:          "PUT",
			url:             "/api/galaxyform/yx/ap/head/update?action=partedit",
			body:            claimUpdate(1),
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"version":2`},
		},
		{
			name:               "system fields sent on update are the stored ones",
			before:             storeOne,
			method:             "PUT",
			url:                "/api/galaxyform/yx/ap/head/update?action=edit",
			body:               claimUpdate(1, with("head.status", "approved"), with("head.createAt", "1999-01-01 00:00:00")),
			expectedStatus:     200,
			expectedCode:       "S000",
			expectedContent:    []string{`"status":"draft"`},
			notExpectedContent: []string{`approved`, `1999-01-01`},
		},
	})
}

// paddedTo pads a JSON body with trailing blanks (still one valid JSON
// value) to exactly size bytes.
func paddedTo(body string, size int) string {
	return body + strings.Repeat(" ", size-len(body))
}

// storedAs loads the document the answer names and checks the stored value
// at keys (JSON text).
func storedAs(want string, keys ...any) func(*testing.T, *testAPI, *apiResponse, map[string]string) {
	return func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
		t.Helper()
		id, _ := valueAt(res.data(t), "head", "businessId")
		assertValue(t, loadDocument(t, api, fmt.Sprint(id)), want, keys...)
	}
}
