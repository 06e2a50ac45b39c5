package eval

import (
	"hash/maphash"
	"math/bits"
	"reflect"
	"unsafe"

	"formwork/engine/model"

	"github.com/shopspring/decimal"
)

// rowMemo remembers the result of pure row programs (model.RowInputs) per
// distinct row: a row equal to one run before in every field the programs
// read gets that row's result without running them again. The rows compared
// are the typed row structs the programs run against (a blank text reads
// as ""), read at their fields' offsets: no map lookup per field and row.
// Equal means the same value, a decimal with the same exponent too. A memo
// lives for one pass of one rule (or one derived value) over one table,
// during which nothing else the programs read changes; only results of runs
// without a run-time failure are remembered.
type rowMemo struct {
	cols []memoCol
	base unsafe.Pointer // the first row struct
	size uintptr        // of one row struct
	seen map[uint64]memoEntry
	last memoEntry // the row looked up last and its result (row -1: none)
	// hits and misses of seen: when rows turn out all different, seen is
	// no longer hashed nor filled (only the row before is compared)
	hits, misses int
}

// A memo stops remembering every row after memoTrial misses of seen
// with fewer than one hit in memoHitRatio lookups.
const (
	memoTrial    = 32
	memoHitRatio = 8
)

// memoCol is one field the programs read: its offset in the row struct and
// its Go type (model.GoType).
type memoCol struct {
	off  uintptr
	kind reflect.Type
}

type memoEntry struct {
	row int
	out any
}

// newRowMemo is a memo over rows (the slice of row structs of section s)
// for programs reading in; nil (remember nothing) when they are not pure,
// read what is not a field of s, or there are too few rows to gain.
func newRowMemo(in model.RowInputs, s *model.Section, rows reflect.Value) *rowMemo {
	if !in.Pure || rows.Len() < 2 {
		return nil
	}
	rt := s.RowType()
	m := &rowMemo{cols: make([]memoCol, 0, len(in.Fields)), base: rows.UnsafePointer(), size: rt.Size(), seen: map[uint64]memoEntry{}, last: memoEntry{row: -1}}
	for _, name := range in.Fields {
		sf, ok := s.StructField(name)
		if !ok {
			return nil
		}
		switch sf.Type {
		case model.StringType, model.IntType, model.DecimalType:
		default:
			return nil
		}
		m.cols = append(m.cols, memoCol{sf.Offset, sf.Type})
	}
	return m
}

// lookup returns the result remembered for a row equal to row i; key is
// what store takes, ok false when there is none. The row looked up last is
// compared first: equal rows often come one after the other.
func (m *rowMemo) lookup(i int) (out any, key uint64, ok bool) {
	if m == nil {
		return nil, 0, false
	}
	if m.last.row >= 0 && m.equal(m.last.row, i) {
		return m.last.out, 0, true
	}
	m.last.row = -1
	if m.misses >= memoTrial && m.hits*memoHitRatio < m.misses {
		return nil, 0, false
	}
	key = m.hash(i)
	e, found := m.seen[key]
	if !found || !m.equal(e.row, i) {
		m.misses++
		return nil, key, false
	}
	m.hits++
	m.last = memoEntry{row: i, out: e.out}
	return e.out, key, true
}

// store remembers out as the result of row i (key from lookup; 0: as the
// row before the next only); a key taken by another row (a hash
// collision) keeps that row's result.
func (m *rowMemo) store(i int, key uint64, out any) {
	if m == nil {
		return
	}
	m.last = memoEntry{row: i, out: out}
	if key == 0 {
		return
	}
	if _, taken := m.seen[key]; !taken {
		m.seen[key] = memoEntry{row: i, out: out}
	}
}

// at is the address of column c of row i.
func (m *rowMemo) at(i int, c memoCol) unsafe.Pointer {
	return unsafe.Add(m.base, uintptr(i)*m.size+c.off)
}

// hash hashes the values of the memo's fields in row i.
func (m *rowMemo) hash(i int) uint64 {
	h := uint64(len(m.cols))
	for _, c := range m.cols {
		p := m.at(i, c)
		var x uint64
		switch c.kind {
		case model.StringType:
			x = maphash.String(memoSeed, *(*string)(p))
		case model.IntType:
			x = uint64(*(*int)(p))
		default:
			d := *(*decimal.Decimal)(p)
			if d.NumDigits() <= 18 {
				x = uint64(d.CoefficientInt64())*31 + uint64(uint32(d.Exponent()))
			} else {
				x = maphash.String(memoSeed, d.String())
			}
		}
		h = bits.RotateLeft64((h^x)*0x9e3779b97f4a7c15, 29)
	}
	if h == 0 {
		h = 1 // 0 is store's "no key"
	}
	return h
}

var memoSeed = maphash.MakeSeed()

// equal tells whether rows a and b hold the same values in the memo's
// fields: a decimal's exponent included (12.30 is not 12.3 here).
func (m *rowMemo) equal(a, b int) bool {
	for _, c := range m.cols {
		p, q := m.at(a, c), m.at(b, c)
		switch c.kind {
		case model.StringType:
			if *(*string)(p) != *(*string)(q) {
				return false
			}
		case model.IntType:
			if *(*int)(p) != *(*int)(q) {
				return false
			}
		default:
			x, y := *(*decimal.Decimal)(p), *(*decimal.Decimal)(q)
			if x.Exponent() != y.Exponent() || !x.Equal(y) {
				return false
			}
		}
	}
	return true
}
