package engine_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formwork/engine"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// catalogueCodes are the document types the issue "The whole catalogue in
// the registry" names, per edition: documents.md 2 and
// navigation-and-access.md 3.5 (form entry), the menu of 2.2, and the travel
// portal's titles of 3.5.
var catalogueCodes = map[string][]string{
	"form": concat(
		codes("EX%02d", 1, 6),
		letters("A", 'A', 'L'), letters("C", 'A', 'F'), []string{"DA", "DB", "DC", "DZ"}, letters("F", 'A', 'E'),
		[]string{"HT"}, codes("P%02d", 1, 36), codes("DZ%02d", 1, 20), codes("FD%02d", 1, 5), codes("E%02d", 7, 11),
		codes("B%02d", 1, 13), []string{"K02", "UN01"},
		// menu document types (navigation-and-access.md 2.2)
		[]string{"SQ00001", "PA", "PB", "TA", "TAOUT", "BE", "BA", "BC", "TE", "BG", "BGM", "BD", "TB", "TD",
			"AQ", "AW", "AX", "AY", "BI"},
	),
	"travel": {"A01", "A02", "B01", "B02", "B03", "B04", "C01", "C02", "D01", "D02", "EX01", "EX02"},
}

var modules = map[string]bool{"payables": true, "receivables": true, "ledger": true, "assets": true, "contracts": true,
	"travel": true, "treasury": true, "expense": true, "tax": true, "salary": true, "general": true}

func codes(format string, from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf(format, i))
	}
	return out
}

func letters(prefix string, from, to byte) []string {
	var out []string
	for c := from; c <= to; c++ {
		out = append(out, prefix+string(c))
	}
	return out
}

func concat(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func TestCatalogueHasEveryNamedType(t *testing.T) {
	c := catalogue(t)
	have := map[string]bool{}
	for _, d := range c.DocTypes() {
		have[d.Edition+"/"+d.Code] = true
	}
	for edition, list := range catalogueCodes {
		for _, code := range list {
			if !have[edition+"/"+code] {
				t.Errorf("%s edition: no document type %s", edition, code)
			}
		}
	}
}

// Every type says what it is in the business's words, and where its fields
// come from.
func TestCatalogueTypesAreDescribed(t *testing.T) {
	c := catalogue(t)
	for _, d := range c.DocTypes() {
		name := d.Edition + "/" + d.Code
		for what, text := range map[string]engine.Text{"title": d.Title, "leadPage": d.LeadPage, "description": d.Description} {
			if text.In("zh") == "" || text["en"] == "" {
				t.Errorf("%s: %s needs zh and en", name, what)
			}
		}
		if !modules[d.Module] {
			t.Errorf("%s: module %q is not a business family", name, d.Module)
		}
		if d.Source != "spec" && d.Source != "family" {
			t.Errorf("%s: source %q", name, d.Source)
		}
		if len(d.SubTypes) == 0 {
			t.Errorf("%s: no sub-types", name)
		}
		want := "schemas/" + d.Code + ".yaml" // one file per type, in its edition's folder
		if d.Edition != c.DefaultEdition {
			want = "schemas/" + d.Edition + "/" + d.Code + ".yaml"
		}
		if d.File != want {
			t.Errorf("%s lives in %s, want %s", name, d.File, want)
		}
	}
}

// exportCompiler compiles exports of document types with
// santhosh-tekuri/jsonschema, which validates each against the draft 2020-12
// meta-schema first (compileSchema for any edition and action). One compiler
// serves many exports: each gets its own $id. Action modes change the
// uiSchema, not the JSON Schema, so an export identical to one already
// compiled shares its compilation (the meta-schema check dominates the cost).
type exportCompiler struct {
	c    *jsonschema.Compiler
	done map[string]*jsonschema.Schema
}

func newExportCompiler() *exportCompiler {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	return &exportCompiler{c: c, done: map[string]*jsonschema.Schema{}}
}

func (ec *exportCompiler) compile(t testing.TB, d *engine.DocType, subType, action string) *jsonschema.Schema {
	t.Helper()
	f, err := d.Export(subType, action, "zh")
	if err != nil {
		t.Fatalf("%s/%s %q %s: %v", d.Edition, d.Code, subType, action, err)
	}
	b, err := json.Marshal(f.Schema)
	if err != nil {
		t.Fatal(err)
	}
	if s := ec.done[string(b)]; s != nil {
		return s
	}
	url := fmt.Sprintf("https://formwork.schemas/%s/%s/v%d/%s/%s.json", d.Edition, d.Code, d.Version, action, subType)
	f.Schema["$id"] = url
	key := string(b)
	b, _ = json.Marshal(f.Schema)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := ec.c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := ec.c.Compile(url)
	if err != nil {
		t.Fatalf("%s/%s %q %s does not compile as draft 2020-12: %v", d.Edition, d.Code, subType, action, err)
	}
	ec.done[key] = s
	return s
}

// Every type exports, under every action mode, for the default sub-type and
// for every sub-type path (businessType1, and down to businessType3 where
// there are), a schema that compiles as draft 2020-12.
func TestCatalogueExportsCompile(t *testing.T) {
	c := catalogue(t)
	for _, d := range c.DocTypes() {
		d := d
		t.Run(d.Edition+"/"+d.Code, func(t *testing.T) {
			t.Parallel()
			subTypes := append([]string{""}, subTypePaths(d.SubTypes, "")...)
			ec := newExportCompiler()
			for _, action := range engine.ActionModes {
				for _, sub := range subTypes {
					ec.compile(t, d, sub, action)
				}
			}
		})
	}
}

// subTypePaths lists "A01", "A01.A0101", ... depth first.
func subTypePaths(list []*engine.SubType, prefix string) []string {
	var out []string
	for _, s := range list {
		p := prefix + s.Key
		out = append(out, p)
		out = append(out, subTypePaths(s.Children, p+".")...)
	}
	return out
}

// rules/examples/<edition>/<CODE>.json is a valid document of every type:
// the engine decodes it as that type, finds nothing, and the type's exported
// JSON Schema (for the example's sub-type) accepts it.
func TestCatalogueExamples(t *testing.T) {
	c := catalogue(t)
	for _, d := range c.DocTypes() {
		d := d
		t.Run(d.Edition+"/"+d.Code, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join("..", "rules", "examples", d.Edition, d.Code+".json")
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("no example document: %v", err)
			}
			doc, structural, err := engine.Decode(c, raw)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if doc.Type != d {
				t.Fatalf("%s decodes as %s/%s (companyCode and sob choose the edition)", file, doc.Type.Edition, doc.Type.Code)
			}
			if res := engine.Check(doc, structural, engine.Options{Action: "new"}); !res.Valid {
				t.Errorf("%s fails the check: %+v", file, res.Errors)
			}
			var keys []string
			for _, k := range engine.SubTypeKeys {
				if v := doc.Head().String(k); v != "" {
					keys = append(keys, v)
				}
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			if err := newExportCompiler().compile(t, d, strings.Join(keys, "."), "new").Validate(inst); err != nil {
				t.Errorf("%s: the exported JSON Schema refuses it: %v", file, err)
			}
		})
	}
}

// schemas/_menu.yaml (checked by the loader) opens each of the form-entry
// types EX01-EX06 from a list entry, so that they are reachable from a menu.
func TestCatalogueMenuReachesFormEntryTypes(t *testing.T) {
	c := catalogue(t)
	if !c.Menu.Loaded() {
		t.Fatal("no schemas/_menu.yaml")
	}
	opened := map[string]bool{}
	for _, p := range c.Menu.Pages() {
		if p.Shown() && (p.Kind == "list" || p.Kind == "form") {
			opened[p.Opens] = true
		}
	}
	for _, code := range []string{"EX01", "EX02", "EX03", "EX04", "EX05", "EX06"} {
		if !opened[code] {
			t.Errorf("no menu entry opens %s", code)
		}
	}
}

// specSubTypes are the sub-type codes the spec gives rules for, each in the
// document type it belongs to (the reasons are beside each in the YAML): the
// rules written for them rely on these homes.
var specSubTypes = map[string]string{
	"A04": "EX03", "A05": "EX02", "A07": "EX02", "B0601": "B06", "B1004": "B10", "C04": "CF", "C16.C1601": "CB",
	"C17": "CF", "C18": "CF", "C19": "CF", "D07": "DZ05", "D08": "DZ05", "E01": "FD01", "F11": "FA", "F12": "FA",
	"L01": "BA", "P12": "AA",
}

func TestCatalogueSpecSubTypeHomes(t *testing.T) {
	c := catalogue(t)
	for path, code := range specSubTypes {
		d := c.DocType(code)
		if d == nil {
			t.Errorf("%s: no document type %s", path, code)
			continue
		}
		if _, ok := d.SubTypePath(engine.ParseSubType(path)...); !ok {
			t.Errorf("%s has no sub-type %s", code, path)
		}
	}
}

// The blank new documents a create is compared with belong to one loaded
// catalogue: a reloaded catalogue (serve --dev) builds its own.
func TestCheckSaveBlanksPerCatalogue(t *testing.T) {
	first := catalogue(t)
	reloaded, err := engine.Load(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(validEX02())
	for _, tt := range []struct {
		name string
		c    *engine.Catalogue
		want engine.EvalCount
	}{
		{"the first create of a catalogue builds the blank", first, engine.EvalCount{Prepares: 2, Checks: 1}},
		{"the next one uses it", first, engine.EvalCount{Prepares: 1, Checks: 1}},
		{"a reloaded catalogue builds its own", reloaded, engine.EvalCount{Prepares: 2, Checks: 1}},
		{"and keeps it", reloaded, engine.EvalCount{Prepares: 1, Checks: 1}},
	} {
		d, fs, err := engine.Decode(tt.c, raw)
		if err != nil {
			t.Fatal(err)
		}
		before := engine.EvalCounters()
		// an action no other test creates under, so that the first is the first
		sc := tt.c.CheckSave(d, fs, nil, engine.Options{Action: "oaapplicant"})
		if got := engine.EvalCounters().Since(before); got != tt.want || !sc.Check.Valid {
			t.Errorf("%s: counted %+v, want %+v; check %+v", tt.name, got, tt.want, sc.Check.Errors)
		}
	}
}
