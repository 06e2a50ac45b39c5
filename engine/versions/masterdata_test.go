package versions_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/export"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
	"formwork/engine/versions"
)

const mdBase = `code: dept
version: 1
title: {zh: 部门}
area: organisation
keys: [code]
fields:
  - {name: code, type: string, label: {zh: 编码}, maxLength: 10}
  - {name: name, type: text, label: {zh: 名称}}
  - {name: kind, type: enum, enum: kinds, label: {zh: 种类}}
  - {name: limit, type: money, label: {zh: 额度}, min: "0"}
  - name: rows
    type: list
    label: {zh: 行}
    rows:
      - {name: bank, type: string, label: {zh: 银行}}
rules:
  - id: r1
    check: 'record.limit < 1000'
    path: limit
    message: {zh: 额度}
`

func mdFS(src string) fstest.MapFS {
	fs := enginetest.Mini("")
	fs["schemas/_enums/e.yaml"] = &fstest.MapFile{Data: []byte("kinds: {values: [{key: a, label: {zh: 甲}}, {key: b, label: {zh: 乙}}]}\n")}
	fs["schemas/_masterdata/dept.yaml"] = &fstest.MapFile{Data: []byte(src)}
	return fs
}

func mdType(t *testing.T, src string) *model.MasterDataType {
	t.Helper()
	c, err := load.Load(mdFS(src))
	if err != nil {
		t.Fatal(err)
	}
	return c.MasterDataType("dept")
}

// Each kind of breaking change of a master-data type is caught; each
// compatible change passes.
func TestMasterDataCompatibility(t *testing.T) {
	old := mdType(t, mdBase)
	tests := []struct {
		name, from, to string
		kind           string
		breaking       bool
	}{
		{"field removed", "  - {name: kind, type: enum, enum: kinds, label: {zh: 种类}}\n", "", "fieldRemoved", true},
		{"field retyped", "name: limit, type: money", "name: limit, type: number", "typeChanged", true},
		{"made required", "label: {zh: 名称}}", "label: {zh: 名称}, required: true}", "requiredAdded", true},
		{"now a ref", "{name: code, type: string, label: {zh: 编码}, maxLength: 10}\n", "{name: code, type: string, label: {zh: 编码}, maxLength: 10}\n  - {name: parent, ref: dept, label: {zh: 上级}, required: true}\n", "requiredAdded", true},
		{"optional field added", "{name: code, type: string, label: {zh: 编码}, maxLength: 10}\n", "{name: code, type: string, label: {zh: 编码}, maxLength: 10}\n  - {name: parent, ref: dept, label: {zh: 上级}}\n", "fieldAdded", false},
		{"shorter", "maxLength: 10", "maxLength: 5", "maxLengthChanged", true},
		{"longer", "maxLength: 10", "maxLength: 20", "maxLengthChanged", false},
		{"higher minimum", `min: "0"`, `min: "1"`, "minChanged", true},
		{"enumeration narrowed", "enum: kinds, label", "enum: fewKinds, label", "enumNarrowed", true},
		{"row field removed", "      - {name: bank, type: string, label: {zh: 银行}}\n", "      - {name: other, type: string, label: {zh: 其他}}\n", "fieldRemoved", true},
		{"keys changed", "keys: [code]", "keys: [code, kind]", "keysChanged", true},
		{"scope changed", "area: organisation\n", "area: organisation\nscope: company\n", "scopeChanged", true},
		{"rule changed", "record.limit < 1000", "record.limit < 100", "ruleChanged", true},
		{"rule removed", "rules:\n  - id: r1\n    check: 'record.limit < 1000'\n    path: limit\n    message: {zh: 额度}\n", "", "ruleRemoved", false},
		{"label changed", "label: {zh: 名称}", "label: {zh: 部门名称}", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(mdBase, tt.from, tt.to, 1)
			fs := mdFS(src)
			fs["schemas/_enums/e.yaml"].Data = append(fs["schemas/_enums/e.yaml"].Data, []byte("fewKinds: {values: [{key: a, label: {zh: 甲}}]}\n")...)
			if tt.kind == "scopeChanged" {
				src = strings.Replace(src, "fields:\n", "fields:\n  - {name: company, ref: dept, label: {zh: 公司}}\n", 1)
				fs["schemas/_masterdata/company.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(mdBase, "code: dept", "code: company", 1))}
				src = strings.Replace(src, "ref: dept, label: {zh: 公司}", "ref: company, label: {zh: 公司}", 1)
			}
			fs["schemas/_masterdata/dept.yaml"].Data = []byte(src)
			c, err := load.Load(fs)
			if err != nil {
				t.Fatal(err)
			}
			changes := versions.CompareMasterData(old, c.MasterDataType("dept"))
			if tt.kind == "" {
				for _, ch := range changes {
					if ch.Breaking {
						t.Errorf("breaking: %+v", ch)
					}
				}
				return
			}
			for _, ch := range changes {
				if ch.Kind == tt.kind {
					if ch.Breaking != tt.breaking {
						t.Errorf("%s: breaking %v, want %v", ch.Message, ch.Breaking, tt.breaking)
					}
					return
				}
			}
			t.Errorf("no %s among %+v", tt.kind, changes)
		})
	}
}

// A master-data type is released, refused a breaking change without a bump,
// released again as v2; its snapshots load back as the same type.
func TestMasterDataReleaseCycle(t *testing.T) {
	fsys := mdFS(mdBase)
	release := func() []model.Problem {
		c, err := load.Load(fsys)
		if err != nil {
			t.Fatal(err)
		}
		lock, _ := versions.ReadLock(fsys)
		files, next, problems := versions.Release(c, fsys, lock)
		for p, b := range files {
			fsys[p] = &fstest.MapFile{Data: b}
		}
		if next != nil {
			fsys[versions.LockFile] = &fstest.MapFile{Data: next.JSON()}
		}
		return problems
	}
	if p := release(); p != nil {
		t.Fatal(p)
	}
	if _, ok := fsys["schemas/_released/_masterdata/dept/v1.yaml"]; !ok {
		t.Fatal("no snapshot written")
	}
	lock, _ := versions.ReadLock(fsys)
	if lock["_masterdata/dept"].Version != 1 {
		t.Fatalf("lock %v", lock)
	}
	breaking := strings.Replace(mdBase, "maxLength: 10", "maxLength: 5", 1)
	fsys["schemas/_masterdata/dept.yaml"].Data = []byte(breaking)
	if p := release(); len(p) != 1 || !strings.Contains(p[0].Message, "raise version to 2") || p[0].File != "schemas/_masterdata/dept.yaml" || p[0].Line != 2 {
		t.Fatalf("release of a breaking change: %+v", p)
	}
	fsys["schemas/_masterdata/dept.yaml"].Data = []byte(strings.Replace(breaking, "version: 1", "version: 2", 1))
	if p := release(); p != nil {
		t.Fatal(p)
	}
	c, err := load.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	v1, err := c.ReleasedMasterDataType("dept", 1)
	if err != nil || v1 == nil || v1.Field("code").MaxLength != 10 {
		t.Fatalf("v1 snapshot: %+v %v", v1, err)
	}
	// the snapshot is self-contained (its enumeration inline) and exports as the live type did
	v2, _ := c.ReleasedMasterDataType("dept", 2)
	a, _ := export.MasterData(c.MasterDataType("dept"), "zh")
	b, _ := export.MasterData(v2, "zh")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) || !bytes.Equal(versions.SnapshotMasterData(v2), versions.SnapshotMasterData(c.MasterDataType("dept"))) {
		t.Errorf("v2 snapshot differs from the live type:\n%s\n%s", ja, jb)
	}
	// an edited snapshot is noticed; a released type that is gone is an error
	review := func() string {
		c, _ := load.Load(fsys)
		lock, _ := versions.ReadLock(fsys)
		var rules []string
		for _, p := range versions.Review(c, fsys, lock) {
			rules = append(rules, p.Rule)
		}
		return strings.Join(rules, ",")
	}
	fsys["schemas/_released/_masterdata/dept/v2.yaml"].Data = append(fsys["schemas/_released/_masterdata/dept/v2.yaml"].Data, '\n')
	if got := review(); got != "compat.snapshot" {
		t.Errorf("review of an edited snapshot: %v", got)
	}
	delete(fsys, "schemas/_masterdata/dept.yaml")
	if got := review(); got != "compat.removed" {
		t.Errorf("review of a removed type: %v", got)
	}
}

// A released document type takes its refs from the live catalogue: refs are
// no part of a snapshot, and codes are checked whatever the version.
func TestReleasedDocTypeTakesLiveRefs(t *testing.T) {
	fsys := mdFS(mdBase)
	fsys["schemas/_fields/f.yaml"].Data = append(fsys["schemas/_fields/f.yaml"].Data, []byte("department: {label: {zh: 部门}, type: string, ref: dept}\n")...)
	fsys["schemas/T1.yaml"].Data = []byte(strings.Replace(string(fsys["schemas/T1.yaml"].Data), "fields: [docType, amount,", "fields: [docType, department, amount,", 1))
	c, err := load.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	snap := versions.Snapshot(c.DocType("T1"))
	if bytes.Contains(snap, []byte("ref:")) {
		t.Errorf("a snapshot records no refs:\n%s", snap)
	}
	fsys["schemas/_released/form/T1/v1.yaml"] = &fstest.MapFile{Data: snap}
	fsys["schemas/T1.yaml"].Data = []byte(strings.Replace(string(fsys["schemas/T1.yaml"].Data), "version: 1", "version: 2", 1))
	c, err = load.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	v1, err := c.ReleasedDocType("form", "T1", 1)
	if err != nil || v1 == nil {
		t.Fatal(err)
	}
	if got := v1.Section("head").Field("department").Ref; got != "dept" {
		t.Errorf("v1 head.department ref %q, want dept", got)
	}
}
