package audit

import (
	"encoding/json"
	"testing"
)

func TestDiff(t *testing.T) {
	before := json.RawMessage(`{"type":"department","key":"IT01","active":true,"body":{"code":"IT01","name":{"zh":"信息技术部","en":"IT"},"manager":"","tags":[]}}`)
	after := json.RawMessage(`{"type":"department","key":"IT01","active":false,"body":{"code":"IT01","name":{"zh":"信息技术中心","en":"IT"},"manager":"admin","tags":[]}}`)
	got := Diff(before, after)
	want := []string{"active", "manager", "name"}
	if len(got) != len(want) {
		t.Fatalf("changes %+v, want fields %v", got, want)
	}
	for i, f := range want {
		if got[i].Field != f {
			t.Errorf("change %d is %s, want %s", i, got[i].Field, f)
		}
	}
	if got[1].Before != nil || got[1].After != "admin" {
		t.Errorf("manager set: %+v", got[1])
	}
	created := Diff(nil, json.RawMessage(`{"active":true,"validFrom":"2026-01-01","body":{"code":"X"}}`))
	if len(created) != 3 || created[0].Field != "active" || created[1].Field != "code" || created[2].Field != "validFrom" || created[2].Before != nil {
		t.Errorf("a create: %+v", created)
	}
	if same := Diff(before, before); len(same) != 0 {
		t.Errorf("no change: %+v", same)
	}
}
