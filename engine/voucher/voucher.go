// Package voucher reads the voucher rules of the catalogue
// (schemas/_vouchers/<docType>.yaml, one document type a file): which
// voucher lines an approved document makes, per sub-type, with the account
// and posting key (bschl) of each line, its cost objects (cost center,
// profit center, internal order), supplier or customer, the fields finance
// may edit, and the one balancing line (the payable, receivable or bank
// line) that takes what makes the voucher balance. The debit or credit side
// of a line is its posting key's (master data postingKey.debitCredit).
//
// Load checks every file against its document type (tables and fields
// exist) and, given master data codes, that every account and posting key
// named is known; problems come at file:line:col like the rules' lint.
// Generate makes a document's voucher (generate.go).
package voucher

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// Dir holds the voucher rule files.
const Dir = "schemas/_vouchers"

// Editable fields of a voucher line, as the spec's upper-case list names them.
const (
	EditAccount       = "ACCOUNT"
	EditBschl         = "BSCHL"
	EditCostCenter    = "COSTCENTER"
	EditProfitCenter  = "PROFITCENTER"
	EditInternalOrder = "INTERNALORDER"
	EditSupplier      = "SUPPLIER"
	EditCustomer      = "CUSTOMER"
	EditText          = "TEXT"
)

// editNames maps the YAML's editable names to the spec's.
var editNames = map[string]string{"account": EditAccount, "bschl": EditBschl, "costCenter": EditCostCenter,
	"profitCenter": EditProfitCenter, "internalOrder": EditInternalOrder, "supplier": EditSupplier,
	"customer": EditCustomer, "text": EditText}

// Value is where a voucher field comes from: a literal, a path of the
// document (head.costCenter, row.amount for the table the line is made
// for, paymentList.vendor for the first row of a table), or a field of a
// master-data record whose key is such a path.
type Value struct {
	Literal string
	Path    *Path
	Record  string // master-data type; Path is its key
	Field   string // the record's field
}

// Path is a field of the document: Section "row" is the line's table row.
type Path struct{ Section, Field string }

func (p Path) String() string { return p.Section + "." + p.Field }

// Blank reports whether v names nothing.
func (v Value) Blank() bool { return v.Literal == "" && v.Path == nil }

// Line is a voucher line rule: one line, or one per row of For.
type Line struct {
	For           string // table: one line per row ("" for one line)
	Bschl         Value
	Account       Value
	Amount        Value // a money path; blank on the balancing line
	Minus         Value // subtracted from Amount
	CostCenter    Value
	ProfitCenter  Value
	InternalOrder Value
	Supplier      Value
	Customer      Value
	Text          Value
	Balance       bool     // takes what makes the voucher balance
	Editable      []string // EditAccount, ...
	Line, Column  int
}

// Variant is the lines of the sub-types it applies to (all when SubTypes
// is empty).
type Variant struct {
	SubTypes []string
	Lines    []Line
}

// Rules are the voucher rules of one document type.
type Rules struct {
	DocType      string
	Title        model.Text
	Currency     Value // default CNY
	ExchangeRate Value // default 1
	Variants     []Variant
	File         string
}

// For answers the variant for the sub-types of a document (business type
// 1 and 2; the more specific match first), or nil.
func (r *Rules) For(subTypes ...string) *Variant {
	for _, st := range []string{pick(subTypes, 1), pick(subTypes, 0)} {
		for i := range r.Variants {
			if st != "" && contains(r.Variants[i].SubTypes, st) {
				return &r.Variants[i]
			}
		}
	}
	for i := range r.Variants {
		if len(r.Variants[i].SubTypes) == 0 {
			return &r.Variants[i]
		}
	}
	return nil
}

func pick(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Set is the voucher rules of a catalogue by document type.
type Set struct{ byType map[string]*Rules }

// Get answers the rules of docType, or nil.
func (s *Set) Get(docType string) *Rules {
	if s == nil {
		return nil
	}
	return s.byType[docType]
}

// DocTypes lists the document types with voucher rules, sorted.
func (s *Set) DocTypes() []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, len(s.byType))
	for k := range s.byType {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// DocTypes is what Load checks the rules against: the catalogue's types.
type DocTypes interface {
	DocType(code string) *model.DocType
}

// Codes tells whether master data holds a record of type (glAccount,
// postingKey) with code. Nil: accounts and posting keys are not checked.
type Codes func(typ, code string) bool

// Load reads every voucher rule file of fsys and checks it against types
// and codes. Problems make it return a *model.LoadError. A missing folder
// is an empty set.
func Load(fsys fs.FS, types DocTypes, codes Codes) (*Set, error) {
	names, err := fs.Glob(fsys, Dir+"/*.yaml")
	if err != nil {
		return nil, err
	}
	set := &Set{byType: map[string]*Rules{}}
	var problems []model.Problem
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		r, ps := loadFile(name, b, types, codes)
		problems = append(problems, ps...)
		if r == nil {
			continue
		}
		if prev := set.byType[r.DocType]; prev != nil {
			problems = append(problems, model.Problem{File: name, Line: 1, Column: 1, Rule: "voucher", Severity: "error",
				Message: fmt.Sprintf("voucher rules of %s are declared in %s too", r.DocType, prev.File)})
			continue
		}
		set.byType[r.DocType] = r
	}
	if len(problems) > 0 {
		e := &model.LoadError{Problems: problems}
		e.Sort()
		return nil, e
	}
	return set, nil
}

// loadFile reads and checks one file; nil with its problems on errors.
func loadFile(name string, src []byte, types DocTypes, codes Codes) (*Rules, []model.Problem) {
	c := &checker{file: name, src: src, types: types, codes: codes}
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		c.add(nil, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
		return nil, c.list
	}
	body := yamlx.Body(&root)
	if body == nil || body.Kind != yaml.MappingNode {
		c.add(nil, "the file must declare the voucher rules of a document type")
		return nil, c.list
	}
	r := c.rules(body, strings.TrimSuffix(path.Base(name), ".yaml"))
	if len(c.list) > 0 {
		return nil, c.list
	}
	r.File = name
	return r, nil
}
