package load

import (
	"path"
	"reflect"
	"strings"
)

// YAMLKind is one kind of catalogue YAML file: its name (its JSON Schema is
// schemas/_jsonschema/<Name>.schema.json), what it is, the Go type the
// loader decodes such a file into, and which files are of it (a path
// relative to the catalogue's root).
type YAMLKind struct {
	Name  string
	Title string
	Type  reflect.Type
	Match func(file string) bool
}

// Kinds lists the kinds of YAML files the loader reads.
func Kinds() []YAMLKind {
	in := func(dir string) func(string) bool {
		return func(f string) bool { return path.Dir(f) == dir && isYAML(f) }
	}
	is := func(name string) func(string) bool { return func(f string) bool { return f == name } }
	return []YAMLKind{
		{"docType", "document type", reflect.TypeOf(docTypeYAML{}), isDocTypeFile},
		{"fields", "field catalogue", reflect.TypeOf(map[string]fieldYAML{}), in("schemas/_fields")},
		{"groups", "field groups", reflect.TypeOf(map[string]groupYAML{}), in("schemas/_groups")},
		{"enums", "enumerations", reflect.TypeOf(map[string]enumYAML{}), in("schemas/_enums")},
		{"masterdata", "master-data type", reflect.TypeOf(masterDataYAML{}), in(MasterDataDir)},
		{"modes", "action modes", reflect.TypeOf(map[string]modeYAML{}), is(ModesFile)},
		{"editions", "editions", reflect.TypeOf(editionsYAML{}), is(EditionsFile)},
		{"menu", "menu codes", reflect.TypeOf(menuYAML{}), is(MenuFile)},
		{"rules", "shared rules", reflect.TypeOf(ruleFileYAML{}), in("rules")},
	}
}

// isDocTypeFile tells whether f is a document type file: schemas/X.yaml or
// schemas/<edition>/X.yaml, no part of the path beginning with _.
func isDocTypeFile(f string) bool {
	dir, base := path.Split(f)
	dir = strings.TrimSuffix(dir, "/")
	if !isYAML(f) || strings.HasPrefix(base, "_") {
		return false
	}
	return dir == "schemas" || path.Dir(dir) == "schemas" && !strings.HasPrefix(path.Base(dir), "_")
}

func isYAML(f string) bool { return strings.HasSuffix(f, ".yaml") || strings.HasSuffix(f, ".yml") }

// What a YAML file decodes from, beyond its fields, for the JSON Schema of
// its kind (see engine/internal/yamlschema).

func (exprSrc) SchemaAs() []any     { return []any{""} }
func (boolOrExpr) SchemaAs() []any  { return []any{true, ""} }
func (rawValue) SchemaAs() []any    { return []any{"", 0.0, true} }
func (fieldRef) SchemaAs() []any    { return []any{"", fieldEntryYAML{}} }
func (mdFieldYAML) SchemaAs() []any { return []any{plainMDField{}} }
func (docTypeYAML) SchemaFields() map[string]any {
	return map[string]any{"sections": map[string]sectionYAML{}, "subTypes": map[string]subTypeYAML{}}
}
func (subTypeYAML) SchemaFields() map[string]any {
	return map[string]any{"children": map[string]subTypeYAML{}}
}
