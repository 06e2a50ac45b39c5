package load

import (
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// compiler builds one document type from its YAML.
type compiler struct {
	l          *loader
	d          *model.DocType
	file       string
	overridden map[*model.Field]*override // uncompiled overrides, until the environment types exist
	local      map[string]*model.FieldDef // a released snapshot's own field catalogue; nil for a live type
	confirms   []confirmUse               // the rules confirmed() asks about, checked once every rule is compiled
}

func (c *compiler) sections(y *docTypeYAML) {
	err := yamlx.OrderedMap(&y.Sections, func(name string, line int, v *yaml.Node) error {
		c.section(name, line, v)
		return nil
	})
	if err != nil {
		c.l.problem(c.file, y.Sections.Line, y.Sections.Column, "sections: %v of section names", err)
	}
}

// section builds one section from its YAML (a mapping) at line.
func (c *compiler) section(name string, line int, v *yaml.Node) {
	var sy sectionYAML
	if err := checkKeys(v, &sy); err != nil {
		c.l.yamlProblem(c.file, err)
		return
	}
	if err := v.Decode(&sy); err != nil {
		c.l.yamlProblem(c.file, err)
		return
	}
	if sy.Source == "" {
		sy.Source = c.d.Source
	}
	s := &model.Section{Name: name, Source: sy.Source, Title: sy.Title, Table: sy.Table, StatusField: sy.Status, Hidden: sy.Hidden}
	var refs []fieldRef
	for _, g := range sy.Uses {
		grp := c.l.groups[g]
		if grp == nil {
			c.l.problem(c.file, line, 1, "section %s uses unknown field group %q", name, g)
			continue
		}
		refs = append(refs, grp.Fields...)
	}
	refs = append(refs, sy.Fields...)
	for _, r := range refs {
		c.addField(s, r)
	}
	if s.StatusField != "" && s.Field(s.StatusField) == nil {
		c.l.problem(c.file, line, 1, "section %s: status field %q is not a field of the section", name, s.StatusField)
	}
	if !c.d.AddSection(s) {
		c.l.problem(c.file, line, 1, "section %s is defined twice", name)
	}
}

func (c *compiler) addField(s *model.Section, r fieldRef) {
	key := r.Name
	if r.Catalog != "" {
		key = r.Catalog
	}
	def := c.local[key]
	if def == nil && c.local == nil {
		def = c.l.cat.Fields[key]
	}
	if def == nil {
		c.l.problem(c.file, r.Line, r.Column, "section %s: unknown field %q (not in the field catalogue)", s.Name, key)
		return
	}
	if r.Name == "" {
		c.l.problem(c.file, r.Line, 1, "section %s: a field entry needs a name", s.Name)
		return
	}
	if f := s.Field(r.Name); f != nil {
		// listed again (by a second group, or by the section itself): the
		// field keeps its place and takes the later entry's overrides
		c.applyOverride(f, &r.fieldYAML, r.Line)
		return
	}
	f := &model.Field{FieldDef: def, Name: r.Name, Label: def.Label, ReadOnly: def.ReadOnly, Ref: def.Ref,
		RefCompany: def.RefCompany, Source: s.Source}
	s.AddField(f)
	c.applyOverride(f, &r.fieldYAML, r.Line)
}

// override keeps the uncompiled parts of a field's overrides until the
// environment types exist.
type override struct {
	visible, required, editable *boolOrExpr
	value                       *exprSrc
	def                         *rawValue
	line                        int
}

func (c *compiler) applyOverride(f *model.Field, y *fieldYAML, line int) {
	if len(y.Label) > 0 {
		f.Label = y.Label
	}
	if y.ReadOnly != nil {
		f.ReadOnly = *y.ReadOnly
	}
	if y.Hidden != nil {
		f.Hidden = *y.Hidden
	}
	if y.Source != "" {
		f.Source = y.Source
	}
	if y.Ref != nil {
		f.Ref = *y.Ref
		c.l.checkRef(c.file, line, "field "+f.Path(), f.Ref)
	}
	if y.Type != "" && model.FieldType(y.Type) != f.Type {
		c.l.problem(c.file, line, 1, "field %s: a document type cannot change the catalogue type %s to %s", f.Name, f.Type, y.Type)
	}
	o := c.pending(f)
	if y.Visible != nil {
		o.visible = y.Visible
	}
	if y.Required != nil {
		o.required = y.Required
	}
	if y.Editable != nil {
		o.editable = y.Editable
	}
	if y.Value != nil {
		o.value = y.Value
	}
	if y.Default != nil {
		o.def = y.Default
	}
	if line > 0 {
		o.line = line
	}
}

func (c *compiler) pending(f *model.Field) *override {
	o := c.overridden[f]
	if o == nil {
		o = &override{}
		c.overridden[f] = o
	}
	return o
}

// overrides applies the document type's `fields:` map (keys section.field).
func (c *compiler) overrides(m map[string]fieldYAML) {
	for key, y := range m {
		sec, name, ok := strings.Cut(key, ".")
		s := c.d.Section(sec)
		if !ok || s == nil || s.Field(name) == nil {
			c.l.problem(c.file, 0, 0, "fields: %q is not a field of this document type (write section.field, e.g. head.amount)", key)
			continue
		}
		c.applyOverride(s.Field(name), &y, 0)
	}
}

func (c *compiler) subTypes(n *yaml.Node) []*model.SubType {
	var out []*model.SubType
	err := yamlx.OrderedMap(n, func(key string, line int, v *yaml.Node) error {
		var sy subTypeYAML
		if err := checkKeys(v, &sy); err != nil {
			c.l.yamlProblem(c.file, err)
			return nil
		}
		if err := v.Decode(&sy); err != nil {
			c.l.yamlProblem(c.file, err)
			return nil
		}
		st := &model.SubType{Key: key, Title: sy.Title, Sobs: sy.Sobs, Show: sy.Show, Hide: sy.Hide, CreditLines: sy.CreditLines}
		for _, t := range sy.CreditLines {
			if s := c.d.Section(t); s == nil || !s.Table {
				c.l.problem(c.file, line, 1, "sub-type %s: creditLines %q is not a table of %s", key, t, c.d.Code)
			}
		}
		for _, p := range append(append([]string{}, sy.Show...), sy.Hide...) {
			if !c.validTarget(p) {
				c.l.problem(c.file, line, 1, "sub-type %s: %q is neither a section nor a field (section.field)", key, p)
			}
		}
		st.Children = c.subTypes(&sy.Children)
		out = append(out, st)
		return nil
	})
	if err != nil {
		c.l.problem(c.file, n.Line, n.Column, "subTypes: %v of sub-type keys", err)
	}
	return out
}

func (c *compiler) validTarget(p string) bool {
	sec, name, hasField := strings.Cut(p, ".")
	s := c.d.Section(sec)
	if s == nil {
		return false
	}
	return !hasField || s.Field(name) != nil
}
