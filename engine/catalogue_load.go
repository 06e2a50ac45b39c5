package engine

import (
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/expr-lang/expr"
	"github.com/shopspring/decimal"
	"gopkg.in/yaml.v3"
)

// Load reads and compiles a catalogue from fsys, which holds schemas/ (document
// types, plus _fields/, _enums/, _groups/ and _modes.yaml) and rules/ (shared
// rule files). Every expression is compiled here, once. Any problem makes
// Load return a *LoadError listing all problems with file, line and column.
func Load(fsys fs.FS) (*Catalogue, error) {
	l := &loader{fsys: fsys, src: map[string][]byte{}, cat: &Catalogue{
		Fields: map[string]*FieldDef{}, Enums: map[string]*Enum{}, Modes: map[string]*Mode{}, Editions: map[string]*Edition{}, docTypes: map[string]*DocType{}, released: map[string]map[int]*releasedRef{}, fsys: fsys,
	}}
	l.load()
	if len(l.problems) > 0 {
		e := &LoadError{Problems: l.problems}
		e.sort()
		return nil, e
	}
	return l.cat, nil
}

type loader struct {
	fsys     fs.FS
	src      map[string][]byte
	problems []Problem
	cat      *Catalogue
	groups   map[string]*groupYAML
	groupAt  map[string]string
	shared   []sharedRule
}

type sharedRule struct {
	file string
	ruleYAML
}

func (l *loader) problem(file string, line, col int, format string, args ...any) {
	p := Problem{File: file, Line: line, Column: col, Rule: "load", Severity: "error", Message: fmt.Sprintf(format, args...)}
	if line > 0 {
		p.Snippet = snippet(l.src[file], line, col)
	}
	l.problems = append(l.problems, p)
}

func (l *loader) files(dir string) []string {
	entries, err := fs.ReadDir(l.fsys, dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && (strings.HasSuffix(e.Name(), ".yaml") || strings.HasSuffix(e.Name(), ".yml")) {
			out = append(out, path.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out
}

// parse reads file into a YAML node and decodes it into v (if not nil).
func (l *loader) parse(file string, v any) (*yaml.Node, bool) {
	b, err := fs.ReadFile(l.fsys, file)
	if err != nil {
		l.problem(file, 0, 0, "cannot read: %v", err)
		return nil, false
	}
	l.src[file] = b
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err != nil {
		l.yamlProblem(file, err)
		return nil, false
	}
	if v != nil {
		err := strictKeys(&root, reflect.TypeOf(v))
		if err == nil && root.Kind != 0 {
			err = root.Decode(v)
		}
		if err != nil {
			l.yamlProblem(file, err)
			return nil, false
		}
	}
	return &root, true
}

var yamlFieldRe = regexp.MustCompile(`field (\S+) not found in type \S+`)

func (l *loader) yamlProblem(file string, err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if _, e := fmt.Sscanf(msg, "line %d:", &line); e == nil {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
	} else if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		for _, m := range te.Errors {
			if _, e := fmt.Sscanf(m, "line %d:", &line); e == nil {
				m = strings.TrimSpace(m[strings.Index(m, ":")+1:])
			}
			l.problem(file, line, 1, "%s", yamlFieldRe.ReplaceAllString(m, `unknown key "$1"`))
		}
		return
	}
	l.problem(file, line, 1, "%s", msg)
}

func (l *loader) load() {
	for _, f := range l.files("schemas/_enums") {
		var m map[string]enumYAML
		if _, ok := l.parse(f, &m); ok {
			l.addEnums(f, m)
		}
	}
	for _, f := range l.files("schemas/_fields") {
		var m map[string]fieldYAML
		root, ok := l.parse(f, &m)
		if ok {
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
				l.groups[k], l.groupAt[k] = g, f
			}
		}
	}
	l.loadModes()
	for _, f := range l.files("rules") {
		var rf struct {
			Rules []ruleYAML `yaml:"rules"`
		}
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
	l.loadEditions()
	attempted := map[string]bool{}
	for _, ed := range l.cat.editionKeys() {
		dir := "schemas"
		if ed != l.cat.DefaultEdition {
			dir = "schemas/" + ed
		}
		for _, f := range l.files(dir) {
			if strings.HasPrefix(path.Base(f), "_") {
				continue
			}
			attempted[ed+"/"+strings.TrimSuffix(strings.TrimSuffix(path.Base(f), ".yaml"), ".yml")] = true
			l.loadDocType(f, ed, false)
		}
	}
	l.indexReleased()
	for _, r := range l.shared {
		for _, ed := range r.editions(l.cat.DefaultEdition) {
			if l.cat.Editions[ed] == nil {
				l.problem(r.file, r.Line, 1, "rule %s names unknown edition %s", r.ID, ed)
				continue
			}
			for _, dt := range r.DocTypes {
				// a type whose own file failed to load has its problem reported already
				if l.cat.docTypes[ed+"/"+dt] == nil && !attempted[ed+"/"+dt] {
					l.problem(r.file, r.Line, 1, "rule %s names unknown docType %s (edition %s)", r.ID, dt, ed)
				}
			}
		}
	}
	for k := range l.cat.docTypes {
		l.cat.order = append(l.cat.order, k)
	}
	def := l.cat.DefaultEdition + "/"
	sort.Slice(l.cat.order, func(i, j int) bool {
		a, b := l.cat.order[i], l.cat.order[j]
		if da, db := strings.HasPrefix(a, def), strings.HasPrefix(b, def); da != db {
			return da
		}
		return a < b
	})
}

func (r sharedRule) editions(def string) []string {
	if len(r.Editions) == 0 {
		return []string{def}
	}
	return r.Editions
}

// loadEditions reads schemas/_editions.yaml; without it there is one
// edition, "form". Every folder of schemas/ not starting with _ must be an
// edition.
func (l *loader) loadEditions() {
	f := "schemas/_editions.yaml"
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
		l.cat.Editions[l.cat.DefaultEdition] = &Edition{Key: l.cat.DefaultEdition, Title: Text{"zh": "表单录入版", "en": "Form-entry edition"}}
	}
	entries, _ := fs.ReadDir(l.fsys, "schemas")
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), "_") && l.cat.Editions[e.Name()] == nil {
			l.problem(f, 0, 0, "schemas/%s/ is not an edition: declare it under editions", e.Name())
		}
	}
}

func (l *loader) loadModes() {
	f := "schemas/_modes.yaml"
	var m map[string]modeYAML
	if _, err := fs.Stat(l.fsys, f); err != nil {
		l.problem(f, 0, 0, "missing: the action modes (%s) must be defined", strings.Join(ActionModes, ", "))
		return
	}
	if _, ok := l.parse(f, &m); !ok {
		return
	}
	for _, name := range ActionModes {
		md, ok := m[name]
		if !ok {
			l.problem(f, 0, 0, "action mode %s is not defined", name)
			continue
		}
		l.cat.Modes[name] = &Mode{Name: name, Editable: md.Editable, Buttons: md.Buttons}
	}
	for name := range m {
		if l.cat.Modes[name] == nil {
			l.problem(f, 0, 0, "unknown action mode %s (known: %s)", name, strings.Join(ActionModes, ", "))
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

func (l *loader) buildEnums(file string, m map[string]enumYAML) map[string]*Enum {
	out := make(map[string]*Enum, len(m))
	for name, e := range m {
		en := &Enum{Name: name, Label: e.Label, keys: map[string]bool{}}
		for _, v := range e.Values {
			if en.keys[v.Key] {
				l.problem(file, 0, 0, "enumeration %s lists %q twice", name, v.Key)
			}
			en.keys[v.Key] = true
			en.Values = append(en.Values, EnumValue{Key: v.Key, Label: v.Label})
		}
		out[name] = en
	}
	return out
}

func (l *loader) addFields(file string, root *yaml.Node, m map[string]fieldYAML) {
	lines := map[string]int{}
	_ = orderedMap(root.Content[0], func(k string, line int, _ *yaml.Node) error { lines[k] = line; return nil })
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
func (l *loader) buildFields(file string, m map[string]fieldYAML, lines map[string]int, enums map[string]*Enum) map[string]*FieldDef {
	out := make(map[string]*FieldDef, len(m))
	for name, fy := range m {
		line := lines[name]
		fd := &FieldDef{Name: name, Label: fy.Label, Type: FieldType(fy.Type), MaxLength: fy.MaxLength, Display: fy.Display}
		if fy.ReadOnly != nil {
			fd.ReadOnly = *fy.ReadOnly
		}
		if fd.Type == "" {
			fd.Type = TypeString
		}
		if !knownTypes[fd.Type] {
			l.problem(file, line, 1, "field %s has unknown type %q (string, text, date, money, number, integer, enum)", name, fy.Type)
		}
		if len(fd.Label) == 0 {
			l.problem(file, line, 1, "field %s has no label", name)
		}
		if fd.Type == TypeEnum {
			fd.Enum = enums[fy.Enum]
			if fd.Enum == nil {
				l.problem(file, line, 1, "field %s uses unknown enumeration %q", name, fy.Enum)
			}
		}
		for _, b := range []struct {
			src *string
			dst **decimal.Decimal
		}{{fy.Min, &fd.Min}, {fy.Max, &fd.Max}} {
			if b.src != nil {
				d, err := decimal.NewFromString(*b.src)
				if err != nil {
					l.problem(file, line, 1, "field %s: bound %q is not a number", name, *b.src)
				}
				*b.dst = &d
			}
		}
		out[name] = fd
	}
	return out
}

// loadDocType loads one document type file of edition. A released snapshot
// (released true) brings its own field catalogue and rules and is returned
// without being registered as the live type.
func (l *loader) loadDocType(file, edition string, released bool) *DocType {
	var y docTypeYAML
	root, ok := l.parse(file, &y)
	if !ok {
		return nil
	}
	ruleLines(root, "rules", y.Rules)
	if y.DocType == "" {
		l.problem(file, 1, 1, "missing docType")
		return nil
	}
	if prev := l.cat.docTypes[edition+"/"+y.DocType]; prev != nil && !released {
		l.problem(file, 1, 1, "docType %s is defined again (first in %s)", y.DocType, prev.File)
		return nil
	}
	if y.Version < 1 {
		l.problem(file, 1, 1, "docType %s: version must be 1 or more", y.DocType)
	}
	switch y.Family {
	case "ap", "ar", "gl", "as", "ht":
	default:
		l.problem(file, 1, 1, "docType %s: family %q must be one of ap, ar, gl, as, ht", y.DocType, y.Family)
	}
	if y.Edition == "" {
		y.Edition = edition
	} else if y.Edition != edition {
		l.problem(file, 1, 1, "docType %s says edition %s but lives in the folder of edition %s", y.DocType, y.Edition, edition)
	}
	if y.Source == "" {
		y.Source = "spec"
	}
	if y.Source != "spec" && y.Source != "family" {
		l.problem(file, 1, 1, "docType %s: source %q must be spec or family", y.DocType, y.Source)
	}
	d := &DocType{Code: y.DocType, Version: y.Version, Family: y.Family, Module: y.Module, Source: y.Source, Edition: y.Edition, Title: y.Title,
		LeadPage: y.LeadPage, Description: y.Description, File: file, sections: map[string]*Section{}, Buttons: map[string]*Cond{}, modes: l.cat.Modes}
	d.VersionLine = keyLine(root, "version")
	c := &compiler{l: l, d: d, file: file, overridden: map[*Field]*override{}}
	if released || y.LocalFields != nil {
		enums := l.buildEnums(file, y.LocalEnums)
		c.local = l.buildFields(file, y.LocalFields, nil, enums)
	}
	c.sections(&y)
	if d.sections["head"] == nil {
		l.problem(file, 1, 1, "docType %s has no head section", y.DocType)
		return nil
	}
	c.overrides(y.Fields)
	d.SubTypes = c.subTypes(&y.SubTypes)
	d.env = buildEnvTypes(d)
	c.compileFields()
	for name, b := range y.Buttons {
		b := b
		d.Buttons[name] = c.cond(&b, "", "button "+name)
	}
	for _, r := range y.Rules {
		c.rule(file, r)
	}
	for _, r := range l.shared {
		if released || !contains(r.editions(l.cat.DefaultEdition), edition) {
			continue
		}
		for _, dt := range r.DocTypes {
			if dt == d.Code {
				c.rule(r.file, r.ruleYAML)
			}
		}
	}
	if !released {
		l.cat.docTypes[edition+"/"+d.Code] = d
	}
	return d
}

type compiler struct {
	l          *loader
	d          *DocType
	file       string
	overridden map[*Field]*override // uncompiled overrides, until the environment types exist
	local      map[string]*FieldDef // a released snapshot's own field catalogue; nil for a live type
}

func (c *compiler) sections(y *docTypeYAML) {
	err := orderedMap(&y.Sections, func(name string, line int, v *yaml.Node) error {
		var sy sectionYAML
		if err := checkKeys(v, &sy); err != nil {
			c.l.yamlProblem(c.file, err)
			return nil
		}
		if err := v.Decode(&sy); err != nil {
			c.l.yamlProblem(c.file, err)
			return nil
		}
		if sy.Source == "" {
			sy.Source = c.d.Source
		}
		s := &Section{Name: name, Source: sy.Source, Title: sy.Title, Table: sy.Table, StatusField: sy.Status, Hidden: sy.Hidden, fields: map[string]*Field{}}
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
		if s.StatusField != "" && s.fields[s.StatusField] == nil {
			c.l.problem(c.file, line, 1, "section %s: status field %q is not a field of the section", name, s.StatusField)
		}
		if c.d.sections[name] != nil {
			c.l.problem(c.file, line, 1, "section %s is defined twice", name)
			return nil
		}
		c.d.sections[name] = s
		c.d.Sections = append(c.d.Sections, s)
		return nil
	})
	if err != nil {
		c.l.problem(c.file, 0, 0, "sections: %v", err)
	}
}

func (c *compiler) addField(s *Section, r fieldRef) {
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
	if f := s.fields[r.Name]; f != nil {
		// listed again (by a second group, or by the section itself): the
		// field keeps its place and takes the later entry's overrides
		c.applyOverride(f, &r.fieldYAML, r.Line)
		return
	}
	f := &Field{FieldDef: def, Name: r.Name, Section: s, Label: def.Label, ReadOnly: def.ReadOnly, Source: s.Source}
	s.fields[r.Name] = f
	s.Fields = append(s.Fields, f)
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

func (c *compiler) applyOverride(f *Field, y *fieldYAML, line int) {
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
	if y.Type != "" && FieldType(y.Type) != f.Type {
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

func (c *compiler) pending(f *Field) *override {
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
		y := y
		sec, name, ok := strings.Cut(key, ".")
		s := c.d.sections[sec]
		if !ok || s == nil || s.fields[name] == nil {
			c.l.problem(c.file, 0, 0, "fields: %q is not a field of this document type (write section.field, e.g. head.amount)", key)
			continue
		}
		c.applyOverride(s.fields[name], &y, 0)
	}
}

func (c *compiler) subTypes(n *yaml.Node) []*SubType {
	var out []*SubType
	err := orderedMap(n, func(key string, line int, v *yaml.Node) error {
		var sy subTypeYAML
		if err := checkKeys(v, &sy); err != nil {
			c.l.yamlProblem(c.file, err)
			return nil
		}
		if err := v.Decode(&sy); err != nil {
			c.l.yamlProblem(c.file, err)
			return nil
		}
		st := &SubType{Key: key, Title: sy.Title, Sobs: sy.Sobs, Show: sy.Show, Hide: sy.Hide}
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
		c.l.problem(c.file, n.Line, 1, "subTypes: %v", err)
	}
	return out
}

func (c *compiler) validTarget(p string) bool {
	sec, name, hasField := strings.Cut(p, ".")
	s := c.d.sections[sec]
	if s == nil {
		return false
	}
	return !hasField || s.fields[name] != nil
}

// envFor returns a zero value of the environment type expressions of a
// section are compiled against.
func (c *compiler) envFor(table string) any {
	if table != "" {
		return reflect0(c.d.env.tables[table])
	}
	return reflect0(c.d.env.doc)
}

func (c *compiler) compileFields() {
	for _, s := range c.d.Sections {
		table := ""
		if s.Table {
			table = s.Name
		}
		for _, f := range s.Fields {
			o := c.overridden[f]
			if o == nil {
				continue
			}
			what := "field " + f.Path()
			f.Visible = c.cond(o.visible, table, what+" visible")
			f.Required = c.cond(o.required, table, what+" required")
			f.Editable = c.cond(o.editable, table, what+" editable")
			if o.value != nil {
				p, err := expr.Compile(o.value.Src, append([]expr.Option{expr.Env(c.envFor(table))}, exprOptions...)...)
				if err == nil {
					err = checkNames(p, o.value.Src)
				}
				if err != nil {
					line, col, msg := compileError(err, o.value)
					c.l.problem(c.file, line, col, "%s value: %s", what, msg)
				} else if got, want := p.Node().Type(), goTypeOf(f.Type); got != nil && got != want && got.Kind() != reflect.Interface {
					c.l.problem(c.file, o.value.Line, o.value.Column, "%s value: yields %s, the field holds %s", what, typeName(got), f.Type)
				} else {
					f.Value, f.ValueSrc = p, o.value.Src
					c.d.derived = append(c.d.derived, f)
				}
			}
			if o.def != nil {
				v, perr := parseScalarDefault(f, o.def.Node)
				if perr != "" {
					c.l.problem(c.file, o.def.Node.Line, o.def.Node.Column, "%s default: %s", what, perr)
				}
				f.Default, f.DefaultText = v, o.def.Node.Value
			}
		}
	}
}

func typeName(t reflect.Type) string {
	switch t {
	case decimalType:
		return "a decimal"
	case stringType:
		return "text"
	case intType:
		return "an integer"
	case boolType:
		return "a bool"
	}
	return t.String()
}

// cond compiles a constant or expression condition; nil when unset.
func (c *compiler) cond(b *boolOrExpr, table, what string) *Cond {
	if b == nil || !b.Set {
		return nil
	}
	if b.Expr == nil {
		return &Cond{Const: b.Const}
	}
	p, err := expr.Compile(b.Expr.Src, append([]expr.Option{expr.Env(c.envFor(table)), expr.AsBool()}, exprOptions...)...)
	if err == nil {
		err = checkNames(p, b.Expr.Src)
	}
	if err != nil {
		line, col, msg := compileError(err, b.Expr)
		c.l.problem(c.file, line, col, "%s: %s", what, msg)
		return nil
	}
	return &Cond{Prog: p, Src: b.Expr.Src}
}

func (c *compiler) rule(file string, r ruleYAML) {
	saved := c.file
	c.file = file
	defer func() { c.file = saved }()
	if r.ID == "" {
		c.l.problem(file, r.Line, 1, "rule without id")
		return
	}
	rule := &Rule{ID: r.ID, Table: r.Table, Path: r.Path, Severity: Severity(r.Severity), Message: r.Message, File: file, Line: r.Line}
	if rule.Severity == "" {
		rule.Severity = SeverityError
	}
	switch rule.Severity {
	case SeverityError, SeverityWarning, SeverityConfirm:
	default:
		c.l.problem(file, r.Line, 1, "rule %s: severity %q must be error, warning or confirm", r.ID, r.Severity)
	}
	if len(r.Message) == 0 {
		c.l.problem(file, r.Line, 1, "rule %s has no message", r.ID)
	}
	if r.Check == nil {
		c.l.problem(file, r.Line, 1, "rule %s has no check", r.ID)
		return
	}
	if r.Table != "" {
		s := c.d.sections[r.Table]
		if s == nil || !s.Table {
			c.l.problem(file, r.Line, 1, "rule %s: %s is not a table of %s", r.ID, r.Table, c.d.Code)
			return
		}
		if r.Path != "" && s.fields[r.Path] == nil {
			c.l.problem(file, r.Line, 1, "rule %s: path %q is not a field of %s rows", r.ID, r.Path, r.Table)
		}
	} else if r.Path != "" && !c.validTarget(r.Path) {
		c.l.problem(file, r.Line, 1, "rule %s: path %q is not a field of %s", r.ID, r.Path, c.d.Code)
	}
	what := fmt.Sprintf("rule %s (%s)", r.ID, c.d.Code)
	if r.When != nil {
		if cd := c.cond(&boolOrExpr{Set: true, Expr: r.When}, r.Table, what+" when"); cd != nil {
			rule.When, rule.WhenSrc = cd.Prog, cd.Src
		}
	}
	cd := c.cond(&boolOrExpr{Set: true, Expr: r.Check}, r.Table, what+" check")
	if cd == nil {
		return
	}
	rule.Check, rule.Src = cd.Prog, cd.Src
	c.d.Rules = append(c.d.Rules, rule)
}

// ReleasedDir holds the released snapshots: ReleasedDir/<edition>/<CODE>/v<N>.yaml.
const ReleasedDir = "schemas/_released"

// indexReleased finds the released snapshots of every document type. They
// are compiled when first asked for (Catalogue.DocTypeVersion), so that a
// long history does not slow down every start; lint compiles them all.
func (l *loader) indexReleased() {
	editions, _ := fs.ReadDir(l.fsys, ReleasedDir)
	for _, ed := range editions {
		if !ed.IsDir() {
			continue
		}
		codes, _ := fs.ReadDir(l.fsys, path.Join(ReleasedDir, ed.Name()))
		for _, code := range codes {
			if !code.IsDir() {
				continue
			}
			for _, f := range l.files(path.Join(ReleasedDir, ed.Name(), code.Name())) {
				var v int
				if _, err := fmt.Sscanf(path.Base(f), "v%d.yaml", &v); err != nil {
					l.problem(f, 0, 0, "a released snapshot is named v<N>.yaml")
					continue
				}
				key := ed.Name() + "/" + code.Name()
				if l.cat.released[key] == nil {
					l.cat.released[key] = map[int]*releasedRef{}
				}
				l.cat.released[key][v] = &releasedRef{path: f, edition: ed.Name(), code: code.Name(), version: v}
			}
		}
	}
}

// releasedRef is a released snapshot, compiled on first use.
type releasedRef struct {
	path, edition, code string
	version             int
	once                sync.Once
	d                   *DocType
	err                 error
}

// snapshot compiles (once) and returns a released version.
func (c *Catalogue) snapshot(r *releasedRef) (*DocType, error) {
	r.once.Do(func() {
		l := &loader{fsys: c.fsys, src: map[string][]byte{}, cat: c}
		d := l.loadDocType(r.path, r.edition, true)
		if d != nil && (d.Code != r.code || d.Version != r.version) {
			l.problem(r.path, 1, 1, "snapshot of %s v%d filed as %s v%d", d.Code, d.Version, r.code, r.version)
		}
		if len(l.problems) > 0 {
			r.err = &LoadError{Problems: l.problems}
			return
		}
		r.d = d
	})
	return r.d, r.err
}

// keyLine is the line of a top-level key of a YAML document, or 1.
func keyLine(root *yaml.Node, key string) int {
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == key {
			return root.Content[i].Line
		}
	}
	return 1
}
