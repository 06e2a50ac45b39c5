package load

import (
	"encoding/json"
	"fmt"
	"formwork/engine/internal/rulelang"
	"reflect"

	"formwork/engine/lookup"
	"formwork/engine/model"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
	"gopkg.in/yaml.v3"
)

// compileExpr compiles one catalogue expression against env (a pointer to a
// zero environment struct) with the rule language's options: a program, or
// an error placed in the source. A panic of the expression compiler is such
// an error too: no expression an analyst writes may stop a load. With a
// patch (document types), record, standard and confirmed are rewritten into
// the functions fns (lookup.Functions).
func compileExpr(src string, env any, asBool bool, patch *lookup.Patch, fns []expr.Option) (p *vm.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("the expression cannot be compiled: %v", r)
		}
	}()
	opts := append([]expr.Option{expr.Env(env)}, rulelang.Options...)
	if patch != nil {
		opts = append(append(opts, fns...), expr.Patch(patch))
	}
	if asBool {
		opts = append(opts, expr.AsBool())
	}
	p, err = expr.Compile(src, opts...)
	if patch != nil && patch.Err != nil {
		return nil, patch.Err.Bind(file.NewSource(src)) // the misuse, before what expr makes of the call left as written
	}
	if err == nil {
		err = checkNames(p, src)
	}
	if err == nil && patch != nil {
		if ce := lookup.CheckCriteria(p); ce != nil {
			err = ce.Bind(file.NewSource(src))
		}
	}
	return p, err
}

// compile compiles an expression of the document type in the environment
// of table ("" for the document) and notes what it reads of master data.
func (c *compiler) compile(e *exprSrc, table string, asBool bool) (*vm.Program, error) {
	patch := &lookup.Patch{Types: c.l.cat.masterData}
	p, err := compileExpr(e.Src, c.d.Env().Zero(table), asBool, patch, c.l.lookupFunctions())
	if err == nil {
		c.noteLookups(patch)
		for _, id := range patch.Confirms {
			c.confirms = append(c.confirms, confirmUse{id: id, file: c.file, src: e})
		}
	}
	return p, err
}

func (c *compiler) compileFields() {
	for _, s := range c.d.Sections {
		table := ""
		if s.Table {
			table = s.Name
		}
		for _, f := range s.Fields {
			if o := c.overridden[f]; o != nil {
				c.compileField(f, o, table)
			}
		}
	}
}

// compileField compiles a field's conditions, derived value and default.
func (c *compiler) compileField(f *model.Field, o *override, table string) {
	what := "field " + f.Path()
	f.Visible = c.cond(o.visible, table, what+" visible")
	f.Required = c.cond(o.required, table, what+" required")
	f.Editable = c.cond(o.editable, table, what+" editable")
	if o.value != nil {
		p, err := c.compile(o.value, table, false)
		if err != nil {
			line, col, msg := compileError(err, o.value)
			c.l.problem(c.file, line, col, "%s value: %s", what, msg)
		} else if got, want := p.Node().Type(), model.GoType(f.Type); got != nil && got != want && got.Kind() != reflect.Interface {
			c.l.problem(c.file, o.value.Line, o.value.Column, "%s value: yields %s, the field holds %s", what, typeName(got), f.Type)
		} else {
			f.Value, f.ValueSrc = p, o.value.Src
			if table != "" {
				f.ValueInputs = rulelang.ReadsOfRow(p)
			}
		}
	}
	if o.def != nil {
		v, perr := parseScalarDefault(f, o.def.Node)
		if perr != "" {
			c.l.problem(c.file, o.def.Node.Line, o.def.Node.Column, "%s default: %s", what, perr)
		}
		f.Default, f.DefaultText = v, o.def.Node.Value
	}
}

// parseScalarDefault reads a default value written in YAML for field f.
func parseScalarDefault(f *model.Field, n *yaml.Node) (any, string) {
	if n.Kind != yaml.ScalarNode {
		return nil, "a default must be a single value"
	}
	var v any = n.Value
	if f.Type == model.TypeMoney || f.Type == model.TypeNumber || f.Type == model.TypeInteger {
		v = json.Number(n.Value)
	}
	out, p := model.ParseValue(f, v)
	if p != nil {
		return nil, p.Msg.Format(map[string]model.Text{"field": f.Label}).In("en")
	}
	return out, ""
}

func typeName(t reflect.Type) string {
	switch t {
	case model.DecimalType:
		return "a decimal"
	case model.StringType:
		return "text"
	case model.IntType:
		return "an integer"
	case model.BoolType:
		return "a bool"
	}
	return t.String()
}

// cond compiles a constant or expression condition; nil when unset.
func (c *compiler) cond(b *boolOrExpr, table, what string) *model.Cond {
	if b == nil || !b.Set {
		return nil
	}
	if b.Expr == nil {
		return &model.Cond{Const: b.Const}
	}
	p, err := c.compile(b.Expr, table, true)
	if err != nil {
		line, col, msg := compileError(err, b.Expr)
		c.l.problem(c.file, line, col, "%s: %s", what, msg)
		return nil
	}
	return &model.Cond{Prog: p, Src: b.Expr.Src}
}

func (c *compiler) rule(file string, r ruleYAML) {
	saved := c.file
	c.file = file
	defer func() { c.file = saved }()
	if r.ID == "" {
		c.l.problem(file, r.Line, 1, "rule without id")
		return
	}
	rule := &model.Rule{ID: r.ID, Table: r.Table, Path: r.Path, Severity: model.Severity(r.Severity), Message: r.Message, File: file, Line: r.Line}
	if rule.Severity == "" {
		rule.Severity = model.SeverityError
	}
	switch rule.Severity {
	case model.SeverityError, model.SeverityWarning, model.SeverityConfirm:
	default:
		c.l.problem(file, r.Line, 1, "rule %s: severity %q must be error, warning or confirm", r.ID, r.Severity)
	}
	if len(r.Message) == 0 {
		c.l.problem(file, r.Line, 1, "rule %s has no message", r.ID)
	}
	if r.Check == nil {
		c.l.problem(file, r.Line, 1, "rule %s has no check", r.ID)
		return
	}
	if !c.ruleTarget(file, r) {
		return
	}
	what := fmt.Sprintf("rule %s (%s)", r.ID, c.d.Code)
	if r.When != nil {
		if cd := c.cond(&boolOrExpr{Set: true, Expr: r.When}, r.Table, what+" when"); cd != nil {
			rule.When, rule.WhenSrc = cd.Prog, cd.Src
		}
	}
	cd := c.cond(&boolOrExpr{Set: true, Expr: r.Check}, r.Table, what+" check")
	if cd == nil {
		return
	}
	rule.Check, rule.Src = cd.Prog, cd.Src
	if r.Table != "" {
		rule.RowInputs = rulelang.ReadsOfRow(rule.When, rule.Check)
	}
	rule.Args = c.ruleArgs(r, what)
	c.d.Rules = append(c.d.Rules, rule)
}

// ruleTarget checks a rule's table and path; false when the rule cannot be
// compiled at all (its table is no table of the type).
func (c *compiler) ruleTarget(file string, r ruleYAML) bool {
	if r.Table == "" {
		if r.Path != "" && !c.validTarget(r.Path) {
			c.l.problem(file, r.Line, 1, "rule %s: path %q is not a field of %s", r.ID, r.Path, c.d.Code)
		}
		return true
	}
	s := c.d.Section(r.Table)
	if s == nil || !s.Table {
		c.l.problem(file, r.Line, 1, "rule %s: %s is not a table of %s", r.ID, r.Table, c.d.Code)
		return false
	}
	if r.Path != "" && s.Field(r.Path) == nil {
		c.l.problem(file, r.Line, 1, "rule %s: path %q is not a field of %s rows", r.ID, r.Path, r.Table)
	}
	return true
}
