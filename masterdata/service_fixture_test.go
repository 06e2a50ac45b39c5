package masterdata_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/engine"
	"formwork/masterdata"

	"gorm.io/gorm"
)

// The fixtures of the service's tests: users, a few master-data types as
// the catalogue describes them (their Check and Refs stand in for the
// engine's: required fields, lengths, numbers, one rule, the references
// the fields declare), and the service over the real store on SQLite and
// PostgreSQL.

var (
	admin    = masterdata.Actor{Username: "admin01", Roles: []string{"admin"}}
	finance  = masterdata.Actor{Username: "finance01", Roles: []string{"finance"}}
	employee = masterdata.Actor{Username: "employee01", Roles: []string{"employee"}}
	nobody   = masterdata.Actor{}
)

// today is the clock of the tests.
var today = time.Date(2026, 3, 15, 9, 0, 0, 0, time.UTC)

func text(zh, en string) engine.Text { return engine.Text{"zh": zh, "en": en, "th": en + " (th)"} }

func field(name, typ string, required bool) *masterdata.Field {
	return &masterdata.Field{Name: name, Type: typ, Required: required, Label: text(name+"名", name)}
}

func ref(name, to string, required bool) *masterdata.Field {
	f := field(name, masterdata.FieldRef, required)
	f.Ref = to
	return f
}

func testTypes() []*masterdata.Type {
	anyone, admins := []string{masterdata.AnyRole}, []string{"admin"}
	code, name := field("code", masterdata.FieldString, true), field("name", masterdata.FieldText, true)
	code.MaxLength = 20
	accounts := field("accounts", masterdata.FieldList, false)
	accounts.Rows = []*masterdata.Field{field("bank", masterdata.FieldString, false), ref("cnaps", "bank", false),
		field("account", masterdata.FieldString, true), field("accountName", masterdata.FieldString, false),
		field("bvtyp", masterdata.FieldString, false)}
	types := []*masterdata.Type{
		{Code: "company", Title: text("公司", "Company"), Area: "organisation", Keys: []string{"code"}, Display: "name",
			Read: anyone, Write: admins, Fields: []*masterdata.Field{code, name, field("sob", masterdata.FieldString, false)}},
		{Code: "department", Title: text("部门", "Department"), Area: "organisation", Menu: "/cfg/department",
			Keys: []string{"code"}, CompanyScoped: true, Display: "name", Search: []string{"code", "name"}, Read: anyone, Write: admins,
			Fields: []*masterdata.Field{code, name, ref("company", "company", true), ref("parent", "department", false),
				field("costCenter", masterdata.FieldString, false)}},
		{Code: "bank", Title: text("银行", "Bank"), Area: "finance", Keys: []string{"cnaps"}, Display: "name", Read: anyone, Write: admins,
			Fields: []*masterdata.Field{field("cnaps", masterdata.FieldString, true), name}},
		{Code: "vendor", Title: text("供应商", "Vendor"), Area: "partners", Keys: []string{"code"}, Display: "name",
			Search: []string{"name", "taxNo"}, Read: anyone, Write: admins,
			Fields: []*masterdata.Field{code, name, ref("company", "company", false), field("taxNo", masterdata.FieldString, false), accounts}},
		{Code: "employee", Title: text("员工", "Employee"), Area: "people", Keys: []string{"username"}, CompanyScoped: true,
			Display: "name", Search: []string{"username", "name"}, Read: anyone, Write: admins,
			Fields: []*masterdata.Field{field("empId", masterdata.FieldString, true), name, field("username", masterdata.FieldString, true),
				ref("company", "company", true), ref("department", "department", false)}},
		{Code: "exchangeRate", Title: text("汇率", "Exchange rate"), Area: "finance", Keys: []string{"currency", "validFrom"}, Dated: true,
			Read: anyone, Write: []string{"finance"}, Fields: []*masterdata.Field{field("currency", masterdata.FieldString, true),
				field("validFrom", masterdata.FieldDate, true), field("validTo", masterdata.FieldDate, false),
				field("rate", masterdata.FieldMoney, true)}},
		{Code: "salaryGrade", Title: text("薪级", "Salary grade"), Area: "people", Keys: []string{"code"}, Read: admins, Write: admins,
			Fields: []*masterdata.Field{code, name}},
	}
	for _, t := range types {
		t.Check = checkOf(t.Fields, "")
		t.Refs = refsOf(t.Fields, "")
	}
	types[1].Check = func(body map[string]any) []*engine.Error {
		out := checkOf(types[1].Fields, "")(body)
		if body["parent"] != nil && body["parent"] == body["code"] {
			out = append(out, engine.Refuse(engine.ECHECK, "parent", text("上级部门不能是自己", "a department is not its own parent")))
		}
		return out
	}
	return types
}

// checkOf checks required fields, lengths and numbers, as the engine's
// check of a master-data type does.
func checkOf(fields []*masterdata.Field, prefix string) func(map[string]any) []*engine.Error {
	return func(body map[string]any) []*engine.Error {
		var out []*engine.Error
		for _, f := range fields {
			v, path := body[f.Name], prefix+f.Name
			s, _ := v.(string)
			name, _ := v.(map[string]any)
			switch {
			case f.Required && (v == nil || v == "" || f.Type == masterdata.FieldText && name["zh"] == nil):
				out = append(out, engine.Refuse(engine.ECHECK, path, text(f.Label["zh"]+"不能为空", f.Label["en"]+" is required")))
			case f.MaxLength > 0 && len(s) > f.MaxLength:
				out = append(out, engine.Refuse(engine.ECHECK, path, text(f.Label["zh"]+"太长", f.Label["en"]+" is too long")))
			case f.Type == masterdata.FieldMoney && v != nil:
				if _, ok := v.(json.Number); !ok {
					out = append(out, engine.Refuse(engine.ECHECK, path, text(f.Label["zh"]+"应为数字", f.Label["en"]+" is a number")))
				}
			case f.Type == masterdata.FieldList:
				rows, _ := v.([]any)
				for i, row := range rows {
					m, _ := row.(map[string]any)
					out = append(out, checkOf(f.Rows, fmt.Sprintf("%s[%d].", path, i+1))(m)...)
				}
			}
		}
		return out
	}
}

// refsOf lists the references of the fields that declare one.
func refsOf(fields []*masterdata.Field, prefix string) func(map[string]any) []masterdata.Ref {
	return func(body map[string]any) []masterdata.Ref {
		var out []masterdata.Ref
		for _, f := range fields {
			switch v := body[f.Name].(type) {
			case string:
				if f.Ref != "" && v != "" {
					out = append(out, masterdata.Ref{Path: prefix + f.Name, Type: f.Ref, Code: v})
				}
			case []any:
				for i, row := range v {
					m, _ := row.(map[string]any)
					out = append(out, refsOf(f.Rows, fmt.Sprintf("%s%s[%d].", prefix, f.Name, i+1))(m)...)
				}
			}
		}
		return out
	}
}

// forEachService runs body with a service over a fresh store on SQLite and
// on PostgreSQL.
func forEachService(t *testing.T, body func(t *testing.T, md *masterdata.Service, db *gorm.DB)) {
	sqldbtest.ForEachDB(t, sqldb.MasterDataModels(), func(t *testing.T, db *gorm.DB) {
		body(t, newService(db), db)
	})
}

func newService(db *gorm.DB) *masterdata.Service {
	types := testTypes()
	return masterdata.NewService(sqldb.NewMasterDataStore(db), masterdata.Config{
		Types: func() []*masterdata.Type { return types }, Now: func() time.Time { return today }})
}

// body reads a JSON object as a record's body.
func body(t testing.TB, s string) map[string]any {
	t.Helper()
	b, err := masterdata.ParseBody([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return b
}

// must is v, or a panic (a failed test) on an error the test does not
// expect.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// organisation creates two companies, departments IT01 (1000) and HR01
// (2000), bank 102290000011 and vendor V1.
func organisation(t testing.TB, md *masterdata.Service) {
	t.Helper()
	ctx := context.Background()
	for typ, list := range map[string][]string{
		"company": {`{"code": "1000", "name": {"zh": "集团总部", "en": "Group HQ"}}`, `{"code": "2000", "name": {"zh": "华东分公司", "en": "East China"}}`},
		"bank":    {`{"cnaps": "102290000011", "name": {"zh": "工行上海", "en": "ICBC Shanghai"}}`},
	} {
		for _, b := range list {
			must(md.Create(ctx, admin, typ, body(t, b)))
		}
	}
	must(md.Create(ctx, admin, "department", body(t, `{"code": "IT01", "name": {"zh": "信息技术部", "en": "Information technology"}, "company": "1000"}`)))
	must(md.Create(ctx, admin, "department", body(t, `{"code": "HR01", "name": {"zh": "人力资源部", "en": "Human resources"}, "company": "2000"}`)))
	must(md.Create(ctx, admin, "vendor", body(t, `{"code": "V1", "name": {"zh": "上海顺达物流", "en": "Shunda Logistics"},
		"accounts": [{"bank": "102", "cnaps": "102290000011", "account": "6222", "bvtyp": "0001"}]}`)))
}
