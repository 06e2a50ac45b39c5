package versions_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
	"formwork/engine/versions"
)

// The release cycle: release v1, a breaking change without a bump is
// refused, the bump is released as v2, and v1 still loads and checks
// documents saved under it.
func TestReleaseCycle(t *testing.T) {
	const enums = "kinds: {values: [{key: a, label: {zh: 甲}}, {key: b, label: {zh: 乙}}]}\n"
	fsys := enginetest.Mini("")
	fsys["schemas/_fields/f.yaml"] = &fstest.MapFile{Data: []byte(compatFields)}
	fsys["schemas/_enums/e.yaml"] = &fstest.MapFile{Data: []byte(enums)}
	fsys["schemas/T1.yaml"] = &fstest.MapFile{Data: []byte(compatBase)}
	loadCat := func() *load.Catalogue {
		c, err := load.Load(fsys)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	release := func(c *load.Catalogue) []model.Problem {
		lock, err := versions.ReadLock(fsys)
		if err != nil {
			t.Fatal(err)
		}
		files, next, problems := versions.Release(c, fsys, lock)
		for p, b := range files {
			fsys[p] = &fstest.MapFile{Data: b}
		}
		if next != nil {
			fsys[versions.LockFile] = &fstest.MapFile{Data: next.JSON()}
		}
		return problems
	}
	review := func() string {
		c := loadCat()
		lock, _ := versions.ReadLock(fsys)
		var out []string
		for _, p := range versions.Review(c, fsys, lock) {
			out = append(out, p.Severity+" "+p.Rule)
		}
		return strings.Join(out, ",")
	}

	if got := review(); got != "note compat.unreleased" {
		t.Fatalf("before any release: %s", got)
	}
	if p := release(loadCat()); p != nil {
		t.Fatal(p)
	}
	if _, ok := fsys["schemas/_released/form/T1/v1.yaml"]; !ok {
		t.Fatal("no snapshot written")
	}
	if got := review(); got != "" {
		t.Fatalf("right after the release: %s", got)
	}

	// a compatible change keeps the version
	fsys["schemas/T1.yaml"].Data = []byte(strings.Replace(compatBase, "[docType, amount, note, kind, day]", "[docType, amount, note, kind, day, extra]", 1))
	if got := review(); got != "note compat.changed" {
		t.Fatalf("compatible change: %s", got)
	}
	// a breaking change without a bump is an error and cannot be released
	breaking := strings.Replace(compatBase, "[docType, amount, note, kind, day]", "[docType, amount, note, day]", 1)
	fsys["schemas/T1.yaml"].Data = []byte(breaking)
	if got := review(); got != "error compat.breaking" {
		t.Fatalf("breaking change: %s", got)
	}
	if p := release(loadCat()); len(p) != 1 || !strings.Contains(p[0].Message, "raise version to 2") {
		t.Fatalf("release of a breaking change: %+v", p)
	}
	// with the bump it is released as v2
	fsys["schemas/T1.yaml"].Data = []byte(strings.Replace(breaking, "version: 1", "version: 2", 1))
	if got := review(); got != "note compat.unreleased" {
		t.Fatalf("bumped: %s", got)
	}
	if p := release(loadCat()); p != nil {
		t.Fatal(p)
	}
	c := loadCat()
	if got := c.Versions("form", "T1"); len(got) != 2 {
		t.Fatalf("versions %v", got)
	}
	// a document saved under v1 with a kind still checks under v1 and not under v2
	raw := []byte(`{"head": {"docType": "T1", "amount": 5, "note": "n", "kind": "a"}}`)
	d1, f1, _ := decode.DecodeAs(c.DocTypeVersion("form", "T1", 1), raw)
	if res := eval.Check(d1, f1, eval.Options{}); !res.Valid {
		t.Errorf("v1 document under v1: %+v", res.Errors)
	}
	_, f2, _ := decode.DecodeAs(c.DocTypeVersion("form", "T1", 2), raw)
	if len(f2) != 1 || f2[0].Rule != "unknownField" {
		t.Errorf("v2 has no kind: %+v", f2)
	}
	changes, err := versions.Diff(c, "form", "T1", 1, 2)
	if err != nil || len(changes) != 1 || changes[0].Kind != "fieldRemoved" {
		t.Errorf("diff: %+v %v", changes, err)
	}
	if _, err := versions.Diff(c, "form", "T1", 1, 9); model.ErrorCode(err) != model.ENOTFOUND {
		t.Errorf("diff to a missing version: %v", err)
	}
	// an edited snapshot is noticed
	fsys["schemas/_released/form/T1/v2.yaml"].Data = append(fsys["schemas/_released/form/T1/v2.yaml"].Data, []byte("# edited\n")...)
	if got := review(); got != "error compat.snapshot" {
		t.Errorf("edited snapshot: %s", got)
	}
}
