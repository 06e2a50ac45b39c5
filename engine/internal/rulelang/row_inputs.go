package rulelang

import (
	"sort"

	"formwork/engine/model"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"
)

// ReadsOfRow works out the RowInputs of programs compiled in a table's
// environment (nil programs are skipped).
func ReadsOfRow(progs ...*vm.Program) model.RowInputs {
	v := &rowReads{named: map[ast.Node]bool{}, fields: map[string]bool{}}
	for _, p := range progs {
		if p == nil {
			continue
		}
		n := p.Node()
		ast.Walk(&n, v)
	}
	in := model.RowInputs{Pure: !v.impure}
	for _, id := range v.rowIdents {
		if !v.named[id] {
			in.Pure = false
		}
	}
	for f := range v.fields {
		in.Fields = append(in.Fields, f)
	}
	sort.Strings(in.Fields)
	return in
}

// rowReads collects, in one walk, the row.field reads and every use of the
// names row, rowNo and $env; ast.Walk visits a member's base before the
// member, so whether an identifier row is the base of a field read is known
// only once the walk is over.
type rowReads struct {
	named     map[ast.Node]bool // identifiers row that are the base of a row.field
	rowIdents []ast.Node
	fields    map[string]bool
	impure    bool
}

func (v *rowReads) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		switch n.Value {
		case "row":
			v.rowIdents = append(v.rowIdents, n)
		case "rowNo", "$env":
			v.impure = true
		}
	case *ast.MemberNode:
		id, ok := n.Node.(*ast.IdentifierNode)
		prop, isName := n.Property.(*ast.StringNode)
		if ok && id.Value == "row" && isName {
			v.named[id] = true
			v.fields[prop.Value] = true
		}
	}
}
