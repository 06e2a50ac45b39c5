package identity

import (
	"context"
	"fmt"
	"strings"
)

// Profile is the current user of navigation-and-access.md 3.1: every field
// with its display twin (suffix Txt) in lang, the login record (uniquename,
// employeeId, displayname, logonId), the companies to pick the X-company
// from, the session's login type, and the people the user may file
// documents for (active delegations).
func (s *Service) Profile(ctx context.Context, id *Identity, lang string) (map[string]any, error) {
	name, err := s.names(ctx)
	if err != nil {
		return nil, err
	}
	items, err := s.menuItems(ctx)
	if err != nil {
		return nil, err
	}
	perms, err := s.permissions(ctx, id, lang, items, name)
	if err != nil {
		return nil, err
	}
	delegators, err := s.ActiveDelegators(ctx, id.Username())
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	twin := func(field string, value any, txt any) {
		out[field] = value
		out[field+"Txt"] = txt
	}
	s.profileAccess(twin, id, items, perms, lang)
	profileFields(twin, id.User, name, lang)
	u := id.User
	out["createAt"] = u.CreatedAt.Format("2006-01-02 15:04:05")
	out["createBy"] = u.CreateBy
	out["lastModified"] = u.UpdatedAt.Format("2006-01-02 15:04:05")
	out["changeDate"] = u.UpdatedAt.Format("2006-01-02")
	// the locally kept login record
	out["uniquename"], out["employeeId"], out["displayname"], out["logonId"] = u.Username, u.EmpID, u.EmpName, u.Username
	twin("company", id.Company, name("company", id.Company, lang))
	companies := []map[string]string{}
	for _, code := range id.Companies {
		companies = append(companies, map[string]string{"key": code, "value": name("company", code, lang)})
	}
	out["companies"] = companies
	userRoles := []UserRole{}
	for _, r := range id.Roles {
		userRoles = append(userRoles, UserRole{LoginID: u.Username, EmpName: u.EmpName, RoleID: r.ID})
	}
	out["userRoles"] = userRoles
	out["documentScope"] = id.Scope()
	out["delegators"] = delegators
	if id.Session != nil {
		out["loginType"], out["sourceSystem"] = id.Session.LoginType, id.Session.SourceSystem
		out["hideNavigation"] = id.Session.LoginType == "mmdl"
	}
	return out, nil
}

// profileAccess adds the user's roles, menus and permissions with their
// names: role, menus, permissions (the permitted urls) and allPermissions.
func (s *Service) profileAccess(twin func(string, any, any), id *Identity, items []MenuItem, perms []map[string]any, lang string) {
	sep := "、"
	if lang != "zh" {
		sep = ", "
	}
	var roleIDs, roleNames []string
	for _, r := range id.Roles {
		roleIDs = append(roleIDs, r.ID)
		roleNames = append(roleNames, r.Title().In(lang))
	}
	twin("role", strings.Join(roleIDs, ","), strings.Join(roleNames, sep))
	titles := menuTitles(items, lang)
	codes := SortedCodes(id.Menus)
	var menuNames, urls, urlNames, permNames []string
	for _, code := range codes {
		menuNames = append(menuNames, titles[code])
	}
	twin("menus", codes, menuNames)
	for _, n := range flatMenus(menuTree(items, s.cfg.MenuVariant, id.Menus, lang, s.cfg.Pages)) {
		urls = append(urls, n.PermissionURL)
		urlNames = append(urlNames, n.Title)
	}
	twin("permissions", urls, urlNames)
	for _, p := range perms {
		permNames = append(permNames, fmt.Sprint(p["permissionName"]))
	}
	twin("allPermissions", perms, permNames)
}

// profileFields adds the user's own fields with their display names.
func profileFields(twin func(string, any, any), u User, name NameOf, lang string) {
	twin("userId", u.Username, u.EmpName)
	twin("nickname", u.Nickname, u.Nickname)
	twin("username", u.Username, u.EmpName)
	twin("headImgUrl", u.HeadImgURL, u.HeadImgURL)
	twin("busPlate", u.BusPlate, name("busPlate", u.BusPlate, lang))
	twin("compId", u.CompanyCode, name("company", u.CompanyCode, lang))
	twin("costCenter", u.CostCenter, name("costCenter", u.CostCenter, lang))
	twin("currency", u.Currency, name("currency", u.Currency, lang))
	twin("deptId", u.DeptID, name("department", u.DeptID, lang))
	twin("email", u.Email, u.Email)
	twin("empId", u.EmpID, u.EmpName)
	twin("empLevel", u.EmpLevel, name("empLevel", u.EmpLevel, lang))
	twin("empName", u.EmpName, u.EmpName)
	twin("empNo", u.EmpNo, u.EmpName)
	twin("hisDept", u.HisDept, name("department", u.HisDept, lang))
	twin("mainJob", u.MainJob, name("mainJob", u.MainJob, lang))
	twin("phone", u.Phone, u.Phone)
	twin("status", u.Status, name("userStatus", u.Status, lang))
}
