// Package rulelang is the rule language's vocabulary beside expr's own:
// decimal arithmetic and comparison and the helper functions of
// docs/rules.md. The loader compiles every catalogue expression with
// Options.
package rulelang

import (
	"fmt"
	"reflect"
	"strings"

	"formwork/engine/model"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/shopspring/decimal"
)

// The rule language is expr with decimal arithmetic and comparison and a
// few helper functions (see docs/rules.md). Expressions are compiled against
// the document type's environment types (model.Env).

var (
	decimalType = model.DecimalType
	intType     = model.IntType
	boolType    = model.BoolType
)

// decimalLiterals turns float literals into exact decimals, so that
// 0.1 + 0.2 == 0.3 holds in a rule.
type decimalLiterals struct{}

func (decimalLiterals) Visit(n *ast.Node) {
	if f, ok := (*n).(*ast.FloatNode); ok {
		ast.Patch(n, &ast.ConstantNode{Value: decimal.NewFromFloat(f.Value)})
	}
}

func toDec(v any) decimal.Decimal {
	switch x := v.(type) {
	case decimal.Decimal:
		return x
	case int:
		return decimal.NewFromInt(int64(x))
	}
	panic(fmt.Sprintf("not a number: %T", v))
}

// Options are the options every catalogue expression compiles with:
// decimal arithmetic and comparison, and the helper functions of the rule
// language.
var Options = append(append(decimalOperators(), helperFunctions()...), expr.Patch(decimalLiterals{}), expr.Patch(totalOfField{}), totalOfFunction)

type binop struct {
	op   string
	name string
	fn   func(a, b decimal.Decimal) any
	out  reflect.Type
}

var binops = []binop{
	{"+", "add", func(a, b decimal.Decimal) any { return a.Add(b) }, decimalType},
	{"-", "sub", func(a, b decimal.Decimal) any { return a.Sub(b) }, decimalType},
	{"*", "mul", func(a, b decimal.Decimal) any { return a.Mul(b) }, decimalType},
	// division by zero must not crash an evaluation: it yields 0.
	{"/", "div", func(a, b decimal.Decimal) any {
		if b.IsZero() {
			return decimal.Zero
		}
		return a.Div(b)
	}, decimalType},
	{"==", "eq", func(a, b decimal.Decimal) any { return a.Equal(b) }, boolType},
	{"!=", "ne", func(a, b decimal.Decimal) any { return !a.Equal(b) }, boolType},
	{">", "gt", func(a, b decimal.Decimal) any { return a.GreaterThan(b) }, boolType},
	{">=", "ge", func(a, b decimal.Decimal) any { return a.GreaterThanOrEqual(b) }, boolType},
	{"<", "lt", func(a, b decimal.Decimal) any { return a.LessThan(b) }, boolType},
	{"<=", "le", func(a, b decimal.Decimal) any { return a.LessThanOrEqual(b) }, boolType},
}

// decimalOperators overload the arithmetic and comparison operators for
// decimals, and for a decimal with an integer on either side.
func decimalOperators() []expr.Option {
	var opts []expr.Option
	for _, o := range binops {
		fn := o.fn
		var names []string
		for _, sig := range [][2]reflect.Type{{decimalType, decimalType}, {decimalType, intType}, {intType, decimalType}} {
			name := fmt.Sprintf("_dec_%s_%s_%s", o.name, sig[0].Kind(), sig[1].Kind())
			opts = append(opts, expr.Function(name, func(p ...any) (any, error) { return fn(toDec(p[0]), toDec(p[1])), nil },
				reflect.New(reflect.FuncOf([]reflect.Type{sig[0], sig[1]}, []reflect.Type{o.out}, false)).Interface()))
			names = append(names, name)
		}
		opts = append(opts, expr.Operator(o.op, names...))
	}
	return opts
}

// helperFunctions are the functions of the rule language.
func helperFunctions() []expr.Option {
	return []expr.Option{
		expr.Function("total", func(p ...any) (any, error) { return total(p[0].([]any)), nil }, new(func([]any) decimal.Decimal)),
		expr.Function("round2", func(p ...any) (any, error) { return p[0].(decimal.Decimal).Round(2), nil }, new(func(decimal.Decimal) decimal.Decimal)),
		// dec(text): the number a text holds (model.ParseNumber), 0 when it holds none.
		expr.Function("dec", func(p ...any) (any, error) {
			d, err := model.ParseNumber(p[0].(string))
			if err != nil {
				return decimal.Zero, nil
			}
			return d, nil
		}, new(func(string) decimal.Decimal)),
		expr.Function("blank", func(p ...any) (any, error) { return strings.TrimSpace(p[0].(string)) == "", nil }, new(func(string) bool)),
		// fmtAmount(x): an amount as a message shows it (model.FormatAmount)
		expr.Function("fmtAmount", func(p ...any) (any, error) { return model.FormatAmount(toDec(p[0])), nil }, numberSignatures(1, reflect.TypeOf(""))...),
		// within(a, b, tol): |a - b| <= tol, for matches the spec allows a
		// tolerance in (a tax rate worked out from the amounts, 0.003).
		expr.Function("within", func(p ...any) (any, error) {
			return toDec(p[0]).Sub(toDec(p[1])).Abs().LessThanOrEqual(toDec(p[2])), nil
		}, numberSignatures(3, boolType)...),
		// containsAny(text, words): the text contains one of the words, ignoring
		// case (words a description must not use).
		expr.Function("containsAny", func(p ...any) (any, error) {
			text := strings.ToLower(p[0].(string))
			for _, w := range p[1].([]any) {
				if s, ok := w.(string); ok && s != "" && strings.Contains(text, strings.ToLower(s)) {
					return true, nil
				}
			}
			return false, nil
		}, new(func(string, []any) bool)),
	}
}

// numberSignatures are the signatures of a function of n numbers (decimals
// or integers, in any mix) returning out: expr checks calls against them.
func numberSignatures(n int, out reflect.Type) []any {
	sigs := [][]reflect.Type{nil}
	for i := 0; i < n; i++ {
		var next [][]reflect.Type
		for _, s := range sigs {
			for _, t := range []reflect.Type{decimalType, intType} {
				next = append(next, append(append([]reflect.Type{}, s...), t))
			}
		}
		sigs = next
	}
	out2 := make([]any, len(sigs))
	for i, s := range sigs {
		out2[i] = reflect.New(reflect.FuncOf(s, []reflect.Type{out}, false)).Interface()
	}
	return out2
}

// total is the sum of a list of numbers, as adding them one by one to
// decimal.Zero makes it (same value, same exponent). The usual list, amounts
// of one exponent <= 0 of at most 18 digits each, is summed in an int64
// (sumOneExponent); any other list decimal by decimal.
func total(list []any) decimal.Decimal {
	return sum(len(list), func(i int) (decimal.Decimal, bool) {
		d, ok := list[i].(decimal.Decimal)
		return d, ok
	}, func(i int) decimal.Decimal { return toDec(list[i]) })
}

// sum is the total of n numbers: dec(i) is the i-th when it is a decimal
// (else false), num(i) the i-th as a decimal.
func sum(n int, dec func(int) (decimal.Decimal, bool), num func(int) decimal.Decimal) decimal.Decimal {
	if s, ok := sumOneExponentOf(n, dec); ok {
		return s
	}
	s := decimal.Zero
	for i := 0; i < n; i++ {
		s = s.Add(num(i))
	}
	return s
}

// sumOneExponent sums list in an int64 when every item is a decimal of one
// exponent <= 0 with at most 18 digits and no partial sum overflows; ok is
// false otherwise (and for an empty list).
func sumOneExponent(list []any) (decimal.Decimal, bool) {
	return sumOneExponentOf(len(list), func(i int) (decimal.Decimal, bool) {
		d, ok := list[i].(decimal.Decimal)
		return d, ok
	})
}

// sumOneExponentOf is sumOneExponent of the n items dec gives.
func sumOneExponentOf(n int, dec func(int) (decimal.Decimal, bool)) (decimal.Decimal, bool) {
	var acc int64
	exp := int32(1)
	for i := 0; i < n; i++ {
		d, ok := dec(i)
		if !ok || d.NumDigits() > 18 || d.Exponent() > 0 || (exp <= 0 && d.Exponent() != exp) {
			return decimal.Decimal{}, false
		}
		exp = d.Exponent()
		c := d.CoefficientInt64()
		next := acc + c
		if (c > 0 && next < acc) || (c < 0 && next > acc) {
			return decimal.Decimal{}, false
		}
		acc = next
	}
	if exp > 0 {
		return decimal.Decimal{}, false
	}
	return decimal.New(acc, exp), true
}
