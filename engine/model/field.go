package model

import (
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

// Known tells whether t is one of the field types above.
func (t FieldType) Known() bool {
	switch t {
	case TypeString, TypeText, TypeDate, TypeMoney, TypeNumber, TypeInteger, TypeEnum:
		return true
	}
	return false
}

// FieldDef is a field of the shared field catalogue.
type FieldDef struct {
	Name       string
	Label      Text
	Type       FieldType
	Enum       *Enum
	MaxLength  int
	Min, Max   *decimal.Decimal
	Display    string
	ReadOnly   bool
	Ref        string // the master-data type whose record key the field holds, "" if none
	RefCompany string // the field (of the same header or row) holding the referenced record's company, "" for the document's
}

// Enum is a dropdown enumeration. Build one with NewEnum and Add.
type Enum struct {
	Name   string
	Label  Text
	Values []EnumValue
	keys   map[string]any // each option's key, boxed once: decoding stores it as is
}

// EnumValue is one option of an enumeration.
type EnumValue struct {
	Key   string `json:"key"`
	Label Text   `json:"label"`
}

// NewEnum returns an enumeration without options.
func NewEnum(name string, label Text) *Enum {
	return &Enum{Name: name, Label: label, keys: map[string]any{}}
}

// Add appends an option; it returns false (and adds nothing) when the key
// is listed already.
func (e *Enum) Add(v EnumValue) bool {
	if e.Has(v.Key) {
		return false
	}
	e.keys[v.Key] = v.Key
	e.Values = append(e.Values, v)
	return true
}

// Has tells whether key is an option of the enumeration.
func (e *Enum) Has(key string) bool { _, ok := e.keys[key]; return ok }

// option is the option key of the enumeration as a value of a document
// (boxed once, when the option was added), or nil when key is no option.
func (e *Enum) option(key []byte) any { return e.keys[string(key)] }

// Field is a field as used in one section of one document type.
type Field struct {
	*FieldDef
	Name     string // the field's name in the document (usually the catalogue name)
	Section  *Section
	Label    Text
	ReadOnly bool
	Ref      string // the master-data type whose key the field holds here (the catalogue's, unless overridden)
	// RefCompany: the field of the same header or row holding the company
	// of the referenced record (the catalogue's refCompany), "" for the
	// document's company.
	RefCompany string
	Hidden     bool // hidden unless a sub-type shows it
	Source     string
	Default    any // typed default value, nil if none
	Visible    *Cond
	Required   *Cond
	Editable   *Cond
	Value      *vm.Program // derived value, nil if none
	ValueSrc   string      // its expression
	// ValueInputs is what Value reads of its row, for a field of a table.
	ValueInputs RowInputs
	// DefaultText is the default as written in YAML.
	DefaultText string
	index       int    // index in the section's Go struct (see BuildEnv)
	key         string // section.name, as a HiddenSet names the field (set by AddField)
}

func (f *Field) Key() string { return f.key } // section.name: the path of a field of an object section
// Path returns the field's path for a head field, or the column path
// (lineList[].costType) for a table field.
func (f *Field) Path() string {
	if f.Section.Table {
		return f.Section.Name + "[]." + f.Name
	}
	return f.Section.Name + "." + f.Name
}
