package versions_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
	"formwork/engine/versions"
)

const compatFields = `
docType: {label: {zh: 类型}, type: string}
amount: {label: {zh: 金额}, type: money, min: "0"}
note: {label: {zh: 备注}, type: text, maxLength: 100}
kind: {label: {zh: 种类}, type: enum, enum: kinds}
day: {label: {zh: 日期}, type: date}
extra: {label: {zh: 附加}, type: string}
`

const compatBase = `docType: T1
version: 1
family: ap
title: {zh: 测试}
sections:
  head:
    fields: [docType, amount, note, kind, day]
  lineList:
    table: true
    fields: [amount, note]
subTypes:
  A1:
    title: {zh: 一}
    children:
      A11: {title: {zh: 一一}}
  A2: {title: {zh: 二}}
rules:
  - id: r1
    check: 'head.amount > 0'
    path: head.amount
    message: {zh: 金额}
  - id: r2
    severity: warning
    check: '!blank(head.note)'
    path: head.note
    message: {zh: 备注}
`

func compatCatalogue(t *testing.T, docType, fields, enums string) *model.DocType {
	t.Helper()
	fs := enginetest.Mini("")
	fs["schemas/_fields/f.yaml"] = &fstest.MapFile{Data: []byte(fields)}
	fs["schemas/_enums/e.yaml"] = &fstest.MapFile{Data: []byte(enums)}
	fs["schemas/T1.yaml"] = &fstest.MapFile{Data: []byte(docType)}
	c, err := load.Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	return c.DocType("T1")
}

// Each kind of breaking change is caught; each compatible change passes.
func TestCompatibility(t *testing.T) {
	const enums = "kinds: {values: [{key: a, label: {zh: 甲}}, {key: b, label: {zh: 乙}}]}\n"
	r := strings.NewReplacer
	tests := []struct {
		name     string
		docType  *strings.Replacer // applied to compatBase
		fields   *strings.Replacer // applied to compatFields
		enums    string
		kind     string
		breaking bool
	}{
		{"field removed", r("[docType, amount, note, kind, day]", "[docType, amount, note, kind]"), nil, "", "fieldRemoved", true},
		{"field retyped", nil, r("day: {label: {zh: 日期}, type: date}", "day: {label: {zh: 日期}, type: string}"), "", "typeChanged", true},
		{"enumeration narrowed", nil, nil, "kinds: {values: [{key: a, label: {zh: 甲}}]}\n", "enumNarrowed", true},
		{"new required field", r("[docType, amount, note, kind, day]", "[docType, amount, note, kind, day, {name: extra, required: true}]"), nil, "", "requiredAdded", true},
		{"field becomes required", r("[docType, amount, note, kind, day]", "[docType, amount, {name: note, required: true}, kind, day]"), nil, "", "requiredAdded", true},
		{"field required on a condition", r("[docType, amount, note, kind, day]", "[docType, amount, {name: note, required: 'head.amount > 100'}, kind, day]"), nil, "", "requiredAdded", true},
		{"stricter rule", r("check: 'head.amount > 0'", "check: 'head.amount > 10'"), nil, "", "ruleChanged", true},
		{"new rule", r("rules:\n", "rules:\n  - id: r3\n    check: 'head.day != \"\"'\n    message: {zh: 日期}\n"), nil, "", "ruleAdded", true},
		{"severity raised", r("severity: warning", "severity: error"), nil, "", "severityRaised", true},
		{"maximum length narrowed", nil, r("maxLength: 100", "maxLength: 50"), "", "maxLengthChanged", true},
		{"minimum raised", nil, r(`min: "0"`, `min: "1"`), "", "minChanged", true},
		{"section removed", r("  lineList:\n    table: true\n    fields: [amount, note]\n", ""), nil, "", "sectionRemoved", true},
		{"sub-type removed", r("  A2: {title: {zh: 二}}\n", ""), nil, "", "subTypeRemoved", true},
		{"sub-type narrowed to a set of books", r("A2: {title: {zh: 二}}", "A2: {title: {zh: 二}, sobs: [\"1000\"]}"), nil, "", "subTypeNarrowed", true},

		{"optional field added", r("[docType, amount, note, kind, day]", "[docType, amount, note, kind, day, extra]"), nil, "", "fieldAdded", false},
		{"enumeration widened", nil, nil, "kinds: {values: [{key: a, label: {zh: 甲}}, {key: b, label: {zh: 乙}}, {key: c, label: {zh: 丙}}]}\n", "enumWidened", false},
		{"rule removed", r("  - id: r2\n    severity: warning\n    check: '!blank(head.note)'\n    path: head.note\n    message: {zh: 备注}\n", ""), nil, "", "ruleRemoved", false},
		{"severity lowered", r("  - id: r1\n", "  - id: r1\n    severity: warning\n"), nil, "", "severityLowered", false},
		{"maximum length widened", nil, r("maxLength: 100", "maxLength: 200"), "", "maxLengthChanged", false},
		{"minimum lowered", nil, r(`min: "0"`, `min: "-5"`), "", "minChanged", false},
		{"sub-type added", r("  A2: {title: {zh: 二}}\n", "  A2: {title: {zh: 二}}\n  A3: {title: {zh: 三}}\n"), nil, "", "subTypeAdded", false},
		{"message reworded", r("message: {zh: 金额}", "message: {zh: 金额须大于0}"), nil, "", "messageChanged", false},
		{"label reworded (not even listed)", nil, r("note: {label: {zh: 备注}", "note: {label: {zh: 说明}"), "", "", false},
	}
	old := compatCatalogue(t, compatBase, compatFields, enums)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, fields, en := compatBase, compatFields, enums
			if tt.docType != nil {
				doc = tt.docType.Replace(doc)
			}
			if tt.fields != nil {
				fields = tt.fields.Replace(fields)
			}
			if tt.enums != "" {
				en = tt.enums
			}
			changes := versions.Compare(old, compatCatalogue(t, doc, fields, en))
			if tt.kind == "" {
				if len(changes) != 0 {
					t.Errorf("no change expected, got %+v", changes)
				}
				return
			}
			if len(changes) == 0 {
				t.Fatalf("no change found, want %s", tt.kind)
			}
			for _, c := range changes { // a field used by two sections changes in both
				if c.Kind != tt.kind || c.Breaking != tt.breaking {
					t.Errorf("got %+v, want only %s (breaking %v)", changes, tt.kind, tt.breaking)
				}
			}
		})
	}
}
