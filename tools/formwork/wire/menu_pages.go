package wire

import (
	"formwork/engine"
	"formwork/identity"
	"formwork/registry"
)

// menuPages resolves menu entries through the menu map of the registry's
// catalogue in use (schemas/_menu.yaml): what each opens, nil for an entry
// that maps to nothing or whose page is pending (left out of the menu). A
// configuration entry names the first master-data type whose menu is its
// route. A catalogue without a menu file shows every entry without a page.
func menuPages(reg *registry.Service) identity.PageOf {
	return func(group, code, path string) (*identity.MenuPage, bool) {
		cat := reg.Catalogue()
		if cat == nil || !cat.Menu.Loaded() {
			return nil, true
		}
		p := cat.Menu.Resolve(group, code)
		if !p.Shown() {
			return nil, false
		}
		out := &identity.MenuPage{Kind: p.Kind, Opens: p.Opens, SubType: p.SubType, List: p.List, Report: p.Report, Page: p.Page}
		if p.Kind == "config" {
			out.MasterData = masterDataOfMenu(cat, path)
		}
		return out, true
	}
}

// masterDataOfMenu is the code of the first master-data type whose menu is
// path, or "".
func masterDataOfMenu(cat *engine.Catalogue, path string) string {
	for _, t := range cat.MasterDataTypes() {
		if t.Menu == path {
			return t.Code
		}
	}
	return ""
}
