// Package yamlschema writes the JSON Schema (draft 2020-12) of a kind of
// catalogue YAML file from the Go type the loader decodes it into, so that
// editors (yaml-language-server) complete keys and flag mistakes with the
// loader's own rules: every key a `yaml` tag, a struct's other keys refused
// (additionalProperties false, as yamlx.StrictKeys does), maps and lists as
// their Go types say.
//
// A Go type says what reflection cannot see with these methods (value
// receivers), found by duck typing:
//
//	SchemaAs() []any             the YAML it decodes from, when it decodes itself:
//	                             samples whose types are reflected instead (several: any of them)
//	SchemaFields() map[string]any  for yaml.Node fields of a struct (ordered mappings):
//	                             a sample of what each holds, by yaml key
//
// and with struct tags: `doc:"..."` (the key's description),
// `schema:"number"` (a number, or a number written as text) and
// `enum:"a,b,c"` (one of these texts).
package yamlschema

import (
	"reflect"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"
)

// Dialect is the JSON Schema draft of every schema written here.
const Dialect = "https://json-schema.org/draft/2020-12/schema"

var nodeType = reflect.TypeOf(yaml.Node{})

// Reflector writes schemas. Known gives fixed schemas of types that are no
// structs of the catalogue (the multilingual text).
type Reflector struct {
	Known map[reflect.Type]map[string]any
	defs  map[string]any
	names map[reflect.Type]string
}

// Schema returns the schema of the YAML a value of type t decodes from, with
// its named structs under $defs.
func (r *Reflector) Schema(t reflect.Type, id, title, description string) map[string]any {
	r.defs, r.names = map[string]any{}, map[reflect.Type]string{}
	s := r.of(t)
	out := map[string]any{"$schema": Dialect, "$id": id, "title": title, "description": description}
	for k, v := range s {
		out[k] = v
	}
	if len(r.defs) > 0 {
		out["$defs"] = r.defs
	}
	return out
}

type schemaAs interface{ SchemaAs() []any }
type schemaFields interface{ SchemaFields() map[string]any }

// of is the schema of type t (a $ref for a named struct).
func (r *Reflector) of(t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s, ok := r.Known[t]; ok {
		return r.define(t, func() map[string]any { return s })
	}
	if t == nodeType {
		return map[string]any{}
	}
	if as, ok := reflect.Zero(t).Interface().(schemaAs); ok {
		return r.alternatives(as.SchemaAs())
	}
	switch t.Kind() {
	case reflect.Struct:
		return r.define(t, func() map[string]any { return r.object(t) })
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": r.of(t.Elem())}
	case reflect.Slice, reflect.Array:
		return map[string]any{"type": "array", "items": r.of(t.Elem())}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	}
	return map[string]any{} // interface{}: anything
}

func (r *Reflector) alternatives(samples []any) map[string]any {
	if len(samples) == 1 {
		return r.of(reflect.TypeOf(samples[0]))
	}
	var alts []any
	for _, s := range samples {
		alts = append(alts, r.of(reflect.TypeOf(s)))
	}
	return map[string]any{"anyOf": alts}
}

// define puts the schema of a named type under $defs (once: recursive
// types refer to themselves) and returns a reference to it.
func (r *Reflector) define(t reflect.Type, schema func() map[string]any) map[string]any {
	if name, ok := r.names[t]; ok {
		return map[string]any{"$ref": "#/$defs/" + name}
	}
	name := defName(t)
	for i := 2; r.defs[name] != nil; i++ {
		name = defName(t) + string(rune('0'+i))
	}
	r.names[t] = name
	r.defs[name] = map[string]any{} // reserved while its fields are reflected
	r.defs[name] = schema()
	return map[string]any{"$ref": "#/$defs/" + name}
}

// defName names a struct in $defs: its Go name without the YAML suffix,
// lower camelCase ("sectionYAML" -> "section").
func defName(t reflect.Type) string {
	n := strings.TrimSuffix(t.Name(), "YAML")
	if n == "" {
		n = "object"
	}
	rs := []rune(n)
	rs[0] = unicode.ToLower(rs[0])
	return string(rs)
}

// object is a struct's schema: its yaml keys, no others.
func (r *Reflector) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var hints map[string]any
	if sf, ok := reflect.Zero(t).Interface().(schemaFields); ok {
		hints = sf.SchemaFields()
	}
	r.fields(t, props, hints)
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
}

func (r *Reflector) fields(t reflect.Type, props map[string]any, hints map[string]any) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		name := strings.Split(tag, ",")[0]
		switch {
		case strings.Contains(tag, ",inline"):
			r.fields(f.Type, props, hints)
			continue
		case name == "-" || !f.IsExported():
			continue
		case name == "":
			name = strings.ToLower(f.Name)
		}
		var s map[string]any
		switch {
		case hints[name] != nil:
			s = r.of(reflect.TypeOf(hints[name]))
		case f.Tag.Get("schema") == "number":
			s = map[string]any{"type": []any{"number", "string"}}
		case f.Tag.Get("enum") != "":
			var opts []any
			for _, o := range strings.Split(f.Tag.Get("enum"), ",") {
				opts = append(opts, o)
			}
			s = map[string]any{"enum": opts}
		default:
			s = r.of(f.Type)
		}
		if doc := f.Tag.Get("doc"); doc != "" {
			s = withDescription(s, doc)
		}
		props[name] = s
	}
}

// withDescription adds a description (beside a $ref too: draft 2020-12
// allows it, and editors show it).
func withDescription(s map[string]any, doc string) map[string]any {
	out := make(map[string]any, len(s)+1)
	for k, v := range s {
		out[k] = v
	}
	out["description"] = doc
	return out
}
