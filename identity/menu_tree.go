package identity

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
	Variant    string
	Code       string
	ParentCode string
	Replaces   string
	Path       string
	View       string
	Query      string // JSON object of the route's query parameters
	TitleZh    string
	TitleEn    string
	TitleTh    string
	Hidden     bool
	Sort       int
}

// Menu variants.
const (
	MenuCurrent = "current"
	MenuLegacy  = "legacy"
)

// Title is the item's title in every language it has.
func (m *MenuItem) Title() engine.Text {
	t := engine.Text{"zh": m.TitleZh, "en": m.TitleEn, "th": m.TitleTh}
	if t["th"] == "" {
		delete(t, "th") // no Thai title: Thai readers see the Chinese one
	}
	return t
}

// MenuNode is a menu entry as answered: in the tree (with children) and
// flat in login's menuPermissions (without).
type MenuNode struct {
	MenuCode      string            `json:"menuCode"`
	ParentCode    string            `json:"parentCode,omitempty"`
	PermissionURL string            `json:"permissionUrl"`
	Title         string            `json:"title"`
	Titles        engine.Text       `json:"titles"`
	View          string            `json:"view,omitempty"`
	Query         map[string]string `json:"query,omitempty"`
	Hidden        bool              `json:"hidden,omitempty"`
	Variant       string            `json:"variant"`
	// Page is what the entry opens (schemas/_menu.yaml); none for a group.
	Page     *MenuPage   `json:"page,omitempty"`
	Children []*MenuNode `json:"children,omitempty"`
}

// MenuPage is what a menu entry opens (schemas/_menu.yaml): kind list (the
// form list of Opens, with SubType preset), form (a new form of Opens),
// worklist (List), report (Report), config (the configuration page of the
// entry's route: the master-data type MasterData whose menu it is, or a
// fixed page), page (the web page Page).
type MenuPage struct {
	Kind       string `json:"kind" enum:"list,form,worklist,report,config,page"`
	Opens      string `json:"opens,omitempty"`
	SubType    string `json:"subType,omitempty"`
	List       string `json:"list,omitempty"`
	Report     string `json:"report,omitempty"`
	Page       string `json:"page,omitempty"`
	MasterData string `json:"masterData,omitempty"`
}

// PageOf is what the entry code of group, at route path, opens (nil: no
// page is known), and whether the entry is shown.
type PageOf func(group, code, path string) (page *MenuPage, shown bool)

// permittedMenus returns the menu codes roles open: the codes they grant
// (every code for a role with AllMenus), plus each group one of whose items
// is granted. granted are the codes of the role_menus of roles.
func permittedMenus(items []MenuItem, roles []Role, granted []string) map[string]bool {
	out := map[string]bool{}
	for _, r := range roles {
		if r.AllMenus {
			for _, m := range items {
				out[m.Code] = true
			}
			return out
		}
	}
	for _, c := range granted {
		out[c] = true
	}
	for _, m := range items { // a group shows when one of its items does
		if m.ParentCode != "" && out[m.Code] {
			out[m.ParentCode] = true
		}
	}
	return out
}

// menuTree builds the variant's tree with only the entries permitted shows
// and pages resolves (each with its page; every entry when pages is nil).
// The legacy tree is the current one with the legacy groups in place of
// the groups they replace.
func menuTree(items []MenuItem, variant string, permitted map[string]bool, lang string, pages PageOf) []*MenuNode {
	children := map[string][]MenuItem{} // variant+parent -> items
	var groups []MenuItem
	replacement := map[string]MenuItem{}
	for _, m := range items {
		switch {
		case m.ParentCode != "":
			children[m.Variant+"/"+m.ParentCode] = append(children[m.Variant+"/"+m.ParentCode], m)
		case m.Variant == MenuCurrent:
			groups = append(groups, m)
		case m.Variant == MenuLegacy && variant == MenuLegacy && m.Replaces != "":
			replacement[m.Replaces] = m
		}
	}
	tree := []*MenuNode{}
	for _, g := range groups {
		if r, ok := replacement[g.Code]; ok {
			g = r
		}
		node := nodeOf(g, lang)
		for _, child := range children[g.Variant+"/"+g.Code] {
			if !permitted[child.Code] {
				continue
			}
			n := nodeOf(child, lang)
			if pages != nil {
				var shown bool
				if n.Page, shown = pages(g.Code, child.Code, child.Path); !shown {
					continue
				}
			}
			node.Children = append(node.Children, n)
		}
		if len(node.Children) > 0 || permitted[g.Code] && len(children[g.Variant+"/"+g.Code]) == 0 {
			tree = append(tree, node)
		}
	}
	return tree
}

func nodeOf(m MenuItem, lang string) *MenuNode {
	n := &MenuNode{MenuCode: m.Code, ParentCode: m.ParentCode, PermissionURL: m.Path, Title: m.Title().In(lang),
		Titles: m.Title(), View: m.View, Hidden: m.Hidden, Variant: m.Variant}
	if m.Query != "" {
		_ = json.Unmarshal([]byte(m.Query), &n.Query) // written by the seed loader from a map
	}
	return n
}

// flatMenus lists a tree's entries, groups before their items, without
// children: login's menuPermissions.
func flatMenus(tree []*MenuNode) []*MenuNode {
	var out []*MenuNode
	for _, g := range tree {
		flat := *g
		flat.Children = nil
		out = append(out, &flat)
		out = append(out, g.Children...)
	}
	return out
}

// menuTitles maps each code of the current variant to its title.
func menuTitles(items []MenuItem, lang string) map[string]string {
	out := map[string]string{}
	for _, m := range items {
		if _, seen := out[m.Code]; !seen || m.Variant == MenuCurrent {
			out[m.Code] = m.Title().In(lang)
		}
	}
	return out
}

// SortedCodes lists a set's codes in order.
func SortedCodes(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// MenuTree is the variant's menu groups and items the user may open, in
// display order (variant "": the configured one); an unknown variant is
// EINVALID.
func (s *Service) MenuTree(ctx context.Context, id *Identity, variant, lang string) ([]*MenuNode, error) {
	switch variant {
	case "":
		variant = s.cfg.MenuVariant
	case MenuCurrent, MenuLegacy:
	default:
		v := engine.Clip(variant, 20)
		return nil, engine.Refuse(engine.EINVALID, "variant", engine.Text{"zh": fmt.Sprintf("未知的菜单版本%q（应为current或legacy）", v),
			"en": fmt.Sprintf("unknown menu variant %q (current or legacy)", v), "th": fmt.Sprintf("ไม่รู้จักเมนูแบบ %q (current หรือ legacy)", v)})
	}
	items, err := s.menuItems(ctx)
	if err != nil {
		return nil, err
	}
	return menuTree(items, variant, id.Menus, lang, s.cfg.Pages), nil
}
