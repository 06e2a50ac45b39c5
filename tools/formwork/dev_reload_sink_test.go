package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"formwork/engine"
)

// sink records what the reloader tells the server.
type sink struct {
	cat      *engine.Catalogue
	lc       *engine.Lifecycle
	problems []engine.Problem
}

func (s *sink) SetCatalogue(c *engine.Catalogue)       { s.cat = c }
func (s *sink) SetLifecycle(lc *engine.Lifecycle)      { s.lc = lc }
func (s *sink) ReloadFailed(problems []engine.Problem) { s.problems = problems }

func copyCatalogue(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, sub := range []string{"schemas", "rules"} {
		if out, err := exec.Command("cp", "-r", filepath.Join("..", "..", sub), dir).CombinedOutput(); err != nil {
			t.Fatal(string(out))
		}
	}
	return dir
}

// The reloader never ends the process and never serves half a reload:
// whatever the files hold, a reload either serves the new catalogue and
// lifecycle or keeps the last good ones and says why.
func TestReloadKeepsTheLastGoodCatalogue(t *testing.T) {
	dir := copyCatalogue(t)
	tests := []struct {
		name, file, content string
		load                func(fs.FS) (*engine.Catalogue, error)
		want                string // the file the problem names; "" for a reload that takes
	}{
		{"a good catalogue", "", "", engine.Load, ""},
		{"an empty field file", "schemas/_fields/zz.yaml", "# to come\n", engine.Load, "schemas/_fields/zz.yaml"},
		{"a list for a document type", "schemas/ZZ.yaml", "- a\n", engine.Load, "schemas/ZZ.yaml"},
		{"an empty lifecycle", "schemas/_lifecycle.yaml", "", engine.Load, "schemas/_lifecycle.yaml"},
		{"a loader that panics", "", "", func(fs.FS) (*engine.Catalogue, error) { panic("boom") }, dir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.file != "" {
				path := filepath.Join(dir, tt.file)
				old, readErr := os.ReadFile(path)
				if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
				defer func() {
					if readErr == nil { // the file was there: put it back
						_ = os.WriteFile(path, old, 0o644)
					} else {
						_ = os.Remove(path)
					}
				}()
			}
			s := &sink{}
			ok := reloadCatalogue(dir, s, tt.load)
			if tt.want == "" {
				if !ok || s.cat == nil || s.lc == nil || s.problems != nil {
					t.Fatalf("reload did not take: %v %v", ok, s.problems)
				}
				return
			}
			if ok || s.cat != nil || s.lc != nil {
				t.Fatalf("a failed reload served something: %v", ok)
			}
			if len(s.problems) == 0 || s.problems[0].File != tt.want {
				t.Fatalf("problems %+v, want one naming %s", s.problems, tt.want)
			}
			if strings.Contains(tt.name, "panics") && !strings.Contains(s.problems[0].Message, "boom") {
				t.Errorf("the panic is not named: %s", s.problems[0].Message)
			}
		})
	}
}
