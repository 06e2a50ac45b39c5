package model

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/expr-lang/expr/vm"
	"github.com/shopspring/decimal"
)

// A master-data type (schemas/_masterdata/<code>.yaml) describes one kind of
// record of the generic master-data store: a department, a vendor, a travel
// standard. Its fields are typed like document fields, with these types
// besides: text (a name in every language: {zh, en, th}), boolean, and list
// (rows of fields of their own, such as a vendor's payee accounts). A field
// with Ref holds the key of a record of another master-data type.
const (
	TypeBoolean FieldType = "boolean" // true or false (master data only)
	TypeList    FieldType = "list"    // rows of fields (master data only)
)

// Scopes of a master-data type.
const (
	ScopeCompany = "company" // each record belongs to one company (its field company; empty: every company)
	ScopeGroup   = "group"   // records are shared by the whole group
)

// Fields the store and the checks know by name: the company of a record of
// a company-scoped type and the validity of a dated type's record.
const (
	CompanyField   = "company"
	ValidFromField = "validFrom"
	ValidToField   = "validTo"
)

// MasterDataAreas are the areas master-data types are grouped in, in the
// order the configuration centre lists them.
var MasterDataAreas = []string{"organisation", "people", "partners", "finance", "projects", "budget", "travel", "standards", "config", "access", "system"}

// MasterDataType is one compiled master-data type. The loader (package
// load) builds it and calls BuildEnv before compiling its rules; after that
// it is immutable and safe for concurrent use.
type MasterDataType struct {
	Code        string
	Version     int
	Title       Text
	Description Text
	Area        string
	Menu        string   // the menu path it serves (navigation-and-access.md 2.2, 2.3), "" if none
	Keys        []string // key fields: the record key is their values joined by "/"
	Scope       string   // ScopeCompany or ScopeGroup
	Display     string   // the field shown beside the key in pickers and read mode
	Search      []string // the fields a picker's type-ahead searches
	Dated       bool     // records have validFrom and validTo
	Read, Write []string // role codes; "any" is any signed-in user
	Fields      []*MasterDataField
	Rules       []*MasterDataRule
	File        string
	VersionLine int // line of `version:` in File, where version problems point
	env         *mdEnv
}

// MasterDataField is a field of a master-data type, or of the rows of one of
// its list fields.
type MasterDataField struct {
	Name      string
	Label     Text
	Type      FieldType // string, text (a name in every language), number, integer, money, date, boolean, enum, list
	Ref       string    // the master-data type whose key the field holds, "" if none
	Enum      *Enum     // the enumeration of an enum field
	Required  bool
	MaxLength int // characters (of each language of a text)
	Min, Max  *decimal.Decimal
	ReadOnly  bool   // written by the server (a scheduled job's last result), never by a user
	Multiline bool   // long text: a text area in the form
	Mask      string // MaskAccount: lists and pickers show the value masked (mask.go)
	Rows      []*MasterDataField
	index     int // index in the record's (or row's) Go struct
}

// MasterDataRule is a compiled rule of a master-data type: over `record`, or
// with Table, over each row (`row`, `rowNo`) of that list field.
type MasterDataRule struct {
	ID      string
	Table   string
	When    *vm.Program
	WhenSrc string
	Check   *vm.Program
	Src     string
	Path    string // the field the finding points at (of the row, for a table rule)
	Message Text   // may use {row} (the row number) and {field} (the field's label)
	File    string
	Line    int
}

// Ref is a reference a document or record holds: the code at Path is the key
// of a record of master-data type Type.
type Ref struct {
	Path string `json:"path"`
	Type string `json:"type"`
	Code string `json:"code"`
	// Company is the company the record must belong to when not the
	// document's (the field's refCompany), "" for the document's.
	Company string `json:"company,omitempty"`
}

// Field returns the named field of the type, or nil.
func (t *MasterDataType) Field(name string) *MasterDataField { return findMDField(t.Fields, name) }

// Row returns the named field of a list field's rows, or nil.
func (f *MasterDataField) Row(name string) *MasterDataField { return findMDField(f.Rows, name) }

func findMDField(fields []*MasterDataField, name string) *MasterDataField {
	for _, f := range fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// CompanyScoped tells whether each record belongs to a company.
func (t *MasterDataType) CompanyScoped() bool { return t.Scope == ScopeCompany }

// Readable tells whether a holder of roles may read the type's records.
func (t *MasterDataType) Readable(roles []string) bool { return permits(t.Read, roles) }

// Writable tells whether a holder of roles may change the type's records.
func (t *MasterDataType) Writable(roles []string) bool { return permits(t.Write, roles) }

func permits(allowed, roles []string) bool {
	if slices.Contains(allowed, "any") {
		return true
	}
	for _, r := range roles {
		if slices.Contains(allowed, r) {
			return true
		}
	}
	return false
}

// Key returns the key of a record: the values of the key fields (texts)
// joined by "/", in the order of Keys ("" for a key field without one).
func (t *MasterDataType) Key(record map[string]any) string {
	parts := make([]string, len(t.Keys))
	for i, k := range t.Keys {
		parts[i], _ = record[k].(string)
	}
	return strings.Join(parts, "/")
}

// KeepServerFields makes the read-only fields of body (what the server
// writes: a scheduled job's last result) what they are in stored, whatever
// the client sent: stored is nil for a new record, which clears them.
func (t *MasterDataType) KeepServerFields(body, stored map[string]any) {
	for _, f := range t.Fields {
		if !f.ReadOnly {
			continue
		}
		if v, ok := stored[f.Name]; ok {
			body[f.Name] = v
		} else {
			delete(body, f.Name)
		}
	}
}

// The rule environment of a master-data type: the record as a typed struct,
// so that an unknown field or a type mismatch in a rule is a load error.
//
//	record.limit           a field of the record
//	record.name.zh         a language of a text
//	record.accounts        a list field: a list of rows
//	row.cnaps, rowNo       in a rule with `table:`, the current row and its 1-based number
type mdEnv struct {
	record reflect.Type            // the record's struct
	doc    reflect.Type            // {record}
	tables map[string]reflect.Type // per list field: {record, row, rowNo}
}

// NameType is the Go type a text (a name in every language) has in a rule.
var NameType = reflect.TypeOf(struct {
	Zh string `expr:"zh"`
	En string `expr:"en"`
	Th string `expr:"th"`
}{})

// BuildEnv builds the types the type's rules are compiled and run against;
// the loader calls it once the fields are complete.
func (t *MasterDataType) BuildEnv() {
	rec := mdStruct(t.Fields)
	e := &mdEnv{record: rec, tables: map[string]reflect.Type{}}
	recField := reflect.StructField{Name: "Record", Type: rec, Tag: `expr:"record"`}
	e.doc = reflect.StructOf([]reflect.StructField{recField})
	for _, f := range t.Fields {
		if f.Type == TypeList {
			e.tables[f.Name] = reflect.StructOf([]reflect.StructField{recField,
				{Name: "Row", Type: mdStruct(f.Rows), Tag: `expr:"row"`},
				{Name: "RowNo", Type: IntType, Tag: `expr:"rowNo"`}})
		}
	}
	t.env = e
}

// EnvZero returns a pointer to a zero rule environment: of the record with
// table "", else of a row of that list field; nil before BuildEnv or for a
// field that is no list.
func (t *MasterDataType) EnvZero(table string) any {
	if t.env == nil {
		return nil
	}
	if table == "" {
		return reflect.New(t.env.doc).Interface()
	}
	if tt := t.env.tables[table]; tt != nil {
		return reflect.New(tt).Interface()
	}
	return nil
}

func mdStruct(fields []*MasterDataField) reflect.Type {
	sf := make([]reflect.StructField, len(fields))
	for i, f := range fields {
		f.index = i
		sf[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: mdGoType(f), Tag: reflect.StructTag(fmt.Sprintf(`expr:%q`, f.Name))}
	}
	return reflect.StructOf(sf)
}

// mdGoType is the Go type of a master-data field in a rule environment.
func mdGoType(f *MasterDataField) reflect.Type {
	switch f.Type {
	case TypeText:
		return NameType
	case TypeBoolean:
		return BoolType
	case TypeList:
		return reflect.SliceOf(mdStruct(f.Rows))
	}
	return GoType(f.Type)
}
