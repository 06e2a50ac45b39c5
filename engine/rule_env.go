package engine

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/shopspring/decimal"
)

// Rules see the document as typed structs built per document type, so that
// an unknown field or a type mismatch is a compile error at load time:
//
//	head.amount            the head's amount (decimal)
//	lineList[0].costType   a cell of a table (tables are lists of rows)
//	row.costType           in a table rule: the current row; rowNo is its 1-based number
//	action                 the action mode (new, edit, read, ...)
//
// A value that is missing from the document reads as its type's zero value:
// "" for text, dates and enumerations, 0 for money, numbers and integers.
// Whether a value was given at all is the business of `required`, which the
// engine checks on the document itself, not in expressions.

var (
	decimalType = reflect.TypeOf(decimal.Decimal{})
	stringType  = reflect.TypeOf("")
	intType     = reflect.TypeOf(0)
	boolType    = reflect.TypeOf(true)
)

func goTypeOf(t FieldType) reflect.Type {
	switch t {
	case TypeMoney, TypeNumber:
		return decimalType
	case TypeInteger:
		return intType
	default:
		return stringType
	}
}

// envTypes are the struct types rules of one document type are compiled
// against: one for document rules and one per table for row rules.
type envTypes struct {
	doc    reflect.Type
	tables map[string]reflect.Type
	nsec   int // sections come first, in DocType.Sections order
}

const (
	envActionField = "Action"
	envRowField    = "Row"
	envRowNoField  = "RowNo"
)

func buildEnvTypes(d *DocType) *envTypes {
	var common []reflect.StructField
	for i, s := range d.Sections {
		var sf []reflect.StructField
		for j, f := range s.Fields {
			f.index = j
			sf = append(sf, reflect.StructField{Name: fmt.Sprintf("F%d", j), Type: goTypeOf(f.Type), Tag: reflect.StructTag(fmt.Sprintf(`expr:%q`, f.Name))})
		}
		s.goType = reflect.StructOf(sf)
		t := s.goType
		if s.Table {
			t = reflect.SliceOf(t)
		}
		common = append(common, reflect.StructField{Name: fmt.Sprintf("S%d", i), Type: t, Tag: reflect.StructTag(fmt.Sprintf(`expr:%q`, s.Name))})
	}
	common = append(common, reflect.StructField{Name: envActionField, Type: stringType, Tag: `expr:"action"`})
	env := &envTypes{doc: reflect.StructOf(common), tables: map[string]reflect.Type{}, nsec: len(d.Sections)}
	for _, s := range d.Sections {
		if !s.Table {
			continue
		}
		fields := append(append([]reflect.StructField{}, common...),
			reflect.StructField{Name: envRowField, Type: s.goType, Tag: `expr:"row"`},
			reflect.StructField{Name: envRowNoField, Type: intType, Tag: `expr:"rowNo"`})
		env.tables[s.Name] = reflect.StructOf(fields)
	}
	return env
}

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

// exprOptions are the options every catalogue expression compiles with:
// decimal arithmetic and comparison, and the helper functions of the rule
// language (see docs/rules.md).
var exprOptions = func() []expr.Option {
	var opts []expr.Option
	type binop struct {
		op   string
		name string
		fn   func(a, b decimal.Decimal) any
		out  reflect.Type
	}
	ops := []binop{
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
	for _, o := range ops {
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
	opts = append(opts,
		expr.Function("total", func(p ...any) (any, error) {
			sum := decimal.Zero
			for _, v := range p[0].([]any) {
				sum = sum.Add(toDec(v))
			}
			return sum, nil
		}, new(func([]any) decimal.Decimal)),
		expr.Function("round2", func(p ...any) (any, error) { return p[0].(decimal.Decimal).Round(2), nil }, new(func(decimal.Decimal) decimal.Decimal)),
		expr.Function("dec", func(p ...any) (any, error) {
			d, err := decimal.NewFromString(p[0].(string))
			if err != nil {
				return decimal.Zero, nil
			}
			return d, nil
		}, new(func(string) decimal.Decimal)),
		expr.Function("blank", func(p ...any) (any, error) { return strings.TrimSpace(p[0].(string)) == "", nil }, new(func(string) bool)),
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
		expr.Patch(decimalLiterals{}),
	)
	return opts
}()

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

var noFieldRe = regexp.MustCompile(`type struct \{.*\} has no field (\w+)`)
var structTypeRe = regexp.MustCompile(`struct \{[^}]*\}`)

// compileError makes an expr compile error readable for analysts and places
// it in the YAML file.
func compileError(err error, src *exprSrc) (line, col int, msg string) {
	line, col = src.Line, src.Column
	msg = err.Error()
	if fe, ok := err.(*file.Error); ok {
		msg = fe.Message
		if fe.Line > 1 {
			line += fe.Line - 1
			col = fe.Column + 1
		} else {
			col += fe.Column
		}
	}
	if m := noFieldRe.FindStringSubmatch(msg); m != nil {
		msg = "unknown field " + m[1]
	}
	msg = structTypeRe.ReplaceAllString(msg, "object")
	msg = strings.ReplaceAll(msg, "decimal.Decimal", "decimal")
	return line, col, msg
}
