package load_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/lookup"
	"formwork/engine/model"
)

// lookupCatalogue is the Mini catalogue with two master-data types: emp
// (by code) and std, a dated standard per rank and kind.
func lookupCatalogue(rules string) fstest.MapFS {
	fsys := enginetest.Mini(rules)
	fsys["schemas/_masterdata/emp.yaml"] = &fstest.MapFile{Data: []byte(`code: emp
version: 1
title: {zh: 员工, en: Employee, th: พนักงาน}
area: people
keys: [code]
scope: group
permissions: {read: [any], write: [admin]}
fields:
  - {name: code, type: string, label: {zh: 编码, en: Code, th: รหัส}}
  - {name: name, type: text, label: {zh: 姓名, en: Name, th: ชื่อ}}
  - {name: rank, type: string, label: {zh: 职级, en: Rank, th: ระดับ}}
  - {name: level, type: integer, label: {zh: 级别, en: Level, th: ระดับ}}
`)}
	fsys["schemas/_masterdata/std.yaml"] = &fstest.MapFile{Data: []byte(`code: std
version: 1
title: {zh: 标准, en: Standard, th: เกณฑ์}
area: standards
keys: [rank, kind, validFrom]
scope: group
dated: true
permissions: {read: [any], write: [admin]}
fields:
  - {name: rank, type: string, label: {zh: 职级, en: Rank, th: ระดับ}}
  - {name: kind, type: string, label: {zh: 类别, en: Kind, th: ประเภท}}
  - {name: amount, type: money, label: {zh: 金额, en: Amount, th: จำนวนเงิน}}
  - {name: control, type: string, label: {zh: 控制, en: Control, th: การควบคุม}}
`)}
	return fsys
}

// lookupRecords are the records the lookup tests read: documents of
// company 1000 dated 2026-03-01.
func lookupRecords() *lookup.Set {
	s := lookup.New("1000", "2026-03-01")
	s.Add("emp",
		lookup.Record{Key: "E1", Active: true, Body: map[string]any{"code": "E1", "rank": "P3", "level": 3, "name": map[string]any{"zh": "张三", "en": "Zhang San"}}},
		lookup.Record{Key: "E2", Active: false, Body: map[string]any{"code": "E2", "rank": "M1"}},
		lookup.Record{Key: "E3", Active: true, ValidFrom: "2026-06-01", Body: map[string]any{"code": "E3", "rank": "M2"}},
		lookup.Record{Key: "E4", Active: true, Company: "2000", Body: map[string]any{"code": "E4", "rank": "P1"}})
	s.Add("std",
		lookup.Record{Key: "P3/hotel/2026-01-01", Active: true, ValidFrom: "2026-01-01", Body: map[string]any{"rank": "P3", "kind": "hotel", "validFrom": "2026-01-01", "amount": "400", "control": "weak"}},
		lookup.Record{Key: "P3/hotel/2026-06-01", Active: true, ValidFrom: "2026-06-01", Body: map[string]any{"rank": "P3", "kind": "hotel", "validFrom": "2026-06-01", "amount": 450.5, "control": "weak"}},
		lookup.Record{Key: "P3/meal/2026-01-01", Active: false, ValidFrom: "2026-01-01", Body: map[string]any{"rank": "P3", "kind": "meal", "validFrom": "2026-01-01", "amount": "100"}},
		lookup.Record{Key: "P3/taxi/2026-01-01", Active: true, ValidFrom: "2026-01-01", ValidTo: "2026-01-31", Body: map[string]any{"rank": "P3", "kind": "taxi", "validFrom": "2026-01-01", "validTo": "2026-01-31", "amount": "50"}})
	return s
}

func TestRecordAndStandard(t *testing.T) {
	tests := []struct {
		name   string
		check  string
		doc    string
		lookup bool
		holds  bool
	}{
		{"known record", `record("emp", head.note).rank == "P3"`, `"note": "E1"`, true, true},
		{"integer field", `record("emp", head.note).level == 3`, `"note": "E1"`, true, true},
		{"a name in each language", `record("emp", head.note).name.en == "Zhang San"`, `"note": "E1"`, true, true},
		{"unknown key reads as an empty record", `record("emp", head.note).rank == ""`, `"note": "E9"`, true, true},
		{"exact match only", `record("emp", head.note).rank == ""`, `"note": "e1"`, true, true},
		{"blank key", `record("emp", head.note).rank == ""`, `"note": ""`, true, true},
		{"inactive record", `record("emp", head.note).rank == ""`, `"note": "E2"`, true, true},
		{"not yet valid on the document date", `record("emp", head.note).rank == ""`, `"note": "E3"`, true, true},
		{"another company's record", `record("emp", head.note).rank == ""`, `"note": "E4"`, true, true},
		{"no lookup: empty records", `record("emp", head.note).rank == ""`, `"note": "E1"`, false, true},
		{"record feeds a standard", `standard("std", {rank: record("emp", head.note).rank, kind: "hotel"}, head.day).amount == 400`, `"note": "E1", "day": "2026-03-01"`, true, true},
		{"the newest standard valid on the date", `standard("std", {rank: "P3", kind: "hotel"}, head.day).amount == 450.50`, `"day": "2026-07-01"`, true, true},
		{"valid from the first day", `standard("std", {rank: "P3", kind: "hotel"}, head.day).amount == 450.5`, `"day": "2026-06-01"`, true, true},
		{"before any standard", `standard("std", {rank: "P3", kind: "hotel"}, head.day).amount == 0`, `"day": "2025-12-31"`, true, true},
		{"an inactive standard", `standard("std", {rank: "P3", kind: "meal"}, head.day).amount == 0`, `"day": "2026-03-01"`, true, true},
		{"after valid to", `standard("std", {rank: "P3", kind: "taxi"}, head.day).amount == 0`, `"day": "2026-02-01"`, true, true},
		{"within valid to", `standard("std", {rank: "P3", kind: "taxi"}, head.day).amount == 50`, `"day": "2026-01-31"`, true, true},
		{"criteria match exactly", `standard("std", {rank: "p3", kind: "hotel"}, head.day).amount == 0`, `"day": "2026-03-01"`, true, true},
		{"a blank date finds none", `standard("std", {rank: "P3", kind: "hotel"}, head.day).amount == 0`, `"day": ""`, true, true},
		{"no lookup: no standard", `standard("std", {rank: "P3", kind: "hotel"}, head.day).control == ""`, `"day": "2026-03-01"`, false, true},
		{"let names a standard once", `let s = standard("std", {rank: "P3", kind: "hotel"}, head.day); s.control == "weak" && head.amount > s.amount`, `"day": "2026-03-01", "amount": 400.01`, true, true},
		{"within the standard", `let s = standard("std", {rank: "P3", kind: "hotel"}, head.day); head.amount <= s.amount`, `"day": "2026-03-01", "amount": 400`, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := load.Load(lookupCatalogue("rules:\n  - id: r\n    check: '" + tt.check + "'\n    path: head.amount\n    message: {zh: 不成立, en: does not hold}\n"))
			if err != nil {
				t.Fatal(err)
			}
			if got := c.DocType("T1").RuleRecords; !strings.Contains(tt.check, "std") && (len(got) != 1 || got[0] != "emp") {
				t.Errorf("RuleRecords = %v, want [emp]", got)
			}
			d, fs, err := decode.Decode(c, []byte(`{"head": {"docType": "T1", `+tt.doc+`}}`))
			if err != nil || len(fs) > 0 {
				t.Fatal(err, fs)
			}
			opt := eval.Options{}
			if tt.lookup {
				opt.Lookup = lookupRecords()
			}
			if res := eval.Check(d, fs, opt); res.Valid != tt.holds {
				t.Errorf("holds = %v, want %v (%+v)", res.Valid, tt.holds, res.Errors)
			}
		})
	}
}

// TestLookupLoadErrors: a misuse of record, standard or confirmed is a load
// error at its line and column.
func TestLookupLoadErrors(t *testing.T) {
	tests := []struct{ check, want string }{
		{`record("emq", head.note).rank == ""`, `schemas/T1.yaml:13:20: rule r (T1) check: record: unknown master-data type "emq"`},
		{`record("emp", head.note).rnak == ""`, `rule r (T1) check: unknown field rnak`},
		{`record(head.note, head.note).rank == ""`, `schemas/T1.yaml:13:25: rule r (T1) check: the first argument of record must be a name in quotes`},
		{`record("emp").rank == ""`, `record takes 2 arguments, not 1`},
		{`record("emp", head.amount).rank == ""`, `rule r (T1) check:`},
		{`standard("std", {rnk: "P3"}, head.day).amount > 0`, `standard: std has no such field`},
		{`standard("std", {rank: head.amount}, head.day).amount > 0`, `standard: the value of rank must be text, not a decimal`},
		{`standard("std", "P3", head.day).amount > 0`, `the criteria of standard are written as {field: value, ...}`},
		{`standard("std", {rank: "P3"}, head.day).amount > "0"`, `rule r (T1) check:`},
		{`confirmed("nope")`, `confirmed("nope"): T1 has no rule nope`},
		{`confirmed("r")`, `confirmed("r"): rule r is no confirm rule (severity error)`},
	}
	for _, tt := range tests {
		t.Run(tt.check, func(t *testing.T) {
			_, err := load.Load(lookupCatalogue("rules:\n  - id: r\n    check: '" + tt.check + "'\n    path: head.amount\n    message: {zh: 不成立, en: does not hold}\n"))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
		})
	}
}

// TestConfirmedAndArgs: confirmed() holds once the user confirmed the rule;
// a message names the args' values.
func TestConfirmedAndArgs(t *testing.T) {
	rules := `rules:
  - id: over
    severity: confirm
    when: 'standard("std", {rank: "P3", kind: "hotel"}, head.day).control == "weak"'
    check: 'head.amount <= standard("std", {rank: "P3", kind: "hotel"}, head.day).amount'
    path: head.amount
    args:
      limit: 'standard("std", {rank: "P3", kind: "hotel"}, head.day).amount'
      excess: 'head.amount - standard("std", {rank: "P3", kind: "hotel"}, head.day).amount'
      third: 'head.amount / 3'
      who: 'record("emp", "E1").name'
    message: {zh: "超出标准{limit}，超出{excess}（{third}，{who}）", en: "Above the limit {limit} by {excess} ({third}, {who})", th: "เกิน {limit} อยู่ {excess}"}
  - id: reason
    when: 'confirmed("over") && head.amount > standard("std", {rank: "P3", kind: "hotel"}, head.day).amount'
    check: '!blank(head.note)'
    path: head.note
    message: {zh: 请填写超标说明, en: Give the reason, th: กรุณาระบุเหตุผล}
`
	c, err := load.Load(lookupCatalogue(rules))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(c.DocType("T1").RuleRecords, ","); got != "emp,std" {
		t.Errorf("RuleRecords = %s", got)
	}
	check := func(doc string, confirmed map[string]bool) model.CheckResult {
		d, fs, err := decode.Decode(c, []byte(`{"head": {"docType": "T1", "day": "2026-03-01", `+doc+`}}`))
		if err != nil || len(fs) > 0 {
			t.Fatal(err, fs)
		}
		return eval.Check(d, fs, eval.Options{Lookup: lookupRecords(), Confirmed: confirmed})
	}
	res := check(`"amount": 500`, nil)
	if len(res.Errors) != 1 || res.Errors[0].Rule != "over" || res.Valid {
		t.Fatalf("first save: %+v", res)
	}
	if got := res.Errors[0].Message["en"]; got != "Above the limit 400.00 by 100.00 (166.6666666666666667, Zhang San)" {
		t.Errorf("message = %q", got)
	}
	if got := res.Errors[0].Message["zh"]; got != "超出标准400.00，超出100.00（166.6666666666666667，张三）" {
		t.Errorf("message zh = %q", got)
	}
	res = check(`"amount": 500`, map[string]bool{"over": true})
	if len(res.Errors) != 1 || res.Errors[0].Rule != "reason" || res.Errors[0].Path != "head.note" || res.Valid {
		t.Fatalf("confirmed without a reason: %+v", res)
	}
	if res = check(`"amount": 500, "note": "客户指定酒店"`, map[string]bool{"over": true}); !res.Valid {
		t.Fatalf("confirmed with a reason: %+v", res)
	}
	if res = check(`"amount": 400`, nil); !res.Valid || len(res.Errors) != 0 {
		t.Fatalf("within the standard: %+v", res)
	}
}
