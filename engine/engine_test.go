package engine_test

import (
	"encoding/json"
	"os"
	"sync"
	"testing"

	"formwork/engine"
)

var (
	catOnce sync.Once
	cat     *engine.Catalogue
	catErr  error
)

// catalogue loads the repository's catalogue once for all tests.
func catalogue(t testing.TB) *engine.Catalogue {
	t.Helper()
	catOnce.Do(func() { cat, catErr = engine.Load(os.DirFS("..")) })
	if catErr != nil {
		t.Fatalf("load catalogue: %v", catErr)
	}
	return cat
}

// doc decodes a document given as a Go value (marshalled to JSON first).
func decode(t testing.TB, v any) (*engine.Document, []engine.Finding) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	d, fs, err := engine.Decode(catalogue(t), b)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return d, fs
}

type obj = map[string]any

// validEX02 is an employee claim that passes every check.
func validEX02() obj {
	return obj{
		"head": obj{"docType": "EX02", "businessType1": "A01", "businessType2": "A0101", "companyCode": "1000",
			"department": "SAL02", "applicant": "employee01", "description": "trip", "amount": json.Number("100.00"), "restAmount": 0},
		"lineList": []any{obj{"costType": "交通费", "amount": json.Number("100.00")}},
		// a travel claim (A0101) has its itinerary (rule details.travel-itinerary)
		"itemList": []any{obj{"costType": "交通费", "amount": json.Number("100.00"), "startDate": "2026-11-10", "endDate": "2026-11-11"}},
	}
}

// patch returns a deep copy of base with the given paths set (section.field
// or section.N.field for rows); a nil value deletes.
func patch(base obj, set map[string]any) obj {
	b, _ := json.Marshal(base)
	var out obj
	dec := json.NewDecoder(bytesReader(b))
	dec.UseNumber()
	_ = dec.Decode(&out)
	for path, v := range set {
		setPath(out, path, v)
	}
	return out
}

func check(t testing.TB, v any, opt engine.Options) engine.CheckResult {
	t.Helper()
	d, fs := decode(t, v)
	return engine.Check(d, fs, opt)
}

// has tells whether res holds a finding at path for rule.
func has(res engine.CheckResult, path, rule string) bool {
	for _, f := range res.Errors {
		if f.Path == path && f.Rule == rule {
			return true
		}
	}
	return false
}
