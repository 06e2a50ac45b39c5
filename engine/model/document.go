package model

import (
	"bytes"
	"encoding/json"
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

// DeletedFlag is the row field whose value D marks a deleted row: the form
// sets it when the user deletes a stored row, no rule counts the row, and it
// is the client's to set although no one types it.
const DeletedFlag = "flag"

// RowDeleted tells whether a row is marked deleted (flag D).
func RowDeleted(row Values) bool { return row.String(DeletedFlag) == "D" }

// MarshalJSON writes the document in catalogue field order, money with two
// decimals as JSON numbers, blank values left out.
func (d *Document) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for _, s := range d.Type.Sections {
		var body bytes.Buffer
		if s.Table {
			rows, ok := d.Tables[s.Name]
			if !ok {
				continue
			}
			body.WriteByte('[')
			for i, r := range rows {
				if i > 0 {
					body.WriteByte(',')
				}
				writeObject(&body, s, r)
			}
			body.WriteByte(']')
		} else {
			vals, ok := d.Objects[s.Name]
			if !ok {
				continue
			}
			writeObject(&body, s, vals)
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		key, _ := json.Marshal(s.Name)
		b.Write(key)
		b.WriteByte(':')
		b.Write(body.Bytes())
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
		val, _ := json.Marshal(JSONValue(f, v))
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
}

// KeepServerFields makes the read-only fields of doc (the system fields:
// businessId, version, status, createBy, ...; and values other systems write,
// such as a receipt's SAP status) what they are in from, whatever the client
// sent: on create from is NewDocument(), which clears them; on update it is
// the stored document, row by row for tables (a new row has none). docType
// is the client's choice and stays; derived values and line statuses are
// recomputed by the check anyway.
func KeepServerFields(doc, from *Document) {
	for _, s := range doc.Type.Sections {
		if !s.Table {
			if dst := doc.Objects[s.Name]; dst != nil {
				keepServerValues(s, dst, from.Objects[s.Name])
			}
			continue
		}
		old := from.Tables[s.Name]
		for i, row := range doc.Tables[s.Name] {
			var src Values
			if i < len(old) {
				src = old[i]
			}
			keepServerValues(s, row, src)
		}
	}
}

// keepServerValues copies the server's fields of one object or row.
func keepServerValues(s *Section, dst, src Values) {
	for _, f := range s.Fields {
		if !f.ReadOnly || f.Value != nil || f.Name == s.StatusField || (s.Name == "head" && f.Name == "docType") ||
			(s.Table && f.Name == DeletedFlag) {
			continue
		}
		if v, ok := src[f.Name]; ok {
			dst[f.Name] = v
		} else {
			delete(dst, f.Name)
		}
	}
}
