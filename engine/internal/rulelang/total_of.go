package rulelang

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/shopspring/decimal"
)

// totalOfName is the function total(map(T, .f)) is rewritten into.
const totalOfName = "_totalOf"

// totalOfField rewrites total(map(T, .f)), T a table (a list of pointers
// to row structs) and f a decimal field of its rows, into _totalOf(T, "f"),
// which sums the field where the rows hold it instead of listing the
// values first (a boxed value per row). The expression is type-checked as
// written before: a field the rows do not have stays an error.
type totalOfField struct{}

func (totalOfField) Visit(n *ast.Node) {
	call, ok := (*n).(*ast.CallNode)
	if !ok || len(call.Arguments) != 1 {
		return
	}
	if id, ok := call.Callee.(*ast.IdentifierNode); !ok || id.Value != "total" {
		return
	}
	m, ok := call.Arguments[0].(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 {
		return
	}
	pred, ok := m.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return
	}
	member, ok := pred.Node.(*ast.MemberNode)
	if !ok || member.Optional || member.Type() != decimalType {
		return
	}
	prop, isName := member.Property.(*ast.StringNode)
	if ptr, ok := member.Node.(*ast.PointerNode); !ok || ptr.Name != "" || !isName {
		return
	}
	if t := m.Arguments[0].Type(); t == nil || t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Pointer || t.Elem().Elem().Kind() != reflect.Struct {
		return
	}
	ast.Patch(n, &ast.CallNode{Callee: &ast.IdentifierNode{Value: totalOfName}, Arguments: []ast.Node{m.Arguments[0], &ast.StringNode{Value: prop.Value}}})
}

var totalOfFunction = expr.Function(totalOfName, func(p ...any) (any, error) { return totalOf(p[0], p[1].(string)), nil },
	new(func(any, string) decimal.Decimal))

// totalOf is total(map(rows, .name)) for rows a list of pointers to
// structs whose field tagged expr:"name" is a decimal.
func totalOf(rows any, name string) decimal.Decimal {
	v := reflect.ValueOf(rows)
	off, ok := decimalField(v.Type(), name)
	if !ok {
		panic(fmt.Sprintf("%s: no decimal field %s in %s", totalOfName, name, v.Type()))
	}
	ptrs := unsafe.Slice((*unsafe.Pointer)(v.UnsafePointer()), v.Len())
	dec := func(i int) decimal.Decimal {
		if ptrs[i] == nil {
			panic(fmt.Sprintf("cannot fetch %s from nil", name))
		}
		return *(*decimal.Decimal)(unsafe.Add(ptrs[i], off))
	}
	return sum(len(ptrs), func(i int) (decimal.Decimal, bool) { return dec(i), true }, dec)
}

type fieldKey struct {
	t    reflect.Type
	name string
}

// decimalFields are the offsets decimalField found, by list type and name.
var decimalFields sync.Map

// decimalField is the offset of the decimal field tagged expr:"name" in
// the structs a list of type t (of pointers to them) points to.
func decimalField(t reflect.Type, name string) (uintptr, bool) {
	key := fieldKey{t, name}
	if off, ok := decimalFields.Load(key); ok {
		return off.(uintptr), true
	}
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Pointer || t.Elem().Elem().Kind() != reflect.Struct {
		return 0, false
	}
	st := t.Elem().Elem()
	for i := 0; i < st.NumField(); i++ {
		if f := st.Field(i); f.Tag.Get("expr") == name && f.Type == decimalType {
			decimalFields.Store(key, f.Offset)
			return f.Offset, true
		}
	}
	return 0, false
}
