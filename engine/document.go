package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
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
func Decode(c *Catalogue, raw []byte) (*Document, []Finding, error) {
	var top map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&top); err != nil {
		return nil, nil, Errorf(EINVALID, "", "malformed JSON: %v", err)
	}
	if dec.More() {
		return nil, nil, Errorf(EINVALID, "", "malformed JSON: more than one value")
	}
	if top == nil {
		return nil, nil, Errorf(EINVALID, "", "the document must be a JSON object with a head")
	}
	head, ok := top["head"].(map[string]any)
	if !ok {
		return nil, nil, Errorf(EINVALID, "head", "the document has no head object")
	}
	code, _ := head["docType"].(string)
	if code == "" {
		return nil, nil, Errorf(EINVALID, "head.docType", "head.docType is missing")
	}
	dt := c.DocType(code)
	if dt == nil {
		return nil, nil, Errorf(ENOTFOUND, "head.docType", "unknown docType %q", code)
	}
	doc, findings := DecodeValues(dt, top)
	return doc, findings, nil
}

// DecodeValues types an already parsed JSON object (numbers as json.Number)
// as a document of dt.
func DecodeValues(dt *DocType, top map[string]any) (*Document, []Finding) {
	doc := &Document{Type: dt, Objects: map[string]Values{"head": {}}, Tables: map[string][]Values{}}
	var findings []Finding
	keys := make([]string, 0, len(top))
	for k := range top {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		raw := top[key]
		s := dt.sections[key]
		if s == nil {
			findings = append(findings, structural(key, "unknownField", Text{"zh": key + "不是" + dt.Code + "的组成部分", "en": key + " is not part of a " + dt.Code + " document"}))
			continue
		}
		if raw == nil {
			continue
		}
		if s.Table {
			rows, ok := raw.([]any)
			if !ok {
				findings = append(findings, structural(key, "type", Text{"zh": s.Title.In("zh") + "应为列表", "en": key + " must be a list of rows"}))
				continue
			}
			list := make([]Values, 0, len(rows))
			for i, r := range rows {
				obj, ok := r.(map[string]any)
				prefix := fmt.Sprintf("%s[%d]", key, i)
				if !ok {
					findings = append(findings, structural(prefix, "type", Text{"zh": fmt.Sprintf("第%d行应为对象", i+1), "en": fmt.Sprintf("row %d must be an object", i+1)}))
					list = append(list, Values{})
					continue
				}
				vals, fs := decodeObject(s, obj, prefix, i+1)
				findings = append(findings, fs...)
				list = append(list, vals)
			}
			doc.Tables[key] = list
			continue
		}
		obj, ok := raw.(map[string]any)
		if !ok {
			findings = append(findings, structural(key, "type", Text{"zh": key + "应为对象", "en": key + " must be an object"}))
			continue
		}
		vals, fs := decodeObject(s, obj, key, 0)
		findings = append(findings, fs...)
		doc.Objects[key] = vals
	}
	return doc, findings
}

func decodeObject(s *Section, obj map[string]any, prefix string, rowNo int) (Values, []Finding) {
	vals := make(Values, len(obj))
	var findings []Finding
	for name, raw := range obj {
		path := prefix + "." + name
		f := s.fields[name]
		if f == nil {
			findings = append(findings, structural(path, "unknownField", rowText(rowNo, Text{"zh": "未知字段" + name, "en": "unknown field " + name})))
			continue
		}
		v, p := parseValue(f, raw)
		if p != nil {
			findings = append(findings, structural(path, p.rule, rowText(rowNo, p.msg.Format(map[string]Text{"field": f.Label}))))
			continue
		}
		if v != nil {
			vals[name] = v
		}
	}
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
