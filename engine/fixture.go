package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// FixturesDir holds the rule fixtures QA replays.
const FixturesDir = "rules/fixtures"

// ExamplesDir holds a minimal valid document per document type, the base
// documents of fixtures: ExamplesDir/<edition>/<CODE>.json.
const ExamplesDir = "rules/examples"

// FixtureGroup is one fixture file section, in the style of the
// JSON-Schema-Test-Suite: a rule, the document type it is tried on, a base
// document, and tests that patch the base and say what the check must find.
type FixtureGroup struct {
	File        string        `yaml:"-" json:"file"`
	Description string        `yaml:"description" json:"description"`
	Rule        string        `yaml:"rule" json:"rule"`
	DocType     string        `yaml:"docType" json:"docType"`
	Edition     string        `yaml:"edition" json:"edition,omitempty"`
	Base        string        `yaml:"base" json:"base,omitempty"`
	Tests       []FixtureTest `yaml:"tests" json:"tests"`
	Line        int           `yaml:"-" json:"-"`
}

// FixtureTest is one case: a patch on the base document (or a whole
// document), the action mode and confirmations, and the outcome expected:
// valid (no error, no unconfirmed confirmation) and exactly these findings.
type FixtureTest struct {
	Description string            `yaml:"description" json:"description"`
	Patch       map[string]any    `yaml:"patch" json:"patch,omitempty"`
	Document    map[string]any    `yaml:"document" json:"document,omitempty"`
	Action      string            `yaml:"action" json:"action,omitempty"`
	Confirm     []string          `yaml:"confirm" json:"confirm,omitempty"`
	Valid       *bool             `yaml:"valid" json:"valid,omitempty"`
	Errors      []ExpectedFinding `yaml:"errors" json:"errors,omitempty"`
	Line        int               `yaml:"-" json:"-"`
}

// ExpectedFinding is a finding a fixture expects.
type ExpectedFinding struct {
	Path     string `yaml:"path" json:"path"`
	Rule     string `yaml:"rule" json:"rule"`
	Severity string `yaml:"severity" json:"severity"`
}

func (f ExpectedFinding) String() string { return f.Path + " " + f.Rule + " " + f.Severity }

// LoadFixtures reads every fixture file under dir (YAML, a list of groups).
func LoadFixtures(fsys fs.FS, dir string) ([]FixtureGroup, []Problem) {
	var groups []FixtureGroup
	var problems []Problem
	_ = fs.WalkDir(fsys, dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			return nil
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			problems = append(problems, Problem{File: p, Rule: "fixture", Severity: "error", Message: err.Error()})
			return nil
		}
		var root yaml.Node
		var gs []FixtureGroup
		err = yaml.Unmarshal(b, &root)
		if err == nil {
			err = root.Decode(&gs)
		}
		if err != nil {
			problems = append(problems, Problem{File: p, Rule: "fixture", Severity: "error", Message: strings.TrimPrefix(err.Error(), "yaml: ")})
			return nil
		}
		seq := &root
		if seq.Kind == yaml.DocumentNode && len(seq.Content) > 0 {
			seq = seq.Content[0]
		}
		for i := range gs {
			gs[i].File = p
			if i < len(seq.Content) {
				gs[i].Line = seq.Content[i].Line
				for j := range gs[i].Tests {
					gs[i].Tests[j].Line = testLine(seq.Content[i], j)
				}
			}
		}
		groups = append(groups, gs...)
		return nil
	})
	return groups, problems
}

func testLine(group *yaml.Node, j int) int {
	for i := 0; i+1 < len(group.Content); i += 2 {
		if group.Content[i].Value == "tests" && j < len(group.Content[i+1].Content) {
			return group.Content[i+1].Content[j].Line
		}
	}
	return group.Line
}

// FixtureResult is the outcome of one fixture test.
type FixtureResult struct {
	Name    string   `json:"name"`
	File    string   `json:"file"`
	Line    int      `json:"line"`
	Rule    string   `json:"rule"`
	Passed  bool     `json:"passed"`
	Problem string   `json:"problem,omitempty"`
	Got     []string `json:"got,omitempty"`
}

// Name is "rule/group description/test description", what --run matches.
func (g *FixtureGroup) Name(t *FixtureTest) string {
	return g.Rule + "/" + g.Description + "/" + t.Description
}

// FixtureDocument builds the document a fixture test checks: its whole
// `document:`, or the group's base document (rules/examples/<edition>/<CODE>.json
// unless the group names another) read from fsys with the test's patch
// applied. It returns the JSON and the document type the fixture names. An
// error says why the document cannot be built (unknown docType, a base
// document missing or unreadable, a patch path that does not fit); it does
// not check the document.
func (c *Catalogue) FixtureDocument(fsys fs.FS, g *FixtureGroup, t *FixtureTest) ([]byte, *DocType, error) {
	edition := g.Edition
	if edition == "" {
		edition = c.DefaultEdition
	}
	dt := c.DocTypeIn(edition, g.DocType)
	if dt == nil {
		return nil, nil, fmt.Errorf("unknown docType %s", g.DocType)
	}
	var doc map[string]any
	if t.Document != nil {
		// a copy: patching must not change the loaded fixture
		b, err := json.Marshal(normalizeYAML(t.Document))
		if err != nil {
			return nil, dt, fmt.Errorf("document: %v", err)
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&doc); err != nil {
			return nil, dt, fmt.Errorf("document: %v", err)
		}
	} else {
		base := g.Base
		if base == "" {
			base = path.Join(ExamplesDir, dt.Edition, dt.Code+".json")
		}
		b, err := fs.ReadFile(fsys, base)
		if err != nil {
			return nil, dt, fmt.Errorf("base document: %v", err)
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber() // amounts stay exact
		if err := dec.Decode(&doc); err != nil {
			return nil, dt, fmt.Errorf("base document %s: %v", base, err)
		}
	}
	for _, p := range sortedKeys(t.Patch) {
		if err := patchPath(doc, p, copyValue(t.Patch[p])); err != nil {
			return nil, dt, fmt.Errorf("patch %s: %v", p, err)
		}
	}
	raw, err := json.Marshal(normalizeYAML(doc))
	if err != nil {
		return nil, dt, fmt.Errorf("document: %v", err)
	}
	return raw, dt, nil
}

// copyValue deep-copies a patch value, so that a document built from it
// never shares (and later changes) the fixture's own maps and lists.
func copyValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = copyValue(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = copyValue(e)
		}
		return l
	}
	return v
}

// Replay runs one fixture test through the same decode and check as the
// server. The base document is read from fsys.
func (c *Catalogue) Replay(fsys fs.FS, g *FixtureGroup, t *FixtureTest) FixtureResult {
	res := FixtureResult{Name: g.Name(t), File: g.File, Line: t.Line, Rule: g.Rule}
	fail := func(format string, args ...any) FixtureResult {
		res.Problem = fmt.Sprintf(format, args...)
		return res
	}
	raw, dt, err := c.FixtureDocument(fsys, g, t)
	if err != nil {
		return fail("%v", err)
	}
	d, structural, err := DecodeAs(dt, raw)
	if err != nil {
		return fail("%v", err)
	}
	confirmed := map[string]bool{}
	for _, r := range t.Confirm {
		confirmed[r] = true
	}
	check := Check(d, structural, Options{Action: t.Action, Confirmed: confirmed})
	got := make([]string, 0, len(check.Errors))
	for _, f := range check.Errors {
		got = append(got, ExpectedFinding{f.Path, f.Rule, string(f.Severity)}.String())
	}
	want := make([]string, 0, len(t.Errors))
	for _, e := range t.Errors {
		if e.Severity == "" {
			e.Severity = string(SeverityError)
		}
		want = append(want, e.String())
	}
	sort.Strings(got)
	sort.Strings(want)
	res.Got = got
	if t.Valid != nil && *t.Valid != check.Valid {
		return fail("valid is %v, want %v; findings: %s", check.Valid, *t.Valid, strings.Join(got, "; "))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		return fail("findings differ:\n      got:  %s\n      want: %s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
	res.Passed = true
	return res
}

// Covered returns the rules that have fixtures: a test that expects a
// finding of the rule and a test of its group that passes without one.
func Covered(groups []FixtureGroup) map[string]bool {
	failing, passing := map[string]bool{}, map[string]bool{}
	for _, g := range groups {
		for _, t := range g.Tests {
			hit := false
			for _, e := range t.Errors {
				if e.Rule == g.Rule {
					hit = true
				}
			}
			if hit {
				failing[g.Rule] = true
			} else {
				passing[g.Rule] = true
			}
		}
	}
	out := map[string]bool{}
	for r := range failing {
		if passing[r] {
			out[r] = true
		}
	}
	return out
}

// patchPath sets (or, with nil, deletes) the value at "head.amount",
// "lineList[0].costType", "lineList[1]" or "lineList" in a JSON document.
func patchPath(doc map[string]any, p string, v any) error {
	steps, err := splitPath(p)
	if err != nil {
		return err
	}
	var cur any = doc
	for i, s := range steps {
		last := i == len(steps)-1
		switch c := cur.(type) {
		case map[string]any:
			key, ok := s.(string)
			if !ok {
				return fmt.Errorf("%v is not an object key", s)
			}
			if last {
				if v == nil {
					delete(c, key)
				} else {
					c[key] = v
				}
				return nil
			}
			if _, ok := c[key]; !ok {
				if _, isIndex := steps[i+1].(int); isIndex {
					c[key] = []any{}
				} else {
					c[key] = map[string]any{}
				}
			}
			if l, isList := c[key].([]any); isList {
				if n, isIndex := steps[i+1].(int); isIndex {
					for len(l) <= n {
						l = append(l, map[string]any{})
					}
					c[key] = l
				}
			}
			cur = c[key]
		case []any:
			n, ok := s.(int)
			if !ok || n >= len(c) {
				return fmt.Errorf("no row %v", s)
			}
			if last {
				c[n] = v
				return nil
			}
			cur = c[n]
		default:
			return fmt.Errorf("cannot go into %T", cur)
		}
	}
	return nil
}

func splitPath(p string) ([]any, error) {
	var out []any
	for _, part := range strings.Split(p, ".") {
		for part != "" {
			i := strings.IndexByte(part, '[')
			if i < 0 {
				out = append(out, part)
				break
			}
			if i > 0 {
				out = append(out, part[:i])
			}
			j := strings.IndexByte(part, ']')
			if j < i {
				return nil, fmt.Errorf("unclosed [ in %q", p)
			}
			n, err := strconv.Atoi(part[i+1 : j])
			if err != nil {
				return nil, fmt.Errorf("bad row index in %q", p)
			}
			out = append(out, n)
			part = part[j+1:]
		}
	}
	return out, nil
}

// normalizeYAML turns map[interface{}]interface{} (never produced by yaml.v3
// for string keys, but possible for odd keys) into JSON-ready maps.
func normalizeYAML(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeYAML(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = normalizeYAML(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = normalizeYAML(e)
		}
		return x
	}
	return v
}
