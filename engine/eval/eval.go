// Package eval evaluates a decoded document against its type: defaults,
// derived values (in section order), the sub-type and what it hides, field
// states (visible, required, editable) under an action mode, the required
// fields, every rule, and the line status of each row; Check is the
// pre-save check, Evaluate adds what the form shows, CheckSave is all one
// save needs (Evaluate and the changes the action mode does not allow) from
// one preparation. Compiled programs run here; nothing is compiled.
package eval

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"formwork/engine/export"
	"formwork/engine/model"

	"github.com/expr-lang/expr/vm"
	"github.com/shopspring/decimal"
)

// Options say under which action mode a document is evaluated, which
// weak-control (confirm) rules the user has confirmed, and where the rules
// read master data (record, standard): nil, they read empty records.
type Options struct {
	Action    string
	Confirmed map[string]bool
	Lookup    model.Lookup
}

// FieldState is what the form shows of one field where it differs from
// how the export draws the field (export.Hidden, export.Required and
// export.Editable): a flag left nil is the export's. A field evaluation
// shows as the export draws it has no state.
type FieldState struct {
	Visible  *bool `json:"visible,omitempty"`
	Required *bool `json:"required,omitempty"`
	Editable *bool `json:"editable,omitempty"`
}

var yes, no = true, false

// flag points at a constant true or false: states share them.
func flag(b bool) *bool {
	if b {
		return &yes
	}
	return &no
}

// drawn is how the export draws a field of the run's sub-type and action
// (see FieldState). opens: an object field whose editability expression
// the export draws read-only from the sub-type alone, which the document
// may make editable (told as editable true).
type drawn struct {
	hidden, required, readOnly, opens bool
}

func (r *run) drawnOf(f *model.Field) drawn {
	editable, known := export.Editable(f, r.mode)
	opens := !known && !r.exportEditable(f)
	return drawn{export.Hidden(f, r.hidden), export.Required(f, r.hidden), (known && !editable) || opens, opens}
}

// stateOf is the state of a field (visible and required as evaluated;
// editable false only when it is shown and not editable) where it differs
// from d, the export's drawing; false when it differs in nothing. A field
// not shown has no editability to tell; visible is told only when false
// (the form never shows what the export hides), editable true only of a
// field the document opens (d.opens).
func stateOf(d drawn, visible, required, editable bool) (FieldState, bool) {
	var st FieldState
	if !visible && !d.hidden {
		st.Visible = &no
	}
	if required != d.required {
		st.Required = flag(required)
	}
	if !editable && !d.readOnly {
		st.Editable = &no
	}
	if visible && editable && d.opens {
		st.Editable = &yes
	}
	return st, st != (FieldState{})
}

// Evaluation is the full outcome of evaluating a document: the document with
// defaults and derived values applied, the state of its fields, the values
// that evaluation changed (by path), and the check result.
type Evaluation struct {
	Doc    *model.Document
	Fields FieldStates
	Values map[string]any
	Check  model.CheckResult
}

// Check applies defaults and derived values to doc (in place) and runs every
// pre-save check: structural findings passed in, sub-type, required fields
// and rules. It never fails: an expression that fails at run time (it cannot
// at present: compile-time types guarantee it) is reported as a finding.
func Check(doc *model.Document, structural []model.Finding, opt Options) model.CheckResult {
	e := evaluate(doc, structural, opt, false)
	return e.Check
}

// Evaluate is Check plus the field states and changed values the form needs.
func Evaluate(doc *model.Document, structural []model.Finding, opt Options) *Evaluation {
	return evaluate(doc, structural, opt, true)
}

type run struct {
	doc     *model.Document
	dt      *model.DocType
	opt     Options
	mode    *model.Mode
	path    []*model.SubType // the sub-type chosen (as far as it is one)
	hidden  model.HiddenSet
	drawing map[*model.Field]bool    // the export's drawing of expression-editable object fields, once asked (exportEditable)
	env     reflect.Value            // *doc env struct
	vm      *vm.VM                   // runs every program of the run: its stack is reused (from vms, given back by release)
	tenv    map[string]*tableEnv     // per table
	rows    map[string]reflect.Value // slice of row structs, per table
	ptrs    map[string]reflect.Value // slice of pointers to them, per table
	bufs    []*rowBuf                // where rows and ptrs are, given back by release
	changes *[]change                // the values set that differ from the document's, in order (states only)
	deleted map[string][]bool        // rows flagged D, per table, as of the last syncTables
	res     *model.CheckResult
	ev      *Evaluation
	states  bool
	values  bool                        // the changed values are wanted (Evaluate): a save's check does without them
	rowBad  map[string][]model.Severity // worst finding per row, for line status
	// boundsPending: derived values out of their bounds, reported only when
	// nothing else is wrong (reportDerivedBounds)
	boundsPending []pendingFinding
	badPath       map[string]bool // paths with a structural or required finding: not reported again by required or a rule
}

func evaluate(doc *model.Document, structural []model.Finding, opt Options, states bool) *Evaluation {
	r := prepare(doc, structural, opt, states)
	r.check()
	r.finish()
	return r.ev
}

// newRun is a run of doc under opt with nothing worked out yet.
func newRun(doc *model.Document, opt Options, states bool) *run {
	dt := doc.Type
	if opt.Action == "" {
		opt.Action = "new"
	}
	ev := &Evaluation{Doc: doc, Check: model.CheckResult{DocType: dt.Code, SchemaVersion: dt.Version}}
	return &run{doc: doc, dt: dt, opt: opt, mode: dt.Mode(opt.Action), res: &ev.Check, ev: ev, states: states, values: states, tenv: map[string]*tableEnv{}, rows: map[string]reflect.Value{}, ptrs: map[string]reflect.Value{}, deleted: map[string][]bool{}, rowBad: map[string][]model.Severity{}}
}

// prepare sets up a run: sub-type, defaults, typed environment, derived
// values. The checks come after.
func prepare(doc *model.Document, structural []model.Finding, opt Options, states bool) *run {
	return prepareRun(newRun(doc, opt, states), structural)
}

// prepareRun is prepare of a new run.
func prepareRun(r *run, structural []model.Finding) *run {
	counts.prepares.Add(1)
	doc, states, ev := r.doc, r.states, r.ev
	r.badPath = make(map[string]bool, len(structural))
	for _, f := range structural {
		if r.derivedPath(f.Path) {
			continue
		}
		r.add(f)
		r.badPath[f.Path] = true
		if table, i, ok := rowOfPath(f.Path); ok && i < len(doc.Tables[table]) && !model.RowDeleted(doc.Tables[table][i]) {
			r.markRow(table, i, f.Severity)
		}
	}
	r.path = r.checkSubType()
	r.hidden = r.dt.Hidden(r.path)
	r.nameSubTypes(r.path)
	if states {
		ev.Fields = FieldStates{}
	}
	r.applyDefaults()
	r.buildEnv()
	r.applyDerived()
	if r.derivesDeletedFlag() {
		r.syncTables()
	}
	return r
}

// derivesDeletedFlag tells whether a table's deleted flag is a derived
// value: only then can the derived values change which rows are deleted
// (buildEnv synced the tables before).
func (r *run) derivesDeletedFlag() bool {
	for _, s := range r.dt.Sections {
		if f := s.Field(model.DeletedFlag); s.Table && f != nil && f.Value != nil {
			return true
		}
	}
	return false
}

// check runs every pre-save check on a prepared run: required fields,
// rules, line statuses and the rules on them.
func (r *run) check() {
	counts.checks.Add(1)
	r.checkRequired()
	r.checkRules()
	r.reportDerivedBounds()
	r.deriveLineStatus()
}

// reportDerivedBounds reports the derived values below their minimum (or
// above their maximum) when no line or list has an error: a total is a
// consequence of its lines, and a line refused at its cell (or a list a rule
// asks for) is the one finding for one mistake. A document whose lines are
// right but none learns that its total is 0.
func (r *run) reportDerivedBounds() {
	if r.tableErrors() {
		return
	}
	for _, p := range r.boundsPending {
		if p.row >= 0 {
			r.rowFinding(p.section, p.row, p.f)
		} else {
			r.add(p.f)
		}
	}
}

// derivedPath tells whether path is a field of doc's type whose value the
// engine derives (a total, a local amount): what a client sent there is
// replaced, so a malformed client value is no finding.
func (r *run) derivedPath(path string) bool {
	sec, field, ok := strings.Cut(path, ".")
	if !ok {
		return false
	}
	if i := strings.IndexByte(sec, '['); i > 0 {
		sec = sec[:i]
	}
	s := r.dt.Section(sec)
	if s == nil {
		return false
	}
	f := s.Field(field)
	return f != nil && f.Value != nil
}

// checkSubType finds the document's sub-type path and reports a business
// type that is not a sub-type at its level, or not offered in the set of
// books.
func (r *run) checkSubType() []*model.SubType {
	head := r.doc.Head()
	keys := make([]string, len(model.SubTypeKeys))
	for i, k := range model.SubTypeKeys {
		keys[i] = head.String(k)
	}
	path, ok := r.dt.SubTypePath(keys...)
	if !ok {
		at := "head." + model.SubTypeKeys[len(path)]
		given := model.Clip(strings.Join(keys[:len(path)+1], "/"), 60)
		r.add(model.Finding{Path: at, Rule: "subType", Severity: model.SeverityError, Message: model.Text{
			"zh": fmt.Sprintf("业务类型%s不属于%s", given, r.dt.Code),
			"en": fmt.Sprintf("business type %s is not a sub-type of %s", given, r.dt.Code),
			"th": fmt.Sprintf("ประเภทธุรกิจ %s ไม่ใช่ประเภทย่อยของ %s", given, r.dt.Code)}})
	}
	sob := head.String("sob")
	for i, n := range path {
		if !n.OfferedIn(sob) {
			r.add(model.Finding{Path: "head." + model.SubTypeKeys[i], Rule: "subType", Severity: model.SeverityError, Message: model.Text{
				"zh": fmt.Sprintf("业务类型%s不适用于账套%s", n.Key, model.Clip(sob, 40)),
				"en": fmt.Sprintf("business type %s is not offered in set of books %s", n.Key, model.Clip(sob, 40)),
				"th": fmt.Sprintf("ประเภทธุรกิจ %s ไม่มีให้ใช้ในชุดบัญชี %s", n.Key, model.Clip(sob, 40))}})
		}
	}
	return path
}

// nameSubTypes fills the display twins (businessType1Txt, ...) with the
// titles of the chosen sub-types, in Chinese, the product's language of record.
func (r *run) nameSubTypes(path []*model.SubType) {
	head := r.doc.Head()
	hs := r.dt.Section("head")
	for i, k := range model.SubTypeKeys {
		f := hs.Field(k + "Txt")
		if f == nil {
			continue
		}
		var v any
		if i < len(path) {
			v = path[i].Title.In(model.DefaultLang)
		}
		r.setValue(head, objLoc("head", f.Name), f, v)
	}
}

// pendingFinding is a finding at a place (row -1 for an object section)
// that is reported later, if at all.
type pendingFinding struct {
	section string
	row     int
	f       model.Finding
}

func (r *run) add(f model.Finding) { r.res.Errors = append(r.res.Errors, f) }

// loc is a place in the document; its path string is only built when a
// finding or a changed value needs it, which keeps large tables cheap.
type loc struct {
	section string
	row     int // -1 for an object section
	field   string
}

// String is the path: section, section.field or section[row].field, built
// in one allocation.
func (l loc) String() string {
	var num [20]byte
	var n []byte
	if l.row >= 0 {
		n = strconv.AppendInt(num[:0], int64(l.row), 10)
	}
	var b strings.Builder
	b.Grow(len(l.section) + len(n) + 2 + len(l.field) + 1)
	b.WriteString(l.section)
	if l.row >= 0 {
		b.WriteByte('[')
		b.Write(n)
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

func (r *run) setValue(vals model.Values, at loc, f *model.Field, v any) {
	old, had := vals[f.Name]
	switch {
	case v == nil:
		if had {
			delete(vals, f.Name)
		}
	case !had || !sameText(old, v): // the same text (a line status) is not stored again
		vals[f.Name] = v
	}
	if r.values && !sameValue(old, had, v) {
		r.noteChange(at, f, v)
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

// sameText tells whether a and b are the same text.
func sameText(a, b any) bool {
	x, ok := a.(string)
	y, ok2 := b.(string)
	return ok && ok2 && x == y
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
			vals = model.Values{}
			r.doc.Objects[s.Name] = vals
		}
		for _, f := range s.Fields {
			if f.Default != nil && isBlank(vals[f.Name]) {
				r.setValue(vals, objLoc(s.Name, f.Name), f, f.Default)
			}
		}
	}
}

// structOf is a pointer to a new struct of the section's RowType holding vals.
func structOf(s *model.Section, vals model.Values) reflect.Value {
	p := reflect.New(s.RowType())
	model.FillStruct(p.Elem(), s, vals)
	return p
}

// buildEnv builds the typed environment rules run against.
func (r *run) buildEnv() {
	env := reflect.New(r.dt.Env().Doc)
	ev := env.Elem()
	for i, s := range r.dt.Sections {
		if s.Table {
			rows := r.doc.Tables[s.Name]
			b := tableRows(s, len(rows), ev.Field(i).Type())
			r.bufs = append(r.bufs, b)
			sl, ptrs := b.rows.Slice(0, len(rows)), b.ptrs.Slice(0, len(rows))
			if len(rows) >= minPooledRows {
				fl, base := newFiller(s), sl.UnsafePointer()
				for j, row := range rows {
					fl.fill(sl, base, j, row)
				}
			} else {
				for j, row := range rows {
					model.FillStruct(sl.Index(j), s, row)
				}
			}
			r.rows[s.Name], r.ptrs[s.Name] = sl, ptrs
		} else {
			ev.Field(i).Set(structOf(s, r.doc.Objects[s.Name]))
		}
	}
	ev.Field(r.dt.Env().NSec + model.EnvActionOffset).SetString(r.opt.Action)
	ctx := reflect.ValueOf(&model.RuleContext{Lookup: r.opt.Lookup, Confirmed: r.opt.Confirmed})
	ev.Field(r.dt.Env().NSec + model.EnvContextOffset).Set(ctx)
	r.env = env
	for name, t := range r.dt.Env().Tables {
		te := reflect.New(t)
		te.Elem().Field(r.dt.Env().NSec + model.EnvActionOffset).SetString(r.opt.Action)
		te.Elem().Field(r.dt.Env().NSec + model.EnvContextOffset).Set(ctx)
		r.tenv[name] = newTableEnv(te, r.dt.Env().NSec, r.rows[name])
	}
	r.syncTables()
}

// syncTables gives the environments the tables as rules see them: pointers
// to the rows but the deleted ones (flag D), which no rule counts. Row rules
// still address rows by their index in the whole table. A rule reads a row
// through its pointer, so a value set in a row (SetGo) needs no sync; a
// change of which rows are deleted does.
func (r *run) syncTables() {
	ev := r.env.Elem()
	for i, s := range r.dt.Sections {
		if !s.Table {
			continue
		}
		all := r.ptrs[s.Name]
		rows := r.doc.Tables[s.Name]
		deleted := make([]bool, len(rows))
		n := 0
		for j, row := range rows {
			deleted[j] = model.RowDeleted(row)
			if !deleted[j] {
				n++
			}
		}
		r.deleted[s.Name] = deleted
		if n == len(rows) {
			ev.Field(i).Set(all)
			continue
		}
		live := reflect.MakeSlice(all.Type(), n, n)
		k := 0
		for j := range rows {
			if !deleted[j] {
				live.Index(k).Set(all.Index(j))
				k++
			}
		}
		ev.Field(i).Set(live)
	}
	for _, te := range r.tenv {
		for i := 0; i < r.dt.Env().NSec; i++ {
			te.v.Elem().Field(i).Set(ev.Field(i))
		}
	}
}

// rowEnv points the table environment at row i and returns it.
func (r *run) rowEnv(table string, i int) any { return r.tenv[table].at(i) }

// exec runs a program; a run-time failure becomes a finding and yields nil.
func (r *run) exec(p *vm.Program, env any, at loc) any {
	if r.vm == nil {
		r.vm = vms.Get().(*vm.VM)
	}
	out, err := r.vm.Run(p, env)
	if err != nil {
		path := at.String()
		r.add(model.Finding{Path: path, Rule: "evaluation", Severity: model.SeverityError, Message: model.Text{"zh": path + "计算失败：" + err.Error(),
			"en": path + " could not be evaluated: " + err.Error(), "th": path + " คำนวณไม่สำเร็จ: " + err.Error()}})
		return nil
	}
	return out
}

func (r *run) cond(c *model.Cond, def bool, env any, at loc) bool {
	if c == nil {
		return def
	}
	if c.Prog == nil {
		return c.Const
	}
	b, _ := r.exec(c.Prog, env, at).(bool)
	return b
}

// applyDerived works out every derived value, in section and field order:
// a value may use those before it.
func (r *run) applyDerived() {
	for si, s := range r.dt.Sections {
		for _, f := range s.Fields {
			if f.Value != nil {
				r.derive(si, s, f)
			}
		}
	}
}

// derive works out field f of section s (the si-th) in every row, or in the object.
func (r *run) derive(si int, s *model.Section, f *model.Field) {
	if s.Table {
		rows := r.doc.Tables[s.Name]
		var memo *rowMemo
		if !slices.Contains(f.ValueInputs.Fields, f.Name) { // a value that reads itself changes what the memo compares
			memo = newRowMemo(f.ValueInputs, s, r.rows[s.Name])
		}
		for i := range rows {
			at := rowLoc(s.Name, i, f.Name)
			v := r.checkDerived(f, normalizeDerived(f, r.deriveRow(f, memo, i, at)), at)
			r.setValue(rows[i], at, f, v)
			model.SetGo(r.rows[s.Name].Index(i), f, v)
		}
		return
	}
	vals := r.doc.Objects[s.Name]
	if vals == nil {
		return
	}
	at := objLoc(s.Name, f.Name)
	v := r.checkDerived(f, normalizeDerived(f, r.exec(f.Value, r.env.Interface(), at)), at)
	r.setValue(vals, at, f, v)
	model.SetGo(r.env.Elem().Field(si).Elem(), f, v) // the table environments share the struct
}

// deriveRow runs the derived value of f for row i, or takes the value a
// row equal in what it reads got (rowMemo).
func (r *run) deriveRow(f *model.Field, memo *rowMemo, i int, at loc) any {
	out, key, ok := memo.lookup(i)
	if ok {
		return out
	}
	failed := len(r.res.Errors)
	out = r.exec(f.Value, r.rowEnv(f.Section.Name, i), at)
	if len(r.res.Errors) == failed {
		memo.store(i, key, out)
	}
	return out
}

// checkDerived returns the derived value v of f at `at` to store: nil, with
// a finding, when it is one the engine would refuse to read (an amount out
// of range, a text too long).
func (r *run) checkDerived(f *model.Field, v any, at loc) any {
	out, p := model.CheckDerived(f, v)
	if p == nil {
		return out
	}
	path := at.String()
	r.badPath[path] = true
	fd := model.Finding{Path: path, Rule: p.Rule, Severity: model.SeverityError,
		Message: model.RowText(at.row+1, p.Msg.Format(map[string]model.Text{"field": f.Label}))}
	if p.Rule == "minimum" || p.Rule == "maximum" {
		r.boundsPending = append(r.boundsPending, pendingFinding{at.section, at.row, fd})
		return nil
	}
	if at.row >= 0 {
		r.rowFinding(at.section, at.row, fd)
	} else {
		r.add(fd)
	}
	return nil
}

// normalizeDerived rounds derived amounts to the field's places and turns
// zero values of text into blank.
func normalizeDerived(f *model.Field, v any) any {
	switch x := v.(type) {
	case decimal.Decimal:
		if f.Type == model.TypeMoney {
			return x.Round(model.MoneyPlaces)
		}
		return x.Round(model.NumberPlaces)
	case string:
		if x == "" {
			return nil
		}
	}
	return v
}

func (r *run) editable(f *model.Field, env any, at loc) bool {
	if f.ReadOnly {
		return false
	}
	def := r.mode != nil && r.mode.Editable
	return r.cond(f.Editable, def, env, at)
}

var (
	msgRequired    = model.Text{"zh": "{field}不能为空", "en": "{field} cannot be empty", "th": "{field}ต้องไม่ว่าง"}
	msgRowRequired = model.Text{"zh": "第{row}行，{field}为空", "en": "Row {row}: {field} is empty", "th": "แถวที่ {row}: {field}ว่างอยู่"}
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
			at, path := objLoc(s.Name, f.Name), f.Key() // at.String(), made when the type was loaded
			visible := !r.hidden.Field(f) && r.cond(f.Visible, true, env, at)
			required := visible && r.cond(f.Required, false, env, at)
			if r.states {
				d := r.drawnOf(f)
				if st, ok := stateOf(d, visible, required, !visible || d.readOnly && !d.opens || r.editable(f, env, at)); ok {
					r.ev.Fields[path] = st
				}
			}
			if required && isBlank(vals[f.Name]) {
				if !r.badPath[path] {
					r.badPath[path] = true // the required finding wins: no rule reports this cell again
					r.add(model.Finding{Path: path, Rule: "required", Severity: model.SeverityError, Message: msgRequired.Format(map[string]model.Text{"field": f.Label})})
				}
			}
		}
	}
}

// checkRequiredRows checks the required cells of every live row. Columns
// whose states are constant are worked out once; only columns with row
// conditions run per row.
func (r *run) checkRequiredRows(s *model.Section) {
	type column struct {
		f        *model.Field
		dynamic  bool
		required bool
		drawn    drawn // (dynamic columns)
	}
	if len(r.doc.Tables[s.Name]) == 0 {
		return // no cells: the columns need not be worked out
	}
	var cols []column
	for _, f := range s.Fields {
		if r.hidden.Field(f) {
			continue
		}
		dyn := f.Visible.Dynamic() || f.Required.Dynamic() || f.Editable.Dynamic()
		req := !dyn && r.cond(f.Visible, true, nil, loc{}) && r.cond(f.Required, false, nil, loc{})
		if dyn || req {
			c := column{f: f, dynamic: dyn, required: req}
			if dyn && r.states {
				c.drawn = r.drawnOf(f)
			}
			cols = append(cols, c)
		}
	}
	for i, row := range r.doc.Tables[s.Name] {
		if r.deleted[s.Name][i] {
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
					if st, ok := stateOf(c.drawn, visible, required, !visible || c.drawn.readOnly || r.editable(f, env, at)); ok {
						r.ev.Fields[at.String()] = st
					}
				}
			}
			if required && isBlank(row[f.Name]) {
				if path := at.String(); !r.badPath[path] {
					r.badPath[path] = true // the required finding wins: no rule reports this cell again
					r.rowFinding(s.Name, i, model.Finding{Path: path, Rule: "required", Severity: model.SeverityError,
						Message: msgRowRequired.Format(map[string]model.Text{"row": num(i + 1), "field": f.Label})})
				}
			}
		}
	}
}

func num(n int) model.Text { s := strconv.Itoa(n); return model.Text{"zh": s, "en": s, "th": s} }

// rowFinding records a finding of row i of table and remembers its severity
// for the row's line status.
func (r *run) rowFinding(table string, i int, f model.Finding) {
	r.add(f)
	r.markRow(table, i, f.Severity)
}

// markRow remembers the worst severity found in row i of table.
func (r *run) markRow(table string, i int, sev model.Severity) {
	bad := r.rowBad[table]
	if bad == nil {
		bad = make([]model.Severity, len(r.doc.Tables[table]))
		r.rowBad[table] = bad
	}
	if bad[i] != model.SeverityError {
		bad[i] = sev
	}
}

func (r *run) fieldLabel(s *model.Section, name string) model.Text {
	if f := s.Field(name); f != nil {
		return f.Label
	}
	return model.Text{"zh": name, "en": name, "th": name}
}

// checkRules runs the rules (but those on line statuses). A rule at a
// derived value (a total) runs last, and only when no line or list has an
// error: the total is a consequence of the lines, and the finding at the
// line's cell (or the list) is the more specific one.
func (r *run) checkRules() {
	var onDerived []*model.Rule
	for _, rule := range r.dt.Rules {
		if rule.Table == "" {
			if r.derivedPath(rule.Path) {
				onDerived = append(onDerived, rule)
				continue
			}
			r.runObjectRule(rule)
			continue
		}
		s := r.dt.Section(rule.Table)
		if r.hidden[s.Name] || (rule.Path != "" && r.hidden[s.Name+"."+rule.Path]) || isStatusRule(rule, s) {
			continue
		}
		r.runRowRule(rule, s, func(i int, f model.Finding) { r.rowFinding(s.Name, i, f) })
	}
	if len(onDerived) == 0 || r.tableErrors() {
		return
	}
	for _, rule := range onDerived {
		r.runObjectRule(rule)
	}
}

// runObjectRule runs a rule that is not a table rule.
func (r *run) runObjectRule(rule *model.Rule) {
	// a hidden field is not checked; a value refused as malformed, or a
	// required cell left blank, already has its finding: the more specific
	// one, which a rule must not bury or repeat
	if r.targetHidden(rule.Path) || r.badPath[rule.Path] {
		return
	}
	env := r.env.Interface()
	at := loc{section: rule.Path, row: -1}
	if rule.When != nil && !r.holds(rule.When, env, at) {
		return
	}
	if r.holds(rule.Check, env, at) {
		return
	}
	label := model.Text{}
	if sec, name, ok := strings.Cut(rule.Path, "."); ok && r.dt.Section(sec) != nil {
		label = r.fieldLabel(r.dt.Section(sec), name)
	}
	r.add(model.Finding{Path: rule.Path, Rule: rule.ID, Severity: rule.Severity, Message: rule.Message.Format(r.args(rule, env, at, map[string]model.Text{"field": label}))})
}

// tableErrors tells whether a row or a list of a table has an error finding
// so far.
func (r *run) tableErrors() bool {
	for _, f := range r.res.Errors {
		if f.Severity != model.SeverityError {
			continue
		}
		sec := f.Path
		if i := strings.IndexAny(sec, "[."); i >= 0 {
			sec = sec[:i]
		}
		if s := r.dt.Section(sec); s != nil && s.Table {
			return true
		}
	}
	return false
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
func isStatusRule(rule *model.Rule, s *model.Section) bool {
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
		f := s.Field(s.StatusField)
		bad := r.rowBad[s.Name]
		for i, row := range r.doc.Tables[s.Name] {
			if r.deleted[s.Name][i] {
				continue
			}
			status := statusSuccess
			if bad != nil {
				switch bad[i] {
				case model.SeverityError:
					status = statusError
				case model.SeverityWarning, model.SeverityConfirm:
					status = statusWarning
				}
			}
			r.setValue(row, rowLoc(s.Name, i, f.Name), f, status)
			model.SetGo(r.rows[s.Name].Index(i), f, status)
		}
	}
	r.checkStatusRules()
}

// The line statuses, each boxed once: setting the status of every row
// allocates nothing.
var statusSuccess, statusWarning, statusError any = "success", "warning", "error"

// checkStatusRules runs the rules on line-status fields.
func (r *run) checkStatusRules() {
	for _, rule := range r.dt.Rules {
		s := r.dt.Section(rule.Table)
		if s == nil || !isStatusRule(rule, s) || r.hidden[s.Name] {
			continue
		}
		r.runRowRule(rule, s, func(_ int, f model.Finding) { r.add(f) })
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
// A row equal to one before in what the rule reads has that row's outcome
// (rowMemo).
func (r *run) runRowRule(rule *model.Rule, s *model.Section, record func(row int, f model.Finding)) {
	rows := r.doc.Tables[s.Name]
	memo := newRowMemo(rule.RowInputs, s, r.rows[s.Name])
	deleted := r.deleted[s.Name]
	for i := range rows {
		if deleted[i] {
			continue
		}
		at := rowLoc(s.Name, i, rule.Path)
		if r.rowRuleHolds(rule, memo, i, at) || r.badPath[at.String()] {
			continue
		}
		env := r.rowEnv(s.Name, i)
		record(i, model.Finding{Path: at.String(), Rule: rule.ID, Severity: rule.Severity,
			Message: rule.Message.Format(r.args(rule, env, at, map[string]model.Text{"row": num(i + 1), "field": r.fieldLabel(s, rule.Path)}))})
	}
}

// rowRuleHolds tells whether a table rule holds for row i (it does where
// its when does not).
func (r *run) rowRuleHolds(rule *model.Rule, memo *rowMemo, i int, at loc) bool {
	out, key, ok := memo.lookup(i)
	if ok {
		return out.(bool)
	}
	env := r.rowEnv(rule.Table, i)
	failed := len(r.res.Errors)
	holds := (rule.When != nil && !r.holds(rule.When, env, at)) || r.holds(rule.Check, env, at)
	if len(r.res.Errors) == failed {
		memo.store(i, key, holds)
	}
	return holds
}
