package documents

import (
	"maps"
	"sync"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// loadMemo keeps what loading the documents opened lately computed from
// their bodies alone: the document and findings decoding a stored body
// gave (engine.DecodeAs), and the evaluation of the body as derived under
// an action (engine.Evaluate, which reads no lookup and no clock). Both
// are functions of the type and the bytes only, so a kept answer is the
// one the engine would compute again: nothing kept goes stale, a changed
// document has other bytes. What is derived from other records at load
// (advances outstanding) is derived at every load, and its outcome is part
// of the evaluation's key.
//
// Kept values are shared between loads and never changed: a decoded
// document is copied before it is derived, and an evaluated one is only
// read (the answer writes it).
type loadMemo struct {
	decoded   memo[decodedKey, decodedBody]
	evaluated memo[evaluatedKey, *engine.Evaluation]
}

// loadMemoBytes bounds each memo by the bytes of the bodies it keeps
// (their decoded form takes a few times as much).
const loadMemoBytes = 4 << 20

type decodedKey struct {
	dt   *engine.DocType
	body string
}

type decodedBody struct {
	doc        *engine.Document // never changed: derive a copy
	structural []engine.Finding
}

// evaluatedKey is all an evaluation at load depends on: the type, the
// stored body (its structural findings), the body as derived, the action.
type evaluatedKey struct {
	dt                      *engine.DocType
	stored, derived, action string
}

// decode is engine.DecodeAs of body under dt: a copy of its own to change,
// and the decoded document, which is shared and never changed.
func (m *loadMemo) decode(dt *engine.DocType, body string) (doc, decoded *engine.Document, structural []engine.Finding, err error) {
	k := decodedKey{dt, body}
	if d, ok := m.decoded.get(k); ok {
		return copyDocument(d.doc), d.doc, d.structural, nil
	}
	if decoded, structural, err = engine.DecodeAs(dt, []byte(body)); err != nil {
		return nil, nil, nil, err
	}
	m.decoded.put(k, decodedBody{decoded, structural}, len(body))
	return copyDocument(decoded), decoded, structural, nil
}

// evaluate is engine.Evaluate of doc (decoded from stored, derived to
// derived) under action; a kept evaluation is answered as it is, its
// document being one equal to doc evaluated.
func (m *loadMemo) evaluate(doc *engine.Document, structural []engine.Finding, stored, derived, action string) *engine.Evaluation {
	if derived == stored {
		derived = stored // one string kept, not two
	}
	k := evaluatedKey{doc.Type, stored, derived, action}
	if ev, ok := m.evaluated.get(k); ok {
		return ev
	}
	ev := engine.Evaluate(doc, structural, engine.Options{Action: action})
	size := len(stored) + len(action)
	if derived != stored {
		size += len(derived)
	}
	m.evaluated.put(k, ev, size)
	return ev
}

// copyDocument is doc with maps of its own (the values themselves, texts,
// decimals and integers, are never changed in place).
func copyDocument(doc *engine.Document) *engine.Document {
	c := &engine.Document{Type: doc.Type, Objects: make(map[string]engine.Values, len(doc.Objects)),
		Tables: make(map[string][]engine.Values, len(doc.Tables))}
	for name, values := range doc.Objects {
		c.Objects[name] = copyValues(values)
	}
	for name, rows := range doc.Tables {
		copied := make([]engine.Values, len(rows))
		for i, row := range rows {
			copied[i] = copyValues(row)
		}
		c.Tables[name] = copied
	}
	return c
}

func copyValues(v engine.Values) engine.Values { return maps.Clone(v) }

// sameValuesOf tells whether a and b have the same values, each written
// the same (a decimal of the same digits and exponent); a value of
// another kind than text, decimal, integer or flag counts as changed.
func sameValuesOf(a, b *engine.Document) bool {
	if len(a.Objects) != len(b.Objects) || len(a.Tables) != len(b.Tables) {
		return false
	}
	for name, values := range a.Objects {
		if !sameValues(values, b.Objects[name]) {
			return false
		}
	}
	for name, rows := range a.Tables {
		other, ok := b.Tables[name]
		if !ok || len(rows) != len(other) {
			return false
		}
		for i, row := range rows {
			if !sameValues(row, other[i]) {
				return false
			}
		}
	}
	return true
}

func sameValues(a, b engine.Values) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for k, x := range a {
		y, ok := b[k]
		if !ok || !sameValue(x, y) {
			return false
		}
	}
	return true
}

func sameValue(x, y any) bool {
	switch x := x.(type) {
	case string:
		y, ok := y.(string)
		return ok && x == y
	case decimal.Decimal:
		y, ok := y.(decimal.Decimal)
		return ok && (x == y || x.Exponent() == y.Exponent() && x.Equal(y)) // x == y: the same digits, kept
	case int:
		y, ok := y.(int)
		return ok && x == y
	case bool:
		y, ok := y.(bool)
		return ok && x == y
	}
	return false
}

// memo keeps values by key up to a number of bytes, forgetting the oldest
// first.
type memo[K comparable, V any] struct {
	mu      sync.Mutex
	entries map[K]memoEntry[V]
	order   []K
	bytes   int
}

type memoEntry[V any] struct {
	v     V
	bytes int
}

func (m *memo[K, V]) get(k K) (V, bool) {
	m.mu.Lock()
	e, ok := m.entries[k]
	m.mu.Unlock()
	return e.v, ok
}

// put keeps v under k, counted as bytes; a value larger than the whole
// memo is not kept.
func (m *memo[K, V]) put(k K, v V, bytes int) {
	if bytes > loadMemoBytes {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries == nil {
		m.entries = map[K]memoEntry[V]{}
	}
	if _, ok := m.entries[k]; ok {
		return
	}
	for m.bytes+bytes > loadMemoBytes && len(m.order) > 0 {
		oldest := m.order[0]
		m.order = m.order[1:]
		m.bytes -= m.entries[oldest].bytes
		delete(m.entries, oldest)
	}
	m.entries[k] = memoEntry[V]{v, bytes}
	m.order = append(m.order, k)
	m.bytes += bytes
}
