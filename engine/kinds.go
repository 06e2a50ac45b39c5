package engine

import (
	"path"
	"reflect"

	"formwork/engine/advancebook"
	"formwork/engine/fixtures"
	"formwork/engine/internal/yamlschema"
	"formwork/engine/lifecycle"
	"formwork/engine/load"
	"formwork/engine/model"
	"formwork/engine/report"
	"formwork/engine/voucher"
)

// JSONSchemaDir holds the JSON Schema of every kind of catalogue YAML file
// (<kind>.schema.json), generated from the loader's Go types; each catalogue
// file names its schema on its first line for editors:
//
//	# yaml-language-server: $schema=../_jsonschema/masterdata.schema.json
const JSONSchemaDir = "schemas/_jsonschema"

// YAMLKind is one kind of catalogue YAML file (see load.YAMLKind).
type YAMLKind = load.YAMLKind

// YAMLKinds lists every kind of catalogue YAML file: those the loader reads,
// the lifecycle, the reports and the rule fixtures. Released snapshots are the files of
// document types and master-data types.
func YAMLKinds() []YAMLKind {
	return append(load.Kinds(),
		YAMLKind{Name: "lifecycle", Title: "document lifecycle", Type: lifecycle.YAMLType(),
			Match: func(f string) bool { return f == lifecycle.File }},
		YAMLKind{Name: "advances", Title: "advance types", Type: advancebook.YAMLType(),
			Match: func(f string) bool { return f == advancebook.File }},
		YAMLKind{Name: "report", Title: "report", Type: report.YAMLType(),
			Match: func(f string) bool { return path.Dir(f) == report.Dir && path.Ext(f) == ".yaml" }},
		YAMLKind{Name: "voucher", Title: "voucher rules", Type: voucher.YAMLType(),
			Match: func(f string) bool { return path.Dir(f) == voucher.Dir && path.Ext(f) == ".yaml" }},
		YAMLKind{Name: "fixtures", Title: "rule fixtures", Type: reflect.TypeOf([]fixtures.FixtureGroup{}),
			Match: func(f string) bool { return path.Dir(f) == fixtures.FixturesDir && path.Ext(f) == ".yaml" }},
	)
}

// textSchema is a model.Text: a text per language.
var textSchema = map[string]any{
	"type":        "object",
	"description": "a text a person reads, in zh, en and th",
	"properties": map[string]any{
		"zh": map[string]any{"type": "string", "description": "Chinese"},
		"en": map[string]any{"type": "string", "description": "English"},
		"th": map[string]any{"type": "string", "description": "Thai"},
	},
	"propertyNames":        map[string]any{"pattern": "^[a-z]{2}(-[A-Za-z]+)?$"},
	"additionalProperties": map[string]any{"type": "string"},
}

// KindSchema returns the JSON Schema (draft 2020-12) of a kind of catalogue
// YAML file, reflected from the Go type the loader decodes it into.
func KindSchema(k YAMLKind) map[string]any {
	r := &yamlschema.Reflector{Known: map[reflect.Type]map[string]any{reflect.TypeOf(model.Text{}): textSchema}}
	return r.Schema(k.Type, "https://formwork.schemas/catalogue/"+k.Name+".schema.json", "formwork "+k.Title,
		"A file of the formwork catalogue: "+k.Title+". Generated from the Go types the loader reads it into (go test ./engine -run JSONSchemaDrift -update-jsonschema); see docs/rules.md and docs/masterdata.md.")
}
