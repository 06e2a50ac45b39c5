// Package advancebook reads the advance types (schemas/_advances.yaml):
// which document types create which kind of advance on their approval (per
// document, or per line of one of their tables), by which tables other
// documents name advances, and what a document does to the advances it
// names (writes them off unless declared otherwise). Load checks the file
// against the catalogue: an unknown document type, edition, table, field,
// kind or effect is a problem at its file:line:col.
package advancebook

import (
	"fmt"
	"io/fs"
	"reflect"
	"slices"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// File is where the advance types are declared.
const File = "schemas/_advances.yaml"

// Kinds of advances.
var Kinds = []string{"loan", "preApplication", "prepayment", "withholding"}

// Effects a referring document has on the advances it names.
var Effects = []string{"writeOff", "repay", "return"}

// DefaultEffect is the effect of a document type the file does not list.
const DefaultEffect = "writeOff"

// Book is the advance types.
type Book struct {
	Advances   []AdvanceType
	References []Reference
	Effects    []Effect
}

// AdvanceType is a document type whose approval creates advances of Kind:
// one for the document, or, when Lines is set, one per row of that table
// of amount Amount.
type AdvanceType struct {
	DocType string `yaml:"docType"`
	Edition string `yaml:"edition"` // "": any edition
	Kind    string `yaml:"kind"`
	Lines   string `yaml:"lines"`
	Amount  string `yaml:"amount"`
}

// Reference is a table by which a document names advances: the fields of
// the advance's number (ID), its line (Item) and the amount; the kinds of
// advances it may name.
type Reference struct {
	List   string   `yaml:"list"`
	ID     string   `yaml:"id"`
	Item   string   `yaml:"item"`
	Amount string   `yaml:"amount"`
	Kinds  []string `yaml:"kinds"`
}

// Effect is what documents of DocType do to the advances they name.
type Effect struct {
	DocType string `yaml:"docType"`
	Effect  string `yaml:"effect"`
}

// Types is what Load checks the file against: the catalogue's document
// types of every edition, and its editions.
type Types interface {
	DocTypes() []*model.DocType
}

// Kind is the advance type of a document type in edition; nil when it
// creates none.
func (b *Book) Kind(docType, edition string) *AdvanceType {
	for i, a := range b.Advances {
		if a.DocType == docType && (a.Edition == "" || a.Edition == edition) {
			return &b.Advances[i]
		}
	}
	return nil
}

// Reference is the reference table of a list name; nil when none.
func (b *Book) Reference(list string) *Reference {
	for i, r := range b.References {
		if r.List == list {
			return &b.References[i]
		}
	}
	return nil
}

// EffectOf is what a document type does to the advances it names.
func (b *Book) EffectOf(docType string) string {
	for _, e := range b.Effects {
		if e.DocType == docType {
			return e.Effect
		}
	}
	return DefaultEffect
}

// Accepts tells whether the reference table may name an advance of kind.
func (r Reference) Accepts(kind string) bool { return slices.Contains(r.Kinds, kind) }

// bookFile is the file's shape, for its JSON Schema.
type bookFile struct {
	Advances   []AdvanceType `yaml:"advances" doc:"document types whose approval creates advances"`
	References []Reference   `yaml:"references" doc:"tables by which documents name advances"`
	Effects    []Effect      `yaml:"effects" doc:"what a document type does to the advances it names (default writeOff)"`
}

// YAMLType is the Go type of the file, for its JSON Schema.
func YAMLType() reflect.Type { return reflect.TypeOf(bookFile{}) }

type bookYAML struct {
	Advances   []yaml.Node `yaml:"advances"`
	References []yaml.Node `yaml:"references"`
	Effects    []yaml.Node `yaml:"effects"`
}

// Load reads File from fsys and checks it against types. Every problem
// makes it return a *model.LoadError listing them at their lines and
// columns of File. A missing file is the fs error.
func Load(fsys fs.FS, types Types) (*Book, error) {
	src, err := fs.ReadFile(fsys, File)
	if err != nil {
		return nil, err
	}
	c := &checker{src: src, types: types}
	b := c.read()
	if len(c.list) > 0 {
		e := &model.LoadError{Problems: c.list}
		e.Sort()
		return nil, e
	}
	return b, nil
}

// checker collects the problems of the file.
type checker struct {
	src   []byte
	types Types
	list  []model.Problem
}

func (c *checker) add(line, col int, format string, args ...any) {
	p := model.Problem{File: File, Line: line, Column: col, Rule: "advances", Severity: "error", Message: fmt.Sprintf(format, args...)}
	if line > 0 {
		p.Snippet = model.Snippet(c.src, line, max(col, 1))
	}
	c.list = append(c.list, p)
}

// read parses the file and checks each entry.
func (c *checker) read() *Book {
	var root yaml.Node
	if err := yaml.Unmarshal(c.src, &root); err != nil {
		for _, m := range yamlx.Messages(err) {
			c.add(m.Line, 1, "%s", m.Text)
		}
		return nil
	}
	if yamlx.Body(&root) == nil {
		c.add(1, 1, "the file is empty: it must declare the advance types")
		return nil
	}
	var y bookYAML
	err := yamlx.StrictKeys(&root, reflect.TypeOf(&y))
	if err == nil {
		err = root.Decode(&y)
	}
	if err != nil {
		for _, m := range yamlx.Messages(err) {
			c.add(m.Line, 1, "%s", m.Text)
		}
		return nil
	}
	b := &Book{}
	for i := range y.Advances {
		if a, ok := decode[AdvanceType](c, &y.Advances[i]); ok && c.advance(a, &y.Advances[i]) {
			b.Advances = append(b.Advances, a)
		}
	}
	for i := range y.References {
		if r, ok := decode[Reference](c, &y.References[i]); ok && c.reference(r, &y.References[i]) {
			b.References = append(b.References, r)
		}
	}
	for i := range y.Effects {
		if e, ok := decode[Effect](c, &y.Effects[i]); ok && c.effect(e, &y.Effects[i]) {
			b.Effects = append(b.Effects, e)
		}
	}
	if len(b.Advances) == 0 && len(c.list) == 0 {
		c.add(1, 1, "no advance types: the file must declare at least one under advances")
	}
	return b
}

// decode reads one entry strictly (an unknown key is a problem).
func decode[T any](c *checker, n *yaml.Node) (T, bool) {
	var v T
	err := yamlx.StrictKeys(n, reflect.TypeOf(&v))
	if err == nil {
		err = n.Decode(&v)
	}
	if err != nil {
		for _, m := range yamlx.Messages(err) {
			c.add(max(m.Line, n.Line), n.Column, "%s", m.Text)
		}
		return v, false
	}
	return v, true
}

// at is the line and column of key's value in the mapping n (n's own when
// it has no such key).
func at(n *yaml.Node, key string) (int, int) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1].Line, n.Content[i+1].Column
		}
	}
	return n.Line, n.Column
}

// typesOf are the document types of code (of edition when given).
func (c *checker) typesOf(code, edition string) []*model.DocType {
	var out []*model.DocType
	for _, d := range c.types.DocTypes() {
		if d.Code == code && (edition == "" || d.Edition == edition) {
			out = append(out, d)
		}
	}
	return out
}

// hasEdition tells whether some document type is of edition.
func (c *checker) hasEdition(edition string) bool {
	for _, d := range c.types.DocTypes() {
		if d.Edition == edition {
			return true
		}
	}
	return false
}

// docType checks a document type (and edition) of entry n; its types.
func (c *checker) docType(n *yaml.Node, code, edition string) []*model.DocType {
	if code == "" {
		l, col := at(n, "docType")
		c.add(l, col, "docType is required")
		return nil
	}
	if edition != "" && !c.hasEdition(edition) {
		l, col := at(n, "edition")
		c.add(l, col, "unknown edition %q", edition)
		return nil
	}
	types := c.typesOf(code, edition)
	if len(types) == 0 {
		l, col := at(n, "docType")
		c.add(l, col, "unknown document type %q%s", code, inEdition(edition))
	}
	return types
}

func inEdition(edition string) string {
	if edition == "" {
		return ""
	}
	return " in edition " + edition
}

// advance checks an advance type.
func (c *checker) advance(a AdvanceType, n *yaml.Node) bool {
	ok := c.kind(n, "kind", a.Kind)
	types := c.docType(n, a.DocType, a.Edition)
	if len(types) == 0 {
		return false
	}
	if (a.Lines == "") != (a.Amount == "") {
		l, col := at(n, "lines")
		c.add(l, col, "lines and amount go together: the table of the advance's lines and its amount field")
		return false
	}
	for _, d := range types {
		if a.Lines != "" && !c.tableField(n, d, a.Lines, "lines", a.Amount, "amount") {
			return false
		}
	}
	return ok
}

// kind checks a kind of advance at key of n.
func (c *checker) kind(n *yaml.Node, key, kind string) bool {
	if !slices.Contains(Kinds, kind) {
		l, col := at(n, key)
		c.add(l, col, "unknown kind of advance %q (one of %v)", kind, Kinds)
		return false
	}
	return true
}

// tableField checks that d has table list (at key listKey of n) with field
// (at fieldKey).
func (c *checker) tableField(n *yaml.Node, d *model.DocType, list, listKey, field, fieldKey string) bool {
	s := d.Section(list)
	if s == nil || !s.Table {
		l, col := at(n, listKey)
		c.add(l, col, "%s (%s) has no table %q", d.Code, d.Edition, list)
		return false
	}
	if field != "" && s.Field(field) == nil {
		l, col := at(n, fieldKey)
		c.add(l, col, "table %s of %s (%s) has no field %q", list, d.Code, d.Edition, field)
		return false
	}
	return true
}

// reference checks a reference table: some document type has it with the
// advance's number field, and every one that has both has the item and
// amount fields. (A table of the same name without that field, as AD's
// open items, names no advance.)
func (c *checker) reference(r Reference, n *yaml.Node) bool {
	ok := len(r.Kinds) > 0
	if !ok {
		l, col := at(n, "kinds")
		c.add(l, col, "kinds is required: the kinds of advances %s may name", r.List)
	}
	for _, k := range r.Kinds {
		ok = c.kind(n, "kinds", k) && ok
	}
	found := false
	for _, d := range c.types.DocTypes() {
		s := d.Section(r.List)
		if s == nil || !s.Table || s.Field(r.ID) == nil {
			continue
		}
		found = true
		for _, f := range [][2]string{{r.Item, "item"}, {r.Amount, "amount"}} {
			if s.Field(f[0]) == nil {
				l, col := at(n, f[1])
				c.add(l, col, "table %s of %s (%s) has no field %q", r.List, d.Code, d.Edition, f[0])
				return false
			}
		}
	}
	if !found {
		l, col := at(n, "list")
		c.add(l, col, "no document type has a table %q with a field %q", r.List, r.ID)
	}
	return ok && found
}

// effect checks a document type's effect.
func (c *checker) effect(e Effect, n *yaml.Node) bool {
	if !slices.Contains(Effects, e.Effect) {
		l, col := at(n, "effect")
		c.add(l, col, "unknown effect %q (one of %v)", e.Effect, Effects)
		return false
	}
	return len(c.docType(n, e.DocType, "")) > 0
}
