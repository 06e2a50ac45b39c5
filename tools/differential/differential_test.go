// Package differential_test checks that the browser and the server agree on
// what a well-formed document is: for every rule fixture, the structural
// verdict of @cfworker/json-schema (what the web's form validates with) on the
// exported JSON Schema equals the engine's structural verdict on the same
// document.
package differential_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"formwork/engine"
)

var keepCases = flag.String("cases", "", "also write the cases to this file (they go to a temporary directory otherwise)")

// root is the repository, two levels up from tools/differential.
const root = "../.."

// structuralRules are the engine's findings about the shape of a document,
// which a JSON Schema can express. `required` counts only for fields the
// exported schema itself lists as required (a field required on a condition
// is a rule, not structure).
var structuralRules = map[string]bool{
	"type": true, "precision": true, "range": true, "enum": true, "format": true,
	"maxLength": true, "minimum": true, "maximum": true, "unknownField": true,
}

// Case is one fixture test as ajv.mjs reads it: the document, the JSON Schema
// exported for its type, sub-type and action, and the engine's verdict.
type Case struct {
	Name     string         `json:"name"`
	Where    string         `json:"where"`
	Schema   map[string]any `json:"schema"`
	Document any            `json:"document"`
	Valid    bool           `json:"engineValid"`
	Findings []string       `json:"engineFindings"`
	// Normalised says which values were rewritten before both verdicts (see
	// normalise).
	Normalised []string `json:"normalised,omitempty"`
}

// Disagreement is what ajv.mjs reports for a case whose verdicts differ.
type Disagreement struct {
	Name           string   `json:"name"`
	Where          string   `json:"where"`
	EngineValid    bool     `json:"engineValid"`
	AjvValid       bool     `json:"ajvValid"`
	EngineFindings []string `json:"engineFindings"`
	AjvErrors      []string `json:"ajvErrors"`
}

// Report is ajv.mjs's answer.
type Report struct {
	Cases         int            `json:"cases"`
	Disagreements []Disagreement `json:"disagreements"`
	Notes         []string       `json:"notes"`
	Drift         string         `json:"drift"`
}

func TestAjvAgreesWithEngine(t *testing.T) {
	fsys := os.DirFS(root)
	cat, err := engine.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	groups, problems := engine.LoadFixtures(fsys, engine.FixturesDir)
	for _, p := range problems {
		t.Error(p.String())
	}
	var cases []Case
	for gi := range groups {
		g := &groups[gi]
		for ti := range g.Tests {
			ft := &g.Tests[ti]
			c, err := buildCase(cat, fsys, g, ft)
			if err != nil {
				t.Errorf("%s:%d: %s: %v", g.File, ft.Line, g.Name(ft), err)
				continue
			}
			cases = append(cases, c)
		}
	}
	if len(cases) == 0 {
		t.Fatal("no fixture cases")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "cases.json")
	b, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if *keepCases != "" {
		if err := os.WriteFile(*keepCases, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	normalised := 0
	for _, c := range cases {
		if len(c.Normalised) > 0 {
			normalised++
		}
	}
	t.Logf("%d cases (%d with values normalised as the web sends them)", len(cases), normalised)

	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the ajv side of the differential test cannot run (install Node.js 20+ and run npm ci in web/)")
	}
	if _, err := os.Stat(filepath.Join(root, "web", "node_modules", "@cfworker", "json-schema")); err != nil {
		t.Skip("web/node_modules has no @cfworker/json-schema: run npm ci in web/ to let the differential test run")
	}
	cmd := exec.Command(node, filepath.Join("tools", "differential", "ajv.mjs"), file)
	cmd.Dir = root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node ajv.mjs: %v\n%s", err, stderr.String())
	}
	var rep Report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("ajv.mjs answered no report: %v\n%s", err, stdout.String())
	}
	if rep.Cases != len(cases) {
		t.Errorf("ajv.mjs checked %d cases of %d", rep.Cases, len(cases))
	}
	if rep.Drift != "" {
		t.Error(rep.Drift)
	}
	for _, n := range rep.Notes {
		t.Log("ajv.mjs: " + n)
	}
	for _, d := range rep.Disagreements {
		t.Errorf("%s: %s\n  engine valid %v: %s\n  ajv    valid %v: %s", d.Where, d.Name,
			d.EngineValid, strings.Join(d.EngineFindings, "; "), d.AjvValid, strings.Join(d.AjvErrors, "; "))
	}
}

// buildCase builds the fixture's document as the replay does, exports the
// JSON Schema of its type for its sub-type and action, and works out the
// engine's structural verdict.
func buildCase(cat *engine.Catalogue, fsys fs.FS, g *engine.FixtureGroup, ft *engine.FixtureTest) (Case, error) {
	raw, dt, err := cat.FixtureDocument(fsys, g, ft)
	if err != nil {
		return Case{}, err
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return Case{}, err
	}
	c := Case{Name: g.Name(ft), Where: fmt.Sprintf("%s:%d", g.File, ft.Line)}
	c.Normalised = normalise(dt, doc)
	if raw, err = json.Marshal(doc); err != nil {
		return Case{}, err
	}
	d, structural, err := engine.DecodeAs(dt, raw)
	if err != nil {
		return Case{}, err
	}
	confirmed := map[string]bool{}
	for _, r := range ft.Confirm {
		confirmed[r] = true
	}
	res := engine.Check(d, structural, engine.Options{Action: ft.Action, Confirmed: confirmed})
	var keys []string
	for _, k := range engine.SubTypeKeys {
		if v := d.Head().String(k); v != "" {
			keys = append(keys, v)
		}
	}
	form, err := dt.Export(strings.Join(keys, "."), ft.Action, "zh")
	if err != nil {
		return Case{}, fmt.Errorf("export for sub-type %s: %v", strings.Join(keys, "."), err)
	}
	required := requiredPaths(form.Schema)
	c.Valid = true
	for _, f := range res.Errors {
		if derivedPath(dt, f.Path) {
			continue
		}
		if structuralRules[f.Rule] || (f.Rule == "required" && required[columnOf(f.Path)]) {
			c.Valid = false
			c.Findings = append(c.Findings, f.Path+" "+f.Rule)
		}
	}
	sort.Strings(c.Findings)
	c.Schema, c.Document = form.Schema, doc
	return c, nil
}

// normalise rewrites, in place, what the server reads differently from the
// exported JSON Schema, and returns the paths it rewrote (the test logs how
// many cases it touched). Every rewrite is named here, with why the
// difference is no disagreement between the web and the server:
//
//   - Money and numbers given as numeric text, commas stripped ("45,000.00"),
//     become JSON numbers; dates typed another way (2026/1/5, 20260105)
//     become yyyy-MM-dd. Both are leniencies of the server for other clients
//     (documents.md 5: the numeric check strips commas; dates are normalised
//     from several formats), proved by their own fixtures
//     (rules/fixtures/fields.yaml); the web's money and date widgets always
//     send JSON numbers and yyyy-MM-dd. Text that is no number or no date is
//     left alone: both sides must refuse it.
//   - Rows flagged D (deleted) are left out. No rule counts a deleted row
//     (documents.md 4), so the engine does not ask a deleted row for its
//     required cells, while the exported schema keeps the cells in the
//     items' `required` list: the form reads that list to mark required
//     cells, and JSON Schema cannot make it depend on the row's flag without
//     moving it out of the form's sight (an if/else). The web shows a deleted
//     row struck through and read-only and does not validate it. A deleted
//     row's malformed value would be refused by both sides; no fixture has one.
//   - Values of derived fields (the head totals, local amounts: a `value:`
//     expression) are left out. The server works them out on every save and
//     ignores what a client sent there, malformed or not (issue 12), and the
//     web shows them read-only; the engine's verdict on the value it worked
//     out (a total of no lines is below the amount's minimum) is about the
//     lines, not about the shape of what was sent, and is left out of the
//     structural verdict (derivedPath in buildCase).
func normalise(dt *engine.DocType, doc any) []string {
	top, ok := doc.(map[string]any)
	if !ok {
		return nil
	}
	var out []string
	fix := func(s *engine.Section, vals map[string]any, at string) {
		for name, v := range vals {
			f := s.Field(name)
			if f == nil {
				continue
			}
			if f.Value != nil {
				delete(vals, name)
				out = append(out, at+name+" (derived)")
				continue
			}
			switch f.Type {
			case engine.TypeMoney, engine.TypeNumber:
				if text, ok := v.(string); ok {
					n := json.Number(strings.ReplaceAll(strings.TrimSpace(text), ",", ""))
					if _, err := n.Float64(); err == nil {
						vals[name] = n
						out = append(out, at+name)
					}
				}
			case engine.TypeDate:
				var text string
				switch x := v.(type) {
				case string:
					text = x
				case json.Number:
					text = x.String()
				default:
					continue
				}
				if d, ok := engine.NormalizeDate(text); ok && d != v {
					vals[name] = d
					out = append(out, at+name)
				}
			}
		}
	}
	for _, s := range dt.Sections {
		switch v := top[s.Name].(type) {
		case map[string]any:
			if !s.Table {
				fix(s, v, s.Name+".")
			}
		case []any:
			if !s.Table {
				continue
			}
			live := v[:0:0]
			for i, row := range v {
				r, ok := row.(map[string]any)
				if ok && s.Field("flag") != nil && r["flag"] == "D" {
					out = append(out, fmt.Sprintf("%s[%d] (deleted)", s.Name, i))
					continue
				}
				if ok {
					fix(s, r, fmt.Sprintf("%s[%d].", s.Name, i))
				}
				live = append(live, row)
			}
			top[s.Name] = live
		}
	}
	sort.Strings(out)
	return out
}

// requiredPaths lists the fields the exported schema requires, as column
// paths: head.amount, lineList[].costType.
func requiredPaths(schema map[string]any) map[string]bool {
	out := map[string]bool{}
	props, _ := schema["properties"].(map[string]any)
	for name, p := range props {
		sec, _ := p.(map[string]any)
		prefix := name + "."
		if items, ok := sec["items"].(map[string]any); ok {
			sec, prefix = items, name+"[]."
		}
		if req, ok := sec["required"].([]string); ok {
			for _, f := range req {
				out[prefix+f] = true
			}
		}
	}
	return out
}

// columnOf turns lineList[3].costType into lineList[].costType.
func columnOf(path string) string {
	open, end := strings.IndexByte(path, '['), strings.IndexByte(path, ']')
	if open < 0 || end < open {
		return path
	}
	return path[:open] + "[]" + path[end+1:]
}

// derivedPath tells whether path (head.amount, itemList[2].amountNoTax) is a
// field whose value the engine derives.
func derivedPath(dt *engine.DocType, path string) bool {
	sec, name, ok := strings.Cut(columnOf(path), ".")
	if !ok {
		return false
	}
	s := dt.Section(strings.TrimSuffix(sec, "[]"))
	if s == nil {
		return false
	}
	f := s.Field(name)
	return f != nil && f.Value != nil
}
