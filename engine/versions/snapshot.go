package versions

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"

	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// Snapshot writes the document type as a self-contained YAML document type
// file: its field catalogue and enumerations inline (localFields,
// localEnums), its groups resolved into field lists and every rule that
// applies to it, shared ones included. `formwork lint --release` files it
// under ReleasedDir, and Load reads it back as that version, unchanged by
// later edits of the catalogue.
func Snapshot(d *model.DocType) []byte {
	root := mapping()
	snapshotHeader(root, d)
	snapshotCatalogue(root, d)
	snapshotSections(root, d)
	if len(d.SubTypes) > 0 {
		add(root, "subTypes", subTypeNodes(d.SubTypes))
	}
	if len(d.Buttons) > 0 {
		bm := mapping()
		for _, k := range sortedKeys(d.Buttons) {
			add(bm, k, condNode(d.Buttons[k]))
		}
		add(root, "buttons", bm)
	}
	snapshotRules(root, d)
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Released snapshot of %s version %d (edition %s), written by `formwork lint --release`.\n# Documents saved under this version load and check with it. Do not edit.\n", d.Code, d.Version, d.Edition)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	_ = enc.Encode(root)
	_ = enc.Close()
	return b.Bytes()
}

// snapshotHeader writes the type's top-level keys.
func snapshotHeader(root *yaml.Node, d *model.DocType) {
	add(root, "docType", str(d.Code))
	add(root, "version", scalar("!!int", strconv.Itoa(d.Version)))
	add(root, "family", str(d.Family))
	if d.Module != "" {
		add(root, "module", str(d.Module))
	}
	add(root, "source", str(d.Source))
	add(root, "edition", str(d.Edition))
	add(root, "title", text(d.Title))
	if len(d.LeadPage) > 0 {
		add(root, "leadPage", text(d.LeadPage))
	}
	if len(d.Description) > 0 {
		add(root, "description", text(d.Description))
	}
}

// snapshotCatalogue writes the field catalogue entries and enumerations the
// type uses (localFields, localEnums).
func snapshotCatalogue(root *yaml.Node, d *model.DocType) {
	defs := map[string]*model.FieldDef{}
	enums := map[string]*model.Enum{}
	for _, s := range d.Sections {
		for _, f := range s.Fields {
			defs[f.FieldDef.Name] = f.FieldDef
			if f.Enum != nil {
				enums[f.Enum.Name] = f.Enum
			}
		}
	}
	if len(enums) > 0 {
		en := mapping()
		for _, k := range sortedKeys(enums) {
			add(en, k, enumNode(enums[k]))
		}
		add(root, "localEnums", en)
	}
	fm := mapping()
	for _, k := range sortedKeys(defs) {
		add(fm, k, fieldDefNode(defs[k]))
	}
	add(root, "localFields", fm)
}

func enumNode(e *model.Enum) *yaml.Node {
	m := mapping()
	if len(e.Label) > 0 {
		add(m, "label", text(e.Label))
	}
	vals := &yaml.Node{Kind: yaml.SequenceNode}
	for _, v := range e.Values {
		item := flow(mapping())
		add(item, "key", str(v.Key))
		add(item, "label", text(v.Label))
		vals.Content = append(vals.Content, item)
	}
	add(m, "values", vals)
	return m
}

func fieldDefNode(fd *model.FieldDef) *yaml.Node {
	m := flow(mapping())
	add(m, "label", text(fd.Label))
	add(m, "type", str(string(fd.Type)))
	if fd.Enum != nil {
		add(m, "enum", str(fd.Enum.Name))
	}
	if fd.MaxLength > 0 {
		add(m, "maxLength", scalar("!!int", strconv.Itoa(fd.MaxLength)))
	}
	if fd.Min != nil {
		add(m, "min", quoted(fd.Min.String()))
	}
	if fd.Max != nil {
		add(m, "max", quoted(fd.Max.String()))
	}
	if fd.Display != "" {
		add(m, "display", str(fd.Display))
	}
	if fd.ReadOnly {
		add(m, "readOnly", boolean(true))
	}
	return m
}

// snapshotSections writes the sections with their fields resolved.
func snapshotSections(root *yaml.Node, d *model.DocType) {
	secs := mapping()
	for _, s := range d.Sections {
		m := mapping()
		if len(s.Title) > 0 {
			add(m, "title", text(s.Title))
		}
		add(m, "source", str(s.Source))
		if s.Table {
			add(m, "table", boolean(true))
		}
		if s.StatusField != "" {
			add(m, "status", str(s.StatusField))
		}
		if s.Hidden {
			add(m, "hidden", boolean(true))
		}
		list := &yaml.Node{Kind: yaml.SequenceNode}
		for _, f := range s.Fields {
			list.Content = append(list.Content, fieldEntry(f))
		}
		add(m, "fields", list)
		add(secs, s.Name, m)
	}
	add(root, "sections", secs)
}

// snapshotRules writes every rule of the type, shared ones included.
func snapshotRules(root *yaml.Node, d *model.DocType) {
	if len(d.Rules) == 0 {
		return
	}
	rules := &yaml.Node{Kind: yaml.SequenceNode}
	for _, r := range d.Rules {
		m := mapping()
		add(m, "id", str(r.ID))
		if r.Table != "" {
			add(m, "table", str(r.Table))
		}
		if r.WhenSrc != "" {
			add(m, "when", expression(r.WhenSrc))
		}
		add(m, "check", expression(r.Src))
		if r.Path != "" {
			add(m, "path", str(r.Path))
		}
		add(m, "severity", str(string(r.Severity)))
		add(m, "message", text(r.Message))
		rules.Content = append(rules.Content, m)
	}
	add(root, "rules", rules)
}

func fieldEntry(f *model.Field) *yaml.Node {
	m := flow(mapping())
	add(m, "name", str(f.Name))
	add(m, "field", str(f.FieldDef.Name))
	if !sameText(f.Label, f.FieldDef.Label) {
		add(m, "label", text(f.Label))
	}
	if f.ReadOnly != f.FieldDef.ReadOnly {
		add(m, "readOnly", boolean(f.ReadOnly))
	}
	if f.Hidden {
		add(m, "hidden", boolean(true))
	}
	if f.Source != "" && f.Source != f.Section.Source {
		add(m, "source", str(f.Source))
	}
	if f.DefaultText != "" {
		add(m, "default", quoted(f.DefaultText))
	}
	if f.ValueSrc != "" {
		add(m, "value", expression(f.ValueSrc))
	}
	for _, c := range []struct {
		key  string
		cond *model.Cond
	}{{"visible", f.Visible}, {"required", f.Required}, {"editable", f.Editable}} {
		if c.cond != nil {
			add(m, c.key, condNode(c.cond))
		}
	}
	return m
}

func subTypeNodes(list []*model.SubType) *yaml.Node {
	m := mapping()
	for _, s := range list {
		n := mapping()
		add(n, "title", text(s.Title))
		for _, l := range []struct {
			key  string
			list []string
		}{{"sobs", s.Sobs}, {"show", s.Show}, {"hide", s.Hide}, {"creditLines", s.CreditLines}} {
			if len(l.list) > 0 {
				seq := flow(&yaml.Node{Kind: yaml.SequenceNode})
				for _, x := range l.list {
					seq.Content = append(seq.Content, str(x))
				}
				add(n, l.key, seq)
			}
		}
		if len(s.Children) > 0 {
			add(n, "children", subTypeNodes(s.Children))
		}
		add(m, s.Key, n)
	}
	return m
}

func condNode(c *model.Cond) *yaml.Node {
	if c.Prog == nil {
		return boolean(c.Const)
	}
	return expression(c.Src)
}

func sameText(a, b model.Text) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func mapping() *yaml.Node             { return &yaml.Node{Kind: yaml.MappingNode} }
func flow(n *yaml.Node) *yaml.Node    { n.Style = yaml.FlowStyle; return n }
func scalar(tag, v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: v} }
func str(v string) *yaml.Node         { return scalar("!!str", v) }
func quoted(v string) *yaml.Node      { n := str(v); n.Style = yaml.DoubleQuotedStyle; return n }
func expression(v string) *yaml.Node  { n := str(v); n.Style = yaml.SingleQuotedStyle; return n }
func boolean(b bool) *yaml.Node       { return scalar("!!bool", strconv.FormatBool(b)) }

func text(t model.Text) *yaml.Node {
	m := flow(mapping())
	for _, k := range sortedKeys(t) {
		add(m, k, str(t[k]))
	}
	return m
}

func add(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, str(key), v)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
