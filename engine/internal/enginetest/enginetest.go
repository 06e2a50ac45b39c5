// Package enginetest holds what the engine's tests share: the repository's
// catalogue loaded once, a small catalogue for testing one rule or value in
// isolation, a valid EX02 and ways to patch, decode and check documents.
package enginetest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/load"
	"formwork/engine/model"
)

// Obj is a JSON object of a test document.
type Obj = map[string]any

// Root is the repository's root folder (where go.mod is).
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}

var (
	catOnce sync.Once
	cat     *load.Catalogue
	catErr  error
)

// Catalogue loads the repository's catalogue once for all tests.
func Catalogue(t testing.TB) *load.Catalogue {
	t.Helper()
	root := Root(t)
	catOnce.Do(func() { cat, catErr = load.Load(os.DirFS(root)) })
	if catErr != nil {
		t.Fatalf("load catalogue: %v", catErr)
	}
	return cat
}

// MustRead reads a file of the repository (path relative to its root).
func MustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Root(t), path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Modes is an action-mode file in which new edits and saves.
const Modes = `
new: {editable: true, buttons: [save]}
edit: {editable: true}
read: {editable: false}
oaapplicant: {editable: true}
oareview: {editable: false}
partedit: {editable: false}
fssc: {editable: false}
fsscPartedit: {editable: false}
`

// Mini is a small catalogue for testing rule expressions and values in
// isolation: one document type T1 with a head of a few fields and a table;
// rules (YAML, from `rules:` on) is appended to T1.
func Mini(rules string) fstest.MapFS {
	return fstest.MapFS{
		"schemas/_modes.yaml": {Data: []byte(Modes)},
		"schemas/_fields/f.yaml": {Data: []byte(`
docType: {label: {zh: 类型}, type: string}
amount: {label: {zh: 金额, en: Amount}, type: money}
rate: {label: {zh: 汇率}, type: number}
days: {label: {zh: 天数, en: Days}, type: integer, min: "0"}
price: {label: {zh: 单价, en: Unit price}, type: money, min: "0.01"}
note: {label: {zh: 备注}, type: text}
day: {label: {zh: 日期}, type: date}
flag: {label: {zh: 标记}, type: string}
`)},
		"schemas/T1.yaml": {Data: []byte(`docType: T1
version: 1
family: ap
title: {zh: 测试, en: Test}
sections:
  head:
    fields: [docType, amount, rate, days, note, day, price]
  lineList:
    table: true
    fields: [amount, note, flag]
` + rules)},
	}
}

// ValidEX02 is an employee claim that passes every check.
func ValidEX02() Obj {
	return Obj{
		"head": Obj{"docType": "EX02", "businessType1": "A01", "businessType2": "A0101", "companyCode": "1000",
			"department": "SAL02", "applicant": "employee01", "description": "trip", "amount": json.Number("100.00"), "restAmount": 0},
		"lineList": []any{Obj{"costType": "交通费", "amount": json.Number("100.00")}},
		// a travel claim (A0101) has its itinerary (rule details.travel-itinerary)
		"itemList": []any{Obj{"costType": "交通费", "amount": json.Number("100.00"), "startDate": "2026-11-10", "endDate": "2026-11-11"}},
		// paid in full to the employee: the rest amount (amount - verified -
		// paid, derived) is 0 (rule ex.rest-amount-zero)
		"paymentList": []any{Obj{"vendor": "E00001", "vendorTxt": "张三", "accountName": "张三", "paymentAmount": json.Number("100.00"), "paymentMethod": "1"}},
	}
}

// Patch returns a deep copy of base with the given paths set (section.field
// or section.N.field for rows); a nil value deletes.
func Patch(base Obj, set map[string]any) Obj {
	b, _ := json.Marshal(base)
	var out Obj
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	_ = dec.Decode(&out)
	for path, v := range set {
		setPath(out, path, v)
	}
	return out
}

// setPath sets "head.amount" or "lineList.0.costType" in a decoded JSON tree.
func setPath(root Obj, path string, v any) {
	parts := strings.Split(path, ".")
	var cur any = root
	for i, p := range parts {
		last := i == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if v == nil {
					delete(c, p)
				} else {
					c[p] = v
				}
				return
			}
			next, ok := c[p]
			if !ok {
				if _, err := strconv.Atoi(parts[i+1]); err == nil {
					next = []any{}
				} else {
					next = map[string]any{}
				}
				c[p] = next
			}
			cur = next
		case []any:
			n, _ := strconv.Atoi(p)
			if last {
				c[n] = v
				return
			}
			cur = c[n]
		}
	}
}

// Decode decodes a document given as a Go value (marshalled to JSON first)
// for the repository's catalogue.
func Decode(t testing.TB, v any) (*model.Document, []model.Finding) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	d, fs, err := decode.Decode(Catalogue(t), b)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return d, fs
}

// Check decodes and checks a document given as a Go value.
func Check(t testing.TB, v any, opt eval.Options) model.CheckResult {
	t.Helper()
	d, fs := Decode(t, v)
	return eval.Check(d, fs, opt)
}

// Has tells whether res holds a finding at path for rule.
func Has(res model.CheckResult, path, rule string) bool {
	for _, f := range res.Errors {
		if f.Path == path && f.Rule == rule {
			return true
		}
	}
	return false
}
