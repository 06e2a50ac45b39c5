package load

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// The types in this file are the catalogue's YAML as analysts write it. They
// keep the position of every expression so that load errors point at it.

// exprSrc is an expr-language expression with its place in a YAML file.
type exprSrc struct {
	Src    string
	Line   int
	Column int // column of the first character of the expression itself
}

func (e *exprSrc) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("line %d: an expression must be a string", n.Line)
	}
	e.Src, e.Line, e.Column = n.Value, n.Line, n.Column
	if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0 {
		e.Column++
	}
	return nil
}

// boolOrExpr is either a constant (true/false) or an expression yielding bool.
type boolOrExpr struct {
	Set   bool
	Const bool
	Expr  *exprSrc
}

func (b *boolOrExpr) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("line %d: expected true, false or an expression", n.Line)
	}
	b.Set = true
	if n.Tag == "!!bool" {
		return n.Decode(&b.Const)
	}
	b.Expr = &exprSrc{}
	return b.Expr.UnmarshalYAML(n)
}

// rawValue keeps a scalar default value and where it was written.
type rawValue struct {
	Node *yaml.Node
}

func (r *rawValue) UnmarshalYAML(n *yaml.Node) error { r.Node = n; return nil }

// fieldYAML is one entry of the field catalogue (schemas/_fields/*.yaml), or
// an override of one inside a group or document type.
type fieldYAML struct {
	Label     model.Text  `yaml:"label"`
	Type      string      `yaml:"type" enum:"string,text,date,money,number,integer,enum"`
	Enum      string      `yaml:"enum" doc:"the enumeration of an enum field (schemas/_enums)"`
	MaxLength int         `yaml:"maxLength"`
	Min       *string     `yaml:"min"`
	Max       *string     `yaml:"max"`
	Display   string      `yaml:"display"` // e.g. accountMask
	ReadOnly  *bool       `yaml:"readOnly"`
	Default   *rawValue   `yaml:"default"`
	Value     *exprSrc    `yaml:"value"` // derived value
	Visible   *boolOrExpr `yaml:"visible"`
	Required  *boolOrExpr `yaml:"required"`
	Editable  *boolOrExpr `yaml:"editable"`
	Hidden    *bool       `yaml:"hidden"` // hidden unless a sub-type shows it
	Source    string      `yaml:"source"` // spec | family: where the field list comes from
	Ref       *string     `yaml:"ref" doc:"the master-data type whose key the field holds (\"\" in a group or type: none here)"`
	// RefCompany names the field (of the same header or row) holding the
	// company the referenced record belongs to, when that is not the
	// document's company (a cost centre of the company paid for).
	RefCompany string `yaml:"refCompany" doc:"the field of the same header or row holding the company of the referenced record, when not the document's"`
}

// fieldEntryYAML is a group or section entry written as a mapping: a field
// name, the catalogue entry it is (when the names differ) and overrides.
type fieldEntryYAML struct {
	Name      string `yaml:"name"`
	Field     string `yaml:"field" doc:"the field catalogue entry, when the document's name differs from it"`
	fieldYAML `yaml:",inline"`
}

// fieldRef is a group or section entry: a catalogue field name, optionally
// with overrides (`- name: amount` plus override keys). `field` names the
// catalogue entry when the document's field name differs from it (a line's
// `status` is the catalogue's `lineStatus`).
type fieldRef struct {
	Name    string
	Catalog string
	fieldYAML
	Line, Column int
}

func (f *fieldRef) UnmarshalYAML(n *yaml.Node) error {
	f.Line, f.Column = n.Line, n.Column
	if n.Kind == yaml.ScalarNode {
		f.Name = n.Value
		return nil
	}
	var aux fieldEntryYAML
	if err := yamlx.StrictKeys(n, reflect.TypeOf(&aux)); err != nil {
		return err
	}
	if err := n.Decode(&aux); err != nil {
		return err
	}
	f.Name, f.Catalog, f.fieldYAML = aux.Name, aux.Field, aux.fieldYAML
	return nil
}

type enumYAML struct {
	Label  model.Text      `yaml:"label"`
	Values []enumValueYAML `yaml:"values"`
}

type enumValueYAML struct {
	Key   string     `yaml:"key"`
	Label model.Text `yaml:"label"`
}

type groupYAML struct {
	Label  model.Text `yaml:"label"`
	Fields []fieldRef `yaml:"fields"`
}

type sectionYAML struct {
	Title  model.Text `yaml:"title"`
	Source string     `yaml:"source"` // spec | family: where the section's field list comes from
	Table  bool       `yaml:"table"`
	Status string     `yaml:"status"` // the row's line-status field, for tables
	Uses   []string   `yaml:"uses"`
	Fields []fieldRef `yaml:"fields"`
	Hidden bool       `yaml:"hidden"`
	Line   int        `yaml:"-"`
}

type subTypeYAML struct {
	Title model.Text `yaml:"title"`
	Sobs  []string   `yaml:"sobs"`
	Show  []string   `yaml:"show"`
	Hide  []string   `yaml:"hide"`
	// CreditLines are the tables whose amounts may be negative in this
	// sub-type (and its children); the reason goes in a YAML comment.
	CreditLines []string  `yaml:"creditLines"`
	Children    yaml.Node `yaml:"children"`
}

type modeYAML struct {
	Editable bool     `yaml:"editable"`
	Buttons  []string `yaml:"buttons"`
}

type ruleYAML struct {
	ID       string     `yaml:"id"`
	DocTypes []string   `yaml:"docTypes"`
	Editions []string   `yaml:"editions"` // shared rules: editions whose docTypes it applies to (default: the default edition)
	Table    string     `yaml:"table"`
	When     *exprSrc   `yaml:"when"`
	Check    *exprSrc   `yaml:"check"`
	Path     string     `yaml:"path"`
	Severity string     `yaml:"severity" enum:"error,warning,confirm"`
	Message  model.Text `yaml:"message"`
	// Args are values the message names: {limit} is replaced by the value
	// of the expression of arg limit when the rule fails.
	Args    map[string]*exprSrc `yaml:"args"`
	Comment string              `yaml:"comment"`
	Line    int                 `yaml:"-"`
}

type docTypeYAML struct {
	DocType     string                `yaml:"docType"`
	Version     int                   `yaml:"version"`
	Family      string                `yaml:"family" doc:"the save URL's family" enum:"ap,ar,gl,as,ht"`
	Module      string                `yaml:"module"`                    // business family: payables, receivables, ledger, assets, contracts, travel, treasury, expense
	Source      string                `yaml:"source" enum:"spec,family"` // spec | family: whether the spec gives this type's field list
	Edition     string                `yaml:"edition"`
	Title       model.Text            `yaml:"title"`
	LeadPage    model.Text            `yaml:"leadPage"`
	Description model.Text            `yaml:"description"`
	Sections    yaml.Node             `yaml:"sections"`
	SubTypes    yaml.Node             `yaml:"subTypes"`
	Fields      map[string]fieldYAML  `yaml:"fields"`
	Buttons     map[string]boolOrExpr `yaml:"buttons"`
	Rules       []ruleYAML            `yaml:"rules"`
	// A released snapshot carries the field catalogue and enumerations it
	// was released with, so that it never changes when the catalogue does.
	LocalFields map[string]fieldYAML `yaml:"localFields"`
	LocalEnums  map[string]enumYAML  `yaml:"localEnums"`
}

// ruleLines fills Line of each rule from the sequence node.
func ruleLines(root *yaml.Node, key string, rules []ruleYAML) {
	for j, line := range yamlx.SeqLines(root, key) {
		if j < len(rules) {
			rules[j].Line = line
		}
	}
}

// checkKeys reports a mapping key that is not a yaml field of v's type (or
// one of extra), so that a misspelt key is a load error, not silently
// ignored.
func checkKeys(n *yaml.Node, v any, extra ...string) error {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	allowed := map[string]bool{}
	for _, e := range extra {
		allowed[e] = true
	}
	var collect func(t reflect.Type)
	collect = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Anonymous {
				collect(f.Type)
				continue
			}
			name := strings.Split(f.Tag.Get("yaml"), ",")[0]
			if name != "" && name != "-" {
				allowed[name] = true
			}
		}
	}
	collect(reflect.TypeOf(v).Elem())
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !allowed[k.Value] {
			keys := make([]string, 0, len(allowed))
			for a := range allowed {
				keys = append(keys, a)
			}
			sort.Strings(keys)
			return fmt.Errorf("line %d: unknown key %q (known: %s)", k.Line, k.Value, strings.Join(keys, ", "))
		}
	}
	return nil
}

type editionsYAML struct {
	Default  string                 `yaml:"default" doc:"the edition of a company or set of books no edition names"`
	Editions map[string]editionYAML `yaml:"editions"`
}

type editionYAML struct {
	Title     model.Text `yaml:"title"`
	Companies []string   `yaml:"companies" doc:"companies that work in this edition"`
	Sobs      []string   `yaml:"sobs" doc:"sets of books that work in this edition"`
}

// ruleFileYAML is a shared rule file (rules/*.yaml).
type ruleFileYAML struct {
	Rules []ruleYAML `yaml:"rules"`
}
