package yamlschema_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"formwork/engine/internal/yamlschema"

	"gopkg.in/yaml.v3"
)

type label map[string]string

type scalarOrEntry struct{ v string }

func (scalarOrEntry) SchemaAs() []any { return []any{"", entry{}} }

type entry struct {
	Name string `yaml:"name" doc:"the name"`
}

type common struct {
	Label label `yaml:"label"`
}

type treeYAML struct {
	common   `yaml:",inline"`
	Kind     string          `yaml:"kind" enum:"a,b"`
	Min      *string         `yaml:"min" schema:"number"`
	Count    int             `yaml:"count"`
	On       bool            `yaml:"on"`
	Items    []scalarOrEntry `yaml:"items"`
	Children yaml.Node       `yaml:"children"`
	Any      map[string]any  `yaml:"any"`
	Hidden   string          `yaml:"-"`
}

func (treeYAML) SchemaFields() map[string]any {
	return map[string]any{"children": map[string]treeYAML{}}
}

// The schema of a Go type: yaml keys (inline ones included, `-` left out),
// tags, decoding types, ordered mappings, known types and recursion.
func TestSchema(t *testing.T) {
	r := &yamlschema.Reflector{Known: map[reflect.Type]map[string]any{reflect.TypeOf(label{}): {"type": "object"}}}
	got := r.Schema(reflect.TypeOf(treeYAML{}), "https://x/tree.json", "tree", "a tree")
	want := `{"$defs":{"entry":{"additionalProperties":false,"properties":{"name":{"description":"the name","type":"string"}},"type":"object"},` +
		`"label":{"type":"object"},` +
		`"tree":{"additionalProperties":false,"properties":{"any":{"additionalProperties":{},"type":"object"},` +
		`"children":{"additionalProperties":{"$ref":"#/$defs/tree"},"type":"object"},"count":{"type":"integer"},` +
		`"items":{"items":{"anyOf":[{"type":"string"},{"$ref":"#/$defs/entry"}]},"type":"array"},"kind":{"enum":["a","b"]},` +
		`"label":{"$ref":"#/$defs/label"},"min":{"type":["number","string"]},"on":{"type":"boolean"}},"type":"object"}},` +
		`"$id":"https://x/tree.json","$ref":"#/$defs/tree","$schema":"https://json-schema.org/draft/2020-12/schema","description":"a tree","title":"tree"}`
	b, _ := json.Marshal(got)
	if string(b) != want {
		t.Errorf("got\n%s\nwant\n%s", b, want)
	}
}
