package load

import (
	"fmt"
	"reflect"
	"slices"
	"sort"

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

// lookupFunctions are the typed functions the patcher calls, built once per
// catalogue (after the master-data types).
func (l *loader) lookupFunctions() []expr.Option {
	if l.lookupFns != nil {
		return l.lookupFns
	}
	ctxType, mapType := model.RuleContextType, reflect.TypeOf(map[string]any{})
	sig := func(in []reflect.Type, out reflect.Type) any {
		return reflect.New(reflect.FuncOf(in, []reflect.Type{out}, false)).Interface()
	}
	opts := []expr.Option{expr.Function("_"+fnConfirmed, func(p ...any) (any, error) {
		ctx, _ := p[0].(*model.RuleContext)
		return ctx != nil && ctx.Confirmed[p[1].(string)], nil
	}, sig([]reflect.Type{ctxType, model.StringType}, model.BoolType))}
	for code, t := range l.cat.masterData {
		if t.RecordType() == nil {
			continue
		}
		opts = append(opts, expr.Function("_"+fnRecord+"_"+code, func(p ...any) (any, error) {
			var body map[string]any
			if ctx, _ := p[0].(*model.RuleContext); ctx != nil && ctx.Lookup != nil && p[1].(string) != "" {
				body = ctx.Lookup.Record(code, p[1].(string))
			}
			return t.RecordValue(body), nil
		}, sig([]reflect.Type{ctxType, model.StringType}, t.RecordType())))
		opts = append(opts, expr.Function("_"+fnStandard+"_"+code, func(p ...any) (any, error) {
			var body map[string]any
			if ctx, _ := p[0].(*model.RuleContext); ctx != nil && ctx.Lookup != nil {
				match := map[string]string{}
				for k, v := range p[1].(map[string]any) {
					match[k] = fmt.Sprint(v)
				}
				body = ctx.Lookup.Standard(code, match, p[2].(string))
			}
			return t.RecordValue(body), nil
		}, sig([]reflect.Type{ctxType, mapType, model.StringType}, t.RecordType())))
	}
	l.lookupFns = opts
	return opts
}

// lookupPatch rewrites the calls of record, standard and confirmed of one
// expression; err is the first misuse found, reads the master-data types
// it reads, confirms the rules it asks about.
type lookupPatch struct {
	types    map[string]*model.MasterDataType
	err      *file.Error
	reads    []string
	confirms []string
}

func (p *lookupPatch) fail(n ast.Node, format string, args ...any) {
	if p.err == nil {
		p.err = &file.Error{Location: n.Location(), Message: fmt.Sprintf(format, args...)}
	}
}

func (p *lookupPatch) Visit(node *ast.Node) {
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
		p.confirms = append(p.confirms, name.Value)
	} else {
		t := p.types[name.Value]
		if t == nil {
			p.fail(name, "%s: unknown master-data type %q", callee.Value, name.Value)
			return
		}
		if callee.Value == fnStandard && !p.criteria(t, call.Arguments[1]) {
			return
		}
		fn += "_" + t.Code
		if !slices.Contains(p.reads, t.Code) {
			p.reads = append(p.reads, t.Code)
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
func (p *lookupPatch) criteria(t *model.MasterDataType, n ast.Node) bool {
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

// checkCriteria holds that every value of a standard's criteria is text:
// the fields standards are kept per are codes.
func checkCriteria(prog *vm.Program) *file.Error {
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

// noteLookups adds what a compiled expression of the type reads and
// confirms to the type (model.DocType.RuleRecords) and the compiler.
func (c *compiler) noteLookups(p *lookupPatch) {
	for _, code := range p.reads {
		if !slices.Contains(c.d.RuleRecords, code) {
			c.d.RuleRecords = append(c.d.RuleRecords, code)
			sort.Strings(c.d.RuleRecords)
		}
	}
}
