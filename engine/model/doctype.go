package model

import (
	"reflect"

	"github.com/expr-lang/expr/vm"
)

// Severity of a pre-save check finding.
type Severity string

const (
	SeverityError   Severity = "error"   // blocks save
	SeverityWarning Severity = "warning" // shown, does not block
	SeverityConfirm Severity = "confirm" // weak control: blocks until the user confirms
)

// Action modes of the form (spec: action query parameter).
var ActionModes = []string{"new", "edit", "read", "oaapplicant", "oareview", "partedit", "fssc", "fsscPartedit"}

// Mode is an action mode: whether fields are editable by default and which
// toolbar buttons it offers.
type Mode struct {
	Name     string
	Editable bool
	Buttons  []string
}

// CanSave tells whether the action mode offers saving at all (its buttons
// include save): read and oareview do not.
func (m *Mode) CanSave() bool {
	for _, b := range m.Buttons {
		if b == "save" {
			return true
		}
	}
	return false
}

// DocType is one compiled document type. The compiler (package load) builds
// it: NewDocType, AddSection, then BuildEnv once the sections are complete;
// after that it is immutable and safe for concurrent use.
type DocType struct {
	Code        string
	Version     int
	Family      string // the save URL's family: ap, ar, gl, as, ht
	Module      string // the business family whose field groups it uses
	Source      string // spec: the spec gives its fields; family: built from its family's groups
	Edition     string
	Title       Text
	LeadPage    Text
	Description Text
	File        string
	VersionLine int // line of `version:` in File, where version problems point
	Sections    []*Section
	SubTypes    []*SubType
	Buttons     map[string]*Cond
	Rules       []*Rule
	// RuleRecords are the master-data types the type's rules read (record,
	// standard), sorted: what a check's model.Lookup must answer.
	RuleRecords []string
	env         *Env
	modes       map[string]*Mode
	sections    map[string]*Section
}

// NewDocType returns d ready for its sections, with the action modes of its
// catalogue.
func NewDocType(d DocType, modes map[string]*Mode) *DocType {
	d.modes, d.sections = modes, map[string]*Section{}
	if d.Buttons == nil {
		d.Buttons = map[string]*Cond{}
	}
	return &d
}

// Section returns the named section (head, lineList, ...), or nil.
func (d *DocType) Section(name string) *Section { return d.sections[name] }

// AddSection appends s to the type's sections; false (and nothing added)
// when the type has a section of that name already.
func (d *DocType) AddSection(s *Section) bool {
	if d.sections[s.Name] != nil {
		return false
	}
	d.sections[s.Name] = s
	d.Sections = append(d.Sections, s)
	return true
}

// Mode returns the action mode of the document type's catalogue, or nil.
func (d *DocType) Mode(action string) *Mode { return d.modes[action] }

// NewDocument returns an empty document of the type (a head with only docType).
func (d *DocType) NewDocument() *Document {
	return &Document{Type: d, Objects: map[string]Values{"head": {"docType": d.Code}}, Tables: map[string][]Values{}}
}

// Section is a part of the document: the head, another object (recipt), or a
// table of rows (lineList, itemList, paymentList, ...).
type Section struct {
	Name        string
	Source      string // spec or family
	Title       Text
	Table       bool
	StatusField string // line-status field of a table, "" if none
	Hidden      bool   // hidden unless a sub-type shows it
	Fields      []*Field
	fields      map[string]*Field
	goType      reflect.Type // struct type of one object or row (see BuildEnv)
}

// Field returns the named field of the section, or nil.
func (s *Section) Field(name string) *Field { return s.fields[name] }

// FieldNamed is Field for a name given as bytes (a key read from JSON),
// without making a string of it.
func (s *Section) FieldNamed(name []byte) *Field { return s.fields[string(name)] }

// AddField appends f to the section's fields (setting f.Section); false (and
// nothing added) when the section has a field of that name already.
func (s *Section) AddField(f *Field) bool {
	if s.fields == nil {
		s.fields = map[string]*Field{}
	}
	if s.fields[f.Name] != nil {
		return false
	}
	f.Section, f.key = s, s.Name+"."+f.Name
	s.fields[f.Name] = f
	s.Fields = append(s.Fields, f)
	return true
}

// Cond is a constant or compiled boolean condition.
type Cond struct {
	Const bool
	Prog  *vm.Program
	Src   string
}

// Dynamic tells whether the condition is an expression (not a constant).
func (c *Cond) Dynamic() bool { return c != nil && c.Prog != nil }

// Rule is a compiled pre-save check of one document type.
type Rule struct {
	ID       string
	Table    string // "" for a document rule; the table for a per-row rule
	When     *vm.Program
	WhenSrc  string
	Check    *vm.Program
	Path     string // field path the finding points at (relative to the row for table rules)
	Severity Severity
	Message  Text
	File     string
	Line     int
	Src      string
	// Args are the values a finding's message names ({limit} for the arg
	// limit), worked out when the rule fails.
	Args []RuleArg
	// RowInputs is what When and Check read of the row, for a table rule.
	RowInputs RowInputs
}

// RuleArg is a value a rule's message names: an expression over the rule's
// environment, shown as text (decimals with at least 2 places, a name in
// each language).
type RuleArg struct {
	Name string
	Prog *vm.Program
	Src  string
}
