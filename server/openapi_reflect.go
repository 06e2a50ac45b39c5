package server

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"formwork/budget"
	"formwork/engine"
	"formwork/process"
	"formwork/registry"
	"formwork/searchhelp"

	"github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go/openapi31"
)

// componentNames name the components whose Go name alone would be unclear
// or generic; every other type is named by its Go name, capitalised.
var componentNames = map[reflect.Type]string{
	reflect.TypeFor[process.View]():               "ProcessView",
	reflect.TypeFor[process.TaskView]():           "ProcessTask",
	reflect.TypeFor[process.EventView]():          "ProcessEvent",
	reflect.TypeFor[processAnswer]():              "ProcessAnswer",
	reflect.TypeFor[registry.Status]():            "CatalogueStatus",
	reflect.TypeFor[registry.Evaluation]():        "Evaluation",
	reflect.TypeFor[engine.Text]():                "LocalText",
	reflect.TypeFor[engine.Form]():                "FormExport",
	reflect.TypeFor[engine.CheckView]():           "CheckResult",
	reflect.TypeFor[engine.FindingView]():         "Finding",
	reflect.TypeFor[page[process.WorklistItem]](): "WorklistPage",
	reflect.TypeFor[page[budgetView]]():           "BudgetPage",
	reflect.TypeFor[dropdownOption]():             "Option",
	reflect.TypeFor[budget.Holding]():             "BudgetHolding",
}

// typeMappings describe the types whose JSON is not what their Go fields
// say: they marshal themselves, or the handler reads them leniently.
func typeMappings() [][2]any {
	money := jsonschema.Schema{Description: ptr("An amount with two decimals.")}
	money.AddType(jsonschema.Number)
	loose := jsonschema.Schema{Description: ptr("A code: a text, or a number or boolean taken as its text.")}
	for _, t := range []jsonschema.SimpleType{jsonschema.String, jsonschema.Number, jsonschema.Boolean, jsonschema.Null} {
		loose.AddType(t)
	}
	list := jsonschema.Schema{Items: &jsonschema.Items{SchemaOrBool: ptr(loose.ToSchemaOrBool())}}
	list.AddType(jsonschema.Array)
	codes := jsonschema.Schema{Description: ptr("Codes: a list, or one text of codes separated by commas."),
		OneOf: []jsonschema.SchemaOrBool{loose.ToSchemaOrBool(), list.ToSchemaOrBool()}}
	severity := jsonschema.Schema{Enum: []any{engine.SeverityError, engine.SeverityWarning, engine.SeverityConfirm}}
	severity.AddType(jsonschema.String)
	return [][2]any{
		{budget.Money(0), money},
		{json.Number(""), money},
		{looseString(""), loose},
		{looseList(nil), codes},
		{engine.Severity(""), severity},
		{searchhelp.Option{}, dropdownOption{}},
	}
}

func ptr[T any](v T) *T { return &v }

// componentNamer names the components and remembers which Go type took
// each name.
type componentNamer struct {
	mapped   map[reflect.Type]bool // the types of typeMappings with a Go stand-in
	byName   map[string]reflect.Type
	clashing map[string]bool
}

func (n *componentNamer) name(t reflect.Type, _ string) string {
	t = indirect(t)
	if n.mapped[t] {
		// The reflector names a mapped type too, but only its stand-in
		// becomes a component: this name is never written.
		return "mapped " + t.String()
	}
	name, ok := componentNames[t]
	if !ok {
		name = strings.ToUpper(t.Name()[:1]) + t.Name()[1:]
	}
	if prev, taken := n.byName[name]; taken && prev != t {
		n.clashing[fmt.Sprintf("%s and %s", prev, t)] = true
	}
	n.byName[name] = t
	return name
}

// clash is the error of two Go types under one component name (name one
// in componentNames).
func (n *componentNamer) clash() error {
	if len(n.clashing) == 0 {
		return nil
	}
	return fmt.Errorf("component names clash (name them in componentNames): %s", strings.Join(slices.Sorted(maps.Keys(n.clashing)), "; "))
}

// newAPIReflector is the OpenAPI reflector of formwork's conventions:
// components named by componentNames, the types of typeMappings, members
// that may be nil pointers, maps or slices nullable, and every member of an
// answer that encoding/json always writes (no omitempty) required; members
// of request bodies (requests) only when tagged so.
func newAPIReflector(requests map[reflect.Type]bool) (*openapi31.Reflector, *componentNamer) {
	r := openapi31.NewReflector()
	names := &componentNamer{mapped: map[reflect.Type]bool{}, byName: map[string]reflect.Type{}, clashing: map[string]bool{}}
	for _, m := range typeMappings() {
		r.AddTypeMapping(m[0], m[1])
		if _, schema := m[1].(jsonschema.Schema); !schema {
			names.mapped[reflect.TypeOf(m[0])] = true
		}
	}
	r.DefaultOptions = append(r.DefaultOptions,
		func(rc *jsonschema.ReflectContext) { rc.EnvelopNullability = true }, // a nil pointer, map or slice is null
		jsonschema.InterceptNullability(nullability),
		jsonschema.InterceptDefName(names.name),
		jsonschema.InterceptSchema(requireWritten(requests)))
	return r, names
}

// requireWritten marks required the members of an answer's struct that
// encoding/json always writes; a request body's struct (requests) keeps
// only those tagged required.
func requireWritten(requests map[reflect.Type]bool) jsonschema.InterceptSchemaFunc {
	return func(p jsonschema.InterceptSchemaParams) (bool, error) {
		if !p.Processed || !p.Value.IsValid() {
			return false, nil
		}
		t := indirect(p.Value.Type())
		if t.Kind() != reflect.Struct || requests[t] {
			return false, nil
		}
		for _, m := range alwaysWritten(t) {
			if _, described := p.Schema.Properties[m]; described && !slices.Contains(p.Schema.Required, m) {
				p.Schema.Required = append(p.Schema.Required, m)
			}
		}
		return false, nil
	}
}

// nullability says null where encoding/json may write it: not for an
// omitempty pointer (absent when nil), and a nullable reference as {anyOf:
// [null, $ref]} (the reflector also types it object, which null is not).
func nullability(p jsonschema.InterceptNullabilityParams) {
	if p.OmitEmpty && p.Type.Kind() == reflect.Pointer && p.Schema.Ref == nil {
		p.Schema.RemoveType(jsonschema.Null)
		return
	}
	if p.Schema.Ref != nil || len(p.Schema.AnyOf) != 2 || !p.Schema.AnyOf[0].TypeObject.HasType(jsonschema.Null) {
		return
	}
	p.Schema.Type = nil
	for _, alt := range p.Schema.AnyOf {
		if alt.TypeObject != nil && alt.TypeObject.Ref != nil {
			alt.TypeObject.Type = nil
		}
	}
}

// alwaysWritten are the JSON members encoding/json writes for every value
// of struct type t: exported fields without omitempty, those of embedded
// structs included.
func alwaysWritten(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		switch {
		case tag == "-" || f.Name == "_":
		case f.Anonymous && name == "" && indirect(f.Type).Kind() == reflect.Struct:
			out = append(out, alwaysWritten(indirect(f.Type))...)
		case !f.IsExported() || strings.Contains(","+opts+",", ",omitempty,"):
		case name == "":
			out = append(out, f.Name)
		default:
			out = append(out, name)
		}
	}
	return out
}

func indirect(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
