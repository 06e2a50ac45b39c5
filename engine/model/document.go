package model

import "formwork/engine/internal/jsontext"

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
// decimals as JSON numbers, blank values left out, byte for byte as
// encoding/json would (jsontext).
func (d *Document) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 1024)
	b = append(b, '{')
	first := true
	for _, s := range d.Type.Sections {
		rows, isTable := d.Tables[s.Name]
		vals, isObject := d.Objects[s.Name]
		if s.Table && !isTable || !s.Table && !isObject {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = jsontext.AppendString(b, s.Name)
		b = append(b, ':')
		if !s.Table {
			b = appendObject(b, s, vals)
			continue
		}
		b = append(b, '[')
		for i, r := range rows {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendObject(b, s, r)
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func appendObject(b []byte, s *Section, vals Values) []byte {
	b = append(b, '{')
	first := true
	for _, f := range s.Fields {
		v, ok := vals[f.Name]
		if !ok {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = jsontext.AppendString(b, f.Name)
		b = append(b, ':')
		b = jsontext.AppendValue(b, v, f.Type == TypeMoney, MoneyPlaces)
	}
	return append(b, '}')
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
