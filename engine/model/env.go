package model

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/shopspring/decimal"
)

// Rules see the document as typed structs built per document type, so that
// an unknown field or a type mismatch is a compile error at load time:
//
//	head.amount            the head's amount (decimal)
//	lineList[0].costType   a cell of a table (tables are lists of rows)
//	row.costType           in a table rule: the current row; rowNo is its 1-based number
//	action                 the action mode (new, edit, read, ...)
//
// A value that is missing from the document reads as its type's zero value:
// "" for text, dates and enumerations, 0 for money, numbers and integers.
// Whether a value was given at all is the business of `required`, which the
// engine checks on the document itself, not in expressions.

// The Go types of values in rule environments.
var (
	DecimalType = reflect.TypeOf(decimal.Decimal{})
	StringType  = reflect.TypeOf("")
	IntType     = reflect.TypeOf(0)
	BoolType    = reflect.TypeOf(true)
)

// GoType is the Go type a field of type t has in a rule environment.
func GoType(t FieldType) reflect.Type {
	switch t {
	case TypeMoney, TypeNumber:
		return DecimalType
	case TypeInteger:
		return IntType
	default:
		return StringType
	}
}

// Env holds the struct types the expressions of one document type are
// compiled and run against: Doc for document rules and, per table, a type
// for its row rules. Both start with one field per section (in
// DocType.Sections order: a pointer to the object's struct, or the table's
// slice of pointers to row structs) and the action; a table's type then has a pointer
// to the current row and its number.
type Env struct {
	Doc    reflect.Type
	Tables map[string]reflect.Type
	NSec   int // the number of sections: the index of the Action field
}

// Indexes of the fields after the sections in an Env struct.
const (
	EnvActionOffset  = 0 // Action, in Doc and every table type
	EnvContextOffset = 1 // Context (*RuleContext), in Doc and every table type
	EnvRowOffset     = 2 // Row, in a table type
	EnvRowNoOffset   = 3 // RowNo, in a table type
)

// EnvActionField is the Go name of the action field of an Env struct.
const EnvActionField = "Action"

// Env returns the type's rule environment types (nil before BuildEnv).
func (d *DocType) Env() *Env { return d.env }

// BuildEnv builds the rule environment types from the type's sections and
// fields; the compiler calls it once the sections are complete.
func (d *DocType) BuildEnv() {
	var common []reflect.StructField
	for i, s := range d.Sections {
		var sf []reflect.StructField
		for j, f := range s.Fields {
			f.index = j
			sf = append(sf, reflect.StructField{Name: fmt.Sprintf("F%d", j), Type: GoType(f.Type), Tag: reflect.StructTag(fmt.Sprintf(`expr:%q`, f.Name))})
		}
		s.goType = reflect.StructOf(sf)
		// an object is reached through a pointer and a table is a list of
		// pointers to its rows: reading head, a table or a row in a rule
		// copies no struct
		t := reflect.PointerTo(s.goType)
		if s.Table {
			t = reflect.SliceOf(t)
		}
		common = append(common, reflect.StructField{Name: fmt.Sprintf("S%d", i), Type: t, Tag: reflect.StructTag(fmt.Sprintf(`expr:%q`, s.Name))})
	}
	common = append(common, reflect.StructField{Name: EnvActionField, Type: StringType, Tag: `expr:"action"`},
		reflect.StructField{Name: "Context", Type: RuleContextType, Tag: reflect.StructTag(fmt.Sprintf(`expr:%q`, EnvContextName))})
	env := &Env{Doc: reflect.StructOf(common), Tables: map[string]reflect.Type{}, NSec: len(d.Sections)}
	for _, s := range d.Sections {
		if !s.Table {
			continue
		}
		fields := append(append([]reflect.StructField{}, common...),
			reflect.StructField{Name: "Row", Type: reflect.PointerTo(s.goType), Tag: `expr:"row"`},
			reflect.StructField{Name: "RowNo", Type: IntType, Tag: `expr:"rowNo"`})
		env.Tables[s.Name] = reflect.StructOf(fields)
	}
	d.env = env
}

// Zero returns a zero environment: of the document with table "", else of
// that table's rows. The compiler compiles expressions against it: a struct
// value (not a pointer), so that expr reads its fields by index
// (OpLoadField) rather than by name; rules run against a pointer to one.
func (e *Env) Zero(table string) any {
	if table != "" {
		return reflect.New(e.Tables[table]).Elem().Interface()
	}
	return reflect.New(e.Doc).Elem().Interface()
}

// RowType is the struct type of one object or row of the section in a rule
// environment (nil before BuildEnv).
func (s *Section) RowType() reflect.Type { return s.goType }

// StructField is the field of RowType holding field name; false when s
// has no such field.
func (s *Section) StructField(name string) (reflect.StructField, bool) {
	f := s.fields[name]
	if f == nil || s.goType == nil {
		return reflect.StructField{}, false
	}
	return s.goType.Field(f.index), true
}

// SetGo sets field f of sv (a struct of its section's RowType) to the typed
// value v; nil (or any other type) sets the zero value.
func SetGo(sv reflect.Value, f *Field, v any) {
	fv := sv.Field(f.index)
	switch x := v.(type) {
	case string:
		fv.SetString(x)
	case int:
		fv.SetInt(int64(x))
	case decimal.Decimal:
		// by address: reflect.ValueOf(x) boxes x, Addr looks a type up
		*(*decimal.Decimal)(unsafe.Pointer(fv.UnsafeAddr())) = x
	default:
		fv.SetZero()
	}
}

// FillStruct sets the fields of sv (a zero struct of the section's RowType)
// from vals.
func FillStruct(sv reflect.Value, s *Section, vals Values) {
	for name, v := range vals {
		if f := s.fields[name]; f != nil {
			SetGo(sv, f, v)
		}
	}
}
