package main_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// A live text without one of zh, en and th fails lint --require-languages
// (off by default until the catalogue has Thai everywhere) and is listed by
// lint --coverage, at its file, line and column.
func TestLintLanguages(t *testing.T) {
	dir := filepath.Join("testdata", "languages")
	if out, _, code := run(t, "", "lint", dir); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("lint without --require-languages: exit %d\n%s", code, out)
	}
	out, _, code := run(t, "", "lint", "--require-languages", dir)
	if code != 1 {
		t.Errorf("lint --require-languages: exit %d, want 1", code)
	}
	golden(t, "lint_languages.txt", out)
	_, errOut, _ := run(t, "", "lint", "--coverage", dir)
	for _, want := range []string{"texts that lack a language (zh, en, th): 2",
		"schemas/T1.yaml:13:7: text rules[0].message lacks en", "schemas/_fields/f.yaml:4:17: text amount.label lacks th"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("lint --coverage does not say %q:\n%s", want, errOut)
		}
	}
}

// A malformed catalogue file (an empty field file, a lifecycle action
// leading nowhere) is a lint problem naming the file, never a crash.
func TestLintMalformed(t *testing.T) {
	out, errOut, code := run(t, "", "lint", filepath.Join("testdata", "malformed"))
	if code != 1 || errOut != "" {
		t.Errorf("exit %d, want 1\n%s", code, errOut)
	}
	golden(t, "lint_malformed.txt", out)
}

// The seeds against the menu map: a menu code that maps to nothing, a
// formList group naming no document type, an approver without the to-do
// list; a code the map names that no menu holds is a note.
func TestLintMenus(t *testing.T) {
	out, errOut, code := run(t, "", "lint", filepath.Join("testdata", "menus"))
	if code != 1 || errOut != "" {
		t.Errorf("exit %d, want 1\n%s", code, errOut)
	}
	golden(t, "lint_menus.txt", out)
}

// The advance types file is checked against the catalogue's document
// types: each unknown type, table or effect at its file:line:col.
func TestLintAdvances(t *testing.T) {
	out, errOut, code := run(t, "", "lint", filepath.Join("testdata", "advances"))
	if code != 1 || errOut != "" {
		t.Errorf("exit %d, want 1\n%s", code, errOut)
	}
	golden(t, "lint_advances.txt", out)
}
