package formwork_test

// The layout of docs/architecture.md, held: which package may import
// which, how large a package and a function may grow.

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "formwork"

// goPackage is what `go list -json` says of a package.
type goPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
}

func listPackages(t *testing.T) []goPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var pkgs []goPackage
	for dec.More() {
		var p goPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// adapterOf is the adapter a package belongs to, or "": a sub-package is
// part of its adapter (adapters/httpapi/guard is adapter httpapi, and may
// import adapters/httpapi and be imported by it).
func adapterOf(path string) string {
	rest, ok := strings.CutPrefix(path, module+"/adapters/")
	if !ok {
		return ""
	}
	return strings.SplitN(rest, "/", 2)[0]
}

func isWiring(path string) bool {
	return path == module+"/tools/formwork" || strings.HasPrefix(path, module+"/tools/")
}

// forbiddenInDomain are the technologies a domain package never imports.
var forbiddenInDomain = []string{"github.com/labstack/echo", "gorm.io/", "github.com/libtnb/sqlite", "modernc.org/sqlite"}

// TestImportArrows: domain packages import neither echo nor gorm nor an
// adapter; an adapter never imports another adapter; only tools/formwork
// imports adapters.
func TestImportArrows(t *testing.T) {
	for _, p := range listPackages(t) {
		own := adapterOf(p.ImportPath)
		for _, imp := range p.Imports {
			other := adapterOf(imp)
			switch {
			case other != "" && own != "" && other != own:
				t.Errorf("%s imports %s: an adapter never imports another adapter", p.ImportPath, imp)
			case other != "" && own == "" && !isWiring(p.ImportPath):
				t.Errorf("%s imports %s: only tools/formwork wires adapters", p.ImportPath, imp)
			}
			if own != "" || isWiring(p.ImportPath) {
				continue
			}
			for _, f := range forbiddenInDomain {
				if strings.HasPrefix(imp, f) {
					t.Errorf("%s imports %s: a domain package knows nothing of HTTP servers or SQL", p.ImportPath, imp)
				}
			}
		}
	}
}

const (
	maxPackageLines  = 2500
	maxFunctionLines = 80
)

// TestSizes: no package over 2,500 lines of non-test code, no function
// over 80 lines.
func TestSizes(t *testing.T) {
	fset := token.NewFileSet()
	for _, p := range listPackages(t) {
		lines := 0
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			lines += strings.Count(string(src), "\n")
			f, err := parser.ParseFile(fset, path, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				if n > maxFunctionLines {
					t.Errorf("%s:%d: %s has %d lines (at most %d)", path, fset.Position(fd.Pos()).Line, fd.Name.Name, n, maxFunctionLines)
				}
			}
		}
		if lines > maxPackageLines {
			t.Errorf("%s has %d lines of non-test code (at most %d)", p.ImportPath, lines, maxPackageLines)
		}
	}
}

// TestMessagesInThreeLanguages: every engine.Text literal in Go code (a
// message or title a person reads) has zh, en and th.
func TestMessagesInThreeLanguages(t *testing.T) {
	fset := token.NewFileSet()
	for _, p := range listPackages(t) {
		if untranslated[p.ImportPath] {
			continue
		}
		inEngine := p.ImportPath == module+"/engine"
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok || !isTextType(lit.Type, inEngine) || len(lit.Elts) == 0 {
					return true
				}
				have := map[string]bool{}
				for _, e := range lit.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.BasicLit); ok {
							have[strings.Trim(k.Value, `"`)] = true
						}
					}
				}
				for _, l := range []string{"zh", "en", "th"} {
					if !have[l] {
						t.Errorf("%s: a message without %s", fset.Position(lit.Pos()), l)
					}
				}
				return true
			})
		}
	}
}

// isTextType reports whether a composite literal's type is engine.Text.
func isTextType(e ast.Expr, inEngine bool) bool {
	switch x := e.(type) {
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		return ok && id.Name == "engine" && x.Sel.Name == "Text"
	case *ast.Ident:
		return inEngine && x.Name == "Text"
	}
	return false
}

// untranslated lists packages whose messages still lack a language while
// they are split; each entry is removed when its package is done.
var untranslated = map[string]bool{}
