package rulelang

import (
	"strings"
	"testing"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/shopspring/decimal"
)

type totalRow struct {
	Amount decimal.Decimal `expr:"amount"`
	Days   int             `expr:"days"`
}

type totalEnv struct {
	Rows []*totalRow `expr:"rows"`
}

// total(map(rows, .amount)) is summed where the rows hold their amounts
// (_totalOf) and gives what total gives of the listed amounts; other
// totals are left as written, and a field the rows lack is still an error.
func TestTotalOfField(t *testing.T) {
	d := decimal.RequireFromString
	envs := map[string]totalEnv{
		"none":      {},
		"cents":     {Rows: []*totalRow{{Amount: d("12.34")}, {Amount: d("0.66")}, {Amount: d("-3.00")}}},
		"exponents": {Rows: []*totalRow{{Amount: d("12.34")}, {Amount: d("1.5")}, {}}},
		"19 digits": {Rows: []*totalRow{{Amount: d("1234567890123456789.12")}, {Amount: d("1.00")}}},
	}
	compile := func(src string) (*ast.Node, func(env totalEnv) any) {
		p, err := expr.Compile(src, append([]expr.Option{expr.Env(totalEnv{})}, Options...)...)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		n := p.Node()
		return &n, func(env totalEnv) any {
			out, err := expr.Run(p, &env)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			return out
		}
	}
	calls := func(n *ast.Node, name string) bool {
		return ast.Find(*n, func(x ast.Node) bool {
			c, ok := x.(*ast.CallNode)
			if !ok {
				return false
			}
			id, isID := c.Callee.(*ast.IdentifierNode)
			return isID && id.Value == name
		}) != nil
	}
	n, run := compile(`total(map(rows, .amount))`)
	if !calls(n, totalOfName) {
		t.Errorf("total(map(rows, .amount)) is not rewritten: %s", (*n).String())
	}
	for name, env := range envs {
		var list []any
		for _, r := range env.Rows {
			list = append(list, r.Amount)
		}
		want := total(list)
		got, ok := run(env).(decimal.Decimal)
		if !ok || !got.Equal(want) || got.Exponent() != want.Exponent() {
			t.Errorf("%s: %v, want %s (exp %d)", name, run(env), want, want.Exponent())
		}
	}
	if n, _ := compile(`total(map(rows, .days))`); calls(n, totalOfName) {
		t.Errorf("a total of integers is rewritten: %s", (*n).String())
	}
	if n, _ := compile(`total(map(rows, .amount * 2))`); calls(n, totalOfName) {
		t.Errorf("a total of a computed value is rewritten: %s", (*n).String())
	}
	// a field the rows lack stays in the tree, where the loader's name
	// check finds it (load.checkNames)
	if n, _ := compile(`total(map(rows, .amout))`); calls(n, totalOfName) || !strings.Contains((*n).String(), "amout") {
		t.Errorf("a total of an unknown field is rewritten: %s", (*n).String())
	}
}
