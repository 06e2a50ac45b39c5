package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"formwork/engine"

	"gopkg.in/yaml.v3"
	"gorm.io/gorm"
)

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
		m.Code, m.Title = parts[0], engine.Text{"zh": parts[1], "en": parts[2]}
		if len(parts) > 3 {
			m.Title["th"] = parts[3]
		}
		return nil
	}
	type plain menuItemSeed
	return n.Decode((*plain)(m))
}

// identitySeed is users.yaml.
type identitySeed struct {
	Dictionary map[string]map[string]engine.Text
	Roles      []struct {
		ID        string
		Title     engine.Text
		Documents string
		Menus     []string
		Except    []string
	}
	Users []struct {
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

// IdentitySeeded says what SeedIdentity loaded.
type IdentitySeeded struct {
	Users, Roles, Menus int
}

// SeedIdentity loads menus.yaml and users.yaml of fsys (the seeds folder)
// in one transaction: menus, roles, dictionary, users with their companies
// and roles (passwords hashed at Config.PasswordCost), report authority and
// delegations. It is meant for an empty database; a seed that refers to an
// unknown menu, role or user is an error naming it, and nothing is loaded.
func (s *Server) SeedIdentity(ctx context.Context, fsys fs.FS) (IdentitySeeded, error) {
	var done IdentitySeeded
	var menus struct{ Current, Legacy []menuSeed }
	if err := readYAML(fsys, "menus.yaml", &menus); err != nil {
		return done, err
	}
	var ids identitySeed
	if err := readYAML(fsys, "users.yaml", &ids); err != nil {
		return done, err
	}
	items, err := menuItemsOf(menus.Current, menus.Legacy)
	if err != nil {
		return done, err
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&items).Error; err != nil {
			return fmt.Errorf("seed menus: %w", err)
		}
		done.Menus = len(items)
		var entries []DictionaryEntry
		for dic, codes := range ids.Dictionary {
			for code, t := range codes {
				entries = append(entries, DictionaryEntry{DicID: dic, Code: code, Zh: t["zh"], En: t["en"], Th: t["th"]})
			}
		}
		if len(entries) > 0 {
			if err := tx.Create(&entries).Error; err != nil {
				return fmt.Errorf("seed dictionary: %w", err)
			}
		}
		roles, err := seedRoles(tx, ids, items)
		if err != nil {
			return err
		}
		done.Roles = len(roles)
		for _, u := range ids.Users {
			username := strings.ToLower(strings.TrimSpace(u.Username))
			if username == "" || len(username) > maxUsernameLength {
				return fmt.Errorf("users.yaml: username %q must have 1 to %d characters", u.Username, maxUsernameLength)
			}
			hash := ""
			if u.Password != "" {
				if hash, err = hashPassword(u.Password, s.cfg.PasswordCost); err != nil {
					return err
				}
			}
			status := u.Status
			if status == "" {
				status = userStatusActive
			}
			user := User{Username: username, PasswordHash: hash, EmpID: u.EmpID, EmpNo: u.EmpNo, EmpName: u.EmpName, Nickname: u.Nickname,
				Email: u.Email, Phone: u.Phone, CompanyCode: u.CompID, DeptID: u.DeptID, HisDept: u.HisDept, CostCenter: u.CostCenter,
				EmpLevel: u.EmpLevel, MainJob: u.MainJob, Status: status, Currency: u.Currency, BusPlate: u.BusPlate,
				HeadImgURL: u.HeadImgURL, CreateBy: "seed"}
			if err := tx.Create(&user).Error; err != nil {
				return fmt.Errorf("seed user %s: %w", username, err)
			}
			companies := u.Companies
			if u.CompID != "" && !slices.Contains(companies, u.CompID) {
				companies = append(companies, u.CompID)
			}
			for _, c := range companies {
				if err := tx.Create(&UserCompany{Username: username, CompanyCode: c}).Error; err != nil {
					return fmt.Errorf("seed user %s company %s: %w", username, c, err)
				}
			}
			for _, r := range u.Roles {
				if !slices.Contains(roles, r) {
					return fmt.Errorf("users.yaml: user %s has role %q, which roles does not define", username, r)
				}
				if err := tx.Create(&UserRole{LoginID: username, EmpName: u.EmpName, RoleID: r}).Error; err != nil {
					return fmt.Errorf("seed user %s role %s: %w", username, r, err)
				}
			}
			done.Users++
		}
		users := func(name string) bool {
			var n int64
			tx.Model(&User{}).Where("username = ?", name).Count(&n)
			return n > 0
		}
		for _, a := range ids.ReportAuthorities {
			if !users(a.UserID) {
				return fmt.Errorf("users.yaml: report authority of unknown user %q", a.UserID)
			}
			for _, t := range a.RptTypes {
				if err := tx.Create(&ReportAuthority{RptType: t, UserID: a.UserID, CompanyCode: a.CompanyCode}).Error; err != nil {
					return fmt.Errorf("seed report authority: %w", err)
				}
			}
		}
		for _, d := range ids.Delegations {
			if !users(d.AuthorBy) || !users(d.AuthorTo) {
				return fmt.Errorf("users.yaml: delegation %s -> %s names an unknown user", d.AuthorBy, d.AuthorTo)
			}
			row := Delegation{AuthorBy: d.AuthorBy, AuthorTo: d.AuthorTo, AuthorStatus: d.AuthorStatus, ActiveFrom: d.ActiveFrom, ActiveTo: d.ActiveTo, CreateBy: "seed"}
			if err := tx.Create(&row).Error; err != nil {
				return fmt.Errorf("seed delegation: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return IdentitySeeded{}, err
	}
	return done, nil
}

// seedRoles stores the roles with their menu codes expanded (a group grants
// its items) and returns their ids.
func seedRoles(tx *gorm.DB, ids identitySeed, items []MenuItem) ([]string, error) {
	groupItems := map[string][]string{}
	known := map[string]bool{}
	for _, m := range items {
		if m.Variant != menuCurrent {
			continue
		}
		known[m.Code] = true
		if m.ParentCode != "" {
			groupItems[m.ParentCode] = append(groupItems[m.ParentCode], m.Code)
		}
	}
	var out []string
	for _, r := range ids.Roles {
		switch r.Documents {
		case scopeOwn, scopeCompany, scopeAll:
		default:
			return nil, fmt.Errorf("users.yaml: role %s: documents must be own, company or all, not %q", r.ID, r.Documents)
		}
		role := Role{ID: r.ID, TitleZh: r.Title["zh"], TitleEn: r.Title["en"], TitleTh: r.Title["th"], DocumentScope: r.Documents,
			AllMenus: slices.Contains(r.Menus, "*")}
		if err := tx.Create(&role).Error; err != nil {
			return nil, fmt.Errorf("seed role %s: %w", r.ID, err)
		}
		out = append(out, r.ID)
		if role.AllMenus {
			continue
		}
		grant := map[string]bool{}
		expand := func(code string, on bool) error {
			if !known[code] {
				return fmt.Errorf("users.yaml: role %s names menu %q, which menus.yaml does not define", r.ID, code)
			}
			grant[code] = on
			for _, item := range groupItems[code] {
				grant[item] = on
			}
			return nil
		}
		for _, code := range r.Menus {
			if err := expand(code, true); err != nil {
				return nil, err
			}
		}
		for _, code := range r.Except {
			if err := expand(code, false); err != nil {
				return nil, err
			}
		}
		for _, code := range sortedCodes(grant) {
			if grant[code] {
				if err := tx.Create(&RoleMenu{RoleID: r.ID, MenuCode: code}).Error; err != nil {
					return nil, fmt.Errorf("seed role %s menu %s: %w", r.ID, code, err)
				}
			}
		}
	}
	return out, nil
}

// menuItemsOf flattens the menu seeds into rows, checking that codes are
// unique within a variant and that each group has a path.
func menuItemsOf(current, legacy []menuSeed) ([]MenuItem, error) {
	var out []MenuItem
	for _, v := range []struct {
		name   string
		groups []menuSeed
	}{{menuCurrent, current}, {menuLegacy, legacy}} {
		seen := map[string]bool{}
		sort := 0
		for _, g := range v.groups {
			if g.Code == "" || !strings.HasPrefix(g.Path, "/") {
				return nil, fmt.Errorf("menus.yaml: %s group %q needs a code and a path starting with /", v.name, g.Code)
			}
			if v.name == menuLegacy && g.Replaces == "" {
				return nil, fmt.Errorf("menus.yaml: legacy group %s must say which group it replaces", g.Code)
			}
			all := append([]menuItemSeed{{Code: g.Code, Title: g.Title, Path: g.Path}}, g.Items...)
			for i, it := range all {
				if seen[it.Code] || it.Code == "" {
					return nil, fmt.Errorf("menus.yaml: %s menu code %q is empty or used twice", v.name, it.Code)
				}
				seen[it.Code] = true
				sort++
				row := MenuItem{Variant: v.name, Code: it.Code, Path: it.Path, View: it.View, Hidden: it.Hidden, Sort: sort,
					TitleZh: it.Title["zh"], TitleEn: it.Title["en"], TitleTh: it.Title["th"]}
				query := it.Query
				if i == 0 {
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
					return nil, fmt.Errorf("menus.yaml: menu %s needs a title in zh and en", it.Code)
				}
				out = append(out, row)
			}
		}
	}
	return out, nil
}

func readYAML(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("seeds: %w", err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("seeds/%s: %w", name, err)
	}
	return nil
}
