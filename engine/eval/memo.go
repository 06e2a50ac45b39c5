package eval

import (
	"encoding/binary"
	"hash/maphash"

	"formwork/engine/model"

	"github.com/shopspring/decimal"
)

// rowMemo remembers the result of pure row programs (model.RowInputs) per
// distinct row: a row equal to one run before in every field the programs
// read gets that row's result without running them again. Equal means the
// same type and value, a decimal with the same exponent too. A memo lives
// for one pass of one rule (or one derived value) over one table, during
// which nothing else the programs read changes; only results of runs
// without a run-time failure are remembered.
type rowMemo struct {
	fields []string
	rows   []model.Values
	seen   map[uint64]memoEntry
	h      maphash.Hash
	buf    [8]byte
}

type memoEntry struct {
	row int
	out any
}

// newRowMemo is a memo over rows for programs reading in; nil (remember
// nothing) when they are not pure or there are too few rows to gain.
func newRowMemo(in model.RowInputs, rows []model.Values) *rowMemo {
	if !in.Pure || len(rows) < 2 {
		return nil
	}
	return &rowMemo{fields: in.Fields, rows: rows, seen: map[uint64]memoEntry{}}
}

// lookup returns the result remembered for a row equal to row i; key is
// what store takes, ok false when there is none (or a value of row i has a
// type the memo does not compare, and its results are not remembered).
func (m *rowMemo) lookup(i int) (out any, key uint64, ok bool) {
	if m == nil {
		return nil, 0, false
	}
	key, hashed := m.hash(m.rows[i])
	if !hashed {
		return nil, 0, false
	}
	e, found := m.seen[key]
	if !found || !m.equal(m.rows[e.row], m.rows[i]) {
		return nil, key, false
	}
	return e.out, key, true
}

// store remembers out as the result of row i (key from lookup); a key
// taken by another row (a hash collision) keeps that row's result.
func (m *rowMemo) store(i int, key uint64, out any) {
	if m == nil || key == 0 {
		return
	}
	if _, taken := m.seen[key]; !taken {
		m.seen[key] = memoEntry{row: i, out: out}
	}
}

// hash hashes the values of the memo's fields in row; false for a value of
// a type it does not know.
func (m *rowMemo) hash(row model.Values) (uint64, bool) {
	m.h.Reset()
	for _, name := range m.fields {
		switch x := row[name].(type) {
		case nil:
			m.h.WriteByte(0)
		case string:
			m.h.WriteByte(1)
			m.writeInt(int64(len(x)))
			m.h.WriteString(x)
		case int:
			m.h.WriteByte(2)
			m.writeInt(int64(x))
		case decimal.Decimal:
			m.h.WriteByte(3)
			m.writeInt(int64(x.Exponent()))
			if x.NumDigits() <= 18 {
				m.writeInt(x.CoefficientInt64())
			} else {
				m.h.WriteString(x.String())
			}
		default:
			return 0, false
		}
	}
	sum := m.h.Sum64()
	if sum == 0 {
		sum = 1 // 0 is store's "no key"
	}
	return sum, true
}

func (m *rowMemo) writeInt(n int64) {
	binary.LittleEndian.PutUint64(m.buf[:], uint64(n))
	m.h.Write(m.buf[:])
}

// equal tells whether rows a and b hold the same values in the memo's fields.
func (m *rowMemo) equal(a, b model.Values) bool {
	for _, name := range m.fields {
		if !sameExactly(a[name], b[name]) {
			return false
		}
	}
	return true
}

// sameExactly tells whether two values of a document are the same: type and
// value, a decimal's exponent included (12.30 is not 12.3 here).
func sameExactly(a, b any) bool {
	switch x := a.(type) {
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		return ok && x.Exponent() == y.Exponent() && x.Equal(y)
	case nil, string, int:
		return a == b
	}
	return false
}
