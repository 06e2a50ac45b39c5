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
	When          Value    // the line is made only where this is "true" (blank: always)
	Unless        Value    // the line is made only where this is not "true"
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
	Edition      string
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

// Set is the voucher rules of a catalogue by edition and document type,
// and the types declared to make no voucher (None).
type Set struct {
	byType map[string]*Rules // edition/code
	none   map[string]*None  // edition/code
	def    string            // the default edition
}

// None is a document type declared to make no voucher, with the reason.
type None struct {
	DocType, Edition string
	Reason           model.Text
	File             string
	Line, Column     int
	dflt             bool // declared without an edition
}

func key(edition, code string) string { return edition + "/" + code }

// Get answers the rules of docType in the default edition, or nil.
func (s *Set) Get(docType string) *Rules {
	if s == nil {
		return nil
	}
	return s.byType[key(s.def, docType)]
}

// In answers the rules of docType in edition ("": the default), or nil.
func (s *Set) In(edition, docType string) *Rules {
	if s == nil {
		return nil
	}
	if edition == "" {
		edition = s.def
	}
	return s.byType[key(edition, docType)]
}

// NoneIn answers the declaration that docType of edition makes no
// voucher, or nil.
func (s *Set) NoneIn(edition, docType string) *None {
	if s == nil {
		return nil
	}
	if edition == "" {
		edition = s.def
	}
	return s.none[key(edition, docType)]
}

// DocTypes lists the document types with voucher rules (edition/code), sorted.
func (s *Set) DocTypes() []string { return s.keys(s.byTypeKeys()) }

// Nones lists the types declared to make no voucher, by edition/code.
func (s *Set) Nones() []*None {
	if s == nil {
		return nil
	}
	var out []*None
	for _, k := range s.keys(mapKeys(s.none)) {
		out = append(out, s.none[k])
	}
	return out
}

func (s *Set) byTypeKeys() []string {
	if s == nil {
		return nil
	}
	return mapKeys(s.byType)
}

func (s *Set) keys(k []string) []string { sort.Strings(k); return k }

func mapKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// DocTypes is what Load checks the rules against: the catalogue's types,
// of the default edition (DocType) and of an edition itself (Live).
type DocTypes interface {
	DocType(code string) *model.DocType
	Live(edition, code string) *model.DocType
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
	set := &Set{byType: map[string]*Rules{}, none: map[string]*None{}}
	var problems []model.Problem
	seen := map[string]string{} // edition/code -> file
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		rules, nones, ps := loadFile(name, b, types, codes)
		problems = append(problems, ps...)
		for _, r := range rules {
			if r.defaultEdition {
				set.def = r.Edition
			}
			k := key(r.Edition, r.DocType)
			if prev, dup := seen[k]; dup {
				problems = append(problems, dupProblem(name, r.DocType, prev))
				continue
			}
			seen[k], set.byType[k] = name, r.Rules
		}
		for _, n := range nones {
			k := key(n.Edition, n.DocType)
			if prev, dup := seen[k]; dup {
				problems = append(problems, dupProblem(name, n.DocType, prev))
				continue
			}
			if n.dflt {
				set.def = n.Edition
			}
			seen[k], set.none[k] = name, n
		}
	}
	if len(problems) > 0 {
		e := &model.LoadError{Problems: problems}
		e.Sort()
		return nil, e
	}
	return set, nil
}

func dupProblem(file, code, prev string) model.Problem {
	return model.Problem{File: file, Line: 1, Column: 1, Rule: "voucher", Severity: "error",
		Message: fmt.Sprintf("the voucher of %s is declared in %s too", code, prev)}
}

// loaded is a type's rules as a file declares them.
type loaded struct {
	*Rules
	defaultEdition bool // the file names no edition
}

// loadFile reads and checks one file: the rules of each type it serves,
// or its declarations of types without voucher; nothing with its problems
// on errors.
func loadFile(name string, src []byte, types DocTypes, codes Codes) ([]loaded, []*None, []model.Problem) {
	c := &checker{file: name, src: src, types: types, codes: codes}
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		c.add(nil, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
		return nil, nil, c.list
	}
	body := yamlx.Body(&root)
	if body == nil || body.Kind != yaml.MappingNode {
		c.add(nil, "the file must declare the voucher rules of a document type")
		return nil, nil, c.list
	}
	if hasKey(body, "none") {
		nones := c.nones(body)
		if len(c.list) > 0 {
			return nil, nil, c.list
		}
		return nil, nones, nil
	}
	dts, dflt := c.targets(body, strings.TrimSuffix(path.Base(name), ".yaml"))
	var out []loaded
	for i, dt := range dts {
		c.dt = dt
		r := c.rules(body)
		r.File = name
		out = append(out, loaded{Rules: r, defaultEdition: dflt[i]})
	}
	if len(c.list) > 0 {
		c.dedupe()
		return nil, nil, c.list
	}
	return out, nil, nil
}

func hasKey(n *yaml.Node, k string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == k {
			return true
		}
	}
	return false
}
