package engine

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
	"github.com/shopspring/decimal"
)

// Options say under which action mode a document is evaluated and which
// weak-control (confirm) rules the user has confirmed.
type Options struct {
	Action    string
	Confirmed map[string]bool
}

// FieldState is what the form shows for one field.
type FieldState struct {
	Visible  bool `json:"visible"`
	Required bool `json:"required"`
	Editable bool `json:"editable"`
}

// Evaluation is the full outcome of evaluating a document: the document with
// defaults and derived values applied, the state of its fields, the values
// that evaluation changed (by path), and the check result.
type Evaluation struct {
	Doc    *Document
	Fields map[string]FieldState
	Values map[string]any
	Check  CheckResult
}

// Check applies defaults and derived values to doc (in place) and runs every
// pre-save check: structural findings passed in, sub-type, required fields
// and rules. It never fails: an expression that fails at run time (it cannot
// at present: compile-time types guarantee it) is reported as a finding.
func Check(doc *Document, structural []Finding, opt Options) CheckResult {
	e := evaluate(doc, structural, opt, false)
	return e.Check
}

// Evaluate is Check plus the field states and changed values the form needs.
func Evaluate(doc *Document, structural []Finding, opt Options) *Evaluation {
	return evaluate(doc, structural, opt, true)
}

type run struct {
	doc     *Document
	dt      *DocType
	opt     Options
	mode    *Mode
	hidden  hiddenSet
	env     reflect.Value // *doc env struct
	tenv    map[string]reflect.Value
	tenvAny map[string]any           // the same, boxed once
	rows    map[string]reflect.Value // slice of row structs, per table
	res     *CheckResult
	ev      *Evaluation
	states  bool
	rowBad  map[string][]Severity // worst finding per row, for line status
	badPath map[string]bool       // paths with a structural finding: not reported again as required
}

func evaluate(doc *Document, structural []Finding, opt Options, states bool) *Evaluation {
	r := prepare(doc, structural, opt, states)
	r.checkRequired()
	r.checkRules()
	r.deriveLineStatus()
	r.res.finish(r.opt.Confirmed)
	return r.ev
}

// prepare sets up a run: sub-type, defaults, typed environment, derived
// values. The checks come after.
func prepare(doc *Document, structural []Finding, opt Options, states bool) *run {
	dt := doc.Type
	if opt.Action == "" {
		opt.Action = "new"
	}
	ev := &Evaluation{Doc: doc, Values: map[string]any{}, Check: CheckResult{DocType: dt.Code, SchemaVersion: dt.Version}}
	r := &run{doc: doc, dt: dt, opt: opt, res: &ev.Check, ev: ev, states: states, tenv: map[string]reflect.Value{}, tenvAny: map[string]any{}, rows: map[string]reflect.Value{}, rowBad: map[string][]Severity{}}
	r.res.Errors = append(r.res.Errors, structural...)
	r.badPath = make(map[string]bool, len(structural))
	for _, f := range structural {
		r.badPath[f.Path] = true
		if table, i, ok := rowOfPath(f.Path); ok && i < len(doc.Tables[table]) && !rowDeleted(doc.Tables[table][i]) {
			r.markRow(table, i, f.Severity)
		}
	}
	r.mode = dt.modes[opt.Action]
	path := r.checkSubType()
	r.hidden = dt.hidden(path)
	r.nameSubTypes(path)
	if states {
		ev.Fields = map[string]FieldState{}
	}
	r.applyDefaults()
	r.buildEnv()
	r.applyDerived()
	r.syncTables()
	return r
}

// checkSubType finds the document's sub-type path and reports a business
// type that is not a sub-type at its level, or not offered in the set of
// books.
func (r *run) checkSubType() []*SubType {
	head := r.doc.Head()
	keys := make([]string, len(SubTypeKeys))
	for i, k := range SubTypeKeys {
		keys[i] = head.String(k)
	}
	path, ok := r.dt.SubTypePath(keys...)
	if !ok {
		at := "head." + SubTypeKeys[len(path)]
		given := strings.Join(keys[:len(path)+1], "/")
		r.add(Finding{Path: at, Rule: "subType", Severity: SeverityError, Message: Text{
			"zh": fmt.Sprintf("业务类型%s不属于%s", given, r.dt.Code),
			"en": fmt.Sprintf("business type %s is not a sub-type of %s", given, r.dt.Code)}})
	}
	sob := head.String("sob")
	for i, n := range path {
		if !n.OfferedIn(sob) {
			r.add(Finding{Path: "head." + SubTypeKeys[i], Rule: "subType", Severity: SeverityError, Message: Text{
				"zh": fmt.Sprintf("业务类型%s不适用于账套%s", n.Key, sob),
				"en": fmt.Sprintf("business type %s is not offered in set of books %s", n.Key, sob)}})
		}
	}
	return path
}

// nameSubTypes fills the display twins (businessType1Txt, ...) with the
// titles of the chosen sub-types, in Chinese, the product's language of record.
func (r *run) nameSubTypes(path []*SubType) {
	head := r.doc.Head()
	hs := r.dt.sections["head"]
	for i, k := range SubTypeKeys {
		f := hs.fields[k+"Txt"]
		if f == nil {
			continue
		}
		var v any
		if i < len(path) {
			v = path[i].Title.In(DefaultLang)
		}
		r.setValue(head, objLoc("head", f.Name), f, v)
	}
}

func (r *run) add(f Finding) { r.res.Errors = append(r.res.Errors, f) }

// loc is a place in the document; its path string is only built when a
// finding or a changed value needs it, which keeps large tables cheap.
type loc struct {
	section string
	row     int // -1 for an object section
	field   string
}

func (l loc) String() string {
	var b strings.Builder
	b.WriteString(l.section)
	if l.row >= 0 {
		b.WriteByte('[')
		b.WriteString(strconv.Itoa(l.row))
		b.WriteByte(']')
	}
	if l.field != "" {
		b.WriteByte('.')
		b.WriteString(l.field)
	}
	return b.String()
}

func objLoc(section, field string) loc           { return loc{section, -1, field} }
func rowLoc(section string, i int, f string) loc { return loc{section, i, f} }

func (r *run) setValue(vals Values, at loc, f *Field, v any) {
	old, had := vals[f.Name]
	if v == nil {
		delete(vals, f.Name)
	} else {
		vals[f.Name] = v
	}
	if r.states && !sameValue(old, had, v) {
		r.ev.Values[at.String()] = jsonValue(f, v)
	}
}

func sameValue(old any, had bool, v any) bool {
	if !had || old == nil {
		return v == nil
	}
	if d, ok := old.(decimal.Decimal); ok {
		n, ok := v.(decimal.Decimal)
		return ok && d.Equal(n)
	}
	return old == v
}

func isBlank(v any) bool {
	if v == nil {
		return true
	}
	if s, ok := v.(string); ok {
		return strings.TrimSpace(s) == ""
	}
	return false
}

// deletedFlag is the row field whose value D marks a deleted row: the form
// sets it when the user deletes a stored row, no rule counts the row, and it
// is the client's to set although no one types it.
const deletedFlag = "flag"

func rowDeleted(row Values) bool { return row.String(deletedFlag) == "D" }

// RowDeleted says whether a table row is marked deleted (flag D): such a row
// counts for nothing (no totals, no checks, no budget).
func RowDeleted(row Values) bool { return rowDeleted(row) }

func (r *run) applyDefaults() {
	for _, s := range r.dt.Sections {
		if s.Table {
			for i, row := range r.doc.Tables[s.Name] {
				for _, f := range s.Fields {
					if f.Default != nil && isBlank(row[f.Name]) {
						r.setValue(row, rowLoc(s.Name, i, f.Name), f, f.Default)
					}
				}
			}
			continue
		}
		vals := r.doc.Objects[s.Name]
		if vals == nil {
			if s.Name != "head" {
				continue
			}
			vals = Values{}
			r.doc.Objects[s.Name] = vals
		}
		for _, f := range s.Fields {
			if f.Default != nil && isBlank(vals[f.Name]) {
				r.setValue(vals, objLoc(s.Name, f.Name), f, f.Default)
			}
		}
	}
}

func setGo(sv reflect.Value, f *Field, v any) {
	fv := sv.Field(f.index)
	switch x := v.(type) {
	case string:
		fv.SetString(x)
	case int:
		fv.SetInt(int64(x))
	case decimal.Decimal:
		fv.Set(reflect.ValueOf(x))
	default:
		fv.SetZero()
	}
}

// fillStruct sets the fields of sv (a zero struct of the section's type)
// from vals.
func fillStruct(sv reflect.Value, s *Section, vals Values) {
	for name, v := range vals {
		if f := s.fields[name]; f != nil {
			setGo(sv, f, v)
		}
	}
}

func structOf(s *Section, vals Values) reflect.Value {
	sv := reflect.New(s.goType).Elem()
	fillStruct(sv, s, vals)
	return sv
}

// buildEnv builds the typed environment rules run against.
func (r *run) buildEnv() {
	env := reflect.New(r.dt.env.doc)
	ev := env.Elem()
	for i, s := range r.dt.Sections {
		if s.Table {
			rows := r.doc.Tables[s.Name]
			sl := reflect.MakeSlice(reflect.SliceOf(s.goType), len(rows), len(rows))
			for j, row := range rows {
				fillStruct(sl.Index(j), s, row)
			}
			r.rows[s.Name] = sl
		} else {
			ev.Field(i).Set(structOf(s, r.doc.Objects[s.Name]))
		}
	}
	ev.FieldByName(envActionField).SetString(r.opt.Action)
	r.env = env
	for name, t := range r.dt.env.tables {
		te := reflect.New(t)
		te.Elem().FieldByName(envActionField).SetString(r.opt.Action)
		r.tenv[name] = te
		r.tenvAny[name] = te.Interface()
	}
	r.syncTables()
}

// syncTables gives the environments the tables as rules see them: without
// deleted rows (flag D), which no rule counts. Row rules still address rows
// by their index in the whole table.
func (r *run) syncTables() {
	ev := r.env.Elem()
	for i, s := range r.dt.Sections {
		if !s.Table {
			continue
		}
		all := r.rows[s.Name]
		rows := r.doc.Tables[s.Name]
		live := all
		for j, row := range rows {
			if rowDeleted(row) {
				if live.Pointer() == all.Pointer() {
					live = reflect.MakeSlice(all.Type(), 0, all.Len())
					live = reflect.AppendSlice(live, all.Slice(0, j))
				}
				continue
			}
			if live.Pointer() != all.Pointer() {
				live = reflect.Append(live, all.Index(j))
			}
		}
		ev.Field(i).Set(live)
	}
	for _, te := range r.tenv {
		for i := 0; i < r.dt.env.nsec; i++ {
			te.Elem().Field(i).Set(ev.Field(i))
		}
	}
}

// rowEnv points the table environment at row i and returns it.
func (r *run) rowEnv(table string, i int) any {
	te := r.tenv[table].Elem()
	te.Field(r.dt.env.nsec + 1).Set(r.rows[table].Index(i)) // Row
	te.Field(r.dt.env.nsec + 2).SetInt(int64(i + 1))        // RowNo
	return r.tenvAny[table]
}

// exec runs a program; a run-time failure becomes a finding and yields nil.
func (r *run) exec(p *vm.Program, env any, at loc) any {
	out, err := expr.Run(p, env)
	if err != nil {
		path := at.String()
		r.add(Finding{Path: path, Rule: "evaluation", Severity: SeverityError, Message: Text{"zh": path + "计算失败：" + err.Error(), "en": path + " could not be evaluated: " + err.Error()}})
		return nil
	}
	return out
}

func (r *run) cond(c *Cond, def bool, env any, at loc) bool {
	if c == nil {
		return def
	}
	if c.Prog == nil {
		return c.Const
	}
	b, _ := r.exec(c.Prog, env, at).(bool)
	return b
}

func (r *run) applyDerived() {
	for _, f := range r.dt.derived {
		s := f.Section
		if s.Table {
			rows := r.doc.Tables[s.Name]
			for i := range rows {
				at := rowLoc(s.Name, i, f.Name)
				v := normalizeDerived(f, r.exec(f.Value, r.rowEnv(s.Name, i), at))
				r.setValue(rows[i], at, f, v)
				setGo(r.rows[s.Name].Index(i), f, v)
			}
			continue
		}
		vals := r.doc.Objects[s.Name]
		if vals == nil {
			continue
		}
		at := objLoc(s.Name, f.Name)
		v := normalizeDerived(f, r.exec(f.Value, r.env.Interface(), at))
		r.setValue(vals, at, f, v)
		setGo(r.env.Elem().Field(r.sectionIndex(s)), f, v)
		r.syncObjects()
	}
}

// syncObjects copies the document environment's objects (head, ...) into
// the table environments after a derived value changed one.
func (r *run) syncObjects() {
	ev := r.env.Elem()
	for i, s := range r.dt.Sections {
		if s.Table {
			continue
		}
		for _, te := range r.tenv {
			te.Elem().Field(i).Set(ev.Field(i))
		}
	}
}

func (r *run) sectionIndex(s *Section) int {
	for i, x := range r.dt.Sections {
		if x == s {
			return i
		}
	}
	return -1
}

// normalizeDerived rounds derived amounts to the field's places and turns
// zero values of text into blank.
func normalizeDerived(f *Field, v any) any {
	switch x := v.(type) {
	case decimal.Decimal:
		if f.Type == TypeMoney {
			return x.Round(moneyPlaces)
		}
		return x.Round(numberPlaces)
	case string:
		if x == "" {
			return nil
		}
	}
	return v
}

func (r *run) editable(f *Field, env any, at loc) bool {
	if f.ReadOnly {
		return false
	}
	def := r.mode != nil && r.mode.Editable
	return r.cond(f.Editable, def, env, at)
}

var (
	msgRequired    = Text{"zh": "{field}不能为空", "en": "{field} cannot be empty"}
	msgRowRequired = Text{"zh": "第{row}行，{field}为空", "en": "Row {row}: {field} is empty"}
)

func (r *run) checkRequired() {
	for _, s := range r.dt.Sections {
		if r.hidden[s.Name] {
			continue
		}
		if s.Table {
			r.checkRequiredRows(s)
			continue
		}
		vals := r.doc.Objects[s.Name]
		env := r.env.Interface()
		for _, f := range s.Fields {
			at := objLoc(s.Name, f.Name)
			visible := !r.hidden.field(f) && r.cond(f.Visible, true, env, at)
			required := visible && r.cond(f.Required, false, env, at)
			if r.states {
				r.ev.Fields[at.String()] = FieldState{Visible: visible, Required: required, Editable: visible && r.editable(f, env, at)}
			}
			if required && isBlank(vals[f.Name]) {
				if path := at.String(); !r.badPath[path] {
					r.add(Finding{Path: path, Rule: "required", Severity: SeverityError, Message: msgRequired.Format(map[string]Text{"field": f.Label})})
				}
			}
		}
	}
}

// checkRequiredRows checks the required cells of every live row. Columns
// whose states are constant are worked out once; only columns with row
// conditions run per row.
func (r *run) checkRequiredRows(s *Section) {
	type column struct {
		f        *Field
		dynamic  bool
		required bool
	}
	var cols []column
	for _, f := range s.Fields {
		if r.hidden.field(f) {
			continue
		}
		dyn := isDynamic(f.Visible) || isDynamic(f.Required) || isDynamic(f.Editable)
		req := !dyn && r.cond(f.Visible, true, nil, loc{}) && r.cond(f.Required, false, nil, loc{})
		if dyn || req {
			cols = append(cols, column{f, dyn, req})
		}
	}
	for i, row := range r.doc.Tables[s.Name] {
		if rowDeleted(row) {
			continue
		}
		var env any
		for _, c := range cols {
			f, required := c.f, c.required
			at := rowLoc(s.Name, i, f.Name)
			if c.dynamic {
				if env == nil {
					env = r.rowEnv(s.Name, i)
				}
				visible := r.cond(f.Visible, true, env, at)
				required = visible && r.cond(f.Required, false, env, at)
				if r.states {
					r.ev.Fields[at.String()] = FieldState{Visible: visible, Required: required, Editable: visible && r.editable(f, env, at)}
				}
			}
			if required && isBlank(row[f.Name]) {
				if path := at.String(); !r.badPath[path] {
					r.rowFinding(s.Name, i, Finding{Path: path, Rule: "required", Severity: SeverityError,
						Message: msgRowRequired.Format(map[string]Text{"row": num(i + 1), "field": f.Label})})
				}
			}
		}
	}
}

func isDynamic(c *Cond) bool { return c != nil && c.Prog != nil }

func num(n int) Text { s := strconv.Itoa(n); return Text{"zh": s, "en": s, "th": s} }

// rowFinding records a finding of row i of table and remembers its severity
// for the row's line status.
func (r *run) rowFinding(table string, i int, f Finding) {
	r.add(f)
	r.markRow(table, i, f.Severity)
}

// markRow remembers the worst severity found in row i of table.
func (r *run) markRow(table string, i int, sev Severity) {
	bad := r.rowBad[table]
	if bad == nil {
		bad = make([]Severity, len(r.doc.Tables[table]))
		r.rowBad[table] = bad
	}
	if bad[i] != SeverityError {
		bad[i] = sev
	}
}

func (r *run) fieldLabel(s *Section, name string) Text {
	if f := s.fields[name]; f != nil {
		return f.Label
	}
	return Text{"zh": name, "en": name}
}

func (r *run) checkRules() {
	for _, rule := range r.dt.Rules {
		if rule.Table == "" {
			// a hidden field is not checked; a value refused as malformed
			// already has its finding, which a rule must not bury
			if r.targetHidden(rule.Path) || r.badPath[rule.Path] {
				continue
			}
			env := r.env.Interface()
			at := loc{section: rule.Path, row: -1}
			if rule.When != nil && !r.holds(rule.When, env, at) {
				continue
			}
			if r.holds(rule.Check, env, at) {
				continue
			}
			label := Text{}
			if sec, name, ok := strings.Cut(rule.Path, "."); ok && r.dt.sections[sec] != nil {
				label = r.fieldLabel(r.dt.sections[sec], name)
			}
			r.add(Finding{Path: rule.Path, Rule: rule.ID, Severity: rule.Severity, Message: rule.Message.Format(map[string]Text{"field": label})})
			continue
		}
		s := r.dt.sections[rule.Table]
		if r.hidden[s.Name] || (rule.Path != "" && r.hidden[s.Name+"."+rule.Path]) || isStatusRule(rule, s) {
			continue
		}
		r.runRowRule(rule, s, func(i int, f Finding) { r.rowFinding(s.Name, i, f) })
	}
}

func (r *run) targetHidden(path string) bool {
	if path == "" {
		return false
	}
	sec, name, _ := strings.Cut(path, ".")
	return r.hidden[sec] || r.hidden[sec+"."+name]
}

// isStatusRule tells whether a table rule checks the row's line status
// itself (the "all lines validated" check). Such rules run after the status
// is derived, on the fresh status.
func isStatusRule(rule *Rule, s *Section) bool {
	return s.StatusField != "" && rule.Path == s.StatusField
}

// deriveLineStatus sets the line status of every row of a table that has
// one: error when the row has an error finding, warning when it has only
// warnings or confirmations, success otherwise. Deleted rows keep theirs.
// The status is the engine's verdict on the row, recomputed on every
// evaluation and save, so a client cannot claim a row is validated. Then the
// rules on the status run against it.
func (r *run) deriveLineStatus() {
	for _, s := range r.dt.Sections {
		if !s.Table || s.StatusField == "" || r.hidden[s.Name] {
			continue
		}
		f := s.fields[s.StatusField]
		bad := r.rowBad[s.Name]
		for i, row := range r.doc.Tables[s.Name] {
			if rowDeleted(row) {
				continue
			}
			status := "success"
			if bad != nil {
				switch bad[i] {
				case SeverityError:
					status = "error"
				case SeverityWarning, SeverityConfirm:
					status = "warning"
				}
			}
			r.setValue(row, rowLoc(s.Name, i, f.Name), f, status)
			setGo(r.rows[s.Name].Index(i), f, status)
		}
	}
	r.syncTables()
	r.checkStatusRules()
}

// checkStatusRules runs the rules on line-status fields.
func (r *run) checkStatusRules() {
	for _, rule := range r.dt.Rules {
		s := r.dt.sections[rule.Table]
		if s == nil || !isStatusRule(rule, s) || r.hidden[s.Name] {
			continue
		}
		r.runRowRule(rule, s, func(_ int, f Finding) { r.add(f) })
	}
}

// holds runs a boolean program.
func (r *run) holds(p *vm.Program, env any, at loc) bool {
	b, _ := r.exec(p, env, at).(bool)
	return b
}

// rowOfPath reads "lineList[3]..." as table lineList, row 3.
func rowOfPath(path string) (table string, row int, ok bool) {
	open := strings.IndexByte(path, '[')
	end := strings.IndexByte(path, ']')
	if open <= 0 || end < open {
		return "", 0, false
	}
	n, err := strconv.Atoi(path[open+1 : end])
	if err != nil {
		return "", 0, false
	}
	return path[:open], n, true
}

// runRowRule runs a table rule on every live row of s and records a finding
// for each row it fails on (unless that cell was refused as malformed).
func (r *run) runRowRule(rule *Rule, s *Section, record func(row int, f Finding)) {
	for i, row := range r.doc.Tables[s.Name] {
		if rowDeleted(row) {
			continue
		}
		env := r.rowEnv(s.Name, i)
		at := rowLoc(s.Name, i, rule.Path)
		if rule.When != nil && !r.holds(rule.When, env, at) {
			continue
		}
		if r.holds(rule.Check, env, at) || r.badPath[at.String()] {
			continue
		}
		record(i, Finding{Path: at.String(), Rule: rule.ID, Severity: rule.Severity,
			Message: rule.Message.Format(map[string]Text{"row": num(i + 1), "field": r.fieldLabel(s, rule.Path)})})
	}
}
