package load

import (
	"maps"
	"slices"
	"sort"

	"formwork/engine/lookup"
	"formwork/engine/model"

	"github.com/expr-lang/expr"
)

// ruleArgs compiles the values a rule's message names (args:), in the
// rule's environment, sorted by name.
func (c *compiler) ruleArgs(r ruleYAML, what string) []model.RuleArg {
	var out []model.RuleArg
	for _, name := range slices.Sorted(maps.Keys(r.Args)) {
		e := r.Args[name]
		if e == nil {
			c.l.problem(c.file, r.Line, 1, "%s arg %s: no expression", what, name)
			continue
		}
		p, err := c.compile(e, r.Table, false)
		if err != nil {
			line, col, msg := compileError(err, e)
			c.l.problem(c.file, line, col, "%s arg %s: %s", what, name, msg)
			continue
		}
		out = append(out, model.RuleArg{Name: name, Prog: p, Src: e.Src})
	}
	return out
}

// confirmUse is a confirmed("rule") in an expression of a document type.
type confirmUse struct {
	id   string
	file string
	src  *exprSrc
}

// checkConfirms reports a confirmed() that names no weak-control (confirm)
// rule of the type: it would never hold.
func (c *compiler) checkConfirms() {
	for _, u := range c.confirms {
		i := slices.IndexFunc(c.d.Rules, func(r *model.Rule) bool { return r.ID == u.id })
		switch {
		case i < 0:
			c.l.problem(u.file, u.src.Line, u.src.Column, "confirmed(%q): %s has no rule %s", u.id, c.d.Code, u.id)
		case c.d.Rules[i].Severity != model.SeverityConfirm:
			c.l.problem(u.file, u.src.Line, u.src.Column, "confirmed(%q): rule %s is no confirm rule (severity %s)", u.id, u.id, c.d.Rules[i].Severity)
		}
	}
}

// noteLookups adds what a compiled expression of the type reads and
// confirms to the type (model.DocType.RuleRecords) and the compiler.
func (c *compiler) noteLookups(p *lookup.Patch) {
	for _, code := range p.Reads {
		if !slices.Contains(c.d.RuleRecords, code) {
			c.d.RuleRecords = append(c.d.RuleRecords, code)
			sort.Strings(c.d.RuleRecords)
		}
	}
}

// lookupFunctions are the typed functions of record, standard and
// confirmed for the catalogue's master-data types, built once (after the
// master-data types load).
func (l *loader) lookupFunctions() []expr.Option {
	if l.lookupFns == nil {
		l.lookupFns = lookup.Functions(l.cat.masterData)
	}
	return l.lookupFns
}
