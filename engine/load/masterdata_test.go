package load_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// mdHeader is the top of a valid master-data type file; a test appends its
// fields and rules.
const mdHeader = `code: dept
version: 1
title: {zh: 部门, en: Department, th: แผนก}
area: organisation
keys: [code]
`

// mdCatalogue is the mini catalogue with master-data types (file name ->
// content) and a field catalogue entry with a ref.
func mdCatalogue(types map[string]string) fstest.MapFS {
	fs := enginetest.Mini("")
	fs["schemas/_fields/f.yaml"].Data = append(fs["schemas/_fields/f.yaml"].Data, []byte("department: {label: {zh: 部门}, type: string, ref: dept}\n")...)
	fs["schemas/_enums/e.yaml"] = &fstest.MapFile{Data: []byte("kinds: {values: [{key: a, label: {zh: 甲}}]}\n")}
	for name, src := range types {
		fs["schemas/_masterdata/"+name] = &fstest.MapFile{Data: []byte(src)}
	}
	return fs
}

// A master-data type that does not compile is a load error at its file,
// line and column; the expected value is the whole message (snippet left
// out).
func TestMasterDataLoadErrors(t *testing.T) {
	const fields = "fields:\n  - {name: code, type: string, label: {zh: 编码}}\n  - {name: name, type: text, label: {zh: 名称}}\n"
	tests := []struct {
		name, file, src, want string
	}{
		{"unknown key", "dept.yaml", mdHeader + "colour: red\n" + fields,
			`schemas/_masterdata/dept.yaml:6:1: unknown key "colour"`},
		{"misspelt field key", "dept.yaml", mdHeader + fields + "  - {name: x, type: string, lable: {zh: 叉}}\n",
			`schemas/_masterdata/dept.yaml:9:1: unknown key "lable"`},
		{"code is not the file name", "other.yaml", mdHeader + fields,
			`schemas/_masterdata/other.yaml:1:1: code dept must be the file's name (dept.yaml)`},
		{"unknown area", "dept.yaml", strings.Replace(mdHeader, "organisation", "kitchen", 1) + fields,
			`schemas/_masterdata/dept.yaml:4:1: area "kitchen" must be one of organisation, people, partners, finance, projects, budget, travel, standards, config, access, system`},
		{"key field missing", "dept.yaml", strings.Replace(mdHeader, "[code]", "[id]", 1) + fields,
			`schemas/_masterdata/dept.yaml:5:1: key field id is not a field of dept`},
		{"a key that is no text", "dept.yaml", mdHeader + "fields:\n  - {name: code, type: integer, label: {zh: 编码}}\n",
			`schemas/_masterdata/dept.yaml:5:1: key field code is of type integer: a key is a string, enum or date`},
		{"unknown type", "dept.yaml", mdHeader + fields + "  - {name: x, type: colour, label: {zh: 叉}}\n",
			`schemas/_masterdata/dept.yaml:9:5: field x has unknown type "colour" (string, text, number, integer, money, date, boolean, enum, list)`},
		{"unknown enumeration", "dept.yaml", mdHeader + fields + "  - {name: x, type: enum, enum: colours, label: {zh: 叉}}\n",
			`schemas/_masterdata/dept.yaml:9:5: field x uses unknown enumeration "colours"`},
		{"unknown ref target", "dept.yaml", mdHeader + fields + "  - {name: parent, ref: division, label: {zh: 上级}}\n",
			`schemas/_masterdata/dept.yaml:9:5: field parent refers to unknown master-data type "division"`},
		{"no type and no catalogue entry", "dept.yaml", mdHeader + fields + "  - {name: colour, label: {zh: 颜色}}\n",
			`schemas/_masterdata/dept.yaml:9:5: field colour has no type (and no field catalogue entry of that name)`},
		{"no label", "dept.yaml", mdHeader + fields + "  - {name: x, type: string}\n",
			`schemas/_masterdata/dept.yaml:9:5: field x has no label (and is in no field catalogue entry that has one)`},
		{"a list without rows", "dept.yaml", mdHeader + fields + "  - {name: rows, type: list, label: {zh: 行}}\n",
			`schemas/_masterdata/dept.yaml:9:5: field rows: a list needs rows (the fields of each row)`},
		{"mask on a name in every language", "dept.yaml", mdHeader + fields + "  - {name: x, type: text, label: {zh: 叉}, mask: account}\n",
			`schemas/_masterdata/dept.yaml:9:5: field x: mask is for string fields, not text`},
		{"mask on a number", "dept.yaml", mdHeader + fields + "  - {name: x, type: integer, label: {zh: 叉}, mask: account}\n",
			`schemas/_masterdata/dept.yaml:9:5: field x: mask is for string fields, not integer`},
		{"mask in a row on a date", "dept.yaml", mdHeader + fields + "  - name: rows\n    type: list\n    label: {zh: 行}\n    rows:\n      - {name: d, type: date, label: {zh: 日}, mask: account}\n",
			`schemas/_masterdata/dept.yaml:13:9: field d: mask is for string fields, not date`},
		{"unknown mask", "dept.yaml", mdHeader + fields + "  - {name: x, type: string, label: {zh: 叉}, mask: phone}\n",
			`schemas/_masterdata/dept.yaml:9:5: field x: unknown mask "phone" (account)`},
		{"company scope without company", "dept.yaml", mdHeader + "scope: company\n" + fields,
			`schemas/_masterdata/dept.yaml:6:1: a company-scoped type needs a field company with ref: company`},
		{"bad rule expression", "dept.yaml", mdHeader + fields + "rules:\n  - id: r\n    check: 'record.nmae.zh != \"\"'\n    message: {zh: 错}\n",
			`schemas/_masterdata/dept.yaml:11:20: rule r (dept) check: unknown field nmae`},
		{"rule over a row outside a table", "dept.yaml", mdHeader + fields + "rules:\n  - id: r\n    check: 'row.code != \"\"'\n    message: {zh: 错}\n",
			`schemas/_masterdata/dept.yaml:11:13: rule r (dept) check: unknown name row`},
		{"rule path not a field", "dept.yaml", mdHeader + fields + "rules:\n  - id: r\n    check: 'true'\n    path: nothing\n    message: {zh: 错}\n",
			`schemas/_masterdata/dept.yaml:10:1: rule r: path "nothing" is not a field of dept`},
		{"rule table not a list", "dept.yaml", mdHeader + fields + "rules:\n  - id: r\n    table: name\n    check: 'true'\n    message: {zh: 错}\n",
			`schemas/_masterdata/dept.yaml:10:1: rule r: name is not a list field of dept`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := load.Load(mdCatalogue(map[string]string{tt.file: tt.src}))
			var le *model.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("want a LoadError, got %v", err)
			}
			if len(le.Problems) != 1 {
				t.Fatalf("want 1 problem, got %d:\n%v", len(le.Problems), err)
			}
			p := le.Problems[0]
			p.Snippet = ""
			if got := p.String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// A ref of the field catalogue must name a master-data type.
func TestFieldCatalogueRefTarget(t *testing.T) {
	_, err := load.Load(mdCatalogue(nil))
	var le *model.LoadError
	if !errors.As(err, &le) || len(le.Problems) != 1 {
		t.Fatalf("want one problem, got %v", err)
	}
	if got, want := le.Problems[0].Message, `field department refers to unknown master-data type "dept" (schemas/_masterdata/dept.yaml)`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A valid type: defaults filled in, catalogue entries and ref titles as
// labels, key fields required, validity fields of a dated type added.
func TestMasterDataTypeCompiled(t *testing.T) {
	src := mdHeader + `dated: true
fields:
  - {name: code, type: string, label: {zh: 编码}, maxLength: 10}
  - {name: name, type: text, label: {zh: 名称}}
  - {name: parent, ref: dept}
  - {name: department}
  - {name: note}
`
	c, err := load.Load(mdCatalogue(map[string]string{"dept.yaml": src}))
	if err != nil {
		t.Fatal(err)
	}
	d := c.MasterDataType("dept")
	if d == nil || len(c.MasterDataTypes()) != 1 {
		t.Fatal("dept not loaded")
	}
	if d.Scope != model.ScopeGroup || d.Display != "name" || strings.Join(d.Search, ",") != "code,name" ||
		strings.Join(d.Read, ",") != "any" || strings.Join(d.Write, ",") != "admin" {
		t.Errorf("defaults: scope %s display %s search %v read %v write %v", d.Scope, d.Display, d.Search, d.Read, d.Write)
	}
	if f := d.Field("code"); !f.Required {
		t.Error("a key field is required")
	}
	if f := d.Field("parent"); f.Type != model.TypeString || f.Label["zh"] != "部门" {
		t.Errorf("parent takes the title of the type it refers to: %+v", f)
	}
	if f := d.Field("department"); f.Ref != "dept" || f.Label["zh"] != "部门" {
		t.Errorf("department comes from the field catalogue: %+v", f)
	}
	if f := d.Field("note"); f.Type != model.TypeString || !f.Multiline {
		t.Errorf("the catalogue's long text is a multi-line string: %+v", f)
	}
	if d.Field(model.ValidFromField) == nil || !d.Field(model.ValidFromField).Required || d.Field(model.ValidToField) == nil {
		t.Error("a dated type has validFrom (required) and validTo")
	}
}

// Master-data types are listed by area (in menu order), then code.
func TestMasterDataTypesOrder(t *testing.T) {
	typ := func(code, area string) string {
		return "code: " + code + "\nversion: 1\ntitle: {zh: 类}\narea: " + area + "\nkeys: [code]\nfields:\n  - {name: code, type: string, label: {zh: 编码}}\n"
	}
	fs := enginetest.Mini("")
	for code, area := range map[string]string{"zeta": "organisation", "alpha": "system", "beta": "organisation", "gamma": "finance"} {
		fs["schemas/_masterdata/"+code+".yaml"] = &fstest.MapFile{Data: []byte(typ(code, area))}
	}
	c, err := load.Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range c.MasterDataTypes() {
		got = append(got, d.Code)
	}
	if strings.Join(got, ",") != "beta,zeta,gamma,alpha" {
		t.Errorf("order %v", got)
	}
}
