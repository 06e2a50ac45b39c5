package engine_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"formwork/engine"
)

var update = flag.Bool("update", false, "rewrite docs/lifecycle.md from schemas/_lifecycle.yaml")

// docs/lifecycle.md shows the tables generated from schemas/_lifecycle.yaml;
// the test fails when they drift (go test ./engine -update rewrites it).
func TestLifecycleDocs(t *testing.T) {
	lc, err := engine.LoadLifecycle(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# Document lifecycle\n\n")
	b.WriteString("Generated from `schemas/_lifecycle.yaml` by `go test ./engine -update`; edit the YAML, not this file.\n\n")
	b.WriteString("States: ")
	var states []string
	for _, k := range lc.StateOrder {
		s := lc.States[k]
		note := ""
		if s.Editable {
			note = ", editable by the applicant"
		}
		if s.Final {
			note = ", final"
		}
		states = append(states, "`"+k+"` ("+s.Title.In("zh")+note+")")
	}
	b.WriteString(strings.Join(states, ", ") + ".\n\n## Every family\n\n" + lc.Markdown(""))
	for _, f := range lc.Families() {
		b.WriteString("\n## Family " + f + "\n\n" + lc.Markdown(f))
	}
	got := b.String()
	if *update {
		if err := os.WriteFile("../docs/lifecycle.md", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := os.ReadFile("../docs/lifecycle.md")
	if string(want) != got {
		t.Error("docs/lifecycle.md drifted from schemas/_lifecycle.yaml: run go test ./engine -update")
	}
}
