package engine_test

import (
	"os"
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
