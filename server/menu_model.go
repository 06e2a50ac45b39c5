package server

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"formwork/engine"
)

// MenuItem is one entry of the menu tree (navigation-and-access.md 2.2): a
// group (no parent) or an item under it. Codes are unique within a variant.
// The legacy variant holds only the groups it puts in place of current ones
// (Replaces: /payables for ER, /AR for AR, /GLA for GL, /Capital for AS).
type MenuItem struct {
	Variant    string `gorm:"primaryKey;size:10"`
	Code       string `gorm:"primaryKey;size:60"`
	ParentCode string `gorm:"size:60"`
	Replaces   string `gorm:"size:60"`
	Path       string `gorm:"size:200;not null"`
	View       string `gorm:"size:40"`
	Query      string `gorm:"size:400"` // JSON object of the route's query parameters
	TitleZh    string `gorm:"size:200"`
	TitleEn    string `gorm:"size:200"`
	TitleTh    string `gorm:"size:200"`
	Hidden     bool   `gorm:"not null"`
	Sort       int    `gorm:"not null"`
}

// Menu variants.
const (
	menuCurrent = "current"
	menuLegacy  = "legacy"
)

func (m *MenuItem) title() engine.Text {
	t := engine.Text{"zh": m.TitleZh, "en": m.TitleEn}
	if m.TitleTh != "" {
		t["th"] = m.TitleTh
	}
	return t
}

// menuNode is a menu entry as answered: in the tree (children) and flat in
// login's menuPermissions (no children).
type menuNode struct {
	MenuCode      string            `json:"menuCode"`
	ParentCode    string            `json:"parentCode,omitempty"`
	PermissionURL string            `json:"permissionUrl"`
	Title         string            `json:"title"`
	Titles        engine.Text       `json:"titles"`
	View          string            `json:"view,omitempty"`
	Query         map[string]string `json:"query,omitempty"`
	Hidden        bool              `json:"hidden,omitempty"`
	Variant       string            `json:"variant"`
	Children      []*menuNode       `json:"children,omitempty"`
}

// loadMenus reads every menu item in display order.
func (s *Server) loadMenus(ctx context.Context) ([]MenuItem, error) {
	var items []MenuItem
	if err := s.db.WithContext(ctx).Order("variant, sort, code").Find(&items).Error; err != nil {
		return nil, fmt.Errorf("load menus: %w", err)
	}
	return items, nil
}

// permittedMenus returns the menu codes the user may open: the codes their
// roles grant (every code for a role with AllMenus), plus each group one of
// whose items is granted. Read once per request.
func (s *Server) permittedMenus(ctx context.Context, id *Identity) (map[string]bool, error) {
	if id.menus != nil {
		return id.menus, nil
	}
	items, err := s.loadMenus(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	all := false
	var roleIDs []string
	for _, r := range id.Roles {
		all = all || r.AllMenus
		roleIDs = append(roleIDs, r.ID)
	}
	if all {
		for _, m := range items {
			out[m.Code] = true
		}
	} else if len(roleIDs) > 0 {
		var codes []string
		if err := s.db.WithContext(ctx).Model(&RoleMenu{}).Where("role_id IN ?", roleIDs).Distinct().Pluck("menu_code", &codes).Error; err != nil {
			return nil, fmt.Errorf("load role menus: %w", err)
		}
		for _, c := range codes {
			out[c] = true
		}
		for _, m := range items { // a group shows when one of its items does
			if m.ParentCode != "" && out[m.Code] {
				out[m.ParentCode] = true
			}
		}
	}
	id.menus = out
	return out, nil
}

// menuTree builds the variant's tree with only the entries permitted shows.
// The legacy tree is the current one with the legacy groups in place of
// the groups they replace.
func menuTree(items []MenuItem, variant string, permitted map[string]bool, lang string) []*menuNode {
	children := map[string][]MenuItem{} // variant+parent -> items
	var groups []MenuItem
	replacement := map[string]MenuItem{}
	for _, m := range items {
		switch {
		case m.ParentCode != "":
			children[m.Variant+"/"+m.ParentCode] = append(children[m.Variant+"/"+m.ParentCode], m)
		case m.Variant == menuCurrent:
			groups = append(groups, m)
		case m.Variant == menuLegacy && variant == menuLegacy && m.Replaces != "":
			replacement[m.Replaces] = m
		}
	}
	var tree []*menuNode
	for _, g := range groups {
		if r, ok := replacement[g.Code]; ok {
			g = r
		}
		node := nodeOf(g, lang)
		for _, child := range children[g.Variant+"/"+g.Code] {
			if permitted[child.Code] {
				node.Children = append(node.Children, nodeOf(child, lang))
			}
		}
		if len(node.Children) > 0 || permitted[g.Code] && len(children[g.Variant+"/"+g.Code]) == 0 {
			tree = append(tree, node)
		}
	}
	return tree
}

func nodeOf(m MenuItem, lang string) *menuNode {
	n := &menuNode{MenuCode: m.Code, ParentCode: m.ParentCode, PermissionURL: m.Path, Title: m.title().In(lang),
		Titles: m.title(), View: m.View, Hidden: m.Hidden, Variant: m.Variant}
	if m.Query != "" {
		_ = json.Unmarshal([]byte(m.Query), &n.Query) // written by the seed loader from a map
	}
	return n
}

// flatMenus lists a tree's entries, groups before their items, without
// children: login's menuPermissions.
func flatMenus(tree []*menuNode) []*menuNode {
	var out []*menuNode
	for _, g := range tree {
		flat := *g
		flat.Children = nil
		out = append(out, &flat)
		for _, c := range g.Children {
			out = append(out, c)
		}
	}
	return out
}

// menuTitles maps each code of the current variant to its title.
func menuTitles(items []MenuItem, lang string) map[string]string {
	out := map[string]string{}
	for _, m := range items {
		if _, seen := out[m.Code]; !seen || m.Variant == menuCurrent {
			out[m.Code] = m.title().In(lang)
		}
	}
	return out
}

// sortedCodes lists a set's codes in order.
func sortedCodes(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}
