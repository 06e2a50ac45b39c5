package decode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"formwork/engine/model"

	"github.com/shopspring/decimal"
	"github.com/valyala/fastjson"
)

// decoder reads one document: its values into doc, the structural
// findings, and (check) the keys seen so far, for duplicate keys.
type decoder struct {
	dt       *model.DocType
	doc      *model.Document
	findings []model.Finding
	check    checker
	credits  []credit       // negative line amounts, allowed if the sub-type has credit lines there
	num      []byte         // the text of the number being read
	dates    map[string]any // dates read so far, by their text (see known)
	texts    map[string]any // short texts read so far, by their text (see known)
	order    []slot         // the fields of the last object of section orderOf, in its keys' order (see field)
	orderOf  *model.Section
	at       *slot  // the slot of the cell being read (nil: none)
	arena    []byte // where texts are copied (see text)
}

// slot is the field an object of a section had at one place of its keys,
// how often a text of it was met before in the document (hits) or not
// (misses): a field whose texts are all different (an id) is not kept
// (see known), and the last number read there (num, its text, and its
// value): the same amount in the next row is that value.
type slot struct {
	f            *model.Field
	hits, misses int
	num          []byte
	numValue     any
}

// credit is a negative amount of a table row refused by its field's
// minimum: finding is its finding, value what it would be without the
// minimum. Whether the sub-type allows it is known once the head is read.
type credit struct {
	finding int
	section string
	row     model.Values
	name    string
	value   any
}

// decodeTree decodes a parsed document as a document of dt. A key given
// twice anywhere is refused (*invalid), found as the tree is read: a second
// walk over every row would cost more than the rest of the decoding.
func decodeTree(dt *model.DocType, top *fastjson.Value, w *workspace) (*model.Document, []model.Finding, *invalid) {
	d := &decoder{dt: dt, doc: &model.Document{Type: dt, Objects: map[string]model.Values{"head": {}}, Tables: map[string][]model.Values{}},
		check: checker{keys: w.keys[:0]}, order: w.order[:0]}
	obj, _ := top.Object()
	bad := d.check.each(obj, func(k []byte, raw *fastjson.Value) *invalid { return d.section(string(k), raw) })
	w.keys, w.order = d.check.keys, d.order // grown, maybe: the next decode's
	if bad == nil {
		d.settleCredits()
	}
	return d.doc, d.findings, bad
}

// settleCredits keeps the negative line amounts of the tables the
// document's sub-type declares credit lines (dropping their findings).
func (d *decoder) settleCredits() {
	if len(d.credits) == 0 {
		return
	}
	head := d.doc.Head()
	path, _ := d.dt.SubTypePath(head.String("businessType1"), head.String("businessType2"), head.String("businessType3"))
	allowed := model.CreditLines(path)
	drop := map[int]bool{}
	for _, c := range d.credits {
		if allowed[c.section] {
			c.row[c.name] = c.value
			drop[c.finding] = true
		}
	}
	if len(drop) == 0 {
		return
	}
	kept := d.findings[:0]
	for i, f := range d.findings {
		if !drop[i] {
			kept = append(kept, f)
		}
	}
	d.findings = kept
}

func (d *decoder) add(f model.Finding) { d.findings = append(d.findings, f) }

// section decodes the value of a top-level key: a section of the type, or
// a structural finding (and only the check for duplicate keys inside).
func (d *decoder) section(key string, raw *fastjson.Value) *invalid {
	s := d.dt.Section(key)
	switch {
	case s == nil:
		shown := model.Clip(key, 40)
		d.add(structural(key, "unknownField", model.Text{"zh": shown + "不是" + d.dt.Code + "的组成部分",
			"en": shown + " is not part of a " + d.dt.Code + " document", "th": shown + " ไม่ใช่ส่วนหนึ่งของเอกสาร " + d.dt.Code}))
		return d.check.value(raw)
	case raw.Type() == fastjson.TypeNull:
		return nil
	case s.Table:
		return d.table(s, raw)
	case raw.Type() != fastjson.TypeObject:
		d.add(structural(key, "type", model.Text{"zh": key + "应为对象", "en": key + " must be an object", "th": key + " ต้องเป็นออบเจ็กต์"}))
		return d.check.value(raw)
	}
	vals, bad := d.object(s, raw, -1, engineSet(s))
	d.doc.Objects[key] = vals
	return bad
}

// table decodes the rows of a table section.
func (d *decoder) table(s *model.Section, raw *fastjson.Value) *invalid {
	rows, err := raw.Array()
	if err != nil {
		d.add(structural(s.Name, "type", model.Text{"zh": s.Title.In("zh") + "应为列表", "en": s.Name + " must be a list of rows", "th": s.Name + " ต้องเป็นรายการของแถว"}))
		return d.check.value(raw)
	}
	list := make([]model.Values, 0, len(rows))
	set := engineSet(s)
	for i, r := range rows {
		var bad *invalid
		if r.Type() != fastjson.TypeObject {
			d.add(structural(cellPath(s.Name, i, ""), "type", model.Text{"zh": fmt.Sprintf("第%d行应为对象", i+1),
				"en": fmt.Sprintf("row %d must be an object", i+1), "th": fmt.Sprintf("แถวที่ %d ต้องเป็นออบเจ็กต์", i+1)}))
			list = append(list, model.Values{})
			bad = d.check.value(r)
		} else {
			var vals model.Values
			vals, bad = d.object(s, r, i, set)
			list = append(list, vals)
		}
		if bad != nil {
			return bad.in("[" + strconv.Itoa(i) + "]")
		}
	}
	d.doc.Tables[s.Name] = list
	return nil
}

// engineSet is how many fields of s the evaluation or the server may set in
// an object or row (defaults, derived values, the line status, the fields
// only the server writes: number, version, status, creator): room the
// decoder makes in its map, which then does not grow while it is evaluated
// and stored.
func engineSet(s *model.Section) int {
	n := 0
	for _, f := range s.Fields {
		if f.Value != nil || f.Default != nil || f.Name == s.StatusField || f.ReadOnly {
			n++
		}
	}
	return n
}

// jsonAny turns a parsed JSON scalar into the form model.ParseValue reads:
// string, json.Number (the literal text), bool or nil; objects and arrays
// become a marker that no field accepts.
func jsonAny(v *fastjson.Value) any {
	switch v.Type() {
	case fastjson.TypeString:
		return string(v.GetStringBytes())
	case fastjson.TypeNumber:
		return json.Number(v.String())
	case fastjson.TypeTrue:
		return true
	case fastjson.TypeFalse:
		return false
	case fastjson.TypeNull:
		return nil
	}
	return compound{}
}

// compound stands for a JSON object or array where a scalar belongs.
type compound struct{}

// object decodes the head (row -1), another object section or row `row`
// of a table section. It checks for duplicate keys itself rather than
// through check.each: this is the loop over every cell of every row. The
// map has room for set values more (engineSet).
func (d *decoder) object(s *model.Section, obj *fastjson.Value, row int, set int) (model.Values, *invalid) {
	o, _ := obj.Object()
	vals := make(model.Values, o.Len()+set)
	start := len(d.check.keys)
	var seen map[string]bool
	if o.Len() > smallObject {
		seen = make(map[string]bool, o.Len())
	}
	var bad *invalid
	if d.orderOf != s {
		d.order, d.orderOf = d.order[:0], s
	}
	pos := 0
	o.Visit(func(k []byte, raw *fastjson.Value) {
		if bad != nil {
			return
		}
		if d.check.duplicate(k, start, seen) {
			bad = &invalid{at: []string{string(k)}, dup: string(k)}
			return
		}
		if b := d.cell(s, row, vals, d.field(s, pos, k), k, raw); b != nil {
			bad = b.in(string(k))
		}
		pos++
	})
	d.check.keys = d.check.keys[:start]
	return vals, bad
}

// field is the field of s named key, the pos-th key of an object of s (nil
// when s has no such field): the rows of a table give their keys in one
// order, so the field the object before had at pos is compared first, which
// is quicker than looking the name up.
func (d *decoder) field(s *model.Section, pos int, key []byte) *model.Field {
	d.at = nil
	if pos < len(d.order) {
		if f := d.order[pos].f; f != nil && f.Name == string(key) {
			d.at = &d.order[pos]
			return f
		}
	} else if pos == len(d.order) {
		d.order = append(d.order, slot{})
	}
	f := s.FieldNamed(key)
	if pos < len(d.order) {
		d.order[pos] = slot{f: f}
		d.at = &d.order[pos]
	}
	return f
}

// cell decodes the value of the key of field f (nil: s has no such field)
// of a row (or object) into vals: text and numbers straight from the
// parsed JSON (parseCell).
func (d *decoder) cell(s *model.Section, row int, vals model.Values, f *model.Field, key []byte, raw *fastjson.Value) *invalid {
	if f == nil {
		name := string(key)
		shown := model.Clip(name, 40)
		d.add(structural(cellPath(s.Name, row, name), "unknownField",
			model.RowText(row+1, model.Text{"zh": "未知字段" + shown, "en": "unknown field " + shown, "th": "ไม่รู้จักฟิลด์ " + shown})))
		return d.check.value(raw)
	}
	if t := raw.Type(); t == fastjson.TypeObject || t == fastjson.TypeArray {
		if bad := d.check.value(raw); bad != nil {
			return bad
		}
	}
	v, p := d.parseCell(f, row, raw)
	if p != nil {
		if row >= 0 && p.Rule == "minimum" {
			d.maybeCredit(s, vals, f, raw)
		}
		d.add(structural(cellPath(s.Name, row, f.Name), p.Rule, model.RowText(row+1, p.Msg.Format(map[string]model.Text{"field": f.Label}))))
		return nil
	}
	if v != nil {
		vals[f.Name] = v
	}
	return nil
}

// parseCell types the JSON value raw for field f as model.ParseValue does
// (model.ParseJSONString, ParseJSONNumber): a text or number without making
// a Go value of the JSON first; a number's text is copied into d.num, which
// every cell reuses. The texts of rows are kept (known); those of an object
// (row -1), each read once, are not.
func (d *decoder) parseCell(f *model.Field, row int, raw *fastjson.Value) (any, *model.ValueProblem) {
	switch raw.Type() {
	case fastjson.TypeString:
		if row < 0 {
			return d.parseString(f, raw.GetStringBytes())
		}
		switch f.Type {
		case model.TypeDate:
			return d.known(&d.dates, f, raw.GetStringBytes(), maxDateLen)
		case model.TypeString, model.TypeText:
			return d.known(&d.texts, f, raw.GetStringBytes(), maxTextLen)
		}
		return model.ParseJSONString(f, raw.GetStringBytes())
	case fastjson.TypeNumber:
		d.num = raw.MarshalTo(d.num[:0])
		at := d.at
		if at != nil && at.numValue != nil && bytes.Equal(at.num, d.num) {
			return at.numValue, nil
		}
		v, p := model.ParseJSONNumber(f, d.num)
		if at != nil && p == nil {
			at.num, at.numValue = append(at.num[:0], d.num...), v
		}
		return v, p
	}
	return model.ParseValue(f, jsonAny(raw))
}

// How many different texts (and dates) a decoder keeps, how long they may
// be, and how many texts of a field it keeps before it has met one of them
// again (see known).
const (
	maxKnown   = 256
	maxDateLen = 32
	maxTextLen = 64
	maxMisses  = 32
)

// known reads the text b of field f (a date, or a text of a string or
// text field), keeping it in *seen: a short text met before in the
// document is the value read then (the lines of a claim share their cost
// types, cities and few dates), so that each is copied and boxed once. The
// value is the same whatever the field; whether it fits f (its length) is
// checked every time. The texts of a field of a table that differ in every
// row (an id) are not kept once maxMisses of them were not met again.
func (d *decoder) known(seen *map[string]any, f *model.Field, b []byte, maxLen int) (any, *model.ValueProblem) {
	at := d.at
	if at != nil && at.misses >= maxMisses && at.hits*4 < at.misses {
		return d.parseString(f, b)
	}
	if v, ok := (*seen)[string(b)]; ok && (f.MaxLength <= 0 || len(b) <= f.MaxLength || utf8.RuneCount(b) <= f.MaxLength) {
		if at != nil {
			at.hits++
		}
		return v, nil
	}
	if at != nil {
		at.misses++
	}
	v, p := d.parseString(f, b)
	if p == nil && v != nil && len(b) <= maxLen && len(*seen) < maxKnown {
		if *seen == nil {
			*seen = make(map[string]any)
		}
		(*seen)[string(b)] = v
	}
	return v, p
}

// parseString is model.ParseJSONString of the text b for field f, the
// text of a string or text field copied into the arena (see text).
func (d *decoder) parseString(f *model.Field, b []byte) (any, *model.ValueProblem) {
	if f.Type == model.TypeString || f.Type == model.TypeText {
		return model.ParseValue(f, d.text(b))
	}
	return model.ParseJSONString(f, b)
}

// Texts up to maxArenaText bytes are copied into arenas of minArena bytes
// at first, each twice the one before up to maxArena: a small document's
// texts take little room, a large one's few allocations.
const (
	minArena     = 256
	maxArena     = 4096
	maxArenaText = 256
)

// text is b as a string: short texts are copied one after the other into
// a larger buffer (the arena, never written over) rather than allocated
// one by one; a document's texts live as long as the document.
func (d *decoder) text(b []byte) string {
	if len(b) == 0 || len(b) > maxArenaText {
		return string(b)
	}
	if cap(d.arena)-len(d.arena) < len(b) {
		d.arena = make([]byte, 0, min(max(2*cap(d.arena), minArena), maxArena))
	}
	start := len(d.arena)
	d.arena = append(d.arena, b...)
	return unsafe.String(&d.arena[start], len(b))
}

// maybeCredit records a table cell refused by its minimum when it is a
// negative amount, which a credit line allows.
func (d *decoder) maybeCredit(s *model.Section, row model.Values, f *model.Field, raw *fastjson.Value) {
	def := *f.FieldDef // the catalogue's field is shared: change a copy
	def.Min = nil
	free := *f
	free.FieldDef = &def
	v, p := model.ParseValue(&free, jsonAny(raw))
	if x, ok := v.(decimal.Decimal); p == nil && ok && x.IsNegative() {
		d.credits = append(d.credits, credit{finding: len(d.findings), section: s.Name, row: row, name: f.Name, value: v})
	}
}

// cellPath is the path of a field of an object section (row < 0) or of a
// row of a table (field "" for the row itself).
func cellPath(section string, row int, field string) string {
	p := section
	if row >= 0 {
		p += "[" + strconv.Itoa(row) + "]"
	}
	if field != "" {
		p += "." + field
	}
	return p
}

func structural(path, rule string, msg model.Text) model.Finding {
	return model.Finding{Path: path, Rule: rule, Severity: model.SeverityError, Message: msg}
}
