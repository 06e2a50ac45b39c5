package model_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// vendorType is a master-data type with every kind of field, a list and
// rules over the record and over rows.
const vendorType = `code: vendor
version: 1
title: {zh: 供应商, en: Vendor, th: ผู้ขาย}
area: partners
keys: [code]
scope: company
dated: true
fields:
  - {name: code, type: string, label: {zh: 编码, en: Code, th: รหัส}, maxLength: 8}
  - {name: name, type: text, label: {zh: 名称, en: Name, th: ชื่อ}, required: true, maxLength: 20}
  - {name: company, ref: company, label: {zh: 公司, en: Company, th: บริษัท}}
  - {name: limit, type: money, label: {zh: 额度, en: Limit, th: วงเงิน}, min: "0"}
  - {name: days, type: integer, label: {zh: 天数, en: Days, th: วัน}}
  - {name: frozen, type: boolean, label: {zh: 冻结, en: Frozen, th: ระงับ}}
  - {name: kind, type: enum, enum: kinds, label: {zh: 种类, en: Kind, th: ชนิด}}
  - name: accounts
    type: list
    label: {zh: 账户, en: Accounts, th: บัญชี}
    rows:
      - {name: bank, ref: bank, label: {zh: 银行, en: Bank, th: ธนาคาร}, required: true}
      - {name: account, type: string, label: {zh: 账号, en: Account, th: บัญชี}}
rules:
  - id: vendor.frozen-limit
    when: 'record.frozen'
    check: 'record.limit == 0'
    path: limit
    message: {zh: 冻结供应商额度应为0, en: A frozen vendor has no limit, th: ผู้ขายที่ถูกระงับต้องไม่มีวงเงิน}
  - id: vendor.account-digits
    table: accounts
    check: 'row.account matches "^[0-9]*$"'
    path: account
    message: {zh: "第{row}行，{field}应为数字", en: "Row {row}: {field} is digits only", th: "แถวที่ {row}: {field}ต้องเป็นตัวเลข"}
`

func vendor(t *testing.T) *model.MasterDataType {
	t.Helper()
	fs := enginetest.Mini("")
	fs["schemas/_enums/e.yaml"] = &fstest.MapFile{Data: []byte("kinds: {values: [{key: a, label: {zh: 甲}}, {key: b, label: {zh: 乙}}]}\n")}
	simple := func(code string) string {
		return "code: " + code + "\nversion: 1\ntitle: {zh: " + code + "}\narea: organisation\nkeys: [code]\nfields:\n  - {name: code, type: string, label: {zh: 编码}}\n"
	}
	fs["schemas/_masterdata/vendor.yaml"] = &fstest.MapFile{Data: []byte(vendorType)}
	fs["schemas/_masterdata/company.yaml"] = &fstest.MapFile{Data: []byte(simple("company"))}
	fs["schemas/_masterdata/bank.yaml"] = &fstest.MapFile{Data: []byte(simple("bank"))}
	c, err := load.Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	return c.MasterDataType("vendor")
}

// record decodes a JSON object as encoding/json does for a store (numbers
// as json.Number).
func record(t *testing.T, src string) map[string]any {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(src))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

const validVendor = `{"code": "V1", "name": {"zh": "顺达", "en": "Shunda"}, "company": "1000", "limit": 100.5, "days": 3, "frozen": false,
	"kind": "a", "validFrom": "2026-01-01", "accounts": [{"bank": "102290000011", "account": "123"}]}`

// Check: one finding per problem, at its path, in every language; none for a
// valid record.
func TestMasterDataCheck(t *testing.T) {
	vt := vendor(t)
	tests := []struct {
		name  string
		patch map[string]any // top-level keys replaced (nil: removed)
		want  []string       // path: English message
	}{
		{"valid", nil, nil},
		{"unknown field", map[string]any{"colour": "red"}, []string{"colour: unknown field colour"}},
		{"required text without Chinese", map[string]any{"name": map[string]any{"en": "Shunda"}}, []string{"name: Name is required"}},
		{"key field missing", map[string]any{"code": nil}, []string{"code: Code is required"}},
		{"text too long", map[string]any{"code": "V12345678"}, []string{"code: Code is longer than 8 characters"}},
		{"a name is an object", map[string]any{"name": "顺达"}, []string{"name: Name must be a name in each language ({zh, en, th})"}},
		{"an unknown language", map[string]any{"name": map[string]any{"zh": "顺达", "fr": "Shunda"}}, []string{"name: Name must be a name in each language ({zh, en, th})"}},
		{"money places", map[string]any{"limit": json.Number("1.234")}, []string{"limit: Limit has more than 2 decimals"}},
		{"money minimum", map[string]any{"limit": -1.0}, []string{"limit: Limit must be >= 0"}},
		{"integer", map[string]any{"days": "three"}, []string{"days: Days must be a whole number"}},
		{"boolean", map[string]any{"frozen": "Y"}, []string{"frozen: Frozen must be true or false"}},
		{"enum option", map[string]any{"kind": "z"}, []string{"kind: Kind has no option z"}},
		{"date", map[string]any{"validFrom": "2026-02-30"}, []string{"validFrom: Valid from is not a date: 2026-02-30 (write yyyy-MM-dd)"}},
		{"validity", map[string]any{"validTo": "2025-12-31"}, []string{"validTo: Valid to must not be before valid from"}},
		{"a row's required field", map[string]any{"accounts": []any{map[string]any{"account": "1"}}}, []string{"accounts[0].bank: Row 1: Bank is required"}},
		{"rows are objects", map[string]any{"accounts": []any{"x"}}, []string{"accounts: Accounts must be a list of rows"}},
		{"record rule", map[string]any{"frozen": true}, []string{"limit: A frozen vendor has no limit"}},
		{"row rule", map[string]any{"accounts": []any{map[string]any{"bank": "b", "account": "1"}, map[string]any{"bank": "b", "account": "x1"}}},
			[]string{"accounts[1].account: Row 2: Account is digits only"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := record(t, validVendor)
			for k, v := range tt.patch {
				if v == nil {
					delete(rec, k)
				} else {
					rec[k] = v
				}
			}
			var got []string
			for _, e := range vt.Check(rec) {
				if e.Code != model.ECHECK || len(e.Text.Missing()) > 0 {
					t.Errorf("finding %+v: want code ECHECK and zh, en, th", e)
				}
				got = append(got, e.Path+": "+e.Text["en"])
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// Normalize keeps what Check reads, the way the store keeps it.
func TestMasterDataNormalize(t *testing.T) {
	vt := vendor(t)
	rec := record(t, validVendor)
	rec["validFrom"] = "2026/1/1"
	rec["limit"] = 100.5 // a float64, as encoding/json decodes without UseNumber
	got, _ := json.Marshal(vt.Normalize(rec))
	want := `{"accounts":[{"account":"123","bank":"102290000011"}],"code":"V1","company":"1000","days":3,"frozen":false,"kind":"a","limit":100.50,"name":{"en":"Shunda","zh":"顺达"},"validFrom":"2026-01-01"}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// Refs lists every non-empty ref value with its path; Key joins the keys.
func TestMasterDataRefsAndKey(t *testing.T) {
	vt := vendor(t)
	rec := record(t, validVendor)
	rec["accounts"] = []any{map[string]any{"bank": "B1"}, map[string]any{"bank": ""}, map[string]any{"bank": "B3"}}
	want := []model.Ref{{Path: "company", Type: "company", Code: "1000"}, {Path: "accounts[0].bank", Type: "bank", Code: "B1"}, {Path: "accounts[2].bank", Type: "bank", Code: "B3"}}
	if got := vt.Refs(rec); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if got := vt.Key(rec); got != "V1" {
		t.Errorf("key %q", got)
	}
	if !vt.Readable([]string{"employee"}) || vt.Writable([]string{"employee"}) || !vt.Writable([]string{"admin"}) {
		t.Error("default permissions: read any, write admin")
	}
}

// DocumentRefs lists a document's ref values with their paths, table rows
// included, deleted rows and blank values left out, and a group's `ref: ""`
// honoured (EX02's payee is an employee id, not a vendor).
func TestDocumentRefs(t *testing.T) {
	doc := enginetest.Patch(enginetest.ValidEX02(), map[string]any{
		"head.costCenter": "1000SAL02",
		"lineList.0.flag": "D",
		"paymentList":     []any{map[string]any{"vendor": "E00001"}},
	})
	doc["lineList"] = append(doc["lineList"].([]any), map[string]any{"costType": "住宿费", "amount": json.Number("1.00")})
	d, _ := enginetest.Decode(t, doc)
	var got []string
	for _, r := range model.DocumentRefs(d) {
		got = append(got, r.Path+"="+r.Type+":"+r.Code)
	}
	want := []string{"head.companyCode=company:1000", "head.department=department:SAL02", "head.applicant=employee:employee01",
		"head.costCenter=costCenter:1000SAL02", "lineList[1].costType=costType:住宿费", "itemList[0].costType=costType:交通费"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// KeepServerFields keeps the stored read-only values, whatever the client sent.
func TestMasterDataKeepServerFields(t *testing.T) {
	fs := enginetest.Mini("")
	fs["schemas/_masterdata/job.yaml"] = &fstest.MapFile{Data: []byte("code: job\nversion: 1\ntitle: {zh: 任务}\narea: system\nkeys: [code]\nfields:\n" +
		"  - {name: code, type: string, label: {zh: 编码}}\n  - {name: last, type: string, label: {zh: 结果}, readOnly: true}\n")}
	c, err := load.Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	job := c.MasterDataType("job")
	body := map[string]any{"code": "j", "last": "forged"}
	job.KeepServerFields(body, map[string]any{"code": "j", "last": "ok"})
	if body["last"] != "ok" {
		t.Errorf("update: %v", body)
	}
	job.KeepServerFields(body, nil)
	if _, ok := body["last"]; ok || body["code"] != "j" {
		t.Errorf("create: %v", body)
	}
}
