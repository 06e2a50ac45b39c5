package load

import (
	"io/fs"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"github.com/shopspring/decimal"
	"gopkg.in/yaml.v3"
)

// loadFieldCatalogue reads the enumerations, the field catalogue and the
// field groups: what every document type builds on.
func (l *loader) loadFieldCatalogue() {
	for _, f := range l.files("schemas/_enums") {
		var m map[string]enumYAML
		if _, ok := l.parse(f, &m); ok {
			l.addEnums(f, m)
		}
	}
	for _, f := range l.files("schemas/_fields") {
		var m map[string]fieldYAML
		if root, ok := l.parse(f, &m); ok {
			l.addFields(f, root, m)
		}
	}
	l.groups, l.groupAt = map[string]*groupYAML{}, map[string]string{}
	for _, f := range l.files("schemas/_groups") {
		var m map[string]*groupYAML
		if _, ok := l.parse(f, &m); ok {
			for k, g := range m {
				if prev, dup := l.groupAt[k]; dup {
					l.problem(f, 0, 0, "field group %s is defined again (first in %s)", k, prev)
				}
				if g == nil {
					g = &groupYAML{}
				}
				l.groups[k], l.groupAt[k] = g, f
			}
		}
	}
}

// loadSharedRules reads rules/: rule files shared by several document types.
func (l *loader) loadSharedRules() {
	for _, f := range l.files("rules") {
		var rf ruleFileYAML
		root, ok := l.parse(f, &rf)
		if !ok {
			continue
		}
		ruleLines(root, "rules", rf.Rules)
		for _, r := range rf.Rules {
			if len(r.DocTypes) == 0 {
				l.problem(f, r.Line, 1, "rule %s in a shared rule file must list docTypes", r.ID)
			}
			l.shared = append(l.shared, sharedRule{file: f, ruleYAML: r})
		}
	}
}

// Files of the catalogue that are one of a kind.
const (
	ModesFile    = "schemas/_modes.yaml"
	EditionsFile = "schemas/_editions.yaml"
	MenuFile     = "schemas/_menu.yaml"
)

// loadEditions reads schemas/_editions.yaml; without it there is one
// edition, "form". Every folder of schemas/ not starting with _ must be an
// edition.
func (l *loader) loadEditions() {
	f := EditionsFile
	l.cat.DefaultEdition = "form"
	var y editionsYAML
	if _, err := fs.Stat(l.fsys, f); err == nil {
		if _, ok := l.parse(f, &y); ok && y.Default != "" {
			l.cat.DefaultEdition = y.Default
		}
	}
	for k, e := range y.Editions {
		l.cat.Editions[k] = &Edition{Key: k, Title: e.Title, Companies: e.Companies, Sobs: e.Sobs}
	}
	if l.cat.Editions[l.cat.DefaultEdition] == nil {
		l.cat.Editions[l.cat.DefaultEdition] = &Edition{Key: l.cat.DefaultEdition,
			Title: model.Text{"zh": "表单录入版", "en": "Form-entry edition", "th": "ฉบับกรอกแบบฟอร์ม"}}
	}
	entries, _ := fs.ReadDir(l.fsys, "schemas")
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), "_") && l.cat.Editions[e.Name()] == nil {
			l.problem(f, 0, 0, "schemas/%s/ is not an edition: declare it under editions", e.Name())
		}
	}
}

func (l *loader) loadModes() {
	f := ModesFile
	var m map[string]modeYAML
	if _, err := fs.Stat(l.fsys, f); err != nil {
		l.problem(f, 0, 0, "missing: the action modes (%s) must be defined", strings.Join(model.ActionModes, ", "))
		return
	}
	if _, ok := l.parse(f, &m); !ok {
		return
	}
	for _, name := range model.ActionModes {
		md, ok := m[name]
		if !ok {
			l.problem(f, 0, 0, "action mode %s is not defined", name)
			continue
		}
		l.cat.Modes[name] = &model.Mode{Name: name, Editable: md.Editable, Buttons: md.Buttons}
	}
	for name := range m {
		if l.cat.Modes[name] == nil {
			l.problem(f, 0, 0, "unknown action mode %s (known: %s)", name, strings.Join(model.ActionModes, ", "))
		}
	}
}

func (l *loader) addEnums(file string, m map[string]enumYAML) {
	for name, en := range l.buildEnums(file, m) {
		if l.cat.Enums[name] != nil {
			l.problem(file, 0, 0, "enumeration %s is defined twice", name)
		}
		l.cat.Enums[name] = en
	}
}

func (l *loader) buildEnums(file string, m map[string]enumYAML) map[string]*model.Enum {
	out := make(map[string]*model.Enum, len(m))
	for name, e := range m {
		en := model.NewEnum(name, e.Label)
		for _, v := range e.Values {
			if !en.Add(model.EnumValue{Key: v.Key, Label: v.Label}) {
				l.problem(file, 0, 0, "enumeration %s lists %q twice", name, v.Key)
			}
		}
		out[name] = en
	}
	return out
}

func (l *loader) addFields(file string, root *yaml.Node, m map[string]fieldYAML) {
	lines := map[string]int{}
	_ = yamlx.OrderedMap(yamlx.Body(root), func(k string, line int, _ *yaml.Node) error { lines[k] = line; return nil })
	for name, fd := range l.buildFields(file, m, lines, l.cat.Enums) {
		if l.cat.Fields[name] != nil {
			l.problem(file, lines[name], 1, "field %s is defined twice in the field catalogue", name)
			continue
		}
		l.cat.Fields[name] = fd
	}
}

// buildFields makes field definitions of a field catalogue (or of a released
// snapshot's own catalogue), their enumerations looked up in enums.
func (l *loader) buildFields(file string, m map[string]fieldYAML, lines map[string]int, enums map[string]*model.Enum) map[string]*model.FieldDef {
	out := make(map[string]*model.FieldDef, len(m))
	for name, fy := range m {
		line := lines[name]
		fd := &model.FieldDef{Name: name, Label: fy.Label, Type: model.FieldType(fy.Type), MaxLength: fy.MaxLength, Display: fy.Display}
		if fy.ReadOnly != nil {
			fd.ReadOnly = *fy.ReadOnly
		}
		if fy.Ref != nil && lines != nil { // a released snapshot's own catalogue keeps no refs
			fd.Ref = *fy.Ref
			fd.RefCompany = fy.RefCompany
			l.fieldRefs = append(l.fieldRefs, fieldRefUse{file: file, line: line, what: "field " + name, target: fd.Ref})
		}
		if fd.Type == "" {
			fd.Type = model.TypeString
		}
		if !fd.Type.Known() {
			l.problem(file, line, 1, "field %s has unknown type %q (string, text, date, money, number, integer, enum)", name, fy.Type)
		}
		if len(fd.Label) == 0 {
			l.problem(file, line, 1, "field %s has no label", name)
		}
		if fd.Type == model.TypeEnum {
			fd.Enum = enums[fy.Enum]
			if fd.Enum == nil {
				l.problem(file, line, 1, "field %s uses unknown enumeration %q", name, fy.Enum)
			}
		}
		fd.Min = l.bound(file, line, name, fy.Min)
		fd.Max = l.bound(file, line, name, fy.Max)
		out[name] = fd
	}
	return out
}

// bound reads a field's minimum or maximum; nil when not given or not a number.
func (l *loader) bound(file string, line int, name string, src *string) *decimal.Decimal {
	if src == nil {
		return nil
	}
	d, err := model.ParseNumber(*src)
	if err != nil {
		l.problem(file, line, 1, "field %s: bound %q is not a number", name, *src)
		return nil
	}
	return &d
}

// mapValue is the value of key in a mapping node, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}
