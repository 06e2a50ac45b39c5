package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"testing"
)

// Every message the engine builds in Go for a person to read (a Text
// literal) has zh, en and th.
func TestTextLiteralsHaveEveryLanguage(t *testing.T) {
	n := 0
	for _, files := range goFiles(t, ".") {
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, file, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(node ast.Node) bool {
				lit, ok := node.(*ast.CompositeLit)
				if !ok || !isText(lit.Type) || len(lit.Elts) == 0 {
					return true
				}
				n++
				langs := map[string]bool{}
				for _, e := range lit.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.BasicLit); ok {
							s, _ := strconv.Unquote(k.Value)
							langs[s] = true
						}
					}
				}
				for _, l := range []string{"zh", "en", "th"} {
					if !langs[l] {
						t.Errorf("%s: a Text without %s", fset.Position(lit.Pos()), l)
					}
				}
				return true
			})
		}
	}
	if n < 20 {
		t.Fatalf("found only %d Text literals: is the test reading the engine's files?", n)
	}
}

// isText tells whether a literal's type is Text, model.Text or engine.Text.
func isText(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "Text"
	case *ast.SelectorExpr:
		return x.Sel.Name == "Text"
	}
	return false
}
