package lookup

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"formwork/engine/model"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
)

// The rule functions that read beyond the document (docs/rules.md):
//
//	record("employee", head.applicant)              the record of a key
//	standard("travelStandard", {rank: r, ...}, d)   the standard valid on date d
//	confirmed("ex02.travel-standard")               the user confirmed that rule
//
// A patcher rewrites each call into a typed function of its master-data
// type, handed the evaluation's rule context (model.RuleContext): record
// and standard yield the type's record struct, so that a misspelt field
// (record("employee", head.applicant).rnak) is a load error like any other;
// a master-data type that does not exist, a key of a standard that is no
// field of its type, or a rule name that is not a literal is one too.

const (
	fnRecord    = "record"
	fnStandard  = "standard"
	fnConfirmed = "confirmed"
)

// Functions are the typed functions Patch calls for the master-data types
// of a catalogue: build them once per catalogue and compile every
// expression of its document types with them.
func Functions(types map[string]*model.MasterDataType) []expr.Option {
	ctxType, mapType := model.RuleContextType, reflect.TypeOf(map[string]any{})
	sig := func(in []reflect.Type, out reflect.Type) any {
		return reflect.New(reflect.FuncOf(in, []reflect.Type{out}, false)).Interface()
	}
	opts := []expr.Option{expr.Function("_"+fnConfirmed, func(p ...any) (any, error) {
		ctx, _ := p[0].(*model.RuleContext)
		return ctx != nil && ctx.Confirmed[p[1].(string)], nil
	}, sig([]reflect.Type{ctxType, model.StringType}, model.BoolType))}
	for code, t := range types {
		if t.RecordType() == nil {
			continue
		}
		empty := t.RecordValue(nil)
		opts = append(opts, expr.Function("_"+fnRecord+"_"+code, func(p ...any) (any, error) {
			ctx, _ := p[0].(*model.RuleContext)
			key := p[1].(string)
			if ctx == nil || ctx.Lookup == nil || key == "" {
				return empty, nil
			}
			return value(ctx, t, "record\x00"+code+"\x00"+key, func() any { return t.RecordValue(ctx.Lookup.Record(code, key)) }), nil
		}, sig([]reflect.Type{ctxType, model.StringType}, t.RecordType())))
		opts = append(opts, expr.Function("_"+fnStandard+"_"+code, func(p ...any) (any, error) {
			ctx, _ := p[0].(*model.RuleContext)
			if ctx == nil || ctx.Lookup == nil {
				return empty, nil
			}
			match, date := standardMatch(p[1].(map[string]any)), p[2].(string)
			return value(ctx, t, standardID(code, date, match), func() any { return t.RecordValue(ctx.Lookup.Standard(code, match, date)) }), nil
		}, sig([]reflect.Type{ctxType, mapType, model.StringType}, t.RecordType())))
	}
	return opts
}

// standardMatch is the match of a standard's lookup as texts.
func standardMatch(m map[string]any) map[string]string {
	match := make(map[string]string, len(m))
	for k, v := range m {
		if text, ok := v.(string); ok {
			match[k] = text
		} else {
			match[k] = fmt.Sprint(v)
		}
	}
	return match
}

// standardID names the standard of code matching match on date, the
// match's keys in order, among the values a check keeps (value).
func standardID(code, date string, match map[string]string) string {
	keys := make([]string, 0, len(match))
	n := len("standard") + len(code) + len(date) + 2
	for k, v := range match {
		keys = append(keys, k)
		n += len(k) + len(v) + 2
	}
	slices.Sort(keys)
	var b strings.Builder
	b.Grow(n)
	for _, part := range []string{"standard\x00", code, "\x00", date} {
		b.WriteString(part)
	}
	for _, k := range keys {
		b.WriteByte(0)
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(match[k])
	}
	return b.String()
}

// value is what build builds for t of key in the check of ctx: built
// once for every check reading the same Set, else once per check.
func value(ctx *model.RuleContext, t *model.MasterDataType, key string, build func() any) any {
	if set, ok := ctx.Lookup.(*Set); ok && set != nil {
		return set.value(t, key, build)
	}
	return ctx.Value(key, build)
}

// Patch (an expr patcher: expr.Patch) rewrites the calls of record,
// standard and confirmed of one expression into Functions; Err is the first
// misuse found, Reads the master-data types it reads, Confirms the rules it
// asks about.
type Patch struct {
	Types    map[string]*model.MasterDataType
	Err      *file.Error
	Reads    []string
	Confirms []string
}

func (p *Patch) fail(n ast.Node, format string, args ...any) {
	if p.Err == nil {
		p.Err = &file.Error{Location: n.Location(), Message: fmt.Sprintf(format, args...)}
	}
}

func (p *Patch) Visit(node *ast.Node) {
	call, ok := (*node).(*ast.CallNode)
	if !ok {
		return
	}
	callee, ok := call.Callee.(*ast.IdentifierNode)
	if !ok {
		return
	}
	want := map[string]int{fnRecord: 2, fnStandard: 3, fnConfirmed: 1}[callee.Value]
	if want == 0 {
		return
	}
	if len(call.Arguments) != want {
		p.fail(call, "%s takes %d arguments, not %d", callee.Value, want, len(call.Arguments))
		return
	}
	name, ok := call.Arguments[0].(*ast.StringNode)
	if !ok {
		p.fail(call.Arguments[0], "the first argument of %s must be a name in quotes", callee.Value)
		return
	}
	fn := "_" + callee.Value
	if callee.Value == fnConfirmed {
		p.Confirms = append(p.Confirms, name.Value)
	} else {
		t := p.Types[name.Value]
		if t == nil {
			p.fail(name, "%s: unknown master-data type %q", callee.Value, name.Value)
			return
		}
		if callee.Value == fnStandard && !p.criteria(t, call.Arguments[1]) {
			return
		}
		fn += "_" + t.Code
		if !slices.Contains(p.Reads, t.Code) {
			p.Reads = append(p.Reads, t.Code)
		}
	}
	args := append([]ast.Node{&ast.IdentifierNode{Value: model.EnvContextName}}, call.Arguments[1:]...)
	if callee.Value == fnConfirmed {
		args = []ast.Node{args[0], name}
	}
	patched := &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: args}
	patched.SetLocation(call.Location())
	*node = patched
}

// criteria checks the criteria of a standard: a map written in the call
// whose keys are fields of the type.
func (p *Patch) criteria(t *model.MasterDataType, n ast.Node) bool {
	m, ok := n.(*ast.MapNode)
	if !ok {
		p.fail(n, "the criteria of standard are written as {field: value, ...}")
		return false
	}
	for _, pair := range m.Pairs {
		key, ok := pair.(*ast.PairNode).Key.(*ast.StringNode)
		if !ok || t.Field(key.Value) == nil {
			p.fail(pair, "standard: %s has no such field", t.Code)
			return false
		}
	}
	return true
}

// CheckCriteria holds that every value of a standard's criteria is text:
// the fields standards are kept per are codes.
func CheckCriteria(prog *vm.Program) *file.Error {
	var err *file.Error
	ast.Find(prog.Node(), func(n ast.Node) bool {
		call, ok := n.(*ast.CallNode)
		if !ok || err != nil {
			return false
		}
		if id, ok := call.Callee.(*ast.IdentifierNode); !ok || len(id.Value) <= len(fnStandard)+2 || id.Value[:len(fnStandard)+2] != "_"+fnStandard+"_" {
			return false
		}
		for _, pair := range call.Arguments[1].(*ast.MapNode).Pairs {
			v := pair.(*ast.PairNode).Value
			if t := v.Type(); t != nil && t.Kind() != reflect.String && t.Kind() != reflect.Interface {
				err = &file.Error{Location: v.Location(), Message: fmt.Sprintf("standard: the value of %s must be text, not %s",
					pair.(*ast.PairNode).Key.(*ast.StringNode).Value, typeName(t))}
			}
		}
		return false
	})
	return err
}

func typeName(t reflect.Type) string {
	switch t {
	case model.DecimalType:
		return "a decimal"
	case model.IntType:
		return "an integer"
	case model.BoolType:
		return "a bool"
	}
	return t.String()
}
