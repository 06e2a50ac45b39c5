package seeding

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"formwork/engine"
	"formwork/identity"

	"gopkg.in/yaml.v3"
)

// IdentityStore is where seeding identities writes, in one unit of work.
type IdentityStore interface {
	InTx(ctx context.Context, fn func(tx IdentityTx) error) error
}

// IdentityTx is the writes of seeding identities.
type IdentityTx interface {
	CreateMenuItems(items []identity.MenuItem) error
	// CreateRole stores a role and the menu codes it grants.
	CreateRole(r identity.Role, menus []string) error
	// CreateUser stores a user (setting its ID) with its companies and roles.
	CreateUser(u *identity.User, companies []string, roles []identity.UserRole) error
	UserExists(username string) (bool, error)
	CreateReportAuthority(a identity.ReportAuthority) error
	CreateDelegation(d *identity.Delegation) error
}

// menuSeed is a group of menus.yaml.
type menuSeed struct {
	Code     string
	Replaces string
	Title    engine.Text
	Path     string
	Open     struct{ View, By string }
	Items    []menuItemSeed
}

// menuItemSeed is an item: [code, zh, en, th?] or a mapping.
type menuItemSeed struct {
	Code   string
	Title  engine.Text
	Path   string
	View   string
	Query  map[string]string
	Hidden bool
}

func (m *menuItemSeed) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.SequenceNode {
		var parts []string
		if err := n.Decode(&parts); err != nil {
			return err
		}
		if len(parts) < 3 {
			return fmt.Errorf("line %d: a menu item is [code, zh, en] or [code, zh, en, th]", n.Line)
		}
		m.Code, m.Title = parts[0], engine.Text{"zh": parts[1], "en": parts[2], "th": ""}
		if len(parts) > 3 {
			m.Title["th"] = parts[3]
		}
		return nil
	}
	type plain menuItemSeed
	return n.Decode((*plain)(m))
}

// UsersFile is users.yaml: the dictionary, roles, users, report authority
// and delegations. The dictionary names the codes of the current user's
// Txt twins; MasterData loads it (the names of master-data kinds are their
// records' names).
type UsersFile struct {
	Dictionary map[string]map[string]engine.Text
	Roles      []struct {
		ID        string
		Title     engine.Text
		Documents string
		Menus     []string
		Except    []string
	}
	Users             []UserSeed
	ReportAuthorities []struct {
		UserID      string   `yaml:"userId"`
		CompanyCode string   `yaml:"companyCode"`
		RptTypes    []string `yaml:"rptTypes"`
	} `yaml:"reportAuthorities"`
	Delegations []struct {
		AuthorBy     string `yaml:"authorBy"`
		AuthorTo     string `yaml:"authorTo"`
		AuthorStatus string `yaml:"authorStatus"`
		ActiveFrom   string `yaml:"activeFrom"`
		ActiveTo     string `yaml:"activeTo"`
	}
}

// UserSeed is a user of users.yaml; Password is in clear (demo users only).
type UserSeed struct {
	Username   string
	Password   string
	EmpID      string `yaml:"empId"`
	EmpNo      string `yaml:"empNo"`
	EmpName    string `yaml:"empName"`
	Nickname   string
	Email      string
	Phone      string
	CompID     string `yaml:"compId"`
	DeptID     string `yaml:"deptId"`
	HisDept    string `yaml:"hisDept"`
	CostCenter string `yaml:"costCenter"`
	EmpLevel   string `yaml:"empLevel"`
	MainJob    string `yaml:"mainJob"`
	BusPlate   string `yaml:"busPlate"`
	Currency   string
	HeadImgURL string `yaml:"headImgUrl"`
	Status     string
	Companies  []string
	Roles      []string
}

// ReadUsers reads users.yaml of fsys.
func ReadUsers(fsys fs.FS) (UsersFile, error) {
	var f UsersFile
	err := ReadYAML(fsys, "users.yaml", &f)
	return f, err
}

// IdentitySeeded says what Identity loaded.
type IdentitySeeded struct {
	Users, Roles, Menus int
}

// Identity loads menus.yaml and users.yaml of fsys (the seeds folder) in
// one unit of work: menus, roles, users with their companies
// and roles (passwords hashed at passwordCost), report authority and
// delegations. It is meant for an empty database; a seed that refers to an
// unknown menu, role or user is an error naming it, and nothing is loaded.
func Identity(ctx context.Context, fsys fs.FS, store IdentityStore, passwordCost int) (IdentitySeeded, error) {
	var done IdentitySeeded
	var menus struct{ Current, Legacy []menuSeed }
	if err := ReadYAML(fsys, "menus.yaml", &menus); err != nil {
		return done, err
	}
	ids, err := ReadUsers(fsys)
	if err != nil {
		return done, err
	}
	items, err := menuItemsOf(menus.Current, menus.Legacy)
	if err != nil {
		return done, err
	}
	err = store.InTx(ctx, func(tx IdentityTx) error {
		if err := tx.CreateMenuItems(items); err != nil {
			return fmt.Errorf("seed menus: %w", err)
		}
		done.Menus = len(items)
		roles, err := seedRoles(tx, ids, items)
		if err != nil {
			return err
		}
		done.Roles = len(roles)
		if done.Users, err = seedUsers(tx, ids.Users, roles, passwordCost); err != nil {
			return err
		}
		return seedGrants(tx, ids)
	})
	if err != nil {
		return IdentitySeeded{}, err
	}
	return done, nil
}

// seedUsers stores the users with their companies (the main one included)
// and roles, which must be among roles.
func seedUsers(tx IdentityTx, users []UserSeed, roles []string, passwordCost int) (int, error) {
	for _, u := range users {
		username := strings.ToLower(strings.TrimSpace(u.Username))
		if username == "" || len(username) > identity.MaxUsernameLength {
			return 0, fmt.Errorf("users.yaml: username %q must have 1 to %d characters", u.Username, identity.MaxUsernameLength)
		}
		hash := ""
		if u.Password != "" {
			var err error
			if hash, err = identity.HashPassword(u.Password, passwordCost); err != nil {
				return 0, err
			}
		}
		user := identity.User{Username: username, PasswordHash: hash, EmpID: u.EmpID, EmpNo: u.EmpNo, EmpName: u.EmpName, Nickname: u.Nickname,
			Email: u.Email, Phone: u.Phone, CompanyCode: u.CompID, DeptID: u.DeptID, HisDept: u.HisDept, CostCenter: u.CostCenter,
			EmpLevel: u.EmpLevel, MainJob: u.MainJob, Status: cmp.Or(u.Status, identity.StatusActive), Currency: u.Currency, BusPlate: u.BusPlate,
			HeadImgURL: u.HeadImgURL, CreateBy: "seed"}
		companies := u.Companies
		if u.CompID != "" && !slices.Contains(companies, u.CompID) {
			companies = append(companies, u.CompID)
		}
		var userRoles []identity.UserRole
		for _, r := range u.Roles {
			if !slices.Contains(roles, r) {
				return 0, fmt.Errorf("users.yaml: user %s has role %q, which roles does not define", username, r)
			}
			userRoles = append(userRoles, identity.UserRole{LoginID: username, EmpName: u.EmpName, RoleID: r})
		}
		if err := tx.CreateUser(&user, companies, userRoles); err != nil {
			return 0, fmt.Errorf("seed user %s: %w", username, err)
		}
	}
	return len(users), nil
}

// seedGrants stores the report authority and the delegations, whose users
// must exist.
func seedGrants(tx IdentityTx, ids UsersFile) error {
	for _, a := range ids.ReportAuthorities {
		known, err := tx.UserExists(a.UserID)
		if err != nil {
			return err
		}
		if !known {
			return fmt.Errorf("users.yaml: report authority of unknown user %q", a.UserID)
		}
		for _, t := range a.RptTypes {
			if err := tx.CreateReportAuthority(identity.ReportAuthority{RptType: t, UserID: a.UserID, CompanyCode: a.CompanyCode}); err != nil {
				return fmt.Errorf("seed report authority: %w", err)
			}
		}
	}
	for _, d := range ids.Delegations {
		knownBy, err := tx.UserExists(d.AuthorBy)
		if err != nil {
			return err
		}
		knownTo, err := tx.UserExists(d.AuthorTo)
		if err != nil {
			return err
		}
		if !knownBy || !knownTo {
			return fmt.Errorf("users.yaml: delegation %s -> %s names an unknown user", d.AuthorBy, d.AuthorTo)
		}
		row := identity.Delegation{AuthorBy: d.AuthorBy, AuthorTo: d.AuthorTo, AuthorStatus: d.AuthorStatus, ActiveFrom: d.ActiveFrom, ActiveTo: d.ActiveTo, CreateBy: "seed"}
		if err := tx.CreateDelegation(&row); err != nil {
			return fmt.Errorf("seed delegation: %w", err)
		}
	}
	return nil
}

// seedRoles stores the roles with their menu codes expanded (a group grants
// its items) and returns their ids.
func seedRoles(tx IdentityTx, ids UsersFile, items []identity.MenuItem) ([]string, error) {
	menu := menuIndexOf(items)
	var out []string
	for _, r := range ids.Roles {
		switch r.Documents {
		case identity.ScopeOwn, identity.ScopeCompany, identity.ScopeAll:
		default:
			return nil, fmt.Errorf("users.yaml: role %s: documents must be own, company or all, not %q", r.ID, r.Documents)
		}
		role := identity.Role{ID: r.ID, TitleZh: r.Title["zh"], TitleEn: r.Title["en"], TitleTh: r.Title["th"], DocumentScope: r.Documents,
			AllMenus: slices.Contains(r.Menus, "*")}
		var menus []string
		if !role.AllMenus {
			grant, err := menu.grants(r.ID, r.Menus, r.Except)
			if err != nil {
				return nil, err
			}
			menus = identity.SortedCodes(grant)
		}
		if err := tx.CreateRole(role, menus); err != nil {
			return nil, fmt.Errorf("seed role %s: %w", r.ID, err)
		}
		out = append(out, r.ID)
	}
	return out, nil
}

// menuIndex is the current variant's codes and each group's items.
type menuIndex struct {
	known      map[string]bool
	groupItems map[string][]string
}

func menuIndexOf(items []identity.MenuItem) menuIndex {
	m := menuIndex{known: map[string]bool{}, groupItems: map[string][]string{}}
	for _, it := range items {
		if it.Variant != identity.MenuCurrent {
			continue
		}
		m.known[it.Code] = true
		if it.ParentCode != "" {
			m.groupItems[it.ParentCode] = append(m.groupItems[it.ParentCode], it.Code)
		}
	}
	return m
}

// grants is the set of codes role grants with menus (a group grants its
// items) less except; "*" is every code. A code menus.yaml does not define
// is an error.
func (m menuIndex) grants(role string, menus, except []string) (map[string]bool, error) {
	grant := map[string]bool{}
	if slices.Contains(menus, "*") {
		for c := range m.known {
			grant[c] = true
		}
		return grant, nil
	}
	expand := func(codes []string, on bool) error {
		for _, code := range codes {
			if !m.known[code] {
				return fmt.Errorf("users.yaml: role %s names menu %q, which menus.yaml does not define", role, code)
			}
			for _, c := range append([]string{code}, m.groupItems[code]...) {
				if on {
					grant[c] = true
				} else {
					delete(grant, c)
				}
			}
		}
		return nil
	}
	if err := expand(menus, true); err != nil {
		return nil, err
	}
	return grant, expand(except, false)
}

// menuItemsOf flattens the menu seeds into items, checking that codes are
// unique within a variant and that each group has a path.
func menuItemsOf(current, legacy []menuSeed) ([]identity.MenuItem, error) {
	var out []identity.MenuItem
	for _, v := range []struct {
		name   string
		groups []menuSeed
	}{{identity.MenuCurrent, current}, {identity.MenuLegacy, legacy}} {
		seen := map[string]bool{}
		sort := 0
		for _, g := range v.groups {
			if g.Code == "" || !strings.HasPrefix(g.Path, "/") {
				return nil, fmt.Errorf("menus.yaml: %s group %q needs a code and a path starting with /", v.name, g.Code)
			}
			if v.name == identity.MenuLegacy && g.Replaces == "" {
				return nil, fmt.Errorf("menus.yaml: legacy group %s must say which group it replaces", g.Code)
			}
			all := append([]menuItemSeed{{Code: g.Code, Title: g.Title, Path: g.Path}}, g.Items...)
			for i, it := range all {
				if seen[it.Code] || it.Code == "" {
					return nil, fmt.Errorf("menus.yaml: %s menu code %q is empty or used twice", v.name, it.Code)
				}
				seen[it.Code] = true
				sort++
				row, err := menuItemOf(v.name, g, it, i == 0, sort)
				if err != nil {
					return nil, err
				}
				out = append(out, row)
			}
		}
	}
	return out, nil
}

// menuItemOf is the item it of group g (the group itself when isGroup) at
// position sort of its variant.
func menuItemOf(variant string, g menuSeed, it menuItemSeed, isGroup bool, sort int) (identity.MenuItem, error) {
	row := identity.MenuItem{Variant: variant, Code: it.Code, Path: it.Path, View: it.View, Hidden: it.Hidden, Sort: sort,
		TitleZh: it.Title["zh"], TitleEn: it.Title["en"], TitleTh: it.Title["th"]}
	query := it.Query
	if isGroup {
		row.Replaces = g.Replaces
	} else {
		row.ParentCode = g.Code
		if row.Path == "" {
			row.Path = g.Path + "/" + it.Code
		}
		if row.View == "" && g.Open.View != "" {
			row.View = g.Open.View
			if query == nil && g.Open.By != "" {
				query = map[string]string{g.Open.By: it.Code}
			}
		}
	}
	if len(query) > 0 {
		b, _ := json.Marshal(query)
		row.Query = string(b)
	}
	if row.TitleZh == "" || row.TitleEn == "" {
		return row, fmt.Errorf("menus.yaml: menu %s needs a title in zh and en", it.Code)
	}
	return row, nil
}
