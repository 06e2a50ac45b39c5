package load

import (
	"fmt"
	"slices"
	"sort"

	"formwork/engine/model"
)

// keys checks the key fields (made required), the company field of a
// company-scoped type, and the display and search fields (with their
// defaults: name, or the first key; the keys and the display field).
func (m *mdCompiler) keys(t *model.MasterDataType, y *masterDataYAML) {
	if len(y.Keys) == 0 {
		m.problem("keys", "master-data type %s names no key field (keys: [code])", t.Code)
	}
	for _, k := range y.Keys {
		f := t.Field(k)
		switch {
		case f == nil:
			m.problem("keys", "key field %s is not a field of %s", k, t.Code)
			continue
		case !slices.Contains(keyTypes, f.Type):
			m.problem("keys", "key field %s is of type %s: a key is a string, enum or date", k, f.Type)
		}
		f.Required = true
		t.Keys = append(t.Keys, k)
	}
	if t.CompanyScoped() {
		if f := t.Field(model.CompanyField); f == nil || f.Ref != "company" {
			m.problem("scope", "a company-scoped type needs a field company with ref: company")
		}
	}
	t.Display = y.Display
	if t.Display == "" && t.Field("name") != nil {
		t.Display = "name"
	} else if t.Display == "" && len(t.Keys) > 0 {
		t.Display = t.Keys[0]
	}
	if t.Display != "" && !m.plainField(t, t.Display) {
		m.problem("display", "display %q is not a field of %s (or is a list)", t.Display, t.Code)
	}
	t.Search = y.Search
	if len(t.Search) == 0 {
		t.Search = append(append([]string{}, t.Keys...), t.Display)
		t.Search = slices.Compact(t.Search)
	}
	for _, s := range y.Search {
		if !m.plainField(t, s) {
			m.problem("search", "search field %q is not a field of %s (or is a list)", s, t.Code)
		}
	}
}

func (m *mdCompiler) plainField(t *model.MasterDataType, name string) bool {
	f := t.Field(name)
	return f != nil && f.Type != model.TypeList
}

// rule compiles one rule of t against its typed environment.
func (m *mdCompiler) rule(t *model.MasterDataType, r mdRuleYAML) {
	at := func(format string, args ...any) { m.l.problem(m.file, r.Line, 1, format, args...) }
	switch {
	case r.ID == "":
		at("rule without id")
		return
	case slices.ContainsFunc(t.Rules, func(o *model.MasterDataRule) bool { return o.ID == r.ID }):
		at("rule %s is defined twice", r.ID)
		return
	case len(r.Message) == 0:
		at("rule %s has no message", r.ID)
	}
	if r.Check == nil {
		at("rule %s has no check", r.ID)
		return
	}
	fields := t.Fields
	if r.Table != "" {
		tf := t.Field(r.Table)
		if tf == nil || tf.Type != model.TypeList {
			at("rule %s: %s is not a list field of %s", r.ID, r.Table, t.Code)
			return
		}
		fields = tf.Rows
	}
	if r.Path != "" && !slices.ContainsFunc(fields, func(f *model.MasterDataField) bool { return f.Name == r.Path }) {
		at("rule %s: path %q is not a field of %s", r.ID, r.Path, m.ruleScope(t, r))
	}
	rule := &model.MasterDataRule{ID: r.ID, Table: r.Table, Path: r.Path, Message: r.Message, File: m.file, Line: r.Line}
	env := t.EnvZero(r.Table)
	what := fmt.Sprintf("rule %s (%s)", r.ID, t.Code)
	for _, e := range []struct {
		src  *exprSrc
		name string
	}{{r.When, "when"}, {r.Check, "check"}} {
		if e.src == nil {
			continue
		}
		p, err := compileExpr(e.src.Src, env, true, nil, nil)
		if err != nil {
			line, col, msg := compileError(err, e.src)
			m.l.problem(m.file, line, col, "%s %s: %s", what, e.name, msg)
			return
		}
		if e.name == "when" {
			rule.When, rule.WhenSrc = p, e.src.Src
		} else {
			rule.Check, rule.Src = p, e.src.Src
		}
	}
	t.Rules = append(t.Rules, rule)
}

func (m *mdCompiler) ruleScope(t *model.MasterDataType, r mdRuleYAML) string {
	if r.Table != "" {
		return r.Table + " rows"
	}
	return t.Code
}

// orderMasterData lists the types by area (in the order of
// model.MasterDataAreas), then code.
func (c *Catalogue) orderMasterData() {
	c.mdOrder = c.mdOrder[:0]
	for _, t := range c.masterData {
		c.mdOrder = append(c.mdOrder, t)
	}
	sort.Slice(c.mdOrder, func(i, j int) bool {
		a, b := c.mdOrder[i], c.mdOrder[j]
		if ai, bi := slices.Index(model.MasterDataAreas, a.Area), slices.Index(model.MasterDataAreas, b.Area); ai != bi {
			return ai < bi
		}
		return a.Code < b.Code
	})
}

// MasterDataTypes lists the master-data types by area, then code.
func (c *Catalogue) MasterDataTypes() []*model.MasterDataType {
	return append([]*model.MasterDataType(nil), c.mdOrder...)
}

// MasterDataType returns the master-data type with the given code, or nil.
func (c *Catalogue) MasterDataType(code string) *model.MasterDataType { return c.masterData[code] }
