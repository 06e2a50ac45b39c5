package engine_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine"
)

// miniCatalogue is a small catalogue for testing rule expressions in
// isolation: one document type T1 with a head of a few fields and a table.
func miniCatalogue(rules string) fstest.MapFS {
	return fstest.MapFS{
		"schemas/_modes.yaml": {Data: []byte(`
new: {editable: true, buttons: [save]}
edit: {editable: true}
read: {editable: false}
oaapplicant: {editable: true}
oareview: {editable: false}
partedit: {editable: false}
fssc: {editable: false}
fsscPartedit: {editable: false}
`)},
		"schemas/_fields/f.yaml": {Data: []byte(`
docType: {label: {zh: 类型}, type: string}
amount: {label: {zh: 金额, en: Amount}, type: money}
rate: {label: {zh: 汇率}, type: number}
days: {label: {zh: 天数, en: Days}, type: integer, min: "0"}
price: {label: {zh: 单价, en: Unit price}, type: money, min: "0.01"}
note: {label: {zh: 备注}, type: text}
day: {label: {zh: 日期}, type: date}
flag: {label: {zh: 标记}, type: string}
`)},
		"schemas/T1.yaml": {Data: []byte(`docType: T1
version: 1
family: ap
title: {zh: 测试, en: Test}
sections:
  head:
    fields: [docType, amount, rate, days, note, day, price]
  lineList:
    table: true
    fields: [amount, note, flag]
` + rules)},
	}
}

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
			c, err := engine.Load(miniCatalogue("rules:\n  - id: r\n    check: '" + tt.check + "'\n    path: head.amount\n    message: {zh: 不成立, en: does not hold}\n"))
			if err != nil {
				t.Fatal(err)
			}
			head := strings.TrimSuffix(strings.TrimSpace(tt.doc), "}")
			if head != "{" {
				head += ","
			}
			raw := `{"head": ` + head + `"docType": "T1"}, "lineList": [{"amount": 1.1}, {"amount": 2.2}, {"amount": 9, "flag": "D"}]}`
			d, fs, err := engine.Decode(c, []byte(raw))
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) > 0 {
				t.Fatalf("structural findings: %+v", fs)
			}
			res := engine.Check(d, fs, engine.Options{})
			if res.Valid != tt.holds {
				t.Errorf("holds = %v, want %v (%+v)", res.Valid, tt.holds, res.Errors)
			}
		})
	}
}

// Values that do not fit their field are structural findings, never a crash.
func TestDecodeStructure(t *testing.T) {
	c, err := engine.Load(miniCatalogue(""))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		doc  string
		path string
		rule string
	}{
		{`{"head": {"docType": "T1", "amount": 12.345}}`, "head.amount", "precision"},
		{`{"head": {"docType": "T1", "amount": 1000000000000000}}`, "head.amount", "range"},
		{`{"head": {"docType": "T1", "amount": -1000000000000000}}`, "head.amount", "range"},
		{`{"head": {"docType": "T1", "amount": "abc"}}`, "head.amount", "type"},
		{`{"head": {"docType": "T1", "amount": true}}`, "head.amount", "type"},
		{`{"head": {"docType": "T1", "days": 1.5}}`, "head.days", "type"},
		{`{"head": {"docType": "T1", "days": -1}}`, "head.days", "minimum"},
		{`{"head": {"docType": "T1", "price": 0}}`, "head.price", "minimum"},
		{`{"head": {"docType": "T1", "note": 5}}`, "head.note", "type"},
		{`{"head": {"docType": "T1", "day": "2026-13-45"}}`, "head.day", "format"},
		{`{"head": {"docType": "T1", "foo": 1}}`, "head.foo", "unknownField"},
		{`{"head": {"docType": "T1"}, "paymentList": []}`, "paymentList", "unknownField"},
		{`{"head": {"docType": "T1"}, "lineList": {}}`, "lineList", "type"},
		{`{"head": {"docType": "T1"}, "lineList": [5]}`, "lineList[0]", "type"},
		{`{"head": {"docType": "T1"}, "lineList": [{}, {"amount": 0.001}]}`, "lineList[1].amount", "precision"},
	}
	for _, tt := range tests {
		t.Run(tt.doc, func(t *testing.T) {
			_, fs, err := engine.Decode(c, []byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) != 1 || fs[0].Path != tt.path || fs[0].Rule != tt.rule {
				t.Errorf("got %+v, want %s %s", fs, tt.path, tt.rule)
			}
		})
	}
	for _, bad := range []struct{ doc, code string }{
		{`{"head": `, engine.EINVALID},
		{`[1, 2]`, engine.EINVALID},
		{`{}`, engine.EINVALID},
		{`{"head": {}}`, engine.EINVALID},
		{`{"head": {"docType": "ZZ"}}`, engine.ENOTFOUND},
		{`{"head": {"docType": "T1"}} {}`, engine.EINVALID},
	} {
		if _, _, err := engine.Decode(c, []byte(bad.doc)); engine.ErrorCode(err) != bad.code {
			t.Errorf("%s: error %v, want code %s", bad.doc, err, bad.code)
		}
	}
}

func TestMoneyRoundTrip(t *testing.T) {
	c, err := engine.Load(miniCatalogue(""))
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		`0.1`:                `0.10`,
		`"1,234.5"`:          `1234.50`,
		`999999999999999.99`: ``, // out of range: left out
		`123456789012345.67`: `123456789012345.67`,
		`-0.01`:              `-0.01`,
		`12.300`:             `12.30`,
		`"  7 "`:             `7.00`,
		`1e2`:                `100.00`,
	} {
		d, _, err := engine.Decode(c, []byte(`{"head": {"docType": "T1", "amount": `+in+`}}`))
		if err != nil {
			t.Fatal(err)
		}
		out, _ := d.MarshalJSON()
		got := ""
		if i := strings.Index(string(out), `"amount":`); i >= 0 {
			got = strings.TrimRight(string(out)[i+len(`"amount":`):], "}")
		}
		if got != want {
			t.Errorf("%s: stored %q, want %q (%s)", in, got, want, out)
		}
	}
}

func TestNormalizeDate(t *testing.T) {
	for in, want := range map[string]string{
		"2026-01-05": "2026-01-05", "2026/1/5": "2026-01-05", "2026/01/05": "2026-01-05", "20260105": "2026-01-05",
		"2026-01-05 10:00:00": "2026-01-05", "2026-1-5": "2026-01-05", "2026.1.5": "2026-01-05",
		"2026-01-05T10:00:00+08:00": "2026-01-05", " 2026-01-05 ": "2026-01-05",
		"2026-02-30": "", "2026-13-01": "", "05/01/2026": "", "yesterday": "", "": "",
	} {
		got, ok := engine.NormalizeDate(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeDate(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// Weak control: a confirm finding blocks until the user confirms that rule.
func TestConfirmSeverity(t *testing.T) {
	c, err := engine.Load(miniCatalogue("rules:\n  - id: big-amount\n    check: 'head.amount <= 1000'\n    path: head.amount\n    severity: confirm\n    message: {zh: '金额较大，确认继续？', en: 'Large amount; continue?'}\n  - id: note\n    check: '!blank(head.note)'\n    severity: warning\n    path: head.note\n    message: {zh: 建议填写备注, en: A note helps}\n"))
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
		d, fs, _ := engine.Decode(c, raw)
		res := engine.Check(d, fs, engine.Options{Confirmed: tt.confirmed})
		var rules []string
		for _, f := range res.Errors {
			rules = append(rules, f.Rule)
		}
		if res.Valid != tt.valid || strings.Join(rules, ",") != tt.rules {
			t.Errorf("confirmed %v: valid %v %v, want %v %s", tt.confirmed, res.Valid, rules, tt.valid, tt.rules)
		}
	}
}

func TestMinimumMessages(t *testing.T) {
	c, err := engine.Load(miniCatalogue(""))
	if err != nil {
		t.Fatal(err)
	}
	for doc, want := range map[string]string{
		`{"head": {"docType": "T1", "price": "0.00"}}`: "单价必须大于零|Unit price must be greater than zero",
		`{"head": {"docType": "T1", "days": -2}}`:      "天数必须大于等于0|Days must be >= 0",
	} {
		_, fs, _ := engine.Decode(c, []byte(doc))
		if len(fs) != 1 || fs[0].Message.In("zh")+"|"+fs[0].Message.In("en") != want {
			t.Errorf("%s: %+v, want %s", doc, fs, want)
		}
	}
}
