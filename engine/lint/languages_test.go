package lint_test

import (
	"testing"
	"testing/fstest"

	"formwork/engine/lint"
)

// Every text a person reads lacks no language: titles, labels, messages,
// enumeration and sub-type titles, anywhere in schemas/ and rules/; the
// released snapshots and the fixtures are not looked at.
func TestLanguages(t *testing.T) {
	fsys := fstest.MapFS{
		"schemas/T1.yaml": {Data: []byte(`docType: T1
title: {zh: 测试, en: Test, th: ทดสอบ}
subTypes:
  A1: {title: {zh: 一, en: One}}
sections:
  head:
    fields: [{name: x, label: {zh: 叉, th: เอ็กซ์}}]
`)},
		"schemas/_enums/e.yaml":             {Data: []byte("kinds:\n  values:\n    - {key: a, label: {zh: 甲, en: A, th: ''}}\n")},
		"rules/r.yaml":                      {Data: []byte("rules:\n  - id: r\n    message:\n      en: wrong\n")},
		"schemas/_released/form/T1/v1.yaml": {Data: []byte("title: {zh: 旧}\n")},
		"rules/fixtures/f.yaml":             {Data: []byte("- {description: x, patch: {head.title: {zh: 只}}}\n")},
		"schemas/_modes.yaml":               {Data: []byte("new: {editable: true, buttons: [save]}\n")},
		"schemas/broken.yaml":               {Data: []byte("title: {zh: [\n")},
	}
	want := []string{
		"rules/r.yaml:4:7: text rules[0].message lacks zh, th",
		"schemas/T1.yaml:4:15: text subTypes.A1.title lacks th",
		"schemas/T1.yaml:7:31: text sections.head.fields[0].label lacks en",
		"schemas/_enums/e.yaml:3:23: text kinds.values[0].label lacks th",
	}
	got := lint.Languages(fsys, "error")
	if len(got) != len(want) {
		t.Fatalf("got %d problems, want %d: %+v", len(got), len(want), got)
	}
	for i, p := range got {
		line := p.File + ":" + itoa(p.Line) + ":" + itoa(p.Column) + ": " + p.Message
		if line != want[i] || p.Severity != "error" || p.Rule != lint.RuleLanguages {
			t.Errorf("got %s (%s %s), want %s", line, p.Severity, p.Rule, want[i])
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
