package eval_test

import (
	"strings"
	"testing"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
)

// Weak control: a confirm finding blocks until the user confirms that rule.
func TestConfirmSeverity(t *testing.T) {
	c, err := load.Load(enginetest.Mini("rules:\n  - id: big-amount\n    check: 'head.amount <= 1000'\n    path: head.amount\n    severity: confirm\n    message: {zh: '金额较大，确认继续？', en: 'Large amount; continue?'}\n  - id: note\n    check: '!blank(head.note)'\n    severity: warning\n    path: head.note\n    message: {zh: 建议填写备注, en: A note helps}\n"))
	if err != nil {
		t.Fatal(err)
	}
	raw := []byte(`{"head": {"docType": "T1", "amount": 5000}}`)
	for _, tt := range []struct {
		confirmed map[string]bool
		valid     bool
		rules     string
	}{
		{nil, false, "big-amount,note"},
		{map[string]bool{"other": true}, false, "big-amount,note"},
		{map[string]bool{"big-amount": true}, true, "note"}, // a warning never blocks
	} {
		d, fs, _ := decode.Decode(c, raw)
		res := eval.Check(d, fs, eval.Options{Confirmed: tt.confirmed})
		var rules []string
		for _, f := range res.Errors {
			rules = append(rules, f.Rule)
		}
		if res.Valid != tt.valid || strings.Join(rules, ",") != tt.rules {
			t.Errorf("confirmed %v: valid %v %v, want %v %s", tt.confirmed, res.Valid, rules, tt.valid, tt.rules)
		}
	}
}
