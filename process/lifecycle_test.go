package process_test

import (
	"strings"
	"testing"

	"formwork"
	"formwork/engine"
	"formwork/process"
)

func lifecycleService(t *testing.T) *process.Service {
	t.Helper()
	lc, err := engine.LoadLifecycle(formwork.Catalogue)
	if err != nil {
		t.Fatal(err)
	}
	return process.NewService(nil, process.Deps{Lifecycle: func() *engine.Lifecycle { return lc }})
}

// A transition the lifecycle does not allow is ECONFLICT naming the state
// and the states it is allowed from, in every language.
func TestNextRefusal(t *testing.T) {
	s := lifecycleService(t)
	if to, err := s.Next("EX02202611240001", "ap", "draft", "submit", false); err != nil || to != "inApproval" {
		t.Fatalf("submitting a draft: %q %v", to, err)
	}
	if to, err := s.Next("EX02202611240001", "ap", "inApproval", "approve", true); err != nil || to != "approved" {
		t.Fatalf("the last approval: %q %v", to, err)
	}
	_, err := s.Next("EX02202611240001", "gl", "returned", "void", false)
	e, ok := err.(*engine.Error)
	if !ok || e.Code != engine.ECONFLICT || e.Path != "status" {
		t.Fatalf("voiding a returned posting: %v", err)
	}
	for l, want := range map[string]string{
		"zh": "单据EX02202611240001当前状态为已退回，不能作废（仅草稿时可以）",
		"en": "document EX02202611240001 is Returned: Void is possible only when it is Draft",
		"th": "เอกสาร EX02202611240001 อยู่ในสถานะ",
	} {
		if !strings.Contains(e.Text[l], want) {
			t.Errorf("%s: %q, want %q", l, e.Text[l], want)
		}
	}
}

func TestTitles(t *testing.T) {
	s := lifecycleService(t)
	if got := s.StateTitle("inApproval", "en"); got != "In approval" {
		t.Errorf("state title %q", got)
	}
	if got := s.StateTitle("lost", "en"); got != "lost" {
		t.Errorf("an unknown state is its key: %q", got)
	}
	if got := s.ActionTitle("ap", "addSign", "zh"); got != "加签" {
		t.Errorf("action title %q", got)
	}
	for _, step := range []string{"task1", "task2", process.StepAddSign, process.StepSupplement} {
		for _, l := range []string{"zh", "en", "th"} {
			if process.StepTitle(step, l) == "" {
				t.Errorf("step %s has no title in %s", step, l)
			}
		}
	}
}
