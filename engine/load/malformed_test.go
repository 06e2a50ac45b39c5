package load_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// No catalogue file can stop a load, whatever it holds: an empty or
// comment-only file, a list where a mapping belongs, text, broken YAML. Each
// is a problem naming the file (and its line where there is one).
func TestLoadMalformedFiles(t *testing.T) {
	files := []string{
		"schemas/_fields/g.yaml", "schemas/_enums/e.yaml", "schemas/_groups/g.yaml", "rules/r.yaml",
		"schemas/T2.yaml", "schemas/_modes.yaml", "schemas/_editions.yaml", "schemas/_fields/f.yaml", "schemas/T1.yaml",
	}
	contents := []struct{ name, src string }{
		{"empty", ""},
		{"a comment only", "# nothing here yet\n"},
		{"an empty document", "---\n"},
		{"blank lines", "\n\n   \n"},
		{"a list", "- a\n- b\n"},
		{"text", "just some words\n"},
		{"a number", "42\n"},
		{"null", "~\n"},
		{"broken YAML", "key: [unclosed\n"},
		{"a tab", "a:\n\t- b\n"},
		{"nested nulls", "x:\n  y:\n"},
		{"an alias loop", "a: &a [*a]\n"},
		{"a list of nulls", "- \n- \n"},
		{"a mapping of lists", "x: [1, 2]\ny: [{}]\n"},
	}
	for _, file := range files {
		for _, c := range contents {
			t.Run(file+"/"+c.name, func(t *testing.T) {
				fsys := enginetest.Mini("")
				fsys[file] = &fstest.MapFile{Data: []byte(c.src)}
				_, err := load.Load(fsys)
				var le *model.LoadError
				if !errors.As(err, &le) {
					t.Fatalf("want a load error, got %v", err)
				}
				named := false
				for _, p := range le.Problems {
					named = named || p.File == file
				}
				if !named && file != "schemas/_fields/f.yaml" && file != "schemas/T1.yaml" {
					t.Errorf("no problem names %s:\n%v", file, err)
				}
			})
		}
	}
}

// An empty file is a problem at its first line, not silently nothing.
func TestLoadEmptyFile(t *testing.T) {
	fsys := enginetest.Mini("")
	fsys["schemas/_fields/empty.yaml"] = &fstest.MapFile{Data: []byte("# fields of the new module, to come\n")}
	_, err := load.Load(fsys)
	want := "schemas/_fields/empty.yaml:1:1: the file is empty: it must declare something (or be removed)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %s", err, want)
	}
}

// A released snapshot that does not compile is an error of that version,
// not of the process.
func TestLoadMalformedSnapshot(t *testing.T) {
	for _, src := range []string{"", "# a comment\n", "- a\n", "docType: [x\n", "docType: T1\nversion: 1\nfamily: ap\nsections: {head: {fields: [nothing]}}\n"} {
		fsys := enginetest.Mini("")
		fsys["schemas/_released/form/T1/v1.yaml"] = &fstest.MapFile{Data: []byte(src)}
		c, err := load.Load(fsys)
		if err != nil {
			t.Fatal(err)
		}
		d, err := c.ReleasedDocType("form", "T1", 1)
		var le *model.LoadError
		if d != nil || !errors.As(err, &le) || le.Problems[0].File != "schemas/_released/form/T1/v1.yaml" {
			t.Errorf("%q: %v %v", src, d, err)
		}
		if c.DocTypeVersion("form", "T1", 1) == nil {
			t.Errorf("%q: the live v1 is gone", src)
		}
	}
}
