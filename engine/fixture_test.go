package engine_test

import (
	"os"
	"strings"
	"testing"

	"formwork/engine"
)

// Every fixture under rules/fixtures passes: the same replay the CLI and
// `make test` run, here inside go test so a failing fixture names itself.
func TestFixtures(t *testing.T) {
	fsys := os.DirFS("..")
	groups, problems := engine.LoadFixtures(fsys, engine.FixturesDir)
	for _, p := range problems {
		t.Error(p.String())
	}
	if len(groups) == 0 {
		t.Fatal("no fixtures")
	}
	c := catalogue(t)
	for gi := range groups {
		g := &groups[gi]
		for ti := range g.Tests {
			res := c.Replay(fsys, g, &g.Tests[ti])
			t.Run(res.Name, func(t *testing.T) {
				if !res.Passed {
					t.Errorf("%s:%d: %s", res.File, res.Line, res.Problem)
				}
			})
		}
	}
}

// FixtureDocument builds the document Replay checks: the base document with
// the patch applied, or the test's own document, which it never changes (the
// differential test builds every document a second time).
func TestFixtureDocument(t *testing.T) {
	fsys := os.DirFS("..")
	c := catalogue(t)
	g := &engine.FixtureGroup{Rule: "r", DocType: "EX02"}
	ft := &engine.FixtureTest{Patch: map[string]any{"head.amount": 0, "lineList[1]": map[string]any{"flag": "D"}, "itemList": nil}}
	raw, dt, err := c.FixtureDocument(fsys, g, ft)
	if err != nil || dt.Code != "EX02" {
		t.Fatalf("%v %v", dt, err)
	}
	for _, want := range []string{`"amount":0,`, `{"flag":"D"}`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("%s lacks %s", raw, want)
		}
	}
	if strings.Contains(string(raw), "itemList") {
		t.Errorf("a null patch did not delete: %s", raw)
	}
	own := &engine.FixtureTest{Document: map[string]any{"head": map[string]any{"docType": "EX02"}}, Patch: map[string]any{"head.amount": 5}}
	if _, _, err := c.FixtureDocument(fsys, g, own); err != nil {
		t.Fatal(err)
	}
	if _, changed := own.Document["head"].(map[string]any)["amount"]; changed {
		t.Errorf("the fixture's own document was patched in place")
	}
	if _, _, err := c.FixtureDocument(fsys, &engine.FixtureGroup{DocType: "ZZ9"}, ft); err == nil {
		t.Errorf("an unknown docType built a document")
	}
}
