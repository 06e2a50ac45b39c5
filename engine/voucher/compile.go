package voucher

import (
	"fmt"
	"strings"

	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// checker collects the problems of one file as it reads it.
type checker struct {
	file  string
	src   []byte
	types DocTypes
	codes Codes
	dt    *model.DocType
	list  []model.Problem
}

func (c *checker) add(n *yaml.Node, format string, args ...any) {
	p := model.Problem{File: c.file, Line: 1, Column: 1, Rule: "voucher", Severity: "error", Message: fmt.Sprintf(format, args...)}
	if n != nil {
		p.Line, p.Column = n.Line, n.Column
	}
	p.Snippet = model.Snippet(c.src, p.Line, p.Column)
	c.list = append(c.list, p)
}

// entries calls each for the keys of mapping n, refusing keys not in allowed.
func (c *checker) entries(n *yaml.Node, allowed string, each func(key string, k, v *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		c.add(n, "expected a mapping")
		return
	}
	ok := strings.Fields(allowed)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !contains(ok, k.Value) {
			c.add(k, "unknown key %q: expected one of %s", k.Value, strings.Join(ok, ", "))
			continue
		}
		each(k.Value, k, n.Content[i+1])
	}
}

// fileKeys are the keys of a voucher rule file.
const fileKeys = "docType docTypes edition title currency exchangeRate vouchers none"

// targets reads which document types a file serves: docType (the file's
// name) or docTypes, in edition (default: the catalogue's default one); an
// entry edition/CODE names a type of another edition. dflt tells which
// types are of the default edition.
func (c *checker) targets(body *yaml.Node, code string) (types []*model.DocType, dflt []bool) {
	var edition string
	var one, list *yaml.Node
	c.entries(body, fileKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "docType":
			one = v
		case "docTypes":
			list = v
		case "edition":
			edition = v.Value
		}
	})
	var codes []*yaml.Node
	switch {
	case one != nil && list != nil:
		c.add(list, "docType or docTypes, not both")
	case one != nil:
		if one.Value != code {
			c.add(one, "docType %s is not the file's name %s", one.Value, code)
		}
		codes = []*yaml.Node{one}
	case list != nil && list.Kind == yaml.SequenceNode && len(list.Content) > 0:
		codes = list.Content
	case list != nil:
		c.add(list, "docTypes: a list of document types")
	default:
		c.add(body, "docType is required")
	}
	for _, n := range codes {
		ed, code := split(edition, n.Value)
		if dt := c.docType(ed, code); dt != nil {
			types, dflt = append(types, dt), append(dflt, ed == "")
		} else {
			c.add(n, "unknown document type %s", qualified(ed, code))
		}
	}
	return types, dflt
}

// split reads a type of a list: CODE (of edition) or edition/CODE.
func split(edition, s string) (string, string) {
	if ed, code, ok := strings.Cut(s, "/"); ok {
		return ed, code
	}
	return edition, s
}

// docType is the live type code of edition ("" for the default edition).
func (c *checker) docType(edition, code string) *model.DocType {
	if edition == "" {
		return c.types.DocType(code)
	}
	return c.types.Live(edition, code)
}

func qualified(edition, code string) string {
	if edition == "" {
		return code
	}
	return edition + "/" + code
}

// rules reads the rules of a file for its document type c.dt.
func (c *checker) rules(body *yaml.Node) *Rules {
	r := &Rules{DocType: c.dt.Code, Edition: c.dt.Edition}
	var varNode *yaml.Node
	for i := 0; i+1 < len(body.Content); i += 2 {
		k, v := body.Content[i], body.Content[i+1]
		switch k.Value {
		case "title":
			if err := v.Decode(&r.Title); err != nil {
				c.add(v, "title: %v", err)
			}
		case "currency":
			r.Currency = c.value(v, "", false)
		case "exchangeRate":
			r.ExchangeRate = c.value(v, "", false)
		case "vouchers":
			varNode = v
		case "none":
			c.add(k, "none: the types without voucher are declared in a file of their own")
		}
	}
	if varNode == nil || varNode.Kind != yaml.SequenceNode || len(varNode.Content) == 0 {
		c.add(body, "vouchers: a list of at least one voucher (subTypes, lines) is required")
		return r
	}
	for _, vn := range varNode.Content {
		r.Variants = append(r.Variants, c.variant(vn))
	}
	return r
}

// variant reads one voucher of a rules file.
func (c *checker) variant(n *yaml.Node) Variant {
	var v Variant
	var lines *yaml.Node
	c.entries(n, "subTypes lines", func(key string, k, val *yaml.Node) {
		if key == "lines" {
			lines = val
			return
		}
		if err := val.Decode(&v.SubTypes); err != nil {
			c.add(val, "subTypes: a list of sub-type codes")
		}
		for _, st := range v.SubTypes {
			if !hasSubType(c.dt.SubTypes, st) {
				c.add(val, "%s has no sub-type %s", c.dt.Code, st)
			}
		}
	})
	if lines == nil || lines.Kind != yaml.SequenceNode || len(lines.Content) == 0 {
		c.add(n, "lines: a voucher has lines")
		return v
	}
	balances := 0
	for _, ln := range lines.Content {
		l := c.line(ln)
		if l.Balance {
			balances++
		}
		v.Lines = append(v.Lines, l)
	}
	if balances > 1 {
		c.add(lines, "a voucher has at most one balancing line (balance: true)")
	}
	return v
}

const lineKeys = "for when unless bschl account amount minus costCenter profitCenter internalOrder supplier customer text balance editable"

// line reads one line rule.
func (c *checker) line(n *yaml.Node) Line {
	l := Line{Line: n.Line, Column: n.Column}
	c.entries(n, lineKeys, func(key string, k, v *yaml.Node) {
		if key == "for" {
			l.For = v.Value
			if s := c.dt.Section(v.Value); s == nil || !s.Table {
				c.add(v, "%s has no table %s", c.dt.Code, v.Value)
				l.For = ""
			}
		}
	})
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		c.lineField(&l, k, v)
	}
	if l.Bschl.Blank() || l.Account.Blank() {
		c.add(n, "a line needs bschl and account")
	}
	if l.Amount.Blank() == !l.Balance {
		c.add(n, "a line has an amount, or is the balancing line (balance: true) without one")
	}
	return l
}

func (c *checker) lineField(l *Line, key string, v *yaml.Node) {
	switch key {
	case "bschl":
		l.Bschl = c.coded(v, l.For, "postingKey")
	case "account":
		l.Account = c.coded(v, l.For, "glAccount")
	case "amount":
		l.Amount = c.value(v, l.For, true)
	case "minus":
		l.Minus = c.value(v, l.For, true)
	case "costCenter":
		l.CostCenter = c.value(v, l.For, false)
	case "profitCenter":
		l.ProfitCenter = c.value(v, l.For, false)
	case "internalOrder":
		l.InternalOrder = c.value(v, l.For, false)
	case "supplier":
		l.Supplier = c.value(v, l.For, false)
	case "customer":
		l.Customer = c.value(v, l.For, false)
	case "text":
		l.Text = c.value(v, l.For, false)
	case "when":
		l.When = c.value(v, l.For, false)
	case "unless":
		l.Unless = c.value(v, l.For, false)
	case "balance":
		if err := v.Decode(&l.Balance); err != nil {
			c.add(v, "balance: true or false")
		}
	case "editable":
		var names []string
		if err := v.Decode(&names); err != nil {
			c.add(v, "editable: a list of field names")
		}
		for _, nm := range names {
			if editNames[nm] == "" {
				c.add(v, "%s is no editable field: account, bschl, costCenter, profitCenter, internalOrder, supplier, customer, text", nm)
				continue
			}
			l.Editable = append(l.Editable, editNames[nm])
		}
	}
}

// coded reads an account or posting key: a literal must be a code of
// master data type typ (when codes are given).
func (c *checker) coded(n *yaml.Node, table, typ string) Value {
	v := c.value(n, table, false)
	if v.Literal != "" && c.codes != nil && !c.codes(typ, v.Literal) {
		c.add(n, "master data %s has no %s", typ, v.Literal)
	}
	return v
}

// value reads a literal, a path or a record lookup {record, key, field}.
func (c *checker) value(n *yaml.Node, table string, money bool) Value {
	if n.Kind == yaml.MappingNode {
		var v Value
		var key *yaml.Node
		c.entries(n, "record key field", func(k string, _, val *yaml.Node) {
			switch k {
			case "record":
				v.Record = val.Value
			case "key":
				key = val
			case "field":
				v.Field = val.Value
			}
		})
		if v.Record == "" || key == nil || v.Field == "" {
			c.add(n, "a record lookup needs record, key and field")
			return Value{}
		}
		v.Path = c.path(key, table, false)
		return v
	}
	if n.Kind != yaml.ScalarNode {
		c.add(n, "expected a code, a path (head.x, row.x, table.x) or {record, key, field}")
		return Value{}
	}
	if !strings.Contains(n.Value, ".") {
		if money {
			c.add(n, "an amount is a path of a money field (head.x, row.x)")
		}
		return Value{Literal: n.Value}
	}
	return Value{Path: c.path(n, table, money)}
}

// path checks a path against the document type.
func (c *checker) path(n *yaml.Node, table string, money bool) *Path {
	sec, field, _ := strings.Cut(n.Value, ".")
	p := &Path{Section: sec, Field: field}
	name := sec
	if sec == "row" {
		if table == "" {
			c.add(n, "row.%s: the line has no table (for:)", field)
			return p
		}
		name = table
	}
	s := c.dt.Section(name)
	if s == nil {
		c.add(n, "%s has no section %s", c.dt.Code, name)
		return p
	}
	f := s.Field(field)
	if f == nil {
		c.add(n, "%s.%s is no field of %s", name, field, c.dt.Code)
		return p
	}
	if money && f.Type != model.TypeMoney && f.Type != model.TypeNumber {
		c.add(n, "%s.%s is not an amount", name, field)
	}
	return p
}

// hasSubType tells whether key is a sub-type at any level of list.
func hasSubType(list []*model.SubType, key string) bool {
	for _, st := range list {
		if st.Key == key || hasSubType(st.Children, key) {
			return true
		}
	}
	return false
}
