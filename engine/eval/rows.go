package eval

import (
	"reflect"
	"sync"
	"unsafe"

	"formwork/engine/model"

	"github.com/expr-lang/expr/vm"
	"github.com/shopspring/decimal"
)

// rowBuf is the row structs of one table of a run (rows, len = cap) and
// the pointers to them the environments hold (ptrs): a table of many rows
// takes them from the buffers earlier runs left (rowBufs) and gives them
// back, cleared, when its run is done (run.release), so that a large
// document's evaluation does not allocate its rows' structs afresh.
type rowBuf struct {
	rt   reflect.Type
	rows reflect.Value
	ptrs reflect.Value
	n    int // rows in use
}

// minPooledRows is the least number of rows filled by a filler: fewer cost
// little to fill field by field.
const minPooledRows = 16

// minKeptRows is the least number of rows whose structs are kept for the
// next run: a claim's few rows are taken again as its many rows are (a save
// of three lines made them afresh each time: a tenth of its allocations).
const minKeptRows = 1

// rowBufs are the row buffers runs gave back, a *sync.Pool per row type
// (types of equal layout are one type: reflect.StructOf).
var rowBufs sync.Map

// tableRows returns the row structs (zero) and their pointers for n rows
// of section s, whose environment field has type ptrsType.
func tableRows(s *model.Section, n int, ptrsType reflect.Type) *rowBuf {
	rt := s.RowType()
	if n >= minKeptRows {
		if p, ok := rowBufs.Load(rt); ok {
			if b, _ := p.(*sync.Pool).Get().(*rowBuf); b != nil && b.rows.Len() >= n && b.ptrs.Type() == ptrsType {
				b.n = n
				return b
			}
		}
	}
	b := &rowBuf{rt: rt, rows: reflect.MakeSlice(reflect.SliceOf(rt), n, n), ptrs: reflect.MakeSlice(ptrsType, n, n), n: n}
	for j := 0; j < n; j++ {
		b.ptrs.Index(j).Set(b.rows.Index(j).Addr())
	}
	return b
}

// put clears the rows b held and keeps b for a later run.
func (b *rowBuf) put() {
	if b.n < minKeptRows {
		return
	}
	b.rows.Slice(0, b.n).Clear()
	p, _ := rowBufs.LoadOrStore(b.rt, &sync.Pool{})
	p.(*sync.Pool).Put(b)
}

// vms are the expression machines runs gave back: a machine's stack grows
// to the largest list a program builds (a total over 500 lines), which
// the next run then need not grow again.
var vms = sync.Pool{New: func() any { return new(vm.VM) }}

// change is a value evaluation set at a place that differs from the one
// the document had there.
type change struct {
	at loc
	f  *model.Field
	v  any
}

// changeBufs are the lists of changes runs gave back, empty.
var changeBufs = sync.Pool{New: func() any { return new([]change) }}

// noteChange records that the evaluation set v at `at`: the changed values
// are put in a map once the run is done, of the size they need.
func (r *run) noteChange(at loc, f *model.Field, v any) {
	if r.changes == nil {
		r.changes = changeBufs.Get().(*[]change)
	}
	*r.changes = append(*r.changes, change{at, f, v})
}

// finish completes the check result and the changed values (by path, as
// JSON writes them; a place set twice has its last value), and gives the
// run's buffers back.
func (r *run) finish() {
	r.res.Finish(r.opt.Confirmed)
	if r.values {
		var changes []change
		if r.changes != nil {
			changes = *r.changes
		}
		r.ev.Values = make(map[string]any, len(changes))
		for _, c := range changes {
			r.ev.Values[c.at.String()] = model.JSONValue(c.f, c.v)
		}
	}
	r.release()
}

// release gives the run's row buffers, machine and list of changes back:
// nothing reads the run's environments after (the evaluation holds the
// document, not them).
func (r *run) release() {
	for _, b := range r.bufs {
		b.put()
	}
	r.bufs = nil
	if r.vm != nil {
		vms.Put(r.vm)
		r.vm = nil
	}
	if r.changes != nil {
		clear(*r.changes)
		*r.changes = (*r.changes)[:0]
		changeBufs.Put(r.changes)
		r.changes = nil
	}
}

// tableEnv is the environment of the row programs of one table: a struct of
// the table's Env type (v, a pointer, boxed once as env) whose Row and
// RowNo fields at sets in place, the row structs being rows.
type tableEnv struct {
	v     reflect.Value
	env   any
	row   *unsafe.Pointer // the Row field (a pointer to a row struct)
	rowNo *int
	rows  unsafe.Pointer // the first row struct
	size  uintptr        // of one row struct
}

// newTableEnv is the environment te (of an Env type with nsec sections)
// over the row structs rows.
func newTableEnv(te reflect.Value, nsec int, rows reflect.Value) *tableEnv {
	e := te.Elem()
	return &tableEnv{v: te, env: te.Interface(), row: (*unsafe.Pointer)(e.Field(nsec + model.EnvRowOffset).Addr().UnsafePointer()),
		rowNo: (*int)(e.Field(nsec + model.EnvRowNoOffset).Addr().UnsafePointer()), rows: rows.UnsafePointer(), size: rows.Type().Elem().Size()}
}

// at points the environment at row i (0-based) and returns it.
func (t *tableEnv) at(i int) any {
	*t.row = unsafe.Add(t.rows, uintptr(i)*t.size)
	*t.rowNo = i + 1
	return t.env
}

// filler sets the fields of row structs of one section from its rows'
// values without reflection: a value's key is, but for rows built
// elsewhere, the catalogue's own name of its field (decode and evaluation
// store values under model.Field.Name), so the field is found by the
// address of the key's text in a small open-addressed table; any other key
// is looked up by name.
type filler struct {
	s     *model.Section
	size  uintptr    // of a row struct
	slots []fillSlot // a power of two
}

type fillSlot struct {
	name *byte // the text of the field's name (nil: empty slot)
	f    *model.Field
	off  uintptr
	kind reflect.Type
}

func newFiller(s *model.Section) *filler {
	n := 8
	for n < 2*len(s.Fields) {
		n *= 2
	}
	rt := s.RowType()
	fl := &filler{s: s, size: rt.Size(), slots: make([]fillSlot, n)}
	for j, f := range s.Fields {
		sf := rt.Field(j)
		for i := fl.home(unsafe.StringData(f.Name)); ; i = (i + 1) & (n - 1) {
			if fl.slots[i].name == nil {
				fl.slots[i] = fillSlot{name: unsafe.StringData(f.Name), f: f, off: sf.Offset, kind: sf.Type}
				break
			}
		}
	}
	return fl
}

func (fl *filler) home(p *byte) int {
	return int((uint64(uintptr(unsafe.Pointer(p))) * 0x9e3779b97f4a7c15) >> 40 & uint64(len(fl.slots)-1))
}

// slot is the slot of the field whose name is name itself (same text at
// the same address), nil when there is none.
func (fl *filler) slot(name string) *fillSlot {
	p := unsafe.StringData(name)
	for i := fl.home(p); ; i = (i + 1) & (len(fl.slots) - 1) {
		sl := &fl.slots[i]
		if sl.name == p && len(sl.f.Name) == len(name) {
			return sl
		}
		if sl.name == nil {
			return nil
		}
	}
}

// fill sets the fields of the zero row struct rows[j] (a slice of structs
// of the section's RowType, starting at base) from vals, as
// model.FillStruct does.
func (fl *filler) fill(rows reflect.Value, base unsafe.Pointer, j int, vals model.Values) {
	row := unsafe.Add(base, uintptr(j)*fl.size)
	for name, v := range vals {
		sl := fl.slot(name)
		if sl == nil {
			if f := fl.s.Field(name); f != nil {
				model.SetGo(rows.Index(j), f, v)
			}
			continue
		}
		p := unsafe.Add(row, sl.off)
		switch x := v.(type) {
		case string:
			if sl.kind == model.StringType {
				*(*string)(p) = x
				continue
			}
		case decimal.Decimal:
			if sl.kind == model.DecimalType {
				*(*decimal.Decimal)(p) = x
				continue
			}
		case int:
			if sl.kind == model.IntType {
				*(*int)(p) = x
				continue
			}
		}
		model.SetGo(rows.Index(j), sl.f, v) // a value of another type: as FillStruct does it
	}
}
