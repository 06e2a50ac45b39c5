package model_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"formwork/engine/internal/enginetest"

	"github.com/shopspring/decimal"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestDocumentJSONAsEncodingJSON: the hand-written body is what encoding/json
// writes for the same values in catalogue order (texts with escapes, money,
// other decimals, flags, nulls, a list): testdata/document.json was written
// field by field with encoding/json.
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
	path := filepath.Join("testdata", "document.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./engine/model -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("MarshalJSON:\n%s\n%s:\n%s", got, path, want)
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
