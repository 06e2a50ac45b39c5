package httpapi_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"formwork/tools/formwork/wire"
)

// The route walk: every registered route, called without a token and as each
// demo user, answers the status this table expects; and nothing is served
// that the route table (adapters/httpapi/routes.go) does not list, nor listed that
// this walk does not call.

// callers are who the walk sends each request as.
var callers = []string{anonymous, "employee01", "manager01", "finance01", "admin"}

// routeCall is how the walk calls one route and what each caller gets, in
// the order of callers.
type routeCall struct {
	access string // as the route table says
	url    string // {businessId} is a fresh claim of employee01's
	body   string
	want   [5]int
}

var routeWalk = map[string]routeCall{
	"POST /api/galaxycommon/login/auth":                     {"public", "/api/galaxycommon/login/auth", `{}`, [5]int{200, 200, 200, 200, 200}},
	"GET /api/galaxycommon/login/cas":                       {"public", "/api/galaxycommon/login/cas?ticket=ST-1", "", [5]int{200, 200, 200, 200, 200}},
	"GET /api/galaxycommon/login/options":                   {"public", "/api/galaxycommon/login/options", "", [5]int{200, 200, 200, 200, 200}},
	"GET /api/formwork/health":                              {"public", "/api/formwork/health", "", [5]int{200, 200, 200, 200, 200}},
	"GET /api/openapi.json":                                 {"public", "/api/openapi.json", "", [5]int{200, 200, 200, 200, 200}},
	"GET /api/galaxyform/cas/logout":                        {"signed in", "/api/galaxyform/cas/logout", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/galaxycommon/user/current":                    {"signed in", "/api/galaxycommon/user/current", "", [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxycommon/searchhelp/queryPermission":     {"signed in", "/api/galaxycommon/searchhelp/queryPermission", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/galaxycommon/menu/tree":                       {"signed in", "/api/galaxycommon/menu/tree", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/galaxyreport/rptAuth/selectByUserId":          {"menu rpt", "/api/galaxyreport/rptAuth/selectByUserId?rptType=rptReimburse", "", [5]int{401, 403, 403, 200, 200}},
	"GET /api/galaxyform/proxyAuth/list":                    {"menu proxyAuthCfgView|proxyAuthCfg|BVAuth", "/api/galaxyform/proxyAuth/list", "", [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxyform/proxyAuth/save":                   {"menu proxyAuthCfgView|proxyAuthCfg|BVAuth", "/api/galaxyform/proxyAuth/save", `{}`, [5]int{401, 400, 400, 400, 400}},
	"GET /api/galaxycommon/user/list":                       {"menu userManage", "/api/galaxycommon/user/list", "", [5]int{401, 403, 403, 403, 200}},
	"GET /api/formwork/registry/docTypes":                   {"signed in", "/api/formwork/registry/docTypes", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/registry/docTypes/:docType/form":     {"signed in", "/api/formwork/registry/docTypes/EX02/form", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/registry/docTypes/:docType/versions": {"signed in", "/api/formwork/registry/docTypes/EX02/versions", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/registry/docTypes/:docType/diff":     {"signed in", "/api/formwork/registry/docTypes/EX02/diff?from=1&to=1", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/registry/editions":                   {"signed in", "/api/formwork/registry/editions", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/registry/status":                     {"signed in", "/api/formwork/registry/status", "", [5]int{401, 200, 200, 200, 200}},
	"POST /api/formwork/evaluate":                           {"signed in", "/api/formwork/evaluate", travelClaim(), [5]int{401, 200, 200, 200, 200}},
	// employee01's claim: its maker may, an approver without it on the
	// to-do list may not, finance staff of company 1000 and admin may
	"POST /api/galaxyform/yx/:family/head/create": {"signed in", createClaim, travelClaim(), [5]int{401, 200, 403, 200, 200}},
	"PUT /api/galaxyform/yx/:family/head/update":  {"signed in", updateClaim, travelClaim(with("head.businessId", "{businessId}"), with("head.version", 1)), [5]int{401, 200, 403, 200, 200}},
	"GET /api/galaxyform/yx/:family/head/load":    {"signed in", loadClaimURL + "{businessId}", "", [5]int{401, 200, 403, 200, 200}},
	// lifecycle, worklists, budget and printing, on a fresh draft claim of
	// employee01's: its owner (and admin) act on it, manager01 cannot open
	// it (not on the to-do list), finance staff of company 1000 read it and
	// may void it but not submit it
	"POST /api/galaxyform/process/startProcess":                 {"signed in", startProcessURL, `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 403, 200}},
	"POST /api/galaxyform/process/complete":                     {"signed in", completeURL, `{"businessId":"{businessId}","taskId":1,"result":"approve"}`, [5]int{401, 404, 403, 404, 404}},
	"POST /api/galaxyform/process/void":                         {"signed in", voidURL, `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 200, 200}},
	"GET /api/galaxyform/process/history":                       {"signed in", historyURL + "{businessId}", "", [5]int{401, 200, 403, 200, 200}},
	"POST /api/galaxyform/process/recall":                       {"signed in", recallURL, `{"businessId":"{businessId}"}`, [5]int{401, 409, 403, 403, 409}},
	"POST /api/galaxyform/worklist/query":                       {"signed in", worklistURL, `{"list":"draft"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/formwork/documents/query":                        {"signed in", "/api/formwork/documents/query", `{"docType":"EX02"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/formwork/documents/export.xlsx":                  {"signed in", "/api/formwork/documents/export.xlsx", `{"docType":"EX02"}`, [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/documents/to-confirm":                    {"menu toConfirm|MY00009", "/api/formwork/documents/to-confirm", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/documents/trips":                         {"menu myTravelTrip|MY00008|YX1703|YX1704|YX1705|YX1706|YX1707|YX1708|YX1709|settlementQuery|flightOnline|trainOnline|hotelOnline|offlineEdit|preRequestPush", "/api/formwork/documents/trips?mine=true", "", [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxyform/budget/queryBudget":                   {"signed in", queryBudgetURL, `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 200, 200}},
	"POST /api/galaxyform/budget/postBudget":                    {"signed in", postBudgetURL, `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 403, 200}},
	"GET /api/galaxyform/budget/releaseADVBudget":               {"signed in", releaseADVURL + "{businessId}", "", [5]int{401, 409, 403, 409, 409}},
	"POST /api/galaxyform/budget/save":                          {"menu budget", saveBudgetURL, `{}`, [5]int{401, 403, 403, 400, 400}},
	"GET /api/formwork/budget/budgets":                          {"menu budget", "/api/formwork/budget/budgets", "", [5]int{401, 403, 403, 200, 200}},
	"GET /api/formwork/budget/entries":                          {"menu budget", "/api/formwork/budget/entries", "", [5]int{401, 403, 403, 200, 200}},
	"GET /api/formwork/advances":                                {"menu MY00010", "/api/formwork/advances?kind=loan", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/advances/:businessId/movements":          {"menu MY00010", "/api/formwork/advances/{businessId}/movements", "", [5]int{401, 404, 404, 404, 404}},
	"GET /api/formwork/budget/movements":                        {"menu budget", "/api/formwork/budget/movements", "", [5]int{401, 403, 403, 200, 200}},
	"GET /api/formwork/budget/departmental":                     {"menu budget", "/api/formwork/budget/departmental", "", [5]int{401, 403, 403, 200, 200}},
	"POST /api/formwork/budget/adjust":                          {"menu budget", "/api/formwork/budget/adjust", `{}`, [5]int{401, 403, 403, 400, 400}},
	"POST /api/formwork/budget/decide":                          {"menu budget", "/api/formwork/budget/decide", `{}`, [5]int{401, 403, 403, 400, 400}},
	"POST /api/formwork/budget/import":                          {"menu budget|CW00001", "/api/formwork/budget/import", `{}`, [5]int{401, 403, 403, 400, 400}},
	"GET /api/formwork/budget/export.xlsx":                      {"menu budget|CW00001", "/api/formwork/budget/export.xlsx", "", [5]int{401, 403, 403, 200, 200}},
	"GET /api/galaxyform/print/:businessId":                     {"signed in", printURL + "{businessId}", "", [5]int{401, 200, 403, 200, 200}},
	"GET /api/galaxyform/cfg/approver/list":                     {"menu cfg", approverListURL, "", [5]int{401, 403, 403, 403, 200}},
	"POST /api/galaxyform/cfg/approver/save":                    {"menu cfg", approverSaveURL, `{}`, [5]int{401, 403, 403, 403, 400}},
	"POST /api/galaxyform/cfg/approver/delete":                  {"menu cfg", approverDeleteURL, `{}`, [5]int{401, 403, 403, 403, 400}},
	"GET /api/formwork/reports":                                 {"menu rpt|fkRpt", "/api/formwork/reports", "", [5]int{401, 403, 403, 200, 200}},
	"POST /api/formwork/reports/:code/run":                      {"menu rpt|fkRpt", "/api/formwork/reports/rptDocCount/run", `{"params":{"company":"1000"}}`, [5]int{401, 403, 403, 200, 200}},
	"POST /api/formwork/reports/:code/export.xlsx":              {"menu rpt|fkRpt", "/api/formwork/reports/rptDocCount/export.xlsx", `{"params":{"company":"1000"}}`, [5]int{401, 403, 403, 200, 200}},
	"GET /api/formwork/invoices":                                {"menu MY00007|myInvoice", "/api/formwork/invoices", "", [5]int{401, 200, 200, 200, 200}},
	"POST /api/formwork/invoices/:id/verify":                    {"signed in", "/api/formwork/invoices/999999/verify", "", [5]int{401, 404, 404, 404, 404}},
	"POST /ocr/createImagePathApi/createImagePath":              {"signed in", "/ocr/createImagePathApi/createImagePath", `{"content":"aGVsbG8="}`, [5]int{401, 200, 200, 200, 200}},
	"GET /ocr/appPage/appShowImagePage":                         {"signed in", "/ocr/appPage/appShowImagePage?id=999999", "", [5]int{401, 404, 404, 404, 404}},
	"GET /ocr/pcPage/pcTicketPackagePage":                       {"signed in", "/ocr/pcPage/pcTicketPackagePage", "", [5]int{401, 200, 200, 200, 200}},
	"GET /ocr/pcPage/pcSelectTicketPage":                        {"signed in", "/ocr/pcPage/pcSelectTicketPage", "", [5]int{401, 200, 200, 200, 200}},
	"GET /ocr/appPage/appSelectTicketPage":                      {"signed in", "/ocr/appPage/appSelectTicketPage", "", [5]int{401, 200, 200, 200, 200}},
	"POST /ocr/startFlow/addFlow":                               {"signed in", "/ocr/startFlow/addFlow", `{"ids":[999999]}`, [5]int{401, 404, 404, 404, 404}},
	"POST /ocr/setlink/barcodeLinkInvoice":                      {"signed in", "/ocr/setlink/barcodeLinkInvoice", `{"operation":"LINK","id":999999}`, [5]int{401, 404, 404, 404, 404}},
	"POST /api/galaxyform/commonForm/queryInvoicesByBusinessId": {"signed in", "/api/galaxyform/commonForm/queryInvoicesByBusinessId", `{"businessId":"{businessId}"}`, [5]int{401, 200, 403, 200, 200}},
	"GET /api/galaxyform/arcommon/openInvoiceInfoInf":           {"signed in", "/api/galaxyform/arcommon/openInvoiceInfoInf?id=999999", "", [5]int{401, 404, 404, 404, 404}},
	// vouchers, push log and tax push on a draft claim of employee01's (no
	// accounting or tax system configured in the walk: posting answers 409)
	"POST /api/galaxyvoucher/queryVoucher/queryVcHeadById": {"signed in", "/api/galaxyvoucher/queryVoucher/queryVcHeadById", `{"businessId":"{businessId}"}`, [5]int{401, 422, 403, 422, 422}},
	"POST /api/galaxyvoucher/queryVoucher/saveVoucher":     {"menu GL|voucherReversal", "/api/galaxyvoucher/queryVoucher/saveVoucher", `{"businessId":"{businessId}"}`, [5]int{401, 403, 403, 422, 422}},
	"POST /api/galaxyvoucher/queryVoucher/submitVoucher":   {"menu GL|voucherReversal", "/api/galaxyvoucher/queryVoucher/submitVoucher", `{"businessId":"{businessId}"}`, [5]int{401, 403, 403, 409, 409}},
	"POST /api/galaxyvoucher/queryVoucher/reverseVoucher":  {"menu voucherReversal", "/api/galaxyvoucher/queryVoucher/reverseVoucher", `{"businessId":"{businessId}"}`, [5]int{401, 403, 403, 403, 409}},
	"POST /api/galaxycommon/pushGX/pushLog":                {"signed in", "/api/galaxycommon/pushGX/pushLog", `{}`, [5]int{401, 400, 400, 400, 400}},
	"GET /api/galaxycommon/pushGX/pushLog":                 {"menu voucherLog", "/api/galaxycommon/pushGX/pushLog?status=E", "", [5]int{401, 403, 403, 403, 200}},
	"POST /api/formwork/vouchers/import":                   {"menu CW00002", "/api/formwork/vouchers/import", `{}`, [5]int{401, 403, 403, 400, 400}},
	"GET /api/formwork/vouchers/import/template.xlsx":      {"menu CW00002", "/api/formwork/vouchers/import/template.xlsx", "", [5]int{401, 403, 403, 200, 200}},
	"POST /itax/ibm/login":                                 {"menu GL|voucherReversal", "/itax/ibm/login", "", [5]int{401, 403, 403, 409, 409}},
	"POST /api/formwork/tax/push":                          {"menu GL|voucherReversal", "/api/formwork/tax/push", `{"businessId":"{businessId}"}`, [5]int{401, 403, 403, 409, 409}},
	"GET /api/formwork/tax/pushes":                         {"signed in", "/api/formwork/tax/pushes?businessId={businessId}", "", [5]int{401, 200, 403, 200, 200}},
	// master data: anyone signed in; the service decides per type (employee01 reads departments, writes none)
	"GET /api/formwork/masterdata":                       {"signed in", "/api/formwork/masterdata", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/masterdata/prefill":               {"signed in", "/api/formwork/masterdata/prefill?docType=EX02", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/masterdata/:type/form":            {"signed in", "/api/formwork/masterdata/department/form", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/masterdata/:type/records":         {"signed in", "/api/formwork/masterdata/department/records", "", [5]int{401, 200, 200, 200, 200}},
	"POST /api/formwork/masterdata/:type/records":        {"signed in", "/api/formwork/masterdata/department/records", `{"body":{}}`, [5]int{401, 403, 403, 403, 422}},
	"GET /api/formwork/masterdata/:type/records/:key":    {"signed in", "/api/formwork/masterdata/department/records/IT01", "", [5]int{401, 200, 200, 200, 200}},
	"PUT /api/formwork/masterdata/:type/records/:key":    {"signed in", "/api/formwork/masterdata/department/records/IT01", `{"version":0,"body":{"code":"IT01"}}`, [5]int{401, 403, 403, 403, 422}},
	"DELETE /api/formwork/masterdata/:type/records/:key": {"signed in", "/api/formwork/masterdata/department/records/IT01?version=999", "", [5]int{401, 403, 403, 403, 409}},
	"GET /api/formwork/masterdata/:type/names":           {"signed in", "/api/formwork/masterdata/department/names?keys=IT01", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/masterdata/:type/events":          {"signed in", "/api/formwork/masterdata/department/events", "", [5]int{401, 200, 200, 200, 200}},
	"GET /api/formwork/masterdata/:type/export.xlsx":     {"signed in", "/api/formwork/masterdata/department/export.xlsx", "", [5]int{401, 200, 200, 200, 200}},
	"POST /api/formwork/masterdata/:type/import":         {"signed in", "/api/formwork/masterdata/department/import", `{}`, [5]int{401, 400, 400, 400, 400}},
	// search help and dictionaries: anyone signed in
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode1": {"signed in", "/api/galaxyform/searchhelp/querySobBusinessTypeCode1", `{"docTypeCode":"EX01","sob":"1000"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode2": {"signed in", "/api/galaxyform/searchhelp/querySobBusinessTypeCode2", `{"docTypeCode":"EX01","sob":"1000","businessTypeCode1":"A01"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxyform/searchhelp/querySobBusinessTypeCode3": {"signed in", "/api/galaxyform/searchhelp/querySobBusinessTypeCode3", `{"docTypeCode":"AB","sob":"1000","businessTypeCode1":"P01","businessTypeCode2":"P0101"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxycommon/searchhelp/queryBusinessType":       {"signed in", "/api/galaxycommon/searchhelp/queryBusinessType", `{"parentId":"EX01"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxycommon/searchhelp/queryBusinessTypes":      {"signed in", "/api/galaxycommon/searchhelp/queryBusinessTypes", `{"parentId":["AA","AB"]}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxycommon/searchhelp/querySpecAccCode1":       {"signed in", "/api/galaxycommon/searchhelp/querySpecAccCode1", `{"companyCode":"1000"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxycommon/searchhelp/querySpecAccCode2":       {"signed in", "/api/galaxycommon/searchhelp/querySpecAccCode2", `{"specAccCode1":"RD"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxyform/searchhelp/queryEmployeeInfo":         {"signed in", "/api/galaxyform/searchhelp/queryEmployeeInfo", `{"searchTxt":"张"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxycommon/searchhelp/queryCompanion":          {"signed in", "/api/galaxycommon/searchhelp/queryCompanion", `{"companyCode":"1000"}`, [5]int{401, 200, 200, 200, 200}},
	"POST /api/galaxyform/doc/type/searchhelp":                  {"signed in", "/api/galaxyform/doc/type/searchhelp", `{"parentCode":""}`, [5]int{401, 200, 200, 200, 200}},
	"GET /api/galaxyform/doc/type/load":                         {"signed in", "/api/galaxyform/doc/type/load?docType=EX02", "", [5]int{401, 200, 200, 200, 200}},
	"POST /rest/dic/children":                                   {"signed in", "/rest/dic/children", `["company","project"]`, [5]int{401, 200, 200, 200, 200}},
	"POST /rest/dic/list":                                       {"signed in", "/rest/dic/list", `["company","project"]`, [5]int{401, 200, 200, 200, 200}},
}

func TestRouteTableIsEverythingServed(t *testing.T) {
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: openSQLite(t)})
	var table, walked []string
	for _, r := range srv.HTTP.RouteTable() {
		key := r.Method + " " + r.Path
		table = append(table, key)
		if call, ok := routeWalk[key]; !ok {
			t.Errorf("%s (%s) is in the route table but not in this walk: add what each caller gets", key, r.Access)
		} else if call.access != r.Access.String() {
			t.Errorf("%s: the route table says %q, the walk expects %q", key, r.Access, call.access)
		}
	}
	for key := range routeWalk {
		walked = append(walked, key)
	}
	sort.Strings(table)
	sort.Strings(walked)
	if got, want := strings.Join(srv.HTTP.RegisteredRoutes(), "\n"), strings.Join(table, "\n"); got != want {
		t.Errorf("served routes differ from the route table:\nserved:\n%s\ntable:\n%s", got, want)
	}
	if got, want := strings.Join(walked, "\n"), strings.Join(table, "\n"); got != want {
		t.Errorf("the walk lists routes the table does not:\nwalk:\n%s\ntable:\n%s", got, want)
	}
}

func TestRouteWalk(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		keys := make([]string, 0, len(routeWalk))
		for k := range routeWalk {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, key := range keys {
			call := routeWalk[key]
			method := strings.SplitN(key, " ", 2)[0]
			for i, who := range callers {
				t.Run(fmt.Sprintf("%s as %s", key, who), func(t *testing.T) {
					headers := api.as(t, who)
					if strings.HasSuffix(key, "/logout") && who != anonymous {
						headers = map[string]string{"X-token": api.login(t, who)} // keep the shared session
					}
					id := storeTravelClaim(t, api)
					url, body := strings.ReplaceAll(call.url, "{businessId}", id), strings.ReplaceAll(call.body, "{businessId}", id)
					notEnvelope := (strings.HasPrefix(call.url, printURL) || strings.HasSuffix(call.url, ".xlsx")) && who != anonymous || call.url == "/api/openapi.json"
					if notEnvelope { // an HTML page or the OpenAPI document, not an envelope
						res, err := api.send(method, url, body, headers)
						if err != nil {
							t.Fatal(err)
						}
						if res.status != call.want[i] {
							t.Errorf("HTTP %d, want %d; body: %s", res.status, call.want[i], clip(res.body))
						}
						return
					}
					res := api.request(t, method, url, body, headers)
					if res.status != call.want[i] {
						t.Errorf("HTTP %d, want %d; body: %s", res.status, call.want[i], clip(res.body))
					}
					switch res.status {
					case 401:
						if strings.TrimSpace(res.body) != `{"code":"400","message":"not logged in!","data":null}` {
							t.Errorf("401 body %s, want the spec's not-logged-in answer", res.body)
						}
					case 403:
						if res.envelope.Code != "EFORBIDDEN" {
							t.Errorf("403 with code %s, want EFORBIDDEN", res.envelope.Code)
						}
					}
				})
			}
		}
	})
}
