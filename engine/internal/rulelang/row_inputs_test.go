package rulelang_test

import (
	"strings"
	"testing"

	"formwork/engine/internal/rulelang"

	"github.com/expr-lang/expr"
)

// ReadsOfRow names the row fields a program reads, and calls a program
// impure when it reads anything else of the row that changes from row to
// row.
func TestReadsOfRow(t *testing.T) {
	type row struct {
		A int    `expr:"a"`
		B string `expr:"b"`
	}
	env := map[string]any{"row": row{}, "head": row{}, "rowNo": 0}
	tests := []struct {
		src    string
		fields string
		pure   bool
	}{
		{`row.a + len(row.b) > 0`, "a b", true},
		{`head.a > 0`, "", true},
		{`let x = row.a; x > 0 && head.b == row.b`, "a b", true},
		{`row?.a > 0`, "a", true},
		{`row.a > rowNo`, "a", false},
		{`row.a > 0 || row == head`, "a", false},
		{`row["a"] > 0`, "a", true}, // the same read as row.a
		{`$env.row.a > 0`, "", false},
	}
	for _, tt := range tests {
		p, err := expr.Compile(tt.src, expr.Env(env))
		if err != nil {
			t.Fatalf("%s: %v", tt.src, err)
		}
		in := rulelang.ReadsOfRow(p, nil)
		if got := strings.Join(in.Fields, " "); got != tt.fields || in.Pure != tt.pure {
			t.Errorf("%s: fields %q pure %v, want %q %v", tt.src, got, in.Pure, tt.fields, tt.pure)
		}
	}
}
