package model_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"formwork/engine/internal/enginetest"
	"formwork/engine/model"

	"github.com/shopspring/decimal"
)

// TestDocumentJSONAsEncodingJSON: the hand-written body is what encoding/json
// writes for the same values in catalogue order (texts with escapes, money,
// other decimals, flags, nulls, a list).
func TestDocumentJSONAsEncodingJSON(t *testing.T) {
	d, _ := enginetest.Decode(t, enginetest.ValidEX02())
	h := d.Head()
	h["description"] = "trip <to> \"Bangkok\" & 曼谷\n\u2028"
	h["amount"] = decimal.RequireFromString("1234.5")       // money: two places
	h["businessType1"] = decimal.RequireFromString("0.130") // any other decimal as it is
	h["companyCode"] = nil
	h["department"] = []any{"a", 1.5, true}
	for _, row := range d.Tables["lineList"] {
		row["costType"] = false
		row["amount"] = 7
	}
	got, err := d.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := referenceJSON(d); !bytes.Equal(got, want) {
		t.Errorf("MarshalJSON:\n%s\nencoding/json:\n%s", got, want)
	}
	for _, part := range []string{`\u003cto\u003e \"Bangkok\" \u0026 曼谷\n\u2028`, `"amount":1234.50`, `"businessType1":0.13`,
		`"companyCode":null`, `"department":["a",1.5,true]`, `"costType":false,"amount":7`} {
		if !bytes.Contains(got, []byte(part)) {
			t.Errorf("MarshalJSON without %s: %s", part, got)
		}
	}
	if !json.Valid(got) {
		t.Errorf("not JSON: %s", got)
	}
}

// referenceJSON writes d field by field with encoding/json.
func referenceJSON(d *model.Document) []byte {
	var b bytes.Buffer
	object := func(s *model.Section, vals model.Values) {
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
			val, _ := json.Marshal(model.JSONValue(f, v))
			b.Write(key)
			b.WriteByte(':')
			b.Write(val)
		}
		b.WriteByte('}')
	}
	b.WriteByte('{')
	first := true
	for _, s := range d.Type.Sections {
		rows, isTable := d.Tables[s.Name]
		vals, isObject := d.Objects[s.Name]
		if s.Table && !isTable || !s.Table && !isObject {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		key, _ := json.Marshal(s.Name)
		b.Write(key)
		b.WriteByte(':')
		if !s.Table {
			object(s, vals)
			continue
		}
		b.WriteByte('[')
		for i, r := range rows {
			if i > 0 {
				b.WriteByte(',')
			}
			object(s, r)
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.Bytes()
}
