package lifecycle_test

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/internal/enginetest"
	"formwork/engine/lifecycle"
	"formwork/engine/model"
)

func repoLifecycle(t *testing.T) *lifecycle.Lifecycle {
	t.Helper()
	lc, err := lifecycle.Load(os.DirFS(enginetest.Root(t)))
	if err != nil {
		t.Fatal(err)
	}
	return lc
}

func TestLifecycleTransitions(t *testing.T) {
	lc := repoLifecycle(t)
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
		{"ap", "approved", "submit", false, "", model.ECONFLICT},
		{"ap", "inApproval", "save", false, "", model.ECONFLICT},
		{"ap", "voided", "submit", false, "", model.ECONFLICT},
		{"ap", "approved", "approve", true, "", model.ECONFLICT},
		{"gl", "returned", "void", false, "", model.ECONFLICT},
		{"gl", "draft", "void", false, "voided", ""},
		{"ap", "draft", "fly", false, "", model.EINVALID},
		{"ap", "inApproval", "recall", false, "draft", ""},
		{"ap", "returned", "recall", false, "", model.ECONFLICT},
		{"ap", "approved", "recall", false, "", model.ECONFLICT},
		{"gl", "inApproval", "recall", false, "", model.ECONFLICT},
	}
	for _, tt := range tests {
		got, err := lc.Next(tt.family, tt.state, tt.action, tt.last)
		if got != tt.want || model.ErrorCode(err) != tt.code && !(err == nil && tt.code == "") {
			t.Errorf("%s %s %s: %q %v, want %q %s", tt.family, tt.state, tt.action, got, err, tt.want, tt.code)
		}
	}
	if got := strings.Join(lc.Allowed("ap", "inApproval"), ","); got != "approve,reject,addSign,supplement,recall,print" {
		t.Errorf("allowed in approval: %s", got)
	}
}

// No lifecycle file, however malformed, stops the process: each is an error
// naming the file and, where there is one, the line.
func TestLifecycleMalformed(t *testing.T) {
	tests := []struct{ src, want string }{
		{"", "schemas/_lifecycle.yaml:1:1: the file is empty: it must declare the states and actions"},
		{"# states to come\n", "schemas/_lifecycle.yaml:1:1: the file is empty: it must declare the states and actions"},
		{"- a\n", "schemas/_lifecycle.yaml:1:1: expected a mapping, found a list"},
		{"states: [draft]\nactions: {}\n", "schemas/_lifecycle.yaml:1:1: states: expected a mapping of states"},
		{"states: {draft: {title: {zh: 草稿}}}\nactions: {save: {from: [draft], to: nowhere}}\n", "schemas/_lifecycle.yaml:2:1: action save names unknown state nowhere"},
		{"states: {draft: {titel: x}}\nactions: {save: {from: [draft], to: same}}\n", `schemas/_lifecycle.yaml:1:1: state draft: unknown key "titel"`},
		{"states: {draft: {}}\nactions: {}\n", "schemas/_lifecycle.yaml:1:1: the lifecycle needs states and actions"},
		{"states: {d: {}}\nactions:\n  go: {from: [d]}\n", "schemas/_lifecycle.yaml:3:1: action go has no to: name the state it leads to, or same"}, // found by FuzzLifecycle
		{"states:\n\t- x\n", "schemas/_lifecycle.yaml:2:1: found character that cannot start any token"},
		{"states: {draft: {}}\nactions: {save: {from: [draft], to: same}}\nfamilies: {ap: {nope: {}}}\n", "schemas/_lifecycle.yaml: families.ap: unknown action nope"},
		{"states: {draft: {}}\nactions: {save: {from: [draft], to: same}}\nfamilies: {ap: [x]}\n", "schemas/_lifecycle.yaml:3:1: expected a mapping, found a list"},
	}
	for _, tt := range tests {
		_, err := lifecycle.Load(fstest.MapFS{lifecycle.File: {Data: []byte(tt.src)}})
		var le *model.LoadError
		found := false
		for i := 0; errors.As(err, &le) && i < len(le.Problems); i++ {
			found = found || strings.HasPrefix(le.Problems[i].String(), tt.want)
		}
		if !found {
			t.Errorf("%q: got %v, want %s", tt.src, err, tt.want)
		}
	}
}
