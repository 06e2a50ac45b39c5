package httpapi_test

import (
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"formwork/adapters/simulators/simtest"
	"formwork/tools/formwork/wire"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestOpenAPIAnswers holds the server's real answers to docs/openapi.json,
// read strictly: an object member the document does not describe, a member
// it says is always there but is missing, or a status it does not list
// fails. It walks a document's life and calls every other route; every
// route of the route table answers at least once with success (the print
// view, HTML, with its content type only).
func TestOpenAPIAnswers(t *testing.T) {
	contract := loadContract(t)
	// the simulators of the accounting, tax and invoice-verification systems, processes of their own
	verifier := simtest.Start(t, "invoice")
	forEachDatabaseWith(t, func(c *wire.Config) {
		withSimulators(simtest.Start(t, "accounting"), simtest.Start(t, "tax"), 5*time.Second)(c)
		c.InvoiceVerifyURL = verifier.URL + "/invoice/verify"
	}, func(t *testing.T, api *testAPI) {
		w := &answerWalk{t: t, api: api, contract: contract, succeeded: map[string]bool{}}
		w.identity()
		w.registry()
		w.documentLife()
		w.budgetAndConfiguration()
		w.budgetPages()
		w.searchHelps()
		w.masterData()
		w.administration()
		w.invoices()
		w.files()
		w.formCalls()
		w.dashboardWalk()
		w.moneyOut()
		w.payments()
		w.specCalls()
		w.coverage()
	})
}

// answerWalk calls routes and checks each answer against the contract.
type answerWalk struct {
	t         *testing.T
	api       *testAPI
	contract  *contract
	succeeded map[string]bool // "METHOD /openapi/{path}" answered 200
}

// call sends a request to route ("METHOD /path/{param}") at url as who
// (a demo user, anonymous, or "" for employee01), expects status and
// checks the answer against the route's schema for that status.
func (w *answerWalk) call(route, who, url, body string, status int) *apiResponse {
	t := w.t
	t.Helper()
	method, _, _ := strings.Cut(route, " ")
	var headers map[string]string
	if who != "" {
		headers = w.api.as(t, who)
	}
	res, err := w.api.send(method, url, body, headers)
	if err != nil {
		t.Fatal(err)
	}
	return w.answered(route, method, url, who, res, status)
}

// answered checks an answer to route against the contract.
func (w *answerWalk) answered(route, method, url, who string, res *apiResponse, status int) *apiResponse {
	t := w.t
	t.Helper()
	if res.status != status {
		t.Fatalf("%s %s as %q: HTTP %d, want %d: %s", method, url, who, res.status, status, clip(res.body))
	}
	if ct, _, _ := strings.Cut(res.header.Get("Content-Type"), ";"); ct != "application/json" {
		w.contract.expectContent(t, route, status, ct)
	} else {
		w.contract.check(t, route, status, res.body)
	}
	if status == http.StatusOK || status == http.StatusCreated {
		w.succeeded[route] = true
	}
	if strings.HasPrefix(res.header.Get("Content-Type"), "application/json") && route != "GET /api/openapi.json" {
		checkEnvelope(t, res)
	}
	return res
}

func (w *answerWalk) identity() {
	w.call("POST /api/galaxycommon/login/auth", anonymous, "/api/galaxycommon/login/auth", `{"username":"admin","password":"`+demoPassword+`"}`, 200)
	w.call("POST /api/galaxycommon/login/auth", anonymous, "/api/galaxycommon/login/auth", `{"username":"admin","password":"wrong"}`, 200)
	w.call("GET /api/galaxycommon/login/cas", anonymous, "/api/galaxycommon/login/cas?ticket=ST-1", "", 200)
	w.call("GET /api/galaxycommon/login/options", anonymous, "/api/galaxycommon/login/options", "", 200)
	w.call("GET /api/formwork/health", anonymous, "/api/formwork/health", "", 200)
	w.call("GET /api/openapi.json", anonymous, "/api/openapi.json", "", 200)
	for _, who := range []string{"employee01", "admin"} {
		w.call("GET /api/galaxycommon/user/current", who, "/api/galaxycommon/user/current", "", 200)
		w.call("POST /api/galaxycommon/searchhelp/queryPermission", who, "/api/galaxycommon/searchhelp/queryPermission", "", 200)
		w.call("GET /api/galaxycommon/menu/tree", who, "/api/galaxycommon/menu/tree", "", 200)
	}
	w.call("GET /api/galaxycommon/user/current", anonymous, "/api/galaxycommon/user/current", "", 401)
	w.call("GET /api/galaxyreport/rptAuth/selectByUserId", "admin", "/api/galaxyreport/rptAuth/selectByUserId?rptType=rptReimburse", "", 200)
	w.call("GET /api/galaxyreport/rptAuth/selectByUserId", "employee01", "/api/galaxyreport/rptAuth/selectByUserId", "", 403)
	w.call("POST /api/galaxyform/proxyAuth/save", "", "/api/galaxyform/proxyAuth/save",
		`{"authorTo":"finance01","authorStatus":"1","activeFrom":"2026-01-01","activeTo":"2026-12-31"}`, 200)
	w.call("POST /api/galaxyform/proxyAuth/save", "", "/api/galaxyform/proxyAuth/save", `{}`, 400)
	w.call("GET /api/galaxyform/proxyAuth/list", "", "/api/galaxyform/proxyAuth/list", "", 200)
	w.call("GET /api/galaxycommon/user/list", "admin", "/api/galaxycommon/user/list", "", 200)
	// logout last of all, on a session of its own
	session := w.api.login(w.t, "finance01")
	res, err := w.api.send("GET", "/api/galaxyform/cas/logout", "", map[string]string{"X-token": session})
	if err != nil {
		w.t.Fatal(err)
	}
	w.contract.check(w.t, "GET /api/galaxyform/cas/logout", res.status, res.body)
	w.succeeded["GET /api/galaxyform/cas/logout"] = res.status == 200
}

func (w *answerWalk) registry() {
	const docTypes = "/api/formwork/registry/docTypes"
	w.call("GET "+docTypes, "", docTypes, "", 200)
	w.call("GET "+docTypes+"/{docType}/form", "", docTypes+"/EX02/form?subType=A01.A0101&action=new", "", 200)
	w.call("GET "+docTypes+"/{docType}/form", "", docTypes+"/NOPE/form", "", 404)
	w.call("GET "+docTypes+"/{docType}/versions", "", docTypes+"/EX02/versions", "", 200)
	w.call("GET "+docTypes+"/{docType}/diff", "", docTypes+"/EX02/diff?from=1&to=1", "", 200)
	w.call("GET /api/formwork/registry/editions", "", "/api/formwork/registry/editions", "", 200)
	w.call("GET /api/formwork/registry/status", "", "/api/formwork/registry/status", "", 200)
	w.call("POST /api/formwork/evaluate", "", "/api/formwork/evaluate?action=new", travelClaim(), 200)
}

// documentLife stores, saves again, loads, submits, decides and voids
// travel claims, reading history, worklists and budgets on the way.
func (w *answerWalk) documentLife() {
	const (
		create = "POST /api/galaxyform/yx/{family}/head/create"
		update = "PUT /api/galaxyform/yx/{family}/head/update"
		load   = "GET /api/galaxyform/yx/{family}/head/load"
	)
	res := w.call(create, "", createClaim, travelClaim(), 200)
	id := fmt.Sprint(mustValue(w.t, res.data(w.t), "head", "businessId"))
	w.call(create, "", createClaim, travelClaim(without("head.companyCode")), 422)
	w.call(update, "", updateClaim, travelClaim(with("head.businessId", id), with("head.version", 1)), 200)
	w.call(update, "", updateClaim, travelClaim(with("head.businessId", id), with("head.version", 1)), 409)
	w.call(load, "", loadClaimURL+id, "", 200)
	w.call(load, "", loadClaimURL+"EX02209901010001", "", 404)
	w.call("GET /api/galaxyform/process/history", "", historyURL+id, "", 200)
	w.call("POST /api/galaxyform/budget/postBudget", "", postBudgetURL, `{"businessId":"`+id+`"}`, 200)
	w.call("POST /api/galaxyform/budget/queryBudget", "", queryBudgetURL, `{"businessId":"`+id+`"}`, 200)
	w.call("GET /api/galaxyform/print/{businessId}", "", printURL+id, "", 200)
	w.call("POST /api/galaxyform/process/startProcess", "", startProcessURL, `{"businessId":"`+id+`"}`, 200)
	task, assignee := openTaskOf(w.t, w.api, id)
	w.call("POST /api/galaxyform/worklist/query", assignee, worklistURL, `{"list":"todo"}`, 200)
	w.call("POST /api/galaxyform/process/complete", assignee, completeURL, completeBody(id, task, "approve", "同意", ""), 200)
	w.call("POST /api/galaxyform/process/complete", assignee, completeURL, completeBody(id, task, "approve", "", ""), 409)
	for _, list := range []string{"draft", "applied", "done", "returned", "recall"} {
		w.call("POST /api/galaxyform/worklist/query", "", worklistURL, `{"list":"`+list+`"}`, 200)
	}
	recalled := storeTravelClaim(w.t, w.api)
	w.call("POST /api/galaxyform/process/recall", "", recallURL, `{"businessId":"`+recalled+`"}`, 409)
	mustSubmit(w.t, w.api, recalled, "employee01")
	w.call("POST /api/galaxyform/process/recall", "", recallURL, `{"businessId":"`+recalled+`","comment":"金额有误"}`, 200)
	draft := storeTravelClaim(w.t, w.api)
	w.call("POST /api/galaxyform/process/void", "", voidURL, `{"businessId":"`+draft+`","comment":"重复提交"}`, 200)
	w.call("GET /api/galaxyform/process/history", "", historyURL+draft, "", 200)
	// the generic list over these documents, and its export
	w.call("POST /api/formwork/documents/query", "finance01", documentQueryURL, `{"docType":"EX02","q":"`+id+`"}`, 200)
	w.call("POST /api/formwork/documents/query", "admin", documentQueryURL, `{"sort":{"field":"nope"}}`, 400)
	w.call("POST /api/formwork/documents/export.xlsx", "", documentExportURL, `{"docType":"EX02"}`, 200)
	w.call("GET /api/formwork/documents/to-confirm", "", "/api/formwork/documents/to-confirm", "", 200)
	w.call("GET /api/formwork/documents/trips", "admin", "/api/formwork/documents/trips?docTypes=TB", "", 200)
	w.call("GET /api/formwork/documents/trips", "", "/api/formwork/documents/trips?mine=yes", "", 400)
	// the report centre
	w.call("GET /api/formwork/reports", "finance01", reportsURL, "", 200)
	w.call("POST /api/formwork/reports/{code}/run", "finance01", reportsURL+"/rptDocCount/run", `{"params":{"company":"1000"}}`, 200)
	w.call("POST /api/formwork/reports/{code}/run", "finance01", reportsURL+"/rptDocCount/run", `{"params":{"company":"2000"}}`, 403)
	w.call("POST /api/formwork/reports/{code}/run", "admin", reportsURL+"/rptNothing/run", `{}`, 404)
	w.call("POST /api/formwork/reports/{code}/run", "admin", reportsURL+"/rptDocCount/run", `{"params":{"from":"x"}}`, 400)
	w.call("POST /api/formwork/reports/{code}/export.xlsx", "admin", reportsURL+"/rptDocCount/export.xlsx", `{"params":{"company":"1000"}}`, 200)
}

func (w *answerWalk) budgetAndConfiguration() {
	w.call("POST /api/galaxyform/budget/save", "admin", saveBudgetURL,
		`{"companyCode":"1000","department":"IT01","budgetAccount":"660205","period":"`+thisMonth()+`","amount":10000.00,"control":"strong"}`, 200)
	w.call("POST /api/galaxyform/budget/queryBudget", "admin", queryBudgetURL, `{"companyCode":"1000","period":"`+thisMonth()+`"}`, 200)
	res := w.call("POST /api/galaxyform/yx/{family}/head/create", "", createClaim,
		seedDocument("EX01-training.json", with("head.department", "IT01"), with("head.costCenter", "1000IT01")), 200)
	advance := fmt.Sprint(mustValue(w.t, res.data(w.t), "head", "businessId"))
	mustSubmit(w.t, w.api, advance, "employee01")
	mustDecide(w.t, w.api, advance, "manager01", "approve", "")
	mustDecide(w.t, w.api, advance, "finance01", "approve", "")
	w.call("GET /api/galaxyform/budget/releaseADVBudget", "", releaseADVURL+advance+"&amount=100", "", 200)
	w.call("GET /api/galaxyform/budget/releaseADVBudget", "", releaseADVURL+advance+"&amount=999999", "", 409)
	// the approved pre-application is one of employee01's advances (MY00010)
	w.call("GET /api/formwork/advances", "", "/api/formwork/advances?kind=preApplication&status=open", "", 200)
	w.call("GET /api/formwork/advances", "", "/api/formwork/advances?kind=nope", "", 400)
	w.call("GET /api/formwork/advances/{businessId}/movements", "", "/api/formwork/advances/"+advance+"/movements", "", 200)
	w.call("GET /api/formwork/advances/{businessId}/movements", "manager01", "/api/formwork/advances/"+advance+"/movements", "", 404)
	w.call("GET /api/galaxyform/cfg/approver/list", "admin", approverListURL, "", 200)
	res = w.call("POST /api/galaxyform/cfg/approver/save", "admin", approverSaveURL,
		`{"companyCode":"1000","costCenter":"","businessType":"A01","minAmount":0,"maxAmount":10000.00,"task1Approver":"manager01","task2Approver":"finance01","status":"1"}`, 200)
	row := fmt.Sprint(mustValue(w.t, res.data(w.t), "id"))
	w.call("POST /api/galaxyform/cfg/approver/delete", "admin", approverDeleteURL, `{"id":`+row+`}`, 200)
}

func (w *answerWalk) searchHelps() {
	for route, body := range map[string]string{
		"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode1": `{"docTypeCode":"EX01","sob":"1000"}`,
		"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode2": `{"docTypeCode":"EX01","sob":1000,"businessTypeCode1":"A01"}`,
		"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode3": `{"docTypeCode":"AB","sob":"1000","businessTypeCode1":"P01","businessTypeCode2":"P0101"}`,
		"POST /api/galaxycommon/searchhelp/queryBusinessType":       `{"parentId":"EX01","showChild":true}`,
		"POST /api/galaxycommon/searchhelp/queryBusinessTypes":      `{"parentId":["AA","AB"]}`,
		"POST /api/galaxycommon/searchhelp/querySpecAccCode1":       `{"companyCode":"1100"}`,
		"POST /api/galaxycommon/searchhelp/querySpecAccCode2":       `{"specAccCode1":"RD"}`,
		"POST /api/galaxyform/searchhelp/queryEmployeeInfo":         `{"searchTxt":"张"}`,
		"POST /api/galaxycommon/searchhelp/queryCompanion":          `{"companyCode":"1000"}`,
		"POST /api/galaxyform/doc/type/searchhelp":                  `{"parentCode":""}`,
		"POST /rest/dic/children":                                   `["company","project"]`,
		"POST /rest/dic/list":                                       `["company",7]`,
	} {
		_, path, _ := strings.Cut(route, " ")
		w.call(route, "", path, body, 200)
	}
	w.call("GET /api/galaxyform/doc/type/load", "", "/api/galaxyform/doc/type/load?docType=EX02", "", 200)
	w.call("POST /api/galaxycommon/searchhelp/querySpecAccCode2", "", "/api/galaxycommon/searchhelp/querySpecAccCode2", `{}`, 400)
}

// masterData walks a department's life: the types, its form, a page, a
// create, a get, an update, a stale update, names, events, the export
// imported back, a deactivation, and the prefill.
func (w *answerWalk) masterData() {
	const types, dept = "GET /api/formwork/masterdata", "/api/formwork/masterdata/department"
	const record = "/api/formwork/masterdata/{type}/records/{key}"
	w.call(types, "admin", masterDataURL, "", 200)
	w.call("GET /api/formwork/masterdata/prefill", "", masterDataURL+"/prefill?docType=EX02", "", 200)
	w.call("GET /api/formwork/masterdata/{type}/form", "", dept+"/form", "", 200)
	w.call("GET /api/formwork/masterdata/{type}/records", "", dept+"/records?q=it&active=true&sort=-code", "", 200)
	w.call("GET /api/formwork/masterdata/{type}/records", "", dept+"/records?active=maybe", "", 400)
	body := `{"company":"1000","body":{"code":"OA01","name":{"zh":"开放接口部","en":"Open API","th":"โอเพนเอพีไอ"}}}`
	w.call("POST /api/formwork/masterdata/{type}/records", "admin", dept+"/records", body, 201)
	w.call("POST /api/formwork/masterdata/{type}/records", "admin", dept+"/records", body, 409)
	w.call("POST /api/formwork/masterdata/{type}/records", "admin", dept+"/records", `{"body":{"code":"OA02"}}`, 422)
	w.call("POST /api/formwork/masterdata/{type}/records", "", dept+"/records", body, 403)
	w.call("GET "+record, "", dept+"/records/OA01", "", 200)
	w.call("GET "+record, "", dept+"/records/oa01", "", 404)
	update := strings.Replace(body, `{"company"`, `{"version":1,"company"`, 1)
	w.call("PUT "+record, "admin", dept+"/records/OA01", update, 200)
	w.call("PUT "+record, "admin", dept+"/records/OA01", update, 409)
	w.call("GET /api/formwork/masterdata/{type}/names", "", dept+"/names?keys=OA01,NOPE", "", 200)
	w.call("GET /api/formwork/masterdata/{type}/events", "admin", dept+"/events?key=OA01", "", 200)
	res := w.call("GET /api/formwork/masterdata/{type}/export.xlsx", "admin", dept+"/export.xlsx", "", 200)
	upload := func(file string, status int) {
		headers := w.api.as(w.t, "admin")
		headers["Content-Type"] = xlsxType
		res, err := w.api.send("POST", dept+"/import", file, headers)
		if err != nil {
			w.t.Fatal(err)
		}
		w.answered("POST /api/formwork/masterdata/{type}/import", "POST", dept+"/import", "admin", res, status)
	}
	upload(res.body, 200)
	upload("not a workbook", 400)
	w.call("DELETE "+record, "admin", dept+"/records/OA01?version=3", "", 200)
	w.call("DELETE "+record, "admin", dept+"/records/OA01?version=3", "", 409)
}

// coverage: every route of the route table answered with success.
func (w *answerWalk) coverage() {
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(w.t), DB: openSQLite(w.t)})
	for _, r := range srv.HTTP.RouteTable() {
		if key := r.Method + " " + openAPIPath(r.Path); !w.succeeded[key] {
			w.t.Errorf("%s never answered with success in this walk: add a call", key)
		}
	}
}

// contract is docs/openapi.json with every object schema closed
// (additionalProperties false unless it says otherwise), compiled per
// route and status on demand.
type contract struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema
}

const contractURL = "https://formwork.example/openapi.json"

func loadContract(t *testing.T) *contract {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "docs", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	closeObjects(doc)
	c := jsonschema.NewCompiler()
	if err := c.AddResource(contractURL, doc); err != nil {
		t.Fatal(err)
	}
	return &contract{doc: doc.(map[string]any), compiler: c, schemas: map[string]*jsonschema.Schema{}}
}

// closeObjects sets additionalProperties false on every schema with
// properties that does not say what else it allows.
func closeObjects(v any) {
	switch v := v.(type) {
	case map[string]any:
		if _, props := v["properties"].(map[string]any); props {
			if _, said := v["additionalProperties"]; !said {
				v["additionalProperties"] = false
			}
		}
		for _, x := range v {
			closeObjects(x)
		}
	case []any:
		for _, x := range v {
			closeObjects(x)
		}
	}
}

// response is the response object of route for status, or nil.
func (c *contract) response(route string, status int) map[string]any {
	method, path, _ := strings.Cut(route, " ")
	op, _ := c.path(path)[strings.ToLower(method)].(map[string]any)
	responses, _ := op["responses"].(map[string]any)
	res, _ := responses[fmt.Sprint(status)].(map[string]any)
	return res
}

func (c *contract) path(p string) map[string]any {
	paths, _ := c.doc["paths"].(map[string]any)
	item, _ := paths[p].(map[string]any)
	return item
}

// check validates a JSON answer of route with status.
func (c *contract) check(t *testing.T, route string, status int, body string) {
	t.Helper()
	if c.response(route, status) == nil {
		t.Errorf("%s answered HTTP %d, which docs/openapi.json does not list: %s", route, status, clip(body))
		return
	}
	key := fmt.Sprintf("%s %d", route, status)
	s, ok := c.schemas[key]
	if !ok {
		method, path, _ := strings.Cut(route, " ")
		ptr := "/paths/" + escapePointer(path) + "/" + strings.ToLower(method) + fmt.Sprintf("/responses/%d/content/application~1json/schema", status)
		var err error
		if s, err = c.compiler.Compile(contractURL + "#" + ptr); err != nil {
			t.Fatalf("compiling the schema of %s: %v", key, err)
		}
		c.schemas[key] = s
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(body))
	if err != nil {
		t.Fatalf("%s: the answer is not JSON: %v", key, err)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("%s: the answer does not hold to docs/openapi.json:\n%v\nbody: %s", key, err, clip(body))
	}
}

// expectContent checks that route says it answers a content type that is
// not JSON (HTML, a spreadsheet) with status.
func (c *contract) expectContent(t *testing.T, route string, status int, contentType string) {
	t.Helper()
	content, _ := c.response(route, status)["content"].(map[string]any)
	if _, ok := content[contentType]; !ok {
		t.Errorf("%s answered %s with HTTP %d; docs/openapi.json says %v", route, contentType, status, slices.Sorted(maps.Keys(content)))
	}
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
