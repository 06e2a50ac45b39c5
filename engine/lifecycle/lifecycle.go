// Package lifecycle reads the document lifecycle (schemas/_lifecycle.yaml):
// the states a document goes through and, per action, the states it is
// allowed from and the state it leads to, with per-family overrides. The
// process use cases ask it which actions a document allows and where one
// leads.
package lifecycle

import (
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"sort"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// File defines the document states and the actions between them.
const File = "schemas/_lifecycle.yaml"

// Lifecycle is the state machine of documents: states, and for each action
// the states it is allowed from and the state it leads to, per family.
type Lifecycle struct {
	States     map[string]*State
	StateOrder []string
	actions    map[string]map[string]*Action // family ("" = default) -> action
	Actions    []string                      // in file order
	lines      map[string]int                // line of each action in File
}

// State is a document status.
type State struct {
	Key      string
	Title    model.Text
	Editable bool // the applicant may change the document
	Final    bool
}

// Action is a lifecycle action.
type Action struct {
	Key    string
	Title  model.Text
	From   []string
	To     string // a state, or "same"
	Last   string // for approve: the state after the last task
	Checks bool   // runs the pre-save checks
}

type lifecycleYAML struct {
	States   yaml.Node                        `yaml:"states"`
	Actions  yaml.Node                        `yaml:"actions"`
	Families map[string]map[string]actionYAML `yaml:"families"`
}

type stateYAML struct {
	Title    model.Text `yaml:"title"`
	Editable bool       `yaml:"editable"`
	Final    bool       `yaml:"final"`
}

type actionYAML struct {
	Title  model.Text `yaml:"title"`
	From   []string   `yaml:"from"`
	To     string     `yaml:"to"`
	Last   string     `yaml:"last"`
	Checks *bool      `yaml:"checks"`
}

// Load reads File from fsys. Every problem (malformed YAML, an empty file,
// an unknown key, an action naming an unknown state or none, no states or
// actions) makes it return a *model.LoadError listing them at their lines
// of File; no content makes it panic. A missing file is the fs error.
func Load(fsys fs.FS) (lc *Lifecycle, err error) {
	b, err := fs.ReadFile(fsys, File)
	if err != nil {
		return nil, err
	}
	p := &problems{src: b}
	defer func() {
		if r := recover(); r != nil {
			p.add(0, "cannot be read (please report it): %v", r)
			lc, err = nil, p.err()
		}
	}()
	if y := p.parse(); y != nil {
		lc = p.build(y)
	}
	if len(p.list) > 0 {
		return nil, p.err()
	}
	return lc, nil
}

// problems collects the problems of the lifecycle file.
type problems struct {
	src  []byte
	list []model.Problem
}

func (p *problems) add(line int, format string, args ...any) {
	pr := model.Problem{File: File, Line: line, Rule: "lifecycle", Severity: "error", Message: fmt.Sprintf(format, args...)}
	if line > 0 {
		pr.Column, pr.Snippet = 1, model.Snippet(p.src, line, 1)
	}
	p.list = append(p.list, pr)
}

func (p *problems) yaml(line int, prefix string, err error) {
	for _, m := range yamlx.Messages(err) {
		p.add(max(m.Line, line), "%s%s", prefix, m.Text)
	}
}

func (p *problems) err() error {
	e := &model.LoadError{Problems: p.list}
	e.Sort()
	return e
}

// parse reads the file's YAML; nil when it cannot be read as a lifecycle.
func (p *problems) parse() *lifecycleYAML {
	var root yaml.Node
	if err := yaml.Unmarshal(p.src, &root); err != nil {
		p.yaml(0, "", err)
		return nil
	}
	if yamlx.Body(&root) == nil {
		p.add(1, "the file is empty: it must declare the states and actions")
		return nil
	}
	var y lifecycleYAML
	err := yamlx.StrictKeys(&root, reflect.TypeOf(&y))
	if err == nil {
		err = root.Decode(&y)
	}
	if err != nil {
		p.yaml(0, "", err)
		return nil
	}
	return &y
}

// build makes the lifecycle of the parsed file, adding its problems.
func (p *problems) build(y *lifecycleYAML) *Lifecycle {
	lc := &Lifecycle{States: map[string]*State{}, actions: map[string]map[string]*Action{"": {}}, lines: map[string]int{}}
	if err := yamlx.OrderedMap(&y.States, func(k string, line int, v *yaml.Node) error {
		var s stateYAML
		if err := decodeStrict(v, &s); err != nil {
			p.yaml(line, "state "+k+": ", err)
		}
		lc.States[k] = &State{Key: k, Title: s.Title, Editable: s.Editable, Final: s.Final}
		lc.StateOrder = append(lc.StateOrder, k)
		return nil
	}); err != nil {
		p.add(y.States.Line, "states: %v of states", err)
	}
	if err := yamlx.OrderedMap(&y.Actions, func(k string, line int, v *yaml.Node) error {
		var a actionYAML
		if err := decodeStrict(v, &a); err != nil {
			p.yaml(line, "action "+k+": ", err)
		}
		lc.actions[""][k] = a.build(k, nil)
		lc.Actions = append(lc.Actions, k)
		lc.lines[k] = line
		return nil
	}); err != nil {
		p.add(y.Actions.Line, "actions: %v of actions", err)
	}
	if len(lc.States) == 0 || len(lc.Actions) == 0 {
		p.add(1, "the lifecycle needs states and actions")
	}
	lc.addFamilies(p, y.Families)
	lc.checkStates(p)
	return lc
}

// decodeStrict decodes a node into v, refusing keys v does not have.
func decodeStrict(n *yaml.Node, v any) error {
	if err := yamlx.StrictKeys(n, reflect.TypeOf(v)); err != nil {
		return err
	}
	return n.Decode(v)
}

// addFamilies applies the families' overrides of actions.
func (lc *Lifecycle) addFamilies(p *problems, families map[string]map[string]actionYAML) {
	for fam, acts := range families {
		lc.actions[fam] = map[string]*Action{}
		for k, a := range acts {
			base := lc.actions[""][k]
			if base == nil {
				p.add(0, "families.%s: unknown action %s", fam, k)
				continue
			}
			lc.actions[fam][k] = a.build(k, base)
		}
	}
}

// checkStates reports actions that name an unknown state or lead nowhere.
func (lc *Lifecycle) checkStates(p *problems) {
	for fam, acts := range lc.actions {
		for k, a := range acts {
			if a.To == "" {
				p.add(lc.lines[k], "action %s%s has no to: name the state it leads to, or same", k, famSuffix(fam))
			}
			for _, s := range append(append([]string{}, a.From...), a.To, a.Last) {
				if s != "" && s != "same" && lc.States[s] == nil {
					p.add(lc.lines[k], "action %s%s names unknown state %s", k, famSuffix(fam), s)
				}
			}
		}
	}
}

func famSuffix(f string) string {
	if f == "" {
		return ""
	}
	return " (family " + f + ")"
}

func (a actionYAML) build(key string, base *Action) *Action {
	out := &Action{Key: key}
	if base != nil {
		*out = *base
	}
	if len(a.Title) > 0 {
		out.Title = a.Title
	}
	if a.From != nil {
		out.From = a.From
	}
	if a.To != "" {
		out.To = a.To
	}
	if a.Last != "" {
		out.Last = a.Last
	}
	if a.Checks != nil {
		out.Checks = *a.Checks
	}
	return out
}

// Action returns an action as it applies to a family, or nil.
func (lc *Lifecycle) Action(family, key string) *Action {
	if a := lc.actions[family][key]; a != nil {
		return a
	}
	return lc.actions[""][key]
}

// Next returns the state action leads to from state, for a document of
// family; last tells whether the current approval task is the route's last.
// An action not allowed from that state is an *model.Error (ECONFLICT).
func (lc *Lifecycle) Next(family, state, action string, last bool) (string, error) {
	a := lc.Action(family, action)
	if a == nil {
		return "", model.Errorf(model.EINVALID, "action", "unknown action %q", action)
	}
	if !slices.Contains(a.From, state) {
		return "", model.Errorf(model.ECONFLICT, "status", "%s is not possible for a document that is %s (only when %s)", action, state, strings.Join(a.From, ", "))
	}
	switch {
	case last && a.Last != "":
		return a.Last, nil
	case a.To == "same":
		return state, nil
	}
	return a.To, nil
}

// Allowed lists the actions possible from state for family, in file order.
func (lc *Lifecycle) Allowed(family, state string) []string {
	var out []string
	for _, k := range lc.Actions {
		if slices.Contains(lc.Action(family, k).From, state) {
			out = append(out, k)
		}
	}
	return out
}

// Markdown renders the transition table of a family, for the docs.
func (lc *Lifecycle) Markdown(family string) string {
	var b strings.Builder
	b.WriteString("| action | from | to | pre-save checks |\n|---|---|---|---|\n")
	for _, k := range lc.Actions {
		a := lc.Action(family, k)
		to := a.To
		if to == "same" {
			to = "(unchanged)"
		}
		if a.Last != "" {
			to += ", " + a.Last + " after the last task"
		}
		checks := "no"
		if a.Checks {
			checks = "yes"
		}
		fmt.Fprintf(&b, "| %s (%s) | %s | %s | %s |\n", k, a.Title.In("zh"), strings.Join(a.From, ", "), to, checks)
	}
	return b.String()
}

// Families lists the families with their own overrides.
func (lc *Lifecycle) Families() []string {
	var out []string
	for f := range lc.actions {
		if f != "" {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// YAMLType is the Go type File decodes into: what its JSON Schema
// (schemas/_jsonschema/lifecycle.schema.json) is written from.
func YAMLType() reflect.Type { return reflect.TypeOf(lifecycleYAML{}) }

// SchemaFields says what the ordered mappings of the file hold, for its
// JSON Schema (see engine/internal/yamlschema).
func (lifecycleYAML) SchemaFields() map[string]any {
	return map[string]any{"states": map[string]stateYAML{}, "actions": map[string]actionYAML{}}
}
