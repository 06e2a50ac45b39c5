package engine_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The limits of docs/architecture.md, held for engine/ and its stages until
// the repository-wide check holds them everywhere.
const (
	maxPackageLines  = 2500 // lines of non-test Go code in one package
	maxFunctionLines = 80   // lines of one function, from func to its closing brace
)

// goFiles lists the non-test Go files under dir, by package directory.
func goFiles(t *testing.T, dir string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			out[filepath.Dir(p)] = append(out[filepath.Dir(p)], p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestPackageAndFunctionSizes(t *testing.T) {
	for pkg, files := range goFiles(t, ".") {
		lines := 0
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lines += strings.Count(string(b), "\n")
			for _, fn := range longFunctions(t, f, b) {
				t.Errorf("%s: longer than %d lines", fn, maxFunctionLines)
			}
		}
		if lines > maxPackageLines {
			t.Errorf("package %s has %d lines of non-test code, more than %d", pkg, lines, maxPackageLines)
		}
	}
}

// longFunctions lists the functions (declared or literal) of one file
// longer than maxFunctionLines, as file:line name (N lines).
func longFunctions(t *testing.T, file string, src []byte) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		var name string
		switch x := n.(type) {
		case *ast.FuncDecl:
			name = x.Name.Name
		case *ast.FuncLit:
			name = "func literal"
		default:
			return true
		}
		start, end := fset.Position(n.Pos()), fset.Position(n.End())
		if n := end.Line - start.Line + 1; n > maxFunctionLines {
			out = append(out, start.String()+" "+name+fmt.Sprintf(" (%d lines)", n))
		}
		return true
	})
	return out
}
