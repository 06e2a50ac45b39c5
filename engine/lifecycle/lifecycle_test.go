package lifecycle_test

import (
	"os"
	"strings"
	"testing"

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
	}
	for _, tt := range tests {
		got, err := lc.Next(tt.family, tt.state, tt.action, tt.last)
		if got != tt.want || model.ErrorCode(err) != tt.code && !(err == nil && tt.code == "") {
			t.Errorf("%s %s %s: %q %v, want %q %s", tt.family, tt.state, tt.action, got, err, tt.want, tt.code)
		}
	}
	if got := strings.Join(lc.Allowed("ap", "inApproval"), ","); got != "approve,reject,addSign,supplement,print" {
		t.Errorf("allowed in approval: %s", got)
	}
}
