package httpapi_test

import (
	"encoding/json"
	"testing"

	"formwork/engine"
)

// formOf decodes the member form of a document answer.
func formOf(t *testing.T, res *apiResponse) map[string]any {
	t.Helper()
	var env struct {
		Form map[string]any `json:"form"`
	}
	mustJSON(t, []byte(res.body), &env)
	if env.Form == nil {
		t.Fatalf("%s %s: the answer has no form: %s", res.method, res.path, clip(res.body))
	}
	return env.Form
}

// TestDocumentAnswersCarryForm: create, update and load answer the stored
// document and, beside it, everything the form shows (states, check,
// process status and allowed actions, the export's etag): one request per
// form action.
func TestDocumentAnswersCarryForm(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		created := api.request(t, "POST", createClaim, travelClaim(), nil)
		if created.status != 200 {
			t.Fatalf("create: HTTP %d: %s", created.status, clip(created.body))
		}
		form := formOf(t, created)
		assertValue(t, form, `"new"`, "action")
		assertValue(t, form, `"draft"`, "process", "status")
		assertValue(t, form, "true", "check", "valid")
		assertValue(t, form, `"form"`, "schema", "edition")
		assertValue(t, form, `"EX02"`, "schema", "docType")
		assertValue(t, form, `"ap"`, "schema", "family")
		if st, ok := valueAt(form, "states", "head.reason"); !ok || st == nil {
			t.Errorf("form.states has no head.reason: %v", form["states"])
		}
		actions, _ := valueAt(form, "process", "actions")
		if !containsAll(actions, "save", "submit") {
			t.Errorf("a draft's owner may save and submit; actions %v", actions)
		}
		etag, _ := valueAt(form, "schema", "etag")
		if s, _ := etag.(string); len(s) < 10 {
			t.Errorf("form.schema.etag %v", etag)
		}
		id, _ := valueAt(created.data(t), "head", "businessId")

		loaded := api.request(t, "GET", "/api/galaxyform/yx/ap/head/load?action=read&businessId="+id.(string), "", nil)
		lf := formOf(t, loaded)
		assertValue(t, lf, `"read"`, "action")
		// the read export draws it read-only: its state does not tell it again
		if st, told := valueAt(lf, "states", "head.reason", "editable"); told {
			t.Errorf("read mode: head.reason editable = %v", st)
		}
		if e1, _ := valueAt(lf, "schema", "etag"); e1 == etag {
			t.Errorf("the read export and the new export share the etag %v", e1)
		}
		loadedEdit := formOf(t, api.request(t, "GET", "/api/galaxyform/yx/ap/head/load?businessId="+id.(string), "", nil))
		assertValue(t, loadedEdit, `"edit"`, "action")

		updated := updateTravelClaim(t, api, id.(string), 1, with("head.reason", "客户拜访"))
		if updated.status != 200 {
			t.Fatalf("update: HTTP %d: %s", updated.status, clip(updated.body))
		}
		uf := formOf(t, updated)
		assertValue(t, uf, `"edit"`, "action")
		assertValue(t, uf, `"draft"`, "process", "status")

		// someone who may not open it gets no form either
		other := api.request(t, "GET", "/api/galaxyform/yx/ap/head/load?businessId="+id.(string), "", api.as(t, "manager01"))
		if other.status != 403 {
			t.Errorf("manager01 loads another's draft: HTTP %d", other.status)
		}
		bad := api.request(t, "GET", "/api/galaxyform/yx/ap/head/load?action=nope&businessId="+id.(string), "", nil)
		if bad.status != 400 {
			t.Errorf("an unknown action: HTTP %d", bad.status)
		}
	})
}

func containsAll(list any, want ...string) bool {
	b, _ := json.Marshal(list)
	var got []string
	_ = json.Unmarshal(b, &got)
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			return false
		}
	}
	return true
}

// TestSaveWorkOverHTTP: a create, a temporary save, an update and a load
// each prepare and check the document once, the answer's form included
// (it reuses the save's evaluation).
func TestSaveWorkOverHTTP(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		// the blank new claim is built by the first create of the catalogue
		api.request(t, "POST", createClaim, travelClaim(), nil)
		once := engine.EvalCount{Prepares: 1, Checks: 1}
		counted := func(t *testing.T, what string, send func() *apiResponse) *apiResponse {
			t.Helper()
			before := engine.EvalCounters()
			res := send()
			if got := engine.EvalCounters().Since(before); got != once {
				t.Errorf("%s: counted %+v, want %+v", what, got, once)
			}
			if res.status != 200 {
				t.Fatalf("%s: HTTP %d: %s", what, res.status, clip(res.body))
			}
			formOf(t, res)
			return res
		}
		created := counted(t, "create", func() *apiResponse {
			return api.request(t, "POST", createClaim, travelClaim(), nil)
		})
		counted(t, "temporary save", func() *apiResponse {
			return api.request(t, "POST", createClaim+"&tempSave=1", travelClaim(without("head.description")), nil)
		})
		id, _ := valueAt(created.data(t), "head", "businessId")
		counted(t, "update", func() *apiResponse {
			return updateTravelClaim(t, api, id.(string), 1, with("head.description", "上海客户拜访差旅费"))
		})
		counted(t, "load", func() *apiResponse {
			return api.request(t, "GET", "/api/galaxyform/yx/ap/head/load?businessId="+id.(string), "", nil)
		})
	})
}
