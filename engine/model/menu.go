package model

import "sort"

// MenuPage is what a menu code opens (schemas/_menu.yaml).
type MenuPage struct {
	Code    string
	Group   string // the menu group it is an entry of
	Kind    string // list, form, worklist, report, config or page
	Opens   string // list, form: the document type
	SubType string // list: the sub-type preset
	List    string // worklist: draft, applied, todo, done, returned, recall
	Report  string // report: its code
	Page    string // page: the web page
	Pending string // not empty: the page does not exist yet, the entry is not shown
}

// Shown tells whether a menu entry of this page is shown.
func (p *MenuPage) Shown() bool { return p != nil && p.Pending == "" }

// Menu is schemas/_menu.yaml as loaded; the zero Menu (no file) resolves
// nothing.
type Menu struct {
	docTypes map[string]map[string]bool // group -> codes
	pages    map[string]*MenuPage
}

// Loaded tells whether the catalogue has a menu file.
func (m *Menu) Loaded() bool { return m != nil && (m.docTypes != nil || m.pages != nil) }

// Resolve is what code, an entry of group, opens; nil when schemas/_menu.yaml
// maps it to nothing (a document type listed under another group, a page of
// another group, an unknown code).
func (m *Menu) Resolve(group, code string) *MenuPage {
	if m == nil {
		return nil
	}
	if m.docTypes[group][code] {
		return &MenuPage{Code: code, Group: group, Kind: "list", Opens: code}
	}
	if p := m.pages[code]; p != nil && p.Group == group {
		return p
	}
	return nil
}

// Pages lists the page codes in order.
func (m *Menu) Pages() []*MenuPage {
	if m == nil {
		return nil
	}
	out := make([]*MenuPage, 0, len(m.pages))
	for _, p := range m.pages {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// NewMenu is an empty menu map, filled by AddDocTypes and AddPage.
func NewMenu() *Menu {
	return &Menu{docTypes: map[string]map[string]bool{}, pages: map[string]*MenuPage{}}
}

// AddDocTypes records codes as document types of group.
func (m *Menu) AddDocTypes(group string, codes []string) {
	if m.docTypes[group] == nil {
		m.docTypes[group] = map[string]bool{}
	}
	for _, c := range codes {
		m.docTypes[group][c] = true
	}
}

// AddPage records a page entry.
func (m *Menu) AddPage(p *MenuPage) { m.pages[p.Code] = p }
