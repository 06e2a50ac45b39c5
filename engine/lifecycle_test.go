package engine_test

import (
	"os"
	"strings"
	"testing"

	"formwork/engine"
)

func lifecycle(t *testing.T) *engine.Lifecycle {
	t.Helper()
	lc, err := engine.LoadLifecycle(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	return lc
}

func TestLifecycleTransitions(t *testing.T) {
	lc := lifecycle(t)
	tests := []struct {
		family, state, action string
		last                  bool
		want, code            string
	}{
		{"ap", "draft", "save", false, "draft", ""},
		{"ap", "draft", "tempSave", false, "draft", ""},
		{"ap", "draft", "submit", false, "inApproval", ""},
		{"ap", "returned", "submit", false, "inApproval", ""},
		{"ap", "inApproval", "approve", false, "inApproval", ""},
		{"ap", "inApproval", "approve", true, "approved", ""},
		{"ap", "inApproval", "reject", false, "returned", ""},
		{"ap", "inApproval", "addSign", false, "inApproval", ""},
		{"ap", "inApproval", "supplement", false, "inApproval", ""},
		{"ap", "draft", "void", false, "voided", ""},
		{"ap", "returned", "void", false, "voided", ""},
		{"ap", "voided", "print", false, "voided", ""},
		{"ap", "approved", "submit", false, "", engine.ECONFLICT},
		{"ap", "inApproval", "save", false, "", engine.ECONFLICT},
		{"ap", "voided", "submit", false, "", engine.ECONFLICT},
		{"ap", "approved", "approve", true, "", engine.ECONFLICT},
		{"gl", "returned", "void", false, "", engine.ECONFLICT},
		{"gl", "draft", "void", false, "voided", ""},
		{"ap", "draft", "fly", false, "", engine.EINVALID},
	}
	for _, tt := range tests {
		got, err := lc.Next(tt.family, tt.state, tt.action, tt.last)
		if got != tt.want || engine.ErrorCode(err) != tt.code && !(err == nil && tt.code == "") {
			t.Errorf("%s %s %s: %q %v, want %q %s", tt.family, tt.state, tt.action, got, err, tt.want, tt.code)
		}
	}
	if got := strings.Join(lc.Allowed("ap", "inApproval"), ","); got != "approve,reject,addSign,supplement,print" {
		t.Errorf("allowed in approval: %s", got)
	}
}

// docs/lifecycle.md shows the tables generated from schemas/_lifecycle.yaml;
// the test fails when they drift (go test ./engine -update rewrites it).
func TestLifecycleDocs(t *testing.T) {
	lc := lifecycle(t)
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
