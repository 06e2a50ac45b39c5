package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// The registry (what the generic form renders) and evaluate (what it calls
// on every change), docs/api.md. They store nothing.

const (
	travelClaimForm = "/api/formwork/registry/docTypes/EX02/form"
	evaluateNew     = "/api/formwork/evaluate?action=new"
)

func TestRegistry(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:           "the document types include EX01 to EX06 of family ap; each has a family, version, edition and titles",
			method:         "GET",
			url:            "/api/formwork/registry/docTypes",
			expectedStatus: 200,
			expectedCode:   "S000",
			after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
				var list []struct {
					DocType string            `json:"docType"`
					Family  string            `json:"family"`
					Version int               `json:"version"`
					Edition string            `json:"edition"`
					Title   map[string]string `json:"title"`
				}
				if err := json.Unmarshal(res.envelope.Data, &list); err != nil {
					t.Fatalf("data is not a list of document types: %v", err)
				}
				families := map[string]bool{"ap": true, "ar": true, "gl": true, "as": true, "ht": true}
				listed := map[string]bool{}
				for _, d := range list {
					listed[d.DocType+":"+d.Family] = true
					if !families[d.Family] || d.Version < 1 || d.Edition == "" || d.Title["zh"] == "" || d.Title["en"] == "" {
						t.Errorf("%s: family %q, version %d, edition %q, title %v; want a family of the /yx/ paths, a version, an edition and zh and en titles", d.DocType, d.Family, d.Version, d.Edition, d.Title)
					}
				}
				for _, want := range strings.Fields("EX01:ap EX02:ap EX03:ap EX04:ap EX05:ap EX06:ap") {
					if !listed[want] {
						t.Errorf("no document type %s among %d", want, len(list))
					}
				}
			},
		},
		{
			name:            "the travel claim form for A01 when new: JSON Schema 2020-12, money widget, no image upload",
			method:          "GET",
			url:             travelClaimForm + "?subType=A01&action=new",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"docType":"EX02"`, `"family":"ap"`, `"title":"员工报销"`},
			after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
				form := res.data(t)
				assertValue(t, form, `"https://json-schema.org/draft/2020-12/schema"`, "schema", "$schema")
				assertValue(t, form, `"money"`, "uiSchema", "head", "amount", "ui:widget")
				assertValue(t, form, `"date"`, "uiSchema", "lineList", "items", "expDate", "ui:widget")
				assertValue(t, form, `"textarea"`, "uiSchema", "head", "description", "ui:widget")
				assertValue(t, form, `"lineTable"`, "uiSchema", "lineList", "ui:field")
				assertValue(t, form, `"status"`, "uiSchema", "lineList", "ui:options", "statusField")
				amount := []any{"schema", "properties", "head", "properties", "amount"}
				assertValue(t, form, `"number"`, append(amount, "type")...)
				assertValue(t, form, `0.01`, append(amount, "multipleOf")...)
				assertValue(t, form, `-999999999999999`, append(amount, "minimum")...)
				assertValue(t, form, `999999999999999`, append(amount, "maximum")...)
				assertValue(t, form, `{"format":"date","title":"费用日期","type":"string"}`, "schema", "properties", "lineList", "items", "properties", "expDate")
				assertValue(t, form, `["save","imageView","invoiceDetail","search"]`, "buttons")
				assertValue(t, form, `"A01"`, "subTypes", "businessType1", 0, "key")
				assertValue(t, form, `"A0101"`, "subTypes", "businessType1", 0, "children", 0, "key")
				assertValue(t, form, `true`, "uiSchema", "head", "amount", "ui:readonly") // the lines' total (issue 12)
				// currency is hidden for domestic travel, but stays in the schema
				assertValue(t, form, `"hidden"`, "uiSchema", "head", "currency", "ui:widget")
				assertValue(t, form, `"string"`, "schema", "properties", "head", "properties", "currency", "type")
			},
		},
		{
			name:            "in English the form's titles are English",
			method:          "GET",
			url:             travelClaimForm + "?subType=A01&action=new&lang=en",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"title":"Employee claim"`, `"value":"Travel"`},
		},
		{
			name:            "an unknown sub-type is not found",
			method:          "GET",
			url:             travelClaimForm + "?subType=A99&action=new&lang=en",
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{`EX02 has no sub-type \"A99\"`},
		},
		{
			name:            "an unknown document type is not found",
			method:          "GET",
			url:             "/api/formwork/registry/docTypes/EX99/form?subType=A01&action=new&lang=en",
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{`unknown docType \"EX99\"`},
		},
		{
			name:            "an unknown action is a bad request",
			method:          "GET",
			url:             travelClaimForm + "?subType=A01&action=foo&lang=en",
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`"message":"action: unknown action \"foo\""`},
		},
		{
			name:            "the refusal in Chinese by default",
			method:          "GET",
			url:             "/api/formwork/registry/docTypes/EX99/form",
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{`"message":"docType: 单据类型\"EX99\"不存在"`},
		},
		{
			name:            "and in Thai",
			method:          "GET",
			url:             travelClaimForm + "?subType=A99&lang=th",
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{`"message":"subType: EX02 ไม่มีประเภทธุรกิจ \"A99\""`},
		},
	})
}

func TestEvaluate(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:             "a fine travel claim: lines validated, defaults filled in, no exception reason shown",
			method:           "POST",
			url:              evaluateNew,
			body:             travelClaim(),
			expectedStatus:   200,
			expectedCode:     "S000",
			expectedContent:  []string{`"valid":true`},
			expectedFindings: []finding{},
			after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
				ev := res.data(t)
				assertValue(t, ev, `"success"`, "values", "lineList[0].status")
				assertValue(t, ev, `"success"`, "values", "lineList[1].status")
				assertValue(t, ev, `1`, "values", "head.exchangeRate")
				assertValue(t, ev, `"CNY"`, "values", "head.currency")
				assertValue(t, ev, `2458.50`, "values", "head.domesticAmount")
				assertAbsent(t, ev, "values", "head.amount") // sent, unchanged
				assertValue(t, ev, `false`, "fields", "head.reason", "visible")
				// derived: read-only and not required, as the export draws it
				assertAbsent(t, ev, "fields", "head.amount")
			},
		},
		{
			name:           "a charge line without cost type is an error line, in English with lang=en",
			method:         "POST",
			url:            evaluateNew + "&lang=en",
			body:           travelClaim(with("lineList[1].costType", "")),
			expectedStatus: 200,
			expectedCode:   "S000",
			expectedFindings: []finding{
				errorAt("lineList[1].costType", "required", "Row 2: Cost type is empty"),
				errorAt("lineList[1].status", "ex.lines-validated", "Row 2: the charge line is not validated"),
			},
			after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
				ev := res.data(t)
				assertValue(t, ev, `"success"`, "values", "lineList[0].status")
				assertValue(t, ev, `"error"`, "values", "lineList[1].status")
			},
		},
		{
			name:           "in read mode no field is editable",
			method:         "POST",
			url:            "/api/formwork/evaluate?action=read",
			body:           travelClaim(),
			expectedStatus: 200,
			expectedCode:   "S000",
			after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
				// the export draws every field read-only: no state tells it again
				fields, _ := valueAt(res.data(t), "fields")
				for path, st := range fields.(map[string]any) {
					if _, told := st.(map[string]any)["editable"]; told {
						t.Errorf("read mode: %s's state tells editable: %v", path, st)
					}
				}
			},
		},
		{
			name:            "evaluate with an unknown action is a bad request",
			method:          "POST",
			url:             "/api/formwork/evaluate?action=foo",
			body:            travelClaim(),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`unknown action \"foo\"`},
		},
		{
			name:            "evaluate of malformed JSON is a bad request",
			method:          "POST",
			url:             evaluateNew,
			bodyFile:        "malformed-claim.json",
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"malformed JSON"},
		},
		{
			name:            "evaluate of an unknown document type is a bad request",
			method:          "POST",
			url:             evaluateNew,
			body:            travelClaim(with("head.docType", "EX99")),
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{"EX99"},
		},
	})
}
