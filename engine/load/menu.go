package load

import (
	"io/fs"
	"path"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"
	"formwork/engine/report"

	"gopkg.in/yaml.v3"
)

// menuYAML is schemas/_menu.yaml: what every menu code of seeds/menus.yaml
// opens. The codes of documentTypes open the form list of that type; every
// other code is a page.
type menuYAML struct {
	DocumentTypes map[string][]string     `yaml:"documentTypes" doc:"per menu group, the codes that are document types (each opens the form list of its type)"`
	Pages         map[string]menuPageYAML `yaml:"pages" doc:"the codes that are pages, each with what it opens"`
}

type menuPageYAML struct {
	Group   string `yaml:"group" doc:"the menu group the page is an entry of"`
	Kind    string `yaml:"kind" doc:"list: the form list of opens; form: a new form of opens; worklist: a personal worklist; report: a report of schemas/_reports; config: the configuration page of the entry's route (a master-data type whose menu it is, or a fixed page); page: a page of the web app named by page" enum:"list,form,worklist,report,config,page"`
	Opens   string `yaml:"opens" doc:"the document type a list or form opens"`
	SubType string `yaml:"subType" doc:"the sub-type preset on the list, e.g. T01"`
	List    string `yaml:"list" doc:"the worklist a worklist entry opens" enum:"draft,applied,todo,done,returned,recall"`
	Report  string `yaml:"report" doc:"the report code (file schemas/_reports/<report>.yaml); default: the menu code"`
	Page    string `yaml:"page" doc:"the web page a page entry opens, e.g. profile"`
	Pending string `yaml:"pending" doc:"why the entry's page does not exist yet and which issue brings it: the entry is not shown until then"`
}

// loadMenu reads MenuFile, when there is one, and checks what each entry
// opens: document types and sub-types exist, a report's file exists unless
// the entry is pending, each kind has what it needs.
func (l *loader) loadMenu() {
	if _, err := fs.Stat(l.fsys, MenuFile); err != nil {
		return
	}
	var m menuYAML
	root, ok := l.parse(MenuFile, &m)
	if !ok {
		return
	}
	menu := model.NewMenu()
	body := yamlx.Body(root)
	_ = yamlx.OrderedMap(mapValue(body, "documentTypes"), func(group string, line int, _ *yaml.Node) error {
		for _, code := range m.DocumentTypes[group] {
			if l.cat.DocType(code) == nil {
				l.problem(MenuFile, line, 1, "menu group %s names %s, which is no document type", group, code)
			}
		}
		menu.AddDocTypes(group, m.DocumentTypes[group])
		return nil
	})
	_ = yamlx.OrderedMap(mapValue(body, "pages"), func(code string, line int, _ *yaml.Node) error {
		y := m.Pages[code]
		p := &model.MenuPage{Code: code, Group: y.Group, Kind: y.Kind, Opens: y.Opens, SubType: y.SubType, List: y.List,
			Report: y.Report, Page: y.Page, Pending: y.Pending}
		if p.Kind == "report" && p.Report == "" {
			p.Report = code
		}
		l.checkMenuPage(p, line)
		menu.AddPage(p)
		return nil
	})
	l.cat.Menu = menu
}

// checkMenuPage reports what a page entry lacks.
func (l *loader) checkMenuPage(p *model.MenuPage, line int) {
	bad := func(format string, args ...any) {
		l.problem(MenuFile, line, 1, "page %s: "+format, append([]any{p.Code}, args...)...)
	}
	if p.Group == "" {
		bad("needs the group it is an entry of")
	}
	if l.cat.DocType(p.Code) != nil {
		bad("is a document type: list it under documentTypes")
	}
	switch p.Kind {
	case "list", "form":
		d := l.cat.DocType(p.Opens)
		switch {
		case p.Opens == "":
			bad("a %s needs the document type it opens", p.Kind)
		case d == nil:
			bad("opens unknown document type %s", p.Opens)
		case p.SubType != "":
			if _, ok := d.SubTypePath(model.ParseSubType(p.SubType)...); !ok {
				bad("%s has no sub-type %s", p.Opens, p.SubType)
			}
		}
	case "worklist":
		switch p.List {
		case "draft", "applied", "todo", "done", "returned", "recall":
		default:
			bad("worklist %q must be draft, applied, todo, done, returned or recall", p.List)
		}
	case "report":
		if _, err := fs.Stat(l.fsys, path.Join(report.Dir, p.Report+".yaml")); err != nil && p.Pending == "" {
			bad("report %s has no file %s/%s.yaml: define it, or say under pending why it is not there yet", p.Report, report.Dir, p.Report)
		}
	case "page":
		if p.Page == "" {
			bad("a page entry needs the page it opens")
		}
	case "config":
	default:
		bad("kind %q must be list, form, worklist, report, config or page", p.Kind)
	}
}
