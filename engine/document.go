package engine

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/valyala/fastjson"
)

// Values are the typed values of one object or row, by field name: string,
// decimal.Decimal or int. A missing key means blank.
type Values map[string]any

// Document is a decoded document of one type: its objects (head, recipt, ...)
// and tables (lineList, ...), every value typed by the field catalogue.
type Document struct {
	Type    *DocType
	Objects map[string]Values
	Tables  map[string][]Values
}

// Head returns the head values (never nil).
func (d *Document) Head() Values { return d.Objects["head"] }

// String returns a text value of the head ("" when blank or not text).
func (v Values) String(name string) string {
	s, _ := v[name].(string)
	return s
}

// Decode parses a document JSON for catalogue c. Structural problems (an
// unknown field, a wrong type, too many decimals, an out-of-range amount, an
// unknown enumeration value, an unreadable date) are returned as findings and
// the offending value is left out of the document. An *Error is returned when
// the input cannot be read as a document at all: malformed JSON (EINVALID),
// no head.docType (EINVALID), or an unknown docType (ENOTFOUND).
//
// Numbers are read from their JSON text straight into decimals: no float64
// is ever involved.
func Decode(c *Catalogue, raw []byte) (*Document, []Finding, error) {
	p := parsers.Get()
	defer parsers.Put(p)
	top, err := parseObject(p, raw)
	if err != nil {
		return nil, nil, err
	}
	head := top.Get("head")
	if head == nil || head.Type() != fastjson.TypeObject {
		return nil, nil, Errorf(EINVALID, "head", "the document has no head object")
	}
	dtv := head.Get("docType")
	code := ""
	if dtv != nil && dtv.Type() != fastjson.TypeNull {
		if dtv.Type() != fastjson.TypeString {
			return nil, nil, Errorf(EINVALID, "head.docType", "head.docType must be a text such as EX02")
		}
		code = string(dtv.GetStringBytes())
	}
	if code == "" {
		return nil, nil, Errorf(EINVALID, "head.docType", "head.docType is missing")
	}
	dt := c.DocTypeIn(c.EditionFor(headText(head, "companyCode"), headText(head, "sob")), code)
	if dt == nil {
		return nil, nil, Errorf(ENOTFOUND, "head.docType", "unknown docType %q", code)
	}
	doc, findings := decodeTree(dt, top)
	return doc, findings, nil
}

func headText(head *fastjson.Value, key string) string {
	if v := head.Get(key); v != nil && v.Type() == fastjson.TypeString {
		return string(v.GetStringBytes())
	}
	return ""
}

// DecodeAs parses a document JSON as a document of dt, whatever its head
// says: for a stored document, whose type and edition are on record.
func DecodeAs(dt *DocType, raw []byte) (*Document, []Finding, error) {
	p := parsers.Get()
	defer parsers.Put(p)
	top, err := parseObject(p, raw)
	if err != nil {
		return nil, nil, err
	}
	doc, findings := decodeTree(dt, top)
	return doc, findings, nil
}

// parseObject parses raw as a JSON object. fastjson builds the tree several
// times faster than encoding/json decoding into maps (see
// BenchmarkCheckEX02); a number it accepts that is no decimal is refused by
// the field's type check.
func parseObject(p *fastjson.Parser, raw []byte) (*fastjson.Value, error) {
	top, err := p.ParseBytes(raw)
	if err != nil {
		return nil, Errorf(EINVALID, "", "malformed JSON: %v", err)
	}
	if top.Type() != fastjson.TypeObject {
		return nil, Errorf(EINVALID, "", "the document must be a JSON object with a head")
	}
	return top, nil
}

var parsers fastjson.ParserPool

func decodeTree(dt *DocType, top *fastjson.Value) (*Document, []Finding) {
	doc := &Document{Type: dt, Objects: map[string]Values{"head": {}}, Tables: map[string][]Values{}}
	var findings []Finding
	obj, _ := top.Object()
	obj.Visit(func(k []byte, raw *fastjson.Value) {
		key := string(k)
		s := dt.sections[key]
		if s == nil {
			findings = append(findings, structural(key, "unknownField", Text{"zh": key + "不是" + dt.Code + "的组成部分", "en": key + " is not part of a " + dt.Code + " document"}))
			return
		}
		if raw.Type() == fastjson.TypeNull {
			return
		}
		if s.Table {
			rows, err := raw.Array()
			if err != nil {
				findings = append(findings, structural(key, "type", Text{"zh": s.Title.In("zh") + "应为列表", "en": key + " must be a list of rows"}))
				return
			}
			list := make([]Values, 0, len(rows))
			for i, r := range rows {
				if r.Type() != fastjson.TypeObject {
					findings = append(findings, structural(rowLoc(key, i, "").String(), "type", Text{"zh": fmt.Sprintf("第%d行应为对象", i+1), "en": fmt.Sprintf("row %d must be an object", i+1)}))
					list = append(list, Values{})
					continue
				}
				vals, fs := decodeObject(s, r, key, i)
				findings = append(findings, fs...)
				list = append(list, vals)
			}
			doc.Tables[key] = list
			return
		}
		if raw.Type() != fastjson.TypeObject {
			findings = append(findings, structural(key, "type", Text{"zh": key + "应为对象", "en": key + " must be an object"}))
			return
		}
		vals, fs := decodeObject(s, raw, key, -1)
		findings = append(findings, fs...)
		doc.Objects[key] = vals
	})
	return doc, findings
}

// jsonAny turns a parsed JSON scalar into the form parseValue reads:
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

func decodeObject(s *Section, obj *fastjson.Value, section string, row int) (Values, []Finding) {
	o, _ := obj.Object()
	vals := make(Values, o.Len())
	var findings []Finding
	o.Visit(func(k []byte, raw *fastjson.Value) {
		name := string(k)
		f := s.fields[name]
		if f == nil {
			findings = append(findings, structural(rowLoc(section, row, name).String(), "unknownField", rowText(row+1, Text{"zh": "未知字段" + name, "en": "unknown field " + name})))
			return
		}
		v, p := parseValue(f, jsonAny(raw))
		if p != nil {
			findings = append(findings, structural(rowLoc(section, row, name).String(), p.rule, rowText(row+1, p.msg.Format(map[string]Text{"field": f.Label}))))
			return
		}
		if v != nil {
			vals[name] = v
		}
	})
	return vals, findings
}

// rowText prefixes a message with the row number, as the spec's table check
// does ('row N, field is empty').
func rowText(rowNo int, t Text) Text {
	if rowNo == 0 {
		return t
	}
	return Text{"zh": fmt.Sprintf("第%d行，", rowNo) + t.In("zh"), "en": fmt.Sprintf("Row %d: ", rowNo) + t.In("en")}
}

func structural(path, rule string, msg Text) Finding {
	return Finding{Path: path, Rule: rule, Severity: SeverityError, Message: msg}
}

// MarshalJSON writes the document in catalogue field order, money with two
// decimals as JSON numbers, blank values left out.
func (d *Document) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for _, s := range d.Type.Sections {
		var body []byte
		if s.Table {
			rows, ok := d.Tables[s.Name]
			if !ok {
				continue
			}
			var rb bytes.Buffer
			rb.WriteByte('[')
			for i, r := range rows {
				if i > 0 {
					rb.WriteByte(',')
				}
				writeObject(&rb, s, r)
			}
			rb.WriteByte(']')
			body = rb.Bytes()
		} else {
			vals, ok := d.Objects[s.Name]
			if !ok {
				continue
			}
			var ob bytes.Buffer
			writeObject(&ob, s, vals)
			body = ob.Bytes()
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		key, _ := json.Marshal(s.Name)
		b.Write(key)
		b.WriteByte(':')
		b.Write(body)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeObject(b *bytes.Buffer, s *Section, vals Values) {
	b.WriteByte('{')
	first := true
	for _, f := range s.Fields {
		v, ok := vals[f.Name]
		if !ok {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		key, _ := json.Marshal(f.Name)
		val, _ := json.Marshal(jsonValue(f, v))
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
}

// Clone returns a deep copy of the document's values.
func (d *Document) Clone() *Document {
	c := &Document{Type: d.Type, Objects: make(map[string]Values, len(d.Objects)), Tables: make(map[string][]Values, len(d.Tables))}
	for k, v := range d.Objects {
		c.Objects[k] = v.clone()
	}
	for k, rows := range d.Tables {
		out := make([]Values, len(rows))
		for i, r := range rows {
			out[i] = r.clone()
		}
		c.Tables[k] = out
	}
	return c
}

func (v Values) clone() Values {
	out := make(Values, len(v))
	for k, x := range v {
		out[k] = x
	}
	return out
}
