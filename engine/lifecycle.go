package engine

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// LifecycleFile defines the document states and the actions between them.
const LifecycleFile = "schemas/_lifecycle.yaml"

// Lifecycle is the state machine of documents: states, and for each action
// the states it is allowed from and the state it leads to, per family.
type Lifecycle struct {
	States     map[string]*State
	StateOrder []string
	actions    map[string]map[string]*Action // family ("" = default) -> action
	Actions    []string                      // in file order
}

// State is a document status.
type State struct {
	Key      string
	Title    Text
	Editable bool // the applicant may change the document
	Final    bool
}

// Action is a lifecycle action.
type Action struct {
	Key    string
	Title  Text
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

type actionYAML struct {
	Title  Text     `yaml:"title"`
	From   []string `yaml:"from"`
	To     string   `yaml:"to"`
	Last   string   `yaml:"last"`
	Checks *bool    `yaml:"checks"`
}

// LoadLifecycle reads LifecycleFile from fsys.
func LoadLifecycle(fsys fs.FS) (*Lifecycle, error) {
	b, err := fs.ReadFile(fsys, LifecycleFile)
	if err != nil {
		return nil, err
	}
	var y lifecycleYAML
	if err := yaml.Unmarshal(b, &y); err != nil {
		return nil, fmt.Errorf("%s: %w", LifecycleFile, err)
	}
	lc := &Lifecycle{States: map[string]*State{}, actions: map[string]map[string]*Action{"": {}}}
	var problems []string
	_ = orderedMap(&y.States, func(k string, line int, v *yaml.Node) error {
		var s struct {
			Title    Text `yaml:"title"`
			Editable bool `yaml:"editable"`
			Final    bool `yaml:"final"`
		}
		if err := v.Decode(&s); err != nil {
			problems = append(problems, fmt.Sprintf("line %d: %v", line, err))
		}
		lc.States[k] = &State{Key: k, Title: s.Title, Editable: s.Editable, Final: s.Final}
		lc.StateOrder = append(lc.StateOrder, k)
		return nil
	})
	_ = orderedMap(&y.Actions, func(k string, line int, v *yaml.Node) error {
		var a actionYAML
		if err := v.Decode(&a); err != nil {
			problems = append(problems, fmt.Sprintf("line %d: %v", line, err))
		}
		lc.actions[""][k] = a.build(k, nil)
		lc.Actions = append(lc.Actions, k)
		return nil
	})
	for fam, acts := range y.Families {
		lc.actions[fam] = map[string]*Action{}
		for k, a := range acts {
			base := lc.actions[""][k]
			if base == nil {
				problems = append(problems, fmt.Sprintf("families.%s: unknown action %s", fam, k))
				continue
			}
			lc.actions[fam][k] = a.build(k, base)
		}
	}
	for fam, acts := range lc.actions {
		for k, a := range acts {
			for _, s := range append(append([]string{}, a.From...), a.To, a.Last) {
				if s != "" && s != "same" && lc.States[s] == nil {
					problems = append(problems, fmt.Sprintf("action %s%s names unknown state %s", k, famSuffix(fam), s))
				}
			}
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, fmt.Errorf("%s: %s", LifecycleFile, strings.Join(problems, "; "))
	}
	return lc, nil
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
// An action not allowed from that state is an *Error (ECONFLICT).
func (lc *Lifecycle) Next(family, state, action string, last bool) (string, error) {
	a := lc.Action(family, action)
	if a == nil {
		return "", Errorf(EINVALID, "action", "unknown action %q", action)
	}
	if !contains(a.From, state) {
		return "", Errorf(ECONFLICT, "status", "%s is not possible for a document that is %s (only when %s)", action, state, strings.Join(a.From, ", "))
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
		if contains(lc.Action(family, k).From, state) {
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
