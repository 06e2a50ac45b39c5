package load

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
)

// checkNames walks a compiled program for names expr let through. expr
// (v1.17) type-checks the arguments of a typed function call only on its
// first pass; with operator overloading (a patcher) the call's type is then
// cached and a misspelt field inside, as in blank(head.reasn), is accepted.
// Every name in a catalogue expression is typed, so an untyped identifier or
// member access is such an error.
func checkNames(p *vm.Program, src string) error {
	var err *file.Error
	ast.Find(p.Node(), func(n ast.Node) bool {
		if err != nil {
			return true
		}
		switch x := n.(type) {
		case *ast.MemberNode:
			prop, ok := x.Property.(*ast.StringNode)
			if !ok {
				return false
			}
			base := x.Node.Type()
			for base != nil && base.Kind() == reflect.Pointer {
				base = base.Elem()
			}
			if base != nil && base.Kind() == reflect.Struct && !hasExprField(base, prop.Value) {
				err = &file.Error{Location: x.Property.Location(), Message: "unknown field " + prop.Value}
			}
		case *ast.IdentifierNode:
			if x.Type() == nil {
				err = &file.Error{Location: x.Location(), Message: fmt.Sprintf("unknown name %s", x.Value)}
			}
		}
		return false
	})
	if err != nil {
		return err.Bind(file.NewSource(src))
	}
	return nil
}

func hasExprField(t reflect.Type, name string) bool {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := strings.Split(f.Tag.Get("expr"), ",")[0]
		if tag == name || (tag == "" && f.Name == name) {
			return true
		}
	}
	return false
}
