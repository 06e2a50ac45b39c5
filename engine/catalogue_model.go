package engine

import (
	"io/fs"
	"reflect"
	"sort"

	"github.com/expr-lang/expr/vm"
	"github.com/shopspring/decimal"
)

// FieldType is the kind of value a field holds.
type FieldType string

const (
	TypeString  FieldType = "string"  // short text
	TypeText    FieldType = "text"    // long text (textarea)
	TypeDate    FieldType = "date"    // yyyy-MM-dd
	TypeMoney   FieldType = "money"   // exact decimal, 2 places, +/-999999999999999
	TypeNumber  FieldType = "number"  // exact decimal (rates, quantities), up to 6 places
	TypeInteger FieldType = "integer" // whole number
	TypeEnum    FieldType = "enum"    // one key of an enumeration
)

var knownTypes = map[FieldType]bool{TypeString: true, TypeText: true, TypeDate: true, TypeMoney: true, TypeNumber: true, TypeInteger: true, TypeEnum: true}

// Severity of a pre-save check finding.
type Severity string

const (
	SeverityError   Severity = "error"   // blocks save
	SeverityWarning Severity = "warning" // shown, does not block
	SeverityConfirm Severity = "confirm" // weak control: blocks until the user confirms
)

// Action modes of the form (spec: action query parameter).
var ActionModes = []string{"new", "edit", "read", "oaapplicant", "oareview", "partedit", "fssc", "fsscPartedit"}

// Catalogue is a loaded and compiled set of document types. It is immutable
// after Load and safe for concurrent use.
type Catalogue struct {
	Fields         map[string]*FieldDef
	Enums          map[string]*Enum
	Modes          map[string]*Mode
	Editions       map[string]*Edition
	DefaultEdition string
	docTypes       map[string]*DocType // by edition/code
	released       map[string]map[int]*releasedRef
	order          []string
	fsys           fs.FS // where released snapshots are read from
}

// DocTypeVersion returns version v of a document type of an edition: the
// live type when v is its version, else the released snapshot of v; nil
// when there is neither.
func (c *Catalogue) DocTypeVersion(edition, code string, v int) *DocType {
	if d := c.docTypes[edition+"/"+code]; d != nil && d.Version == v {
		return d
	}
	r := c.released[edition+"/"+code][v]
	if r == nil {
		return nil
	}
	d, _ := c.snapshot(r)
	return d
}

// Versions lists the versions of a document type of an edition: the
// released ones and the live one, ascending.
func (c *Catalogue) Versions(edition, code string) []int {
	seen := map[int]bool{}
	for v := range c.released[edition+"/"+code] {
		seen[v] = true
	}
	if d := c.docTypes[edition+"/"+code]; d != nil {
		seen[d.Version] = true
	}
	out := make([]int, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	sort.Ints(out)
	return out
}

// Edition is a catalogue of document types side by side with the others: the
// same code may mean another document in another edition (the travel
// portal's EX01 is a repayment, the form-entry edition's a pre-application).
// Companies and sets of books choose their edition; a code an edition lacks
// comes from the default edition.
type Edition struct {
	Key       string
	Title     Text
	Companies []string
	Sobs      []string
}

// DocType returns the document type with the given code in the default
// edition, or nil.
func (c *Catalogue) DocType(code string) *DocType { return c.docTypes[c.DefaultEdition+"/"+code] }

// DocTypeIn returns the document type with the given code in edition, or in
// the default edition when that edition has no such type; nil if none.
func (c *Catalogue) DocTypeIn(edition, code string) *DocType {
	if d := c.docTypes[edition+"/"+code]; d != nil {
		return d
	}
	return c.DocType(code)
}

// EditionFor returns the edition a company and set of books work in: the
// first edition naming the set of books, else the first naming the company,
// else the default edition.
func (c *Catalogue) EditionFor(company, sob string) string {
	keys := c.editionKeys()
	for _, k := range keys {
		if sob != "" && contains(c.Editions[k].Sobs, sob) {
			return k
		}
	}
	for _, k := range keys {
		if company != "" && contains(c.Editions[k].Companies, company) {
			return k
		}
	}
	return c.DefaultEdition
}

func (c *Catalogue) editionKeys() []string {
	keys := make([]string, 0, len(c.Editions))
	for k := range c.Editions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// DocTypes lists the document types of every edition: the default edition
// first, then the others by key, each by code.
func (c *Catalogue) DocTypes() []*DocType {
	out := make([]*DocType, len(c.order))
	for i, k := range c.order {
		out[i] = c.docTypes[k]
	}
	return out
}

// FieldDef is a field of the shared field catalogue.
type FieldDef struct {
	Name      string
	Label     Text
	Type      FieldType
	Enum      *Enum
	MaxLength int
	Min, Max  *decimal.Decimal
	Display   string
	ReadOnly  bool
}

// Enum is a dropdown enumeration.
type Enum struct {
	Name   string
	Label  Text
	Values []EnumValue
	keys   map[string]bool
}

// EnumValue is one option of an enumeration.
type EnumValue struct {
	Key   string `json:"key"`
	Label Text   `json:"label"`
}

// Mode is an action mode: whether fields are editable by default and which
// toolbar buttons it offers.
type Mode struct {
	Name     string
	Editable bool
	Buttons  []string
}

// DocType is one compiled document type.
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
	derived     []*Field // fields with a value expression, in section order
	env         *envTypes
	modes       map[string]*Mode
	sections    map[string]*Section
}

// Section returns the named section (head, lineList, ...), or nil.
func (d *DocType) Section(name string) *Section { return d.sections[name] }

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
	goType      reflect.Type // struct type of one object or row
}

// Field returns the named field of the section, or nil.
func (s *Section) Field(name string) *Field { return s.fields[name] }

// Field is a field as used in one section of one document type.
type Field struct {
	*FieldDef
	Name     string // the field's name in the document (usually the catalogue name)
	Section  *Section
	Label    Text
	ReadOnly bool
	Hidden   bool // hidden unless a sub-type shows it
	Source   string
	Default  any // typed default value, nil if none
	Visible  *Cond
	Required *Cond
	Editable *Cond
	Value    *vm.Program // derived value, nil if none
	ValueSrc string      // its expression
	// DefaultText is the default as written in YAML.
	DefaultText string
	index       int // index in the section's Go struct
}

// Path returns the field's path for a head field, or the column path
// (lineList[].costType) for a table field.
func (f *Field) Path() string {
	if f.Section.Table {
		return f.Section.Name + "[]." + f.Name
	}
	return f.Section.Name + "." + f.Name
}

// Cond is a constant or compiled boolean condition.
type Cond struct {
	Const bool
	Prog  *vm.Program
	Src   string
}

// SubType is a business type node (businessType1 -> businessType2 -> ...).
type SubType struct {
	Key      string
	Title    Text
	Sobs     []string // sets of books offering it; empty: all
	Show     []string
	Hide     []string
	Children []*SubType
}

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
}

// ReleasedVersions lists the released versions of a document type of an
// edition, ascending.
func (c *Catalogue) ReleasedVersions(edition, code string) []int {
	var out []int
	for v := range c.released[edition+"/"+code] {
		out = append(out, v)
	}
	sort.Ints(out)
	return out
}
