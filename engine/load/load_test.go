package load_test

import (
	"errors"
	"testing"

	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// A catalogue that does not compile is a load error naming file, line and
// column, with a snippet. The expected value is the whole message.
func TestLoadErrors(t *testing.T) {
	rule := func(check string) string {
		return "rules:\n  - id: r\n    check: '" + check + "'\n    path: head.amount\n    message: {zh: 错, en: wrong}\n"
	}
	tests := []struct {
		name  string
		extra string
		want  string
	}{
		{"unknown field", rule(`head.amout > 0`),
			"schemas/T1.yaml:13:18: rule r (T1) check: unknown field amout\n  13 |     check: 'head.amout > 0'\n     |                  ^"},
		// regression: expr caches a typed call's type across patcher passes and
		// skipped its arguments; see checkNames.
		{"unknown field inside a function call", rule(`!blank(head.nte)`),
			"schemas/T1.yaml:13:25: rule r (T1) check: unknown field nte\n  13 |     check: '!blank(head.nte)'\n     |                         ^"},
		{"unknown field inside a closure", rule(`total(map(lineList, .amout)) > 0`),
			"schemas/T1.yaml:13:34: rule r (T1) check: unknown field amout\n  13 |     check: 'total(map(lineList, .amout)) > 0'\n     |                                  ^"},
		{"type error", rule(`head.note > 1`),
			"schemas/T1.yaml:13:23: rule r (T1) check: invalid operation: > (mismatched types string and int)\n  13 |     check: 'head.note > 1'\n     |                       ^"},
		{"not a bool", rule(`head.amount + 1`),
			"schemas/T1.yaml:13:13: rule r (T1) check: expected bool, but got decimal\n  13 |     check: 'head.amount + 1'\n     |             ^"},
		{"row outside a table rule", rule(`row.amount > 0`),
			"schemas/T1.yaml:13:13: rule r (T1) check: unknown name row\n  13 |     check: 'row.amount > 0'\n     |             ^"},
		{"bad severity", "rules:\n  - id: r\n    check: 'true'\n    severity: fatal\n    message: {zh: 错}\n",
			"schemas/T1.yaml:12:1: rule r: severity \"fatal\" must be error, warning or confirm\n  12 |   - id: r\n     | ^"},
		{"misspelt key", "rules:\n  - id: r\n    chekc: 'true'\n    message: {zh: 错}\n",
			"schemas/T1.yaml:13:1: unknown key \"chekc\"\n  13 |     chekc: 'true'\n     | ^"},
		{"unknown path", "rules:\n  - id: r\n    check: 'true'\n    path: head.nothing\n    message: {zh: 错}\n",
			"schemas/T1.yaml:12:1: rule r: path \"head.nothing\" is not a field of T1\n  12 |   - id: r\n     | ^"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := load.Load(enginetest.Mini(tt.extra))
			var le *model.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("want a LoadError, got %v", err)
			}
			if len(le.Problems) != 1 {
				t.Fatalf("want 1 problem, got %d:\n%v", len(le.Problems), err)
			}
			if got := le.Problems[0].String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestLoadCollectsEveryProblem(t *testing.T) {
	fs := enginetest.Mini("rules:\n  - id: a\n    check: 'head.x'\n    message: {zh: 错}\n  - id: b\n    check: 'head.y'\n    message: {zh: 错}\n")
	fs["schemas/_fields/g.yaml"] = fs["schemas/_fields/f.yaml"] // every field defined twice
	_, err := load.Load(fs)
	var le *model.LoadError
	if !errors.As(err, &le) || len(le.Problems) < 9 {
		t.Fatalf("want every problem reported, got %v", err)
	}
}

func TestRealCatalogueLoads(t *testing.T) {
	c := enginetest.Catalogue(t)
	for _, code := range []string{"EX01", "EX02", "EX03", "EX04", "EX05", "EX06"} {
		if c.DocType(code) == nil {
			t.Errorf("%s missing", code)
		}
	}
}
