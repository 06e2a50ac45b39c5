package load

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

var mdNameRe = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)

// mdTypes are the field types a master-data field may have.
var mdTypes = []model.FieldType{model.TypeString, model.TypeText, model.TypeNumber, model.TypeInteger, model.TypeMoney,
	model.TypeDate, model.TypeBoolean, model.TypeEnum, model.TypeList}

// keyTypes are the field types a key field may have: texts (a key is text
// in a URL and in the store).
var keyTypes = []model.FieldType{model.TypeString, model.TypeEnum, model.TypeDate}

// loadMasterData loads every master-data type, then what needs them all:
// the targets of every ref (master-data fields and the field catalogue's),
// and the labels a ref field takes from the type it refers to.
func (l *loader) loadMasterData() {
	for _, f := range l.files(MasterDataDir) {
		l.mdAttempted[strings.TrimSuffix(strings.TrimSuffix(path.Base(f), ".yaml"), ".yml")] = true
		if t := l.loadMasterDataType(f, nil); t != nil {
			if prev := l.cat.masterData[t.Code]; prev != nil {
				l.problem(f, 1, 1, "master-data type %s is defined again (first in %s)", t.Code, prev.File)
				continue
			}
			l.cat.masterData[t.Code] = t
		}
	}
	for _, t := range l.cat.masterData {
		l.resolveMDRefs(t, t.Fields)
	}
	for _, r := range l.fieldRefs {
		l.checkRef(r.file, r.line, r.what, r.target)
	}
	l.fieldRefs = nil
	l.cat.orderMasterData()
}

// fieldRefUse is a ref of the field catalogue, checked once every
// master-data type is known.
type fieldRefUse struct {
	file, what, target string
	line               int
}

// checkRef reports a ref naming no master-data type (a type whose own
// file failed to load has its problems reported already).
func (l *loader) checkRef(file string, line int, what, target string) {
	if target != "" && l.cat.masterData[target] == nil && !l.mdAttempted[target] {
		l.problem(file, line, 1, "%s refers to unknown master-data type %q (schemas/_masterdata/%s.yaml)", what, target, target)
	}
}

// resolveMDRefs checks the ref targets of a type's fields and gives a ref
// field without a label the title of the type it refers to.
func (l *loader) resolveMDRefs(t *model.MasterDataType, fields []*model.MasterDataField) {
	for _, f := range fields {
		l.resolveMDRefs(t, f.Rows)
		target := l.cat.masterData[f.Ref]
		if len(f.Label) == 0 && target != nil {
			f.Label = target.Title
		}
		at := l.mdFieldAt[f]
		if f.Ref != "" && l.cat.masterData[f.Ref] == nil && !l.mdAttempted[f.Ref] {
			l.problem(t.File, at[0], at[1], "field %s refers to unknown master-data type %q", f.Name, f.Ref)
		}
		if len(f.Label) == 0 {
			l.problem(t.File, at[0], at[1], "field %s has no label (and is in no field catalogue entry that has one)", f.Name)
		}
	}
}

// loadMasterDataType loads one master-data type file. A released snapshot
// (enums not nil: its own enumerations) is not checked against the other
// types and is returned as it is.
func (l *loader) loadMasterDataType(file string, snapshot map[string]*model.Enum) *model.MasterDataType {
	var y masterDataYAML
	root, ok := l.parse(file, &y)
	if !ok {
		return nil
	}
	lines := yamlx.SeqLines(root, "rules")
	for i := range y.Rules {
		if i < len(lines) {
			y.Rules[i].Line = lines[i]
		}
	}
	enums := l.cat.Enums
	if snapshot != nil || y.LocalEnums != nil {
		enums = l.buildEnums(file, y.LocalEnums)
	}
	m := &mdCompiler{l: l, file: file, root: root, enums: enums, released: snapshot != nil}
	t := m.header(&y)
	if t == nil {
		return nil
	}
	t.Fields = m.fields(y.Fields, 0)
	m.dated(t)
	m.keys(t, &y)
	t.BuildEnv()
	for _, r := range y.Rules {
		m.rule(t, r)
	}
	return t
}

// mdCompiler builds one master-data type from its YAML.
type mdCompiler struct {
	l        *loader
	file     string
	root     *yaml.Node
	enums    map[string]*model.Enum
	released bool
}

func (m *mdCompiler) problem(key string, format string, args ...any) {
	m.l.problem(m.file, yamlx.KeyLine(m.root, key), 1, format, args...)
}

// header checks the type's top-level keys and returns the type without
// fields; nil when it has no code.
func (m *mdCompiler) header(y *masterDataYAML) *model.MasterDataType {
	base := strings.TrimSuffix(strings.TrimSuffix(path.Base(m.file), ".yaml"), ".yml")
	switch {
	case y.Code == "":
		m.problem("code", "missing code (the file's name: %s)", base)
		return nil
	case !mdNameRe.MatchString(y.Code):
		m.problem("code", "code %q must be lower camelCase (letters and digits, e.g. costCenter)", y.Code)
	case !m.released && y.Code != base:
		m.problem("code", "code %s must be the file's name (%s.yaml)", y.Code, y.Code)
	}
	t := &model.MasterDataType{Code: y.Code, Version: y.Version, Title: y.Title, Description: y.Description, Area: y.Area,
		Menu: y.Menu, Scope: y.Scope, Dated: y.Dated, Read: y.Permissions.Read, Write: y.Permissions.Write,
		File: m.file, VersionLine: yamlx.KeyLine(m.root, "version")}
	if y.Version < 1 {
		m.problem("version", "master-data type %s: version must be 1 or more", y.Code)
	}
	if len(y.Title) == 0 {
		m.problem("title", "master-data type %s has no title", y.Code)
	}
	if !slices.Contains(model.MasterDataAreas, y.Area) {
		m.problem("area", "area %q must be one of %s", y.Area, strings.Join(model.MasterDataAreas, ", "))
	}
	if y.Menu != "" && !strings.HasPrefix(y.Menu, "/") {
		m.problem("menu", "menu %q must be a menu path (e.g. /cfg/city)", y.Menu)
	}
	if t.Scope == "" {
		t.Scope = model.ScopeGroup
	}
	if t.Scope != model.ScopeCompany && t.Scope != model.ScopeGroup {
		m.problem("scope", "scope %q must be company or group", y.Scope)
	}
	if len(t.Read) == 0 {
		t.Read = []string{"any"}
	}
	if len(t.Write) == 0 {
		t.Write = []string{"admin"}
	}
	return t
}

// fields builds the fields of a type (depth 0) or of a list's rows (1).
func (m *mdCompiler) fields(ys []mdFieldYAML, depth int) []*model.MasterDataField {
	var out []*model.MasterDataField
	seen := map[string]bool{}
	for _, y := range ys {
		f := m.field(y, depth)
		if f == nil {
			continue
		}
		if seen[f.Name] {
			m.l.problem(m.file, y.Line, y.Column, "field %s is listed twice", f.Name)
			continue
		}
		seen[f.Name] = true
		out = append(out, f)
	}
	return out
}

// field builds one field: from the field catalogue entry it names, with
// the entry's own keys over it, or from its own keys alone.
func (m *mdCompiler) field(y mdFieldYAML, depth int) *model.MasterDataField {
	at := func(format string, args ...any) { m.l.problem(m.file, y.Line, y.Column, format, args...) }
	if !mdNameRe.MatchString(y.Name) {
		at("field name %q must be lower camelCase (letters and digits)", y.Name)
		return nil
	}
	f := &model.MasterDataField{Name: y.Name}
	if m.l.mdFieldAt == nil {
		m.l.mdFieldAt = map[*model.MasterDataField][2]int{}
	}
	m.l.mdFieldAt[f] = [2]int{y.Line, y.Column}
	if !m.fromCatalogue(f, y, at) && y.Type == "" && y.Ref == "" {
		at("field %s has no type (and no field catalogue entry of that name)", y.Name)
		return nil
	}
	m.override(f, y)
	m.checkField(f, y, depth, at)
	return f
}

// fromCatalogue fills f from the field catalogue entry y names (field:, or
// name: when no type is given); false when it names none.
func (m *mdCompiler) fromCatalogue(f *model.MasterDataField, y mdFieldYAML, at func(string, ...any)) bool {
	key := y.Field
	if key == "" && y.Type == "" {
		key = y.Name
	}
	def := m.l.cat.Fields[key]
	if m.released || def == nil {
		if y.Field != "" && !m.released {
			at("field %s: %q is not in the field catalogue", y.Name, y.Field)
		}
		return false
	}
	f.Label, f.Type, f.Ref, f.Enum, f.MaxLength, f.Min, f.Max = def.Label, def.Type, def.Ref, def.Enum, def.MaxLength, def.Min, def.Max
	if def.Type == model.TypeText { // the catalogue's text is long text; a master-data text is a name in every language
		f.Type, f.Multiline = model.TypeString, true
	}
	return true
}

// override applies the entry's own keys over what f has.
func (m *mdCompiler) override(f *model.MasterDataField, y mdFieldYAML) {
	if len(y.Label) > 0 {
		f.Label = y.Label
	}
	if y.Type != "" {
		f.Type = model.FieldType(y.Type)
	}
	if y.Ref != "" {
		f.Ref = y.Ref
		if y.Type == "" && f.Type == "" {
			f.Type = model.TypeString
		}
	}
	if y.Enum != "" {
		f.Enum = m.enums[y.Enum]
	}
	if y.MaxLength > 0 {
		f.MaxLength = y.MaxLength
	}
	if y.Min != nil {
		f.Min = m.l.bound(m.file, y.Line, y.Name, y.Min)
	}
	if y.Max != nil {
		f.Max = m.l.bound(m.file, y.Line, y.Name, y.Max)
	}
	f.Required, f.ReadOnly, f.Multiline, f.Mask = y.Required, y.ReadOnly, f.Multiline || y.Multiline, y.Mask
}

// checkField checks a field's type and what goes with it.
func (m *mdCompiler) checkField(f *model.MasterDataField, y mdFieldYAML, depth int, at func(string, ...any)) {
	switch {
	case !slices.Contains(mdTypes, f.Type):
		at("field %s has unknown type %q (string, text, number, integer, money, date, boolean, enum, list)", f.Name, f.Type)
	case f.Type == model.TypeEnum && f.Enum == nil:
		at("field %s uses unknown enumeration %q", f.Name, y.Enum)
	case f.Type != model.TypeEnum && y.Enum != "":
		at("field %s: enum is for fields of type enum", f.Name)
	case f.Ref != "" && f.Type != model.TypeString && f.Type != model.TypeEnum:
		at("field %s: a ref field holds a key: its type is string (or enum), not %s", f.Name, f.Type)
	case f.Type == model.TypeList && depth > 0:
		at("field %s: the rows of a list cannot hold another list", f.Name)
	case f.Type == model.TypeList && len(y.Rows) == 0:
		at("field %s: a list needs rows (the fields of each row)", f.Name)
	case f.Type != model.TypeList && len(y.Rows) > 0:
		at("field %s: rows are for fields of type list", f.Name)
	case f.MaxLength > 0 && f.Type != model.TypeString && f.Type != model.TypeText:
		at("field %s: maxLength is for string and text fields", f.Name)
	case (f.Min != nil || f.Max != nil) && f.Type != model.TypeNumber && f.Type != model.TypeMoney && f.Type != model.TypeInteger:
		at("field %s: min and max are for number, integer and money fields", f.Name)
	case f.MaskProblem() != "":
		at("field %s: %s", f.Name, f.MaskProblem())
	}
	if f.Type == model.TypeList {
		f.Rows = m.fields(y.Rows, depth+1)
	}
}

// dated adds validFrom and validTo to a dated type that does not list them.
func (m *mdCompiler) dated(t *model.MasterDataType) {
	if !t.Dated {
		return
	}
	for _, v := range []struct {
		name     string
		label    model.Text
		required bool
	}{
		{model.ValidFromField, model.Text{"zh": "有效期从", "en": "Valid from", "th": "มีผลตั้งแต่"}, true},
		{model.ValidToField, model.Text{"zh": "有效期至", "en": "Valid to", "th": "มีผลถึง"}, false},
	} {
		f := t.Field(v.name)
		if f == nil {
			t.Fields = append(t.Fields, &model.MasterDataField{Name: v.name, Label: v.label, Type: model.TypeDate, Required: v.required})
		} else if f.Type != model.TypeDate {
			m.problem("dated", "field %s of a dated type must be a date", v.name)
		}
	}
}
