package masterdata

import (
	"bytes"
	"encoding/json"
	"time"
)

// BodyOf is a value (a record-model type) as a record's body: its JSON
// object, numbers kept exact (json.Number).
func BodyOf(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return ParseBody(b)
}

// ParseBody reads a JSON object as a record's body, numbers kept exact
// (json.Number), as stores and the HTTP adapter read bodies.
func ParseBody(b []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var body map[string]any
	if err := dec.Decode(&body); err != nil {
		return nil, err
	}
	return body, nil
}

// newRecord is a new active record of a body (version 1, not yet
// stamped): its company and validity are the body's fields company,
// validFrom and validTo.
func NewRecord(typ, key string, body map[string]any) Record {
	r := Record{Type: typ, Key: key, Active: true, Version: 1}
	r.setBody(body)
	return r
}

// stamp notes who changed the record when.
func (r *Record) stamp(by string, at time.Time) { r.UpdatedBy, r.UpdatedAt = by, at }

// setBody replaces the body and what repeats it.
func (r *Record) setBody(body map[string]any) {
	r.Body = body
	r.Company, _ = body["company"].(string)
	r.ValidFrom, _ = body["validFrom"].(string)
	r.ValidTo, _ = body["validTo"].(string)
}

// activeOn reports whether the record is active on a date (YYYY-MM-DD):
// not deactivated, and the date within its validity.
func (r *Record) activeOn(date string) bool {
	return r.Active && (r.ValidFrom == "" || r.ValidFrom <= date) && (r.ValidTo == "" || date <= r.ValidTo)
}

// image is the record as an audit event holds it.
func (r *Record) image() json.RawMessage {
	if r == nil {
		return nil
	}
	b, _ := json.Marshal(r) // a body read from JSON marshals again
	return b
}
