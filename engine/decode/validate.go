package decode

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"formwork/engine/model"

	"github.com/valyala/fastjson"
)

// Text no document may hold, anywhere: every key and string is stored,
// shown and sent on, and each of these breaks something on the way (a
// database that refuses NUL, a browser that shows U+FFFD, a system that
// cannot encode the text).
var (
	msgNUL       = model.Text{"zh": "{path}含有空字符（NUL）", "en": "{path} contains a NUL character", "th": "{path} มีอักขระ NUL"}
	msgUTF8      = model.Text{"zh": "{path}不是有效的UTF-8文本", "en": "{path} is not valid UTF-8 text", "th": "{path} ไม่ใช่ข้อความ UTF-8 ที่ถูกต้อง"}
	msgSurrogate = model.Text{"zh": "{path}含有不成对的UTF-16代理项（如\\ud800）", "en": "{path} contains half of a UTF-16 surrogate pair (such as \\ud800)",
		"th": "{path} มีตัวแทน UTF-16 ที่ไม่ครบคู่ (เช่น \\ud800)"}
)

// refuseText builds the EINVALID error of a refused key or text at path.
func refuseText(path string, msg model.Text) *model.Error {
	shown := path
	if shown == "" {
		shown = "the document"
	}
	return model.Refuse(model.EINVALID, path, msg.Format(map[string]model.Text{"path": {"zh": shown, "en": shown, "th": shown}}))
}

// invalid is a key or value refused before decoding: where it is (path
// segments, innermost first, added as the check returns) and why.
type invalid struct {
	at  []string
	dup string // the key given twice, for a duplicate key
	msg model.Text
}

func (e *invalid) in(seg string) *invalid {
	e.at = append(e.at, seg)
	return e
}

// path joins the segments outermost first: head.docType, lineList[2].amount.
func (e *invalid) path() string {
	var b strings.Builder
	for i := len(e.at) - 1; i >= 0; i-- {
		s := e.at[i]
		if b.Len() > 0 && !strings.HasPrefix(s, "[") {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

func (e *invalid) refusal() *model.Error {
	if e.dup == "" {
		return refuseText(e.path(), e.msg)
	}
	path := e.path()
	where := strings.TrimSuffix(strings.TrimSuffix(path, e.dup), ".")
	if where == "" {
		where = "the document"
	}
	return model.Refuse(model.EINVALID, path, model.Text{
		"zh": fmt.Sprintf("%s中的键%q重复出现", where, e.dup),
		"en": fmt.Sprintf("the key %q appears twice in %s", e.dup, where),
		"th": fmt.Sprintf("คีย์ %q ซ้ำกันใน %s", e.dup, where)})
}

// checkTree refuses, anywhere in the document, a key given twice in one
// object (which of the two would count is up to the reader: a check and a
// store could read different documents) and a key or text with a NUL
// character or invalid UTF-8. Half a surrogate pair is loneSurrogate's.
// The decoder finds duplicate keys as it reads (decodeTree); this walk of
// the whole tree is for input suspectText suspects.
func checkTree(v *fastjson.Value) *invalid {
	c := newChecker()
	c.text = true
	return c.value(v)
}

func newChecker() checker { return checker{keys: make([][]byte, 0, 64)} }

// headKeys refuses a key given twice at the top or in the head, before the
// head is read: which docType and company count must not depend on who
// reads the document.
func (c *checker) headKeys(top *fastjson.Value) *invalid {
	o, _ := top.Object()
	return c.each(o, func(k []byte, v *fastjson.Value) *invalid {
		if string(k) != "head" || v.Type() != fastjson.TypeObject {
			return nil
		}
		h, _ := v.Object()
		return c.each(h, func([]byte, *fastjson.Value) *invalid { return nil })
	})
}

// suspectText tells whether a key or text of raw (which loneSurrogate
// passed) may hold a NUL or invalid UTF-8: only when raw holds a NUL byte,
// a \u0000 escape or bytes that are not UTF-8, since unescaping makes
// valid UTF-8 of anything else.
func suspectText(raw []byte) bool {
	return bytes.IndexByte(raw, 0) >= 0 || bytes.Contains(raw, []byte(`\u0000`)) || !utf8.Valid(raw)
}

// checker walks a parsed document. keys holds the keys seen so far of the
// objects being walked, innermost object's last: one slice for the whole
// walk, so that checking the rows of a large table allocates nothing. With
// text, it also checks every key and text.
type checker struct {
	keys [][]byte
	text bool
}

// value checks v and everything inside it.
func (c *checker) value(v *fastjson.Value) *invalid {
	switch v.Type() {
	case fastjson.TypeObject:
		o, _ := v.Object()
		return c.each(o, func(_ []byte, x *fastjson.Value) *invalid { return c.value(x) })
	case fastjson.TypeArray:
		a, _ := v.Array()
		for i, x := range a {
			if bad := c.value(x); bad != nil {
				return bad.in("[" + strconv.Itoa(i) + "]")
			}
		}
	case fastjson.TypeString:
		if !c.text {
			return nil
		}
		if msg := checkText(v.GetStringBytes()); msg != nil {
			return &invalid{msg: msg}
		}
	}
	return nil
}

// smallObject is the size up to which duplicate keys are found by comparing
// every pair, which costs less than a map for the rows of a table.
const smallObject = 32

// each calls fn for every key of o, in order, after checking the key (given
// twice? with text, a NUL or invalid UTF-8?); it stops at the first refusal,
// which it returns with the key added to its path.
func (c *checker) each(o *fastjson.Object, fn func(k []byte, v *fastjson.Value) *invalid) *invalid {
	start := len(c.keys)
	var seen map[string]bool
	if o.Len() > smallObject {
		seen = make(map[string]bool, o.Len())
	}
	var bad *invalid
	o.Visit(func(k []byte, x *fastjson.Value) {
		if bad != nil {
			return
		}
		if c.text {
			if msg := checkText(k); msg != nil {
				bad = &invalid{at: []string{shownKey(k)}, msg: msg}
				return
			}
		}
		if c.duplicate(k, start, seen) {
			bad = &invalid{at: []string{string(k)}, dup: string(k)}
			return
		}
		if b := fn(k, x); b != nil {
			bad = b.in(string(k))
		}
	})
	c.keys = c.keys[:start]
	return bad
}

// duplicate records key k of the object whose keys start at keys[start]
// and tells whether it was recorded before; a large object's keys are
// recorded in seen instead.
func (c *checker) duplicate(k []byte, start int, seen map[string]bool) bool {
	if seen != nil {
		if seen[string(k)] {
			return true
		}
		seen[string(k)] = true
		return false
	}
	for _, prev := range c.keys[start:] {
		if bytes.Equal(prev, k) {
			return true
		}
	}
	c.keys = append(c.keys, k)
	return false
}

// checkText is why a key or text may not be stored, or nil.
func checkText(b []byte) model.Text {
	if bytes.IndexByte(b, 0) >= 0 {
		return msgNUL
	}
	if !utf8.Valid(b) {
		return msgUTF8
	}
	return nil
}

// shownKey is a refused key as a path segment a person can read: invalid
// bytes and NUL written as escapes, at most 40 characters.
func shownKey(k []byte) string {
	s := strconv.Quote(string(k))
	return model.Clip(s[1:len(s)-1], 40)
}
