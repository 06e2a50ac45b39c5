// Package decode reads a document's JSON into a model.Document, every value
// typed by its field: text, decimal (read from the JSON text, never through
// float64) or integer. A value that does not fit its field is a finding
// (structural: the check reports it with the rest); input that cannot be a
// document at all is an *model.Error: malformed JSON, a duplicate key, a NUL
// character, invalid UTF-8 or half a UTF-16 surrogate pair in any key or
// text (EINVALID, with the path), no head.docType (EINVALID), an unknown
// document type (ENOTFOUND).
package decode

import (
	"formwork/engine/model"

	"github.com/valyala/fastjson"
)

// Catalogue is what Decode needs of a loaded catalogue (load.Catalogue):
// the edition of a company and set of books, and a type of an edition.
type Catalogue interface {
	EditionFor(company, sob string) string
	DocTypeIn(edition, code string) *model.DocType
}

// Decode parses a document JSON for catalogue c, as a document of the type
// head.docType names in the edition of head.companyCode and head.sob.
// Structural problems (an unknown field, a wrong type, too many decimals, an
// out-of-range amount, an unknown enumeration value, an unreadable date) are
// returned as findings and the offending value is left out of the document.
// An *model.Error is returned when the input cannot be read as a document at
// all (see the package comment).
func Decode(c Catalogue, raw []byte) (*model.Document, []model.Finding, error) {
	return decode(raw, func(head *fastjson.Value, code string) *model.DocType {
		return c.DocTypeIn(c.EditionFor(headText(head, "companyCode"), headText(head, "sob")), code)
	})
}

// Head is the head object of a document JSON, read before the document's
// type is chosen (see DecodeChoosing); it is valid only while choose runs.
type Head struct{ v *fastjson.Value }

// String is a text value of the head ("" when missing or not text).
func (h Head) String(key string) string { return headText(h.v, key) }

// Value is the head's value of the head field name of dt, typed as Decode
// types it; nil when dt's head has no such field, or the value is missing
// or does not fit the field.
func (h Head) Value(dt *model.DocType, name string) any {
	f, raw := dt.Section("head").Field(name), h.v.Get(name)
	if f == nil || raw == nil {
		return nil
	}
	v, p := model.ParseValue(f, jsonAny(raw))
	if p != nil {
		return nil
	}
	return v
}

// DecodeChoosing is Decode with the type chosen by choose from the head and
// the live type Decode would take (never nil): for a document that is of
// another version than the live one. The JSON is parsed and decoded once.
func DecodeChoosing(c Catalogue, raw []byte, choose func(h Head, live *model.DocType) *model.DocType) (*model.Document, []model.Finding, error) {
	return decode(raw, func(head *fastjson.Value, code string) *model.DocType {
		live := c.DocTypeIn(c.EditionFor(headText(head, "companyCode"), headText(head, "sob")), code)
		if live == nil {
			return nil
		}
		return choose(Head{head}, live)
	})
}

// DecodeIn is Decode with the edition given instead of worked out from the
// head: the type head.docType names in edition (or, when the edition has no
// such type, in the default edition).
func DecodeIn(c Catalogue, edition string, raw []byte) (*model.Document, []model.Finding, error) {
	return decode(raw, func(_ *fastjson.Value, code string) *model.DocType { return c.DocTypeIn(edition, code) })
}

// DecodeAs parses a document JSON as a document of dt, whatever its head
// says: for a stored document, whose type and edition are on record.
func DecodeAs(dt *model.DocType, raw []byte) (*model.Document, []model.Finding, error) {
	w := parsers.get()
	defer parsers.put(w, raw)
	top, err := parseObject(w.p, raw)
	if err != nil {
		return nil, nil, err
	}
	return decodeChecked(dt, top, w)
}

// decodeChecked decodes the tree, refusing a key given twice.
func decodeChecked(dt *model.DocType, top *fastjson.Value, w *workspace) (*model.Document, []model.Finding, error) {
	doc, findings, bad := decodeTree(dt, top, w)
	if bad != nil {
		return nil, nil, bad.refusal()
	}
	return doc, findings, nil
}

func decode(raw []byte, typeOf func(head *fastjson.Value, code string) *model.DocType) (*model.Document, []model.Finding, error) {
	w := parsers.get()
	defer parsers.put(w, raw)
	top, err := parseObject(w.p, raw)
	if err != nil {
		return nil, nil, err
	}
	check := checker{keys: w.keys[:0]}
	if bad := check.headKeys(top); bad != nil {
		return nil, nil, bad.refusal()
	}
	head := top.Get("head")
	if head == nil || head.Type() != fastjson.TypeObject {
		return nil, nil, model.Errorf(model.EINVALID, "head", "the document has no head object")
	}
	code, err := docTypeCode(head)
	if err != nil {
		return nil, nil, err
	}
	dt := typeOf(head, code)
	if dt == nil {
		return nil, nil, model.Errorf(model.ENOTFOUND, "head.docType", "unknown docType %q", model.Clip(code, 40))
	}
	w.keys = check.keys[:0]
	return decodeChecked(dt, top, w)
}

// docTypeCode reads head.docType.
func docTypeCode(head *fastjson.Value) (string, error) {
	dtv := head.Get("docType")
	code := ""
	if dtv != nil && dtv.Type() != fastjson.TypeNull {
		if dtv.Type() != fastjson.TypeString {
			return "", model.Errorf(model.EINVALID, "head.docType", "head.docType must be a text such as EX02")
		}
		code = string(dtv.GetStringBytes())
	}
	if code == "" {
		return "", model.Errorf(model.EINVALID, "head.docType", "head.docType is missing")
	}
	return code, nil
}

func headText(head *fastjson.Value, key string) string {
	if v := head.Get(key); v != nil && v.Type() == fastjson.TypeString {
		return string(v.GetStringBytes())
	}
	return ""
}

// parseObject parses raw as a JSON object and refuses what no document may
// hold (see checkText, checkTree). fastjson builds the tree several times
// faster than encoding/json decoding into maps (see BenchmarkCheckEX02 in package engine); a
// number it accepts that is no decimal is refused by the field's type check.
func parseObject(p *fastjson.Parser, raw []byte) (*fastjson.Value, error) {
	top, err := p.ParseBytes(raw)
	if err != nil {
		return nil, model.Errorf(model.EINVALID, "", "malformed JSON: %v", err)
	}
	if top.Type() != fastjson.TypeObject {
		return nil, model.Errorf(model.EINVALID, "", "the document must be a JSON object with a head")
	}
	if path, ok := loneSurrogate(raw); ok {
		return nil, refuseText(path, msgSurrogate)
	}
	if suspectText(raw) {
		if bad := checkTree(top); bad != nil {
			return nil, bad.refusal()
		}
	}
	return top, nil
}

// parsers are the JSON parsers decodes gave back, at most cap of them,
// each with the decoder's room beside it: a parser keeps the room it grew
// for the documents it read (a sync.Pool would drop it at every garbage
// collection), but not after a document larger than maxKeptParse.
var parsers = parserList(make(chan *workspace, 8))

const maxKeptParse = 1 << 20

// workspace is what one decode works in and a later one can use again: the
// parser, the keys the checker holds (checker.keys) and the decoder's
// slots (decoder.order). Both hold nothing between decodes.
type workspace struct {
	p     *fastjson.Parser
	keys  [][]byte
	order []slot
}

type parserList chan *workspace

func (l parserList) get() *workspace {
	select {
	case w := <-l:
		return w
	default:
		return &workspace{p: new(fastjson.Parser), keys: newChecker().keys}
	}
}

func (l parserList) put(w *workspace, raw []byte) {
	if len(raw) > maxKeptParse {
		return
	}
	clear(w.keys[:cap(w.keys)]) // they point into the document read
	clear(w.order[:cap(w.order)])
	w.keys, w.order = w.keys[:0], w.order[:0]
	select {
	case l <- w:
	default:
	}
}
