package load_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// FuzzCompileRule compiles any text as a rule's check (and, with table
// true, as a row rule of lineList): it compiles, or it is a load problem at
// a line of T1.yaml; nothing panics. A rule that compiles runs on a
// document without panicking.
func FuzzCompileRule(f *testing.F) {
	for _, s := range []string{`head.amount > 0`, `total(map(lineList, .amount)) == head.amount`, `row.amount > 0 && rowNo < 3`,
		`within(head.rate, 0.09, 0.003)`, `containsAny(head.note, ["a", "b"])`, `dec(head.note) > 1,0`, `head.amount /`, `"\u0000"`,
		`let x = 1; x > 0`, `head.amount ?? 0`, `1..3 | map(# * 2) | len() == 3`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, check string, table bool) {
		rule := "rules:\n  - id: r\n    check: " + strconv.Quote(check) + "\n    message: {zh: 错, en: wrong, th: ผิด}\n"
		if table {
			rule += "    table: lineList\n"
		}
		c, err := load.Load(enginetest.Mini(rule))
		if err != nil {
			var le *model.LoadError
			if !errors.As(err, &le) || len(le.Problems) == 0 {
				t.Fatalf("want a load error, got %v", err)
			}
			for _, p := range le.Problems {
				if p.File != "schemas/T1.yaml" || p.Line < 1 {
					t.Fatalf("a problem not placed in T1.yaml: %+v", p)
				}
			}
			return
		}
		d, fs, err := decode.Decode(c, []byte(`{"head": {"docType": "T1", "amount": 1, "note": "1,000"}, "lineList": [{"amount": 2}, {"flag": "D"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		_ = eval.Check(d, fs, eval.Options{})
	})
}

// catalogueFiles are the places FuzzLoadCatalogue puts its file.
var catalogueFiles = []string{"schemas/T1.yaml", "schemas/_fields/f.yaml", "schemas/_fields/g.yaml", "schemas/_enums/e.yaml",
	"schemas/_groups/g.yaml", "rules/r.yaml", "schemas/_modes.yaml", "schemas/_editions.yaml", "schemas/T2.yaml",
	"schemas/_released/form/T1/v1.yaml", "schemas/travel/T1.yaml",
	"schemas/_masterdata/m.yaml", "schemas/_released/_masterdata/m/v1.yaml", "schemas/_menu.yaml"}

// mdSeed is a master-data type with a list, a ref and rules.
const mdSeed = `code: m
version: 1
title: {zh: 类}
area: config
keys: [code]
dated: true
fields:
  - {name: code, type: string, label: {zh: 编码}}
  - {name: parent, ref: m}
  - {name: rows, type: list, label: {zh: 行}, rows: [{name: n, type: number, label: {zh: 数}}]}
rules:
  - {id: r, check: 'record.parent != record.code', path: parent, message: {zh: 错}}
  - {id: s, table: rows, check: 'row.n > 0', message: {zh: 错}}
`

// FuzzLoadCatalogue loads a small catalogue with one file replaced by any
// content: it loads, or it is a load error whose every problem names a
// file; nothing panics, released snapshots included.
func FuzzLoadCatalogue(f *testing.F) {
	mini := enginetest.Mini("rules:\n  - id: r\n    check: 'head.amount > 0'\n    message: {zh: 错}\n")
	for i, file := range catalogueFiles {
		if m := mini[file]; m != nil {
			f.Add(uint8(i), m.Data)
		}
	}
	f.Add(uint8(3), []byte("kinds: {label: {zh: 种类}, values: [{key: a, label: {zh: 甲}}, {key: a}]}\n"))
	f.Add(uint8(4), []byte("g: {fields: [amount, {name: note, required: true}]}\n"))
	f.Add(uint8(7), []byte("default: travel\neditions: {travel: {title: {zh: 差旅}}}\n"))
	f.Add(uint8(9), []byte("docType: T1\nversion: 1\nfamily: ap\nlocalFields: {docType: {label: {zh: x}}}\nsections: {head: {fields: [docType]}}\n"))
	f.Add(uint8(0), []byte(""))
	f.Add(uint8(11), []byte(mdSeed))
	f.Add(uint8(12), []byte(mdSeed))
	f.Add(uint8(13), []byte("documentTypes: {YG: [T1]}\npages: {P1: {group: YG, kind: list, opens: T1, title: {zh: 页}}}\n"))
	f.Fuzz(func(t *testing.T, which uint8, content []byte) {
		fsys := enginetest.Mini("")
		file := catalogueFiles[int(which)%len(catalogueFiles)]
		fsys[file] = &fstest.MapFile{Data: content}
		c, err := load.Load(fsys)
		if err != nil {
			var le *model.LoadError
			if !errors.As(err, &le) || len(le.Problems) == 0 {
				t.Fatalf("want a load error, got %v", err)
			}
			for _, p := range le.Problems {
				if p.File == "" {
					t.Fatalf("a problem names no file: %+v", p)
				}
				_ = p.String()
			}
			return
		}
		for _, code := range c.ReleasedMasterDataTypes() {
			for _, v := range c.ReleasedMasterDataVersions(code) {
				if t, _ := c.ReleasedMasterDataType(code, v); t != nil {
					_ = t.Check(map[string]any{"code": "a", "rows": []any{map[string]any{"n": 1.5}}})
				}
			}
		}
		for _, t := range c.MasterDataTypes() {
			_ = t.Check(map[string]any{"code": "a", "parent": "a", "rows": []any{map[string]any{"n": 1.5}}})
		}
		for _, key := range c.ReleasedTypes() {
			edition, code, _ := strings.Cut(key, "/")
			for _, v := range c.ReleasedVersions(edition, code) {
				_, _ = c.ReleasedDocType(edition, code, v)
			}
		}
	})
}
