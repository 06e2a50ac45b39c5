package server

import (
	"sort"
	"strings"

	"github.com/labstack/echo/v4"
)

// Access is who may call a route: everyone (Public), anyone signed in (no
// menus), or someone signed in whose roles grant one of Menus.
type Access struct {
	Public bool
	Menus  []string
}

var (
	public   = Access{Public: true}
	signedIn = Access{}
)

func menu(codes ...string) Access { return Access{Menus: codes} }

// String is "public", "signed in" or "menu a|b".
func (a Access) String() string {
	switch {
	case a.Public:
		return "public"
	case len(a.Menus) > 0:
		return "menu " + strings.Join(a.Menus, "|")
	}
	return "signed in"
}

// Route is one entry of the route table.
type Route struct {
	Method string
	Path   string
	Access Access
	handle echo.HandlerFunc
}

// routeTable is every API route with its access rule: the one place where
// routes are registered. Document routes also check, per document, who may
// open it (document_access.go).
func (s *Server) routeTable() []Route {
	return []Route{
		// identity (navigation-and-access.md 6, 7)
		{"POST", "/api/galaxycommon/login/auth", public, s.loginWithPassword},
		{"GET", "/api/galaxycommon/login/cas", public, s.loginWithTicket},
		{"GET", "/api/galaxycommon/login/options", public, s.loginOptions},
		{"GET", "/api/formwork/health", public, s.health},
		{"GET", "/api/galaxyform/cas/logout", signedIn, s.logout},
		{"GET", "/api/galaxycommon/user/current", signedIn, s.currentUser},
		{"POST", "/api/galaxycommon/searchhelp/queryPermission", signedIn, s.queryPermission},
		{"GET", "/api/galaxycommon/menu/tree", signedIn, s.menuTreeHandler},
		{"GET", "/api/galaxyreport/rptAuth/selectByUserId", menu("rpt"), s.selectReportAuthority},
		{"GET", "/api/galaxyform/proxyAuth/list", menu("proxyAuthCfgView", "proxyAuthCfg"), s.listDelegations},
		{"POST", "/api/galaxyform/proxyAuth/save", menu("proxyAuthCfgView", "proxyAuthCfg"), s.saveDelegation},
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
	}
}

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
