package httpapi

import (
	"formwork/adapters/httpapi/taxapi"
	"sort"

	"formwork/adapters/httpapi/budgetapi"
	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/delegationapi"
	"formwork/adapters/httpapi/dictionaryapi"
	"formwork/adapters/httpapi/fileapi"
	"formwork/adapters/httpapi/guard"
	"formwork/adapters/httpapi/kit"
	"formwork/adapters/httpapi/paymentapi"
	"formwork/adapters/httpapi/voucherapi"

	"github.com/labstack/echo/v4"
)

// Access is who may call a route (kit.Access).
type Access = kit.Access

// Route is one entry of the route table. Handler sets in sub-packages
// hand theirs over as kit.Route (routesOf).
type Route struct {
	Method string
	Path   string
	Access Access
	handle echo.HandlerFunc
}

// routesOf are a sub-package's routes as entries of the route table.
func routesOf(in []kit.Route) []Route {
	out := make([]Route, len(in))
	for i, r := range in {
		out[i] = Route{r.Method, r.Path, r.Access, r.Handle}
	}
	return out
}

var (
	public   = kit.Public
	signedIn = kit.SignedIn
	menu     = kit.Menu
)

// routeTable is every API route with its access rule: the one place where
// routes are registered. Document routes also check, per document, who may
// open it (document_access.go).
func (s *Server) routeTable() []Route {
	table := []Route{
		// identity (navigation-and-access.md 6, 7)
		{"POST", "/api/galaxycommon/login/auth", public, s.loginWithPassword},
		{"GET", "/api/galaxycommon/login/cas", public, s.loginWithTicket},
		{"GET", "/api/galaxycommon/login/options", public, s.loginOptions},
		{"GET", "/api/formwork/health", public, s.health},
		{"GET", "/api/openapi.json", public, s.openAPIDocument},
		{"GET", "/api/galaxyform/cas/logout", signedIn, s.logout},
		{"GET", "/api/galaxycommon/user/current", signedIn, s.currentUser},
		{"POST", "/api/galaxycommon/searchhelp/queryPermission", signedIn, s.queryPermission},
		{"GET", "/api/galaxycommon/menu/tree", signedIn, s.menuTreeHandler},
		{"GET", "/api/galaxyreport/rptAuth/selectByUserId", menu("rpt"), s.selectReportAuthority},
		{"GET", "/api/galaxycommon/user/list", menu("userManage"), s.listUsers},
		// registry and evaluate
		{"GET", "/api/formwork/registry/docTypes", signedIn, s.listDocTypes},
		{"GET", "/api/formwork/registry/docTypes/:docType/form", signedIn, s.exportForm},
		{"GET", "/api/formwork/registry/docTypes/:docType/versions", signedIn, s.listVersions},
		{"GET", "/api/formwork/registry/docTypes/:docType/diff", signedIn, s.diffVersions},
		{"GET", "/api/formwork/registry/editions", signedIn, s.listEditions},
		{"GET", "/api/formwork/registry/status", signedIn, s.registryStatus},
		{"POST", "/api/formwork/evaluate", signedIn, s.evaluate},
		// documents (documents.md 7)
		{"POST", "/api/galaxyform/yx/:family/head/create", signedIn, s.createDocument},
		{"PUT", "/api/galaxyform/yx/:family/head/update", signedIn, s.updateDocument},
		{"GET", "/api/galaxyform/yx/:family/head/load", signedIn, s.loadDocument},
		// lifecycle, worklists, budget and printing (docs/api.md); who may
		// act on which document is decided per document
		{"POST", "/api/galaxyform/process/startProcess", signedIn, s.startProcess},
		{"POST", "/api/galaxyform/process/complete", signedIn, s.completeTaskHandler},
		{"POST", "/api/galaxyform/process/void", signedIn, s.voidDocument},
		{"POST", "/api/galaxyform/process/recall", signedIn, s.recallDocument},
		{"GET", "/api/galaxyform/process/history", signedIn, s.processHistory},
		{"POST", "/api/galaxyform/worklist/query", signedIn, s.queryWorklist},
		{"POST", "/api/galaxyform/budget/queryBudget", signedIn, s.queryBudget},
		{"POST", "/api/galaxyform/budget/postBudget", signedIn, s.postBudget},
		{"GET", "/api/galaxyform/budget/releaseADVBudget", signedIn, s.releaseADVBudget},
		{"POST", "/api/galaxyform/budget/save", menu("budget"), s.saveBudget},
		{"GET", "/api/galaxyform/print/:businessId", signedIn, s.printDocument},
		{"GET", "/api/galaxyform/cfg/approver/list", menu("cfg"), s.listApproverConfigs},
		{"POST", "/api/galaxyform/cfg/approver/save", menu("cfg"), s.saveApproverConfig},
		{"POST", "/api/galaxyform/cfg/approver/delete", menu("cfg"), s.deleteApproverConfig},
		// master data (issue 11 item 8): the service decides read and write per type
		{"GET", "/api/formwork/masterdata", signedIn, s.listMasterDataTypes},
		{"GET", "/api/formwork/masterdata/prefill", signedIn, s.prefill},
		{"GET", "/api/formwork/masterdata/:type/form", signedIn, s.masterDataForm},
		{"GET", "/api/formwork/masterdata/:type/records", signedIn, s.listMasterRecords},
		{"POST", "/api/formwork/masterdata/:type/records", signedIn, s.createMasterRecord},
		{"GET", "/api/formwork/masterdata/:type/records/:key", signedIn, s.getMasterRecord},
		{"PUT", "/api/formwork/masterdata/:type/records/:key", signedIn, s.updateMasterRecord},
		{"DELETE", "/api/formwork/masterdata/:type/records/:key", signedIn, s.deactivateMasterRecord},
		{"GET", "/api/formwork/masterdata/:type/names", signedIn, s.masterRecordNames},
		{"GET", "/api/formwork/masterdata/:type/events", signedIn, s.masterDataEvents},
		{"GET", "/api/formwork/masterdata/:type/export.xlsx", signedIn, s.exportMasterData},
		{"POST", "/api/formwork/masterdata/:type/import", signedIn, s.importMasterData},
		// search help and dictionaries (documents.md 7, navigation-and-access.md 7)
		{"POST", "/api/galaxyform/searchhelp/querySobBusinessTypeCode1", signedIn, s.querySobBusinessTypeCode1},
		{"POST", "/api/galaxyform/searchhelp/querySobBusinessTypeCode2", signedIn, s.querySobBusinessTypeCode2},
		{"POST", "/api/galaxyform/searchhelp/querySobBusinessTypeCode3", signedIn, s.querySobBusinessTypeCode3},
		{"POST", "/api/galaxycommon/searchhelp/queryBusinessType", signedIn, s.queryBusinessType},
		{"POST", "/api/galaxycommon/searchhelp/queryBusinessTypes", signedIn, s.queryBusinessTypes},
		{"POST", "/api/galaxycommon/searchhelp/querySpecAccCode1", signedIn, s.querySpecAccCode1},
		{"POST", "/api/galaxycommon/searchhelp/querySpecAccCode2", signedIn, s.querySpecAccCode2},
		{"POST", "/api/galaxyform/searchhelp/queryEmployeeInfo", signedIn, s.queryEmployeeInfo},
		{"POST", "/api/galaxycommon/searchhelp/queryCompanion", signedIn, s.queryCompanion},
		{"POST", "/api/galaxyform/doc/type/searchhelp", signedIn, s.docTypeSearchHelp},
		{"GET", "/api/galaxyform/doc/type/load", signedIn, s.loadDocType},
	}
	for _, sub := range s.subRoutes() {
		table = append(table, routesOf(sub)...)
	}
	return table
}

// subRoutes are the sub-packages' routes, one sub-package a line.
func (s *Server) subRoutes() [][]kit.Route {
	return [][]kit.Route{
		s.admin.Routes(), s.budgetAPI.Routes(), s.lists.Routes(), s.advanceAPI.Routes(), s.reportAPI.Routes(),
		delegationapi.New(s.idn).Routes(),
		dictionaryapi.New(s.searchHelp).Routes(),
		s.paymentAPI.Routes(),
		s.invoiceAPI.Routes(),
		s.fileAPI.Routes(),
		s.formCalls.Routes(),
		s.dashboard.Routes(),
		s.voucherAPI.Routes(),
		taxapi.Routes(),
	}
}

// uploads are the routes that read a file as their body, not JSON, with
// its content type.
var uploads = map[string]string{"POST /api/formwork/masterdata/:type/import": contract.XLSX, "POST " + budgetapi.ImportPath: contract.XLSX,
	"POST " + fileapi.UploadPath:    contract.Multipart,
	"POST " + paymentapi.ImportPath: contract.XLSX, "POST " + voucherapi.ImportPath: contract.XLSX}

// register adds the route table to echo, each route behind its access check.
func (s *Server) register() {
	for _, r := range s.routeTable() {
		var mw []echo.MiddlewareFunc
		if !r.Access.Public {
			mw = append(mw, s.requireSession)
			if len(r.Access.Menus) > 0 {
				mw = append(mw, s.requireMenu(r.Access.Menus...))
			}
		}
		// after the session check: a visitor gets 401 first
		if upload, ok := uploads[r.Method+" "+r.Path]; ok {
			mw = append(mw, guard.Upload(upload))
		} else {
			mw = append(mw, guard.Request)
		}
		s.e.Add(r.Method, r.Path, r.handle, mw...)
	}
}

// RouteTable lists the route table: method, path and access of each route.
func (s *Server) RouteTable() []Route {
	table := s.routeTable()
	for i := range table {
		table[i].handle = nil
	}
	return table
}

// RegisteredRoutes lists "METHOD path" of every route echo serves, sorted:
// what the route table must account for, and nothing more.
func (s *Server) RegisteredRoutes() []string {
	var out []string
	for _, r := range s.e.Routes() {
		out = append(out, r.Method+" "+r.Path)
	}
	sort.Strings(out)
	return out
}
