package load_test

import (
	"strings"
	"testing"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
)

func TestRuleExpressions(t *testing.T) {
	tests := []struct {
		check string
		doc   string
		holds bool
	}{
		{`0.1 + 0.2 == 0.3`, `{}`, true},
		{`head.amount + 0.2 == 0.3`, `{"amount": 0.1}`, true},
		{`head.amount > 0`, `{"amount": 0.01}`, true},
		{`head.amount > 0`, `{"amount": 0}`, false},
		{`head.amount == 0`, `{}`, true}, // a blank amount reads as 0
		{`head.note == ""`, `{}`, true},  // blank text reads as ""
		{`blank(head.note)`, `{"note": "   "}`, true},
		{`head.days == 0`, `{}`, true},
		{`head.day == ""`, `{}`, true},
		{`head.amount * head.rate == 12.5`, `{"amount": 10, "rate": 1.25}`, true},
		{`head.amount / head.rate == 0`, `{"amount": 10}`, true}, // division by zero yields 0, never a crash
		{`round2(head.amount * head.rate) == 3.33`, `{"amount": 10, "rate": 0.333333}`, true},
		{`total(map(lineList, .amount)) == head.amount`, `{"amount": 3.3}`, true},
		{`head.amount >= 999999999999999`, `{"amount": 999999999999999}`, true},
		{`head.amount - 0.01 < head.amount`, `{"amount": -999999999999999}`, true},
		{`head.day <= "2026-01-05"`, `{"day": "2026/1/5"}`, true},
		{`head.amount == dec("12.30")`, `{"amount": "12.3"}`, true},
		// dec reads text as every number is read: commas only as thousands separators
		{`head.amount == dec("1,234.50")`, `{"amount": 1234.5}`, true},
		{`dec("100,50") == 0`, `{}`, true},
		// fmtAmount: 2 decimals rounded half away from zero, thousands separators
		{`fmtAmount(head.amount) == "559,999.00"`, `{"amount": 559999}`, true},
		{`fmtAmount(head.amount) == "-1,234,567.50"`, `{"amount": -1234567.5}`, true},
		{`fmtAmount(head.amount) == "999.00"`, `{"amount": 999}`, true},
		{`fmtAmount(head.amount) == "0.00"`, `{}`, true},
		{`fmtAmount(head.rate) == "0.03"`, `{"rate": 0.025}`, true},
		{`fmtAmount(head.rate) == "-0.03"`, `{"rate": -0.025}`, true},
		{`fmtAmount(head.days) == "1,000.00"`, `{"days": 1000}`, true},
		{`fmtAmount(head.amount) == "100,000,000,000,000.00"`, `{"amount": 100000000000000}`, true},
		{`dec("12345678901234567890123456789012345678901") == 0`, `{}`, true},
		// within(a, b, tol): |a - b| <= tol, decimals and integers mixed
		{`within(head.rate, 0.09, 0.003)`, `{"rate": 0.093}`, true},
		{`within(head.rate, 0.09, 0.003)`, `{"rate": 0.086999}`, false},
		{`within(head.amount, 10, 0)`, `{"amount": 10}`, true},
		{`within(head.days, head.amount, 1)`, `{"days": 3, "amount": 4.01}`, false},
		// containsAny(text, words): any of the words, case ignored
		{`containsAny(head.note, ["工资", "bonus"])`, `{"note": "十二月工资发放"}`, true},
		{`containsAny(head.note, ["工资", "bonus"])`, `{"note": "Year-end BONUS"}`, true},
		{`containsAny(head.note, ["工资", "bonus"])`, `{"note": "样品赠送"}`, false},
		{`containsAny(head.note, ["工资"])`, `{}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.check, func(t *testing.T) {
			c, err := load.Load(enginetest.Mini("rules:\n  - id: r\n    check: '" + tt.check + "'\n    path: head.amount\n    message: {zh: 不成立, en: does not hold}\n"))
			if err != nil {
				t.Fatal(err)
			}
			head := strings.TrimSuffix(strings.TrimSpace(tt.doc), "}")
			if head != "{" {
				head += ","
			}
			raw := `{"head": ` + head + `"docType": "T1"}, "lineList": [{"amount": 1.1}, {"amount": 2.2}, {"amount": 9, "flag": "D"}]}`
			d, fs, err := decode.Decode(c, []byte(raw))
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) > 0 {
				t.Fatalf("structural findings: %+v", fs)
			}
			res := eval.Check(d, fs, eval.Options{})
			if res.Valid != tt.holds {
				t.Errorf("holds = %v, want %v (%+v)", res.Valid, tt.holds, res.Errors)
			}
		})
	}
}
