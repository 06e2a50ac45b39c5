package engine_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"formwork/engine"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

var updateJSONSchema = flag.Bool("update-jsonschema", false, "rewrite schemas/_jsonschema/*.schema.json from the loader's Go types")

// kindSchemaJSON is the committed form of a kind's JSON Schema.
func kindSchemaJSON(k engine.YAMLKind) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(engine.KindSchema(k))
	return b.Bytes()
}

// The JSON Schemas of schemas/_jsonschema are what the loader's Go types
// say: regenerated with -update-jsonschema, never edited by hand.
func TestJSONSchemaDrift(t *testing.T) {
	dir := filepath.Join("..", engine.JSONSchemaDir)
	want := map[string]bool{}
	for _, k := range engine.YAMLKinds() {
		name := k.Name + ".schema.json"
		want[name] = true
		got := kindSchemaJSON(k)
		file := filepath.Join(dir, name)
		if *updateJSONSchema {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		committed, err := os.ReadFile(file)
		if err != nil || !bytes.Equal(committed, got) {
			t.Errorf("%s differs from the loader's Go types (go test ./engine -run JSONSchemaDrift -update-jsonschema rewrites it)", file)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !want[e.Name()] {
			t.Errorf("%s/%s is the schema of no kind of catalogue file: remove it", engine.JSONSchemaDir, e.Name())
		}
	}
}

// catalogueFiles lists the catalogue's YAML files (paths from the
// repository root), released snapshots left out: the tool writes them and
// they never change.
func catalogueFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, dir := range []string{"schemas", "rules"} {
		err := fs.WalkDir(os.DirFS(".."), dir, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && p == "schemas/_released":
				return fs.SkipDir
			case !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")):
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(out)
	return out
}

// kindOf is the one kind a catalogue file is of.
func kindOf(file string) (engine.YAMLKind, error) {
	var found []engine.YAMLKind
	for _, k := range engine.YAMLKinds() {
		if k.Match(file) {
			found = append(found, k)
		}
	}
	if len(found) != 1 {
		return engine.YAMLKind{}, fmt.Errorf("%s is of %d kinds of catalogue file, not one", file, len(found))
	}
	return found[0], nil
}

// schemaLine is the first line a catalogue file of kind k at file has.
func schemaLine(file string, k engine.YAMLKind) string {
	rel, _ := filepath.Rel(path.Dir(file), path.Join(engine.JSONSchemaDir, k.Name+".schema.json"))
	return "# yaml-language-server: $schema=" + filepath.ToSlash(rel)
}

// Every catalogue file is of one kind and names its kind's JSON Schema on
// its first line, so that editors complete its keys.
func TestCatalogueFilesNameTheirSchema(t *testing.T) {
	files := catalogueFiles(t)
	if len(files) < 100 {
		t.Fatalf("only %d catalogue files", len(files))
	}
	for _, f := range files {
		k, err := kindOf(f)
		if err != nil {
			t.Error(err)
			continue
		}
		b, _ := os.ReadFile(filepath.Join("..", f))
		first, _, _ := strings.Cut(string(b), "\n")
		if want := schemaLine(f, k); first != want {
			t.Errorf("%s: the first line must be\n%s", f, want)
		}
	}
}

// Every catalogue file is valid against its kind's JSON Schema: an editor
// flags nothing in the catalogue as it is.
func TestCatalogueFilesValidateAgainstTheirSchema(t *testing.T) {
	compiled := map[string]*jsonschema.Schema{}
	for _, k := range engine.YAMLKinds() {
		b, _ := json.Marshal(engine.KindSchema(k))
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		url := "https://formwork.schemas/catalogue/" + k.Name + ".schema.json"
		if err := c.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		if compiled[k.Name], err = c.Compile(url); err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
	}
	for _, f := range catalogueFiles(t) {
		k, err := kindOf(f)
		if err != nil {
			continue // reported by TestCatalogueFilesNameTheirSchema
		}
		inst, err := yamlInstance(filepath.Join("..", f))
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if err := compiled[k.Name].Validate(inst); err != nil {
			t.Errorf("%s is not valid against %s.schema.json: %v", f, k.Name, err)
		}
	}
}

// yamlInstance reads a YAML file as the JSON value an editor validates.
func yamlInstance(file string) (any, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var v any
	if err := yaml.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	j, err := json.Marshal(jsonKeys(v))
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(j))
}

// jsonKeys turns the maps yaml.v3 decodes (keys of any type) into JSON objects.
func jsonKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = jsonKeys(e)
		}
		return x
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[fmt.Sprint(k)] = jsonKeys(e)
		}
		return out
	case []any:
		for i, e := range x {
			x[i] = jsonKeys(e)
		}
		return x
	}
	return v
}
