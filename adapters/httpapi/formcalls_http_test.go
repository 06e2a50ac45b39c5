package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/tools/formwork/wire"
)

// The spec's form calls under the documents' server-side names
// (formcallapi): reimburse/createCommonCharges, ivvf/modifyForm, and the
// document type's change log doc/type/log.

const (
	commonChargesURL = "/api/galaxyform/reimburse/createCommonCharges?action=new"
	modifyFormURL    = "/api/galaxyform/ivvf/modifyForm?action=edit"
	typeLogURL       = "/api/galaxyform/doc/type/log"
)

func init() {
	routeWalk["POST /api/galaxyform/reimburse/createCommonCharges"] = routeCall{"signed in", "/api/galaxyform/reimburse/createCommonCharges", `{}`, [5]int{401, 400, 400, 400, 400}}
	routeWalk["POST /api/galaxyform/ivvf/modifyForm"] = routeCall{"signed in", "/api/galaxyform/ivvf/modifyForm", `{"formIvvfHead":{}}`, [5]int{401, 400, 400, 400, 400}}
	routeWalk["POST /api/galaxyform/doc/type/log"] = routeCall{"signed in", "/api/galaxyform/doc/type/log", `{"docType":"EX02"}`, [5]int{401, 200, 200, 200, 200}}
}

// serverNames renames the top-level keys of a document (head -> formRmbHead).
func serverNames(doc string, names map[string]string) string {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		panic(err)
	}
	out := map[string]json.RawMessage{}
	for k, v := range m {
		if to, ok := names[k]; ok {
			k = to
		}
		out[k] = v
	}
	b, _ := json.Marshal(out)
	return string(b)
}

var rmbNames = map[string]string{"head": "formRmbHead", "lineList": "formRmbCharges"}

func TestFormCallsUnderServerNames(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		// the travel claim filed as common charges: stored as by head/create
		res := api.request(t, "POST", commonChargesURL, serverNames(travelClaim(), rmbNames), nil)
		if res.status != 200 {
			t.Fatalf("createCommonCharges: HTTP %d %s", res.status, clip(res.body))
		}
		id := fmt.Sprint(mustValue(t, res.data(t), "head", "businessId"))
		doc := loadDocument(t, api, id)
		if got := fmt.Sprint(mustValue(t, doc, "head", "amount"), " ", len(mustValue(t, doc, "lineList").([]any))); got != "2458.50 2" {
			t.Fatalf("stored common charges: %s", got)
		}
		// refused as a create is, at the head's names
		res = api.request(t, "POST", commonChargesURL, serverNames(travelClaim(without("head.companyCode")), rmbNames), nil)
		if res.status != 422 || !strings.Contains(res.body, `"head.companyCode"`) {
			t.Fatalf("common charges without a company: HTTP %d %s", res.status, clip(res.body))
		}
		for name, body := range map[string]string{
			"no formRmbHead":   serverNames(travelClaim(), map[string]string{"lineList": "formRmbCharges"}),
			"head twice":       strings.Replace(serverNames(travelClaim(), rmbNames), `"formRmbCharges"`, `"head":{},"formRmbCharges"`, 1),
			"head not objects": `{"formRmbHead":[1]}`,
		} {
			if res := api.request(t, "POST", commonChargesURL, body, nil); res.status != 400 {
				t.Errorf("%s: HTTP %d %s", name, res.status, clip(res.body))
			}
		}

		// modifyForm saves the stored document again under its family
		edited := serverNames(travelClaim(with("head.businessId", id), with("head.version", 1), with("head.description", "修改后的说明")),
			map[string]string{"head": "formIvvfHead"})
		if res := api.request(t, "POST", modifyFormURL, edited, nil); res.status != 200 {
			t.Fatalf("modifyForm: HTTP %d %s", res.status, clip(res.body))
		}
		if got := mustValue(t, loadDocument(t, api, id), "head", "description"); got != "修改后的说明" {
			t.Fatalf("modified description: %v", got)
		}
		// the version it was loaded at is stale now: 409
		if res := api.request(t, "POST", modifyFormURL, edited, nil); res.status != 409 {
			t.Fatalf("stale modifyForm: HTTP %d %s", res.status, clip(res.body))
		}
		unknown := serverNames(travelClaim(with("head.businessId", "EX02209901010001"), with("head.version", 1)), map[string]string{"head": "formIvvfHead"})
		if res := api.request(t, "POST", modifyFormURL, unknown, nil); res.status != 404 {
			t.Fatalf("modifyForm of no document: HTTP %d %s", res.status, clip(res.body))
		}

		// the change log: newest version first, the first with no changes
		res = api.request(t, "POST", typeLogURL, `{"docType":"EX02"}`, nil)
		log, _ := res.data(t).([]any)
		if res.status != 200 || len(log) < 2 {
			t.Fatalf("type log: HTTP %d %s", res.status, clip(res.body))
		}
		first, last := log[0].(map[string]any), log[len(log)-1].(map[string]any)
		if first["live"] != true || fmt.Sprint(last["version"]) != "1" || len(last["changes"].([]any)) != 0 || len(first["changes"].([]any)) == 0 {
			t.Fatalf("type log: %s", clip(res.body))
		}
		if res := api.request(t, "POST", typeLogURL, `{"docType":"NOPE"}`, nil); res.status != 404 {
			t.Fatalf("log of no type: HTTP %d", res.status)
		}
		if res := api.request(t, "POST", typeLogURL, `{}`, nil); res.status != 400 {
			t.Fatalf("log of no docType: HTTP %d", res.status)
		}
		// withheld: it would hand out a password (docs/api.md)
		if res := api.request(t, "GET", "/api/galaxycommon/user/getUserPassword", "", nil); res.status != 404 || res.envelope.Code != "ENOTFOUND" {
			t.Fatalf("getUserPassword: HTTP %d %s", res.status, clip(res.body))
		}
	})
}

// formCalls answers the form calls under server names in the contract walk.
func (w *answerWalk) formCalls() {
	res := w.call("POST /api/galaxyform/reimburse/createCommonCharges", "", commonChargesURL, serverNames(travelClaim(), rmbNames), 200)
	id := fmt.Sprint(mustValue(w.t, res.data(w.t), "head", "businessId"))
	w.call("POST /api/galaxyform/reimburse/createCommonCharges", "", commonChargesURL, serverNames(travelClaim(without("head.companyCode")), rmbNames), 422)
	w.call("POST /api/galaxyform/reimburse/createCommonCharges", "", commonChargesURL, `{"formRmbCharges":[]}`, 400)
	edited := serverNames(travelClaim(with("head.businessId", id), with("head.version", 1)), map[string]string{"head": "formIvvfHead"})
	w.call("POST /api/galaxyform/ivvf/modifyForm", "", modifyFormURL, edited, 200)
	w.call("POST /api/galaxyform/ivvf/modifyForm", "", modifyFormURL, edited, 409)
	w.call("POST /api/galaxyform/doc/type/log", "", typeLogURL, `{"docType":"EX02"}`, 200)
	w.call("POST /api/galaxyform/doc/type/log", "", typeLogURL, `{"docType":"NOPE"}`, 404)
}

// TestUnknownAPIPathsAnswerJSON: with the web app served, an unknown path
// under /api, /ocr, /itax or /rest answers a JSON 404 (never the app's
// page), whatever the method; a route of the table under those prefixes
// still answers (specific routes win); other paths get the web app.
func TestUnknownAPIPathsAnswerJSON(t *testing.T) {
	web := fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}}
	api := newTestAPI(t, openSQLite(t), func(cfg *wire.Config) { cfg.Web = web })
	for _, method := range []string{"GET", "POST"} {
		for _, path := range []string{"/api/nothing", "/api/galaxyform/nothing/here", "/ocr/createImagePathApi/nothing", "/itax/ibm/nothing", "/rest/nothing",
			"/api/galaxycommon/user/getUserPassword"} {
			res := api.request(t, method, path, "{}", nil)
			if res.status != 404 || res.envelope.Code != "ENOTFOUND" || !strings.HasPrefix(res.header.Get("Content-Type"), "application/json") {
				t.Errorf("%s %s: HTTP %d %s %q", method, path, res.status, res.header.Get("Content-Type"), clip(res.body))
			}
		}
	}
	if res := api.request(t, "POST", "/rest/dic/list", `["company"]`, nil); res.status != 200 {
		t.Errorf("a route under /rest: HTTP %d %s", res.status, clip(res.body))
	}
	if res := api.request(t, "POST", typeLogURL, `{"docType":"EX02"}`, nil); res.status != 200 {
		t.Errorf("a route under /api: HTTP %d %s", res.status, clip(res.body))
	}
	if res, err := api.send("GET", "/Dashboard", "", nil); err != nil || res.status != 200 || !strings.Contains(res.body, `id="root"`) {
		t.Errorf("the web app: %v %+v", err, res)
	}
}
