package server

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// scopeNames name the document scopes.
var scopeNames = map[string]engine.Text{
	scopeOwn:     {"zh": "本人及代理、待办单据", "en": "own, delegated and to-do documents"},
	scopeCompany: {"zh": "所属公司全部单据", "en": "every document of their companies"},
	scopeAll:     {"zh": "全部单据", "en": "every document"},
}

// currentUserView is the current user of navigation-and-access.md 3.1:
// every field with its display twin (suffix Txt), the login record
// (uniquename, employeeId, displayname, logonId), the companies to pick the
// X-company from, the session's login type, and the people the user may
// file documents for (active delegations).
func (s *Server) currentUserView(c echo.Context, id *Identity) (map[string]any, error) {
	ctx := c.Request().Context()
	l := lang(c)
	dic, err := s.loadDictionary(ctx)
	if err != nil {
		return nil, err
	}
	items, err := s.loadMenus(ctx)
	if err != nil {
		return nil, err
	}
	menus, err := s.permittedMenus(ctx, id)
	if err != nil {
		return nil, err
	}
	perms, err := s.permissionsOf(ctx, id, l)
	if err != nil {
		return nil, err
	}
	delegators, err := s.activeDelegators(ctx, id.Username())
	if err != nil {
		return nil, err
	}
	u := id.User
	titles := menuTitles(items, l)
	codes := sortedCodes(menus)
	var menuNames, urls, urlNames []string
	for _, code := range codes {
		menuNames = append(menuNames, titles[code])
	}
	for _, n := range flatMenus(menuTree(items, s.cfg.MenuVariant, menus, l)) {
		urls = append(urls, n.PermissionURL)
		urlNames = append(urlNames, n.Title)
	}
	var roleIDs, roleNames []string
	userRoles := []UserRole{}
	for _, r := range id.Roles {
		roleIDs = append(roleIDs, r.ID)
		roleNames = append(roleNames, engine.Text{"zh": r.TitleZh, "en": r.TitleEn, "th": r.TitleTh}.In(l))
		userRoles = append(userRoles, UserRole{LoginID: u.Username, EmpName: u.EmpName, RoleID: r.ID})
	}
	var permNames []string
	for _, p := range perms {
		permNames = append(permNames, fmt.Sprint(p["permissionName"]))
	}
	companies := []map[string]string{}
	for _, code := range id.Companies {
		companies = append(companies, map[string]string{"key": code, "value": dic.name("company", code, l)})
	}
	sep := "、"
	if l == "en" {
		sep = ", "
	}
	out := map[string]any{}
	twin := func(field string, value any, txt any) {
		out[field] = value
		out[field+"Txt"] = txt
	}
	twin("userId", u.Username, u.EmpName)
	twin("nickname", u.Nickname, u.Nickname)
	twin("username", u.Username, u.EmpName)
	twin("role", strings.Join(roleIDs, ","), strings.Join(roleNames, sep))
	twin("headImgUrl", u.HeadImgURL, u.HeadImgURL)
	twin("menus", codes, menuNames)
	twin("permissions", urls, urlNames)
	twin("allPermissions", perms, permNames)
	twin("busPlate", u.BusPlate, dic.name("busPlate", u.BusPlate, l))
	twin("compId", u.CompanyCode, dic.name("company", u.CompanyCode, l))
	twin("costCenter", u.CostCenter, dic.name("costCenter", u.CostCenter, l))
	twin("currency", u.Currency, dic.name("currency", u.Currency, l))
	twin("deptId", u.DeptID, dic.name("department", u.DeptID, l))
	twin("email", u.Email, u.Email)
	twin("empId", u.EmpID, u.EmpName)
	twin("empLevel", u.EmpLevel, dic.name("empLevel", u.EmpLevel, l))
	twin("empName", u.EmpName, u.EmpName)
	twin("empNo", u.EmpNo, u.EmpName)
	twin("hisDept", u.HisDept, dic.name("department", u.HisDept, l))
	twin("mainJob", u.MainJob, dic.name("mainJob", u.MainJob, l))
	twin("phone", u.Phone, u.Phone)
	twin("status", u.Status, dic.name("userStatus", u.Status, l))
	out["createAt"] = u.CreatedAt.Format("2006-01-02 15:04:05")
	out["createBy"] = u.CreateBy
	out["lastModified"] = u.UpdatedAt.Format("2006-01-02 15:04:05")
	out["changeDate"] = u.UpdatedAt.Format("2006-01-02")
	// the locally kept login record
	out["uniquename"], out["employeeId"], out["displayname"], out["logonId"] = u.Username, u.EmpID, u.EmpName, u.Username
	twin("company", id.Company, dic.name("company", id.Company, l))
	out["companies"] = companies
	out["userRoles"] = userRoles
	out["documentScope"] = id.Scope()
	out["delegators"] = delegators
	if id.Session != nil {
		out["loginType"], out["sourceSystem"] = id.Session.LoginType, id.Session.SourceSystem
		out["hideNavigation"] = id.Session.LoginType == "mmdl"
	}
	return out, nil
}

// currentUser: GET /api/galaxycommon/user/current.
func (s *Server) currentUser(c echo.Context) error {
	view, err := s.currentUserView(c, CurrentUser(c))
	if err != nil {
		return err
	}
	return ok(c, view)
}

// queryPermission: POST /api/galaxycommon/searchhelp/queryPermission. The
// user's permissions, one entry per permissionType and permissionId (the
// web keeps them as allPermissions).
func (s *Server) queryPermission(c echo.Context) error {
	perms, err := s.permissionsOf(c.Request().Context(), CurrentUser(c), lang(c))
	if err != nil {
		return err
	}
	return ok(c, perms)
}

// permissionsOf lists a user's permissions, sorted by permissionType, then
// permissionId. Types: menu (permissionUrl), role, company, report
// (companyCodes), delegation (activeFrom, activeTo: may file for
// permissionId) and documentScope.
func (s *Server) permissionsOf(ctx context.Context, id *Identity, l string) ([]map[string]any, error) {
	items, err := s.loadMenus(ctx)
	if err != nil {
		return nil, err
	}
	menus, err := s.permittedMenus(ctx, id)
	if err != nil {
		return nil, err
	}
	dic, err := s.loadDictionary(ctx)
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	add := func(kind, pid, name string, extra map[string]any) {
		e := map[string]any{"permissionType": kind, "permissionId": pid, "permissionName": name}
		for k, v := range extra {
			e[k] = v
		}
		out = append(out, e)
	}
	seen := map[string]bool{}
	for _, m := range items {
		if menus[m.Code] && !seen[m.Code] && m.Variant == menuCurrent {
			seen[m.Code] = true
			extra := map[string]any{"permissionUrl": m.Path}
			if m.ParentCode != "" {
				extra["parentCode"] = m.ParentCode
			}
			add("menu", m.Code, m.title().In(l), extra)
		}
	}
	for _, r := range id.Roles {
		add("role", r.ID, engine.Text{"zh": r.TitleZh, "en": r.TitleEn, "th": r.TitleTh}.In(l), nil)
	}
	for _, code := range id.Companies {
		add("company", code, dic.name("company", code, l), nil)
	}
	var auths []ReportAuthority
	if err := s.db.WithContext(ctx).Where("user_id = ?", id.Username()).Order("rpt_type, company_code").Find(&auths).Error; err != nil {
		return nil, fmt.Errorf("load report authority: %w", err)
	}
	titles := menuTitles(items, l)
	byType := map[string][]string{}
	var types []string
	for _, a := range auths {
		if byType[a.RptType] == nil {
			types = append(types, a.RptType)
		}
		byType[a.RptType] = append(byType[a.RptType], a.CompanyCode)
	}
	for _, t := range types {
		name := titles[t]
		if name == "" {
			name = t
		}
		add("report", t, name, map[string]any{"companyCodes": byType[t]})
	}
	delegators, err := s.activeDelegators(ctx, id.Username())
	if err != nil {
		return nil, err
	}
	for _, d := range delegators {
		add("delegation", d.AuthorBy, d.AuthorByTxt, map[string]any{"activeFrom": d.ActiveFrom, "activeTo": d.ActiveTo})
	}
	add("documentScope", id.Scope(), scopeNames[id.Scope()].In(l), nil)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a["permissionType"] != b["permissionType"] {
			return a["permissionType"].(string) < b["permissionType"].(string)
		}
		return a["permissionId"].(string) < b["permissionId"].(string)
	})
	return out, nil
}

// userEntry is a user as the user list shows it: never the password hash.
type userEntry struct {
	Username    string   `json:"username"`
	EmpID       string   `json:"empId"`
	EmpNo       string   `json:"empNo"`
	EmpName     string   `json:"empName"`
	CompanyCode string   `json:"compId"`
	DeptID      string   `json:"deptId"`
	Status      string   `json:"status"`
	Roles       []string `json:"roles"`
	Companies   []string `json:"companies"`
}

// listUsers: GET /api/galaxycommon/user/list (configuration centre, user
// management).
func (s *Server) listUsers(c echo.Context) error {
	ctx := c.Request().Context()
	var users []User
	if err := s.db.WithContext(ctx).Order("username").Find(&users).Error; err != nil {
		return fmt.Errorf("list users: %w", err)
	}
	out := []userEntry{}
	for _, u := range users {
		id, err := s.identityOf(ctx, u.Username)
		if err != nil {
			return err
		}
		if id == nil {
			continue // removed meanwhile
		}
		e := userEntry{Username: u.Username, EmpID: u.EmpID, EmpNo: u.EmpNo, EmpName: u.EmpName, CompanyCode: u.CompanyCode,
			DeptID: u.DeptID, Status: u.Status, Roles: []string{}, Companies: id.Companies}
		for _, r := range id.Roles {
			e.Roles = append(e.Roles, r.ID)
		}
		out = append(out, e)
	}
	return ok(c, out)
}
