package export_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/export"
	"formwork/engine/internal/enginetest"
	"formwork/engine/model"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// exports are the golden exports: every document type plus sub-types and
// action modes that change the form.
var exports = []struct{ docType, subType, action string }{
	{"EX01", "", "new"}, {"EX02", "", "new"}, {"EX03", "", "new"}, {"EX04", "", "new"}, {"EX05", "", "new"}, {"EX06", "", "new"},
	{"EX02", "A01.A0102", "new"}, {"EX02", "A05", "new"}, {"EX02", "A01", "read"},
}

func exportJSON(t *testing.T, docType, subType, action string) []byte {
	t.Helper()
	f, err := export.Form(enginetest.Catalogue(t).DocType(docType), subType, action, "zh")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestExportGolden(t *testing.T) {
	for _, e := range exports {
		name := e.docType
		if e.subType != "" {
			name += "_" + e.subType
		}
		name += "_" + e.action + ".json"
		t.Run(name, func(t *testing.T) {
			got := exportJSON(t, e.docType, e.subType, e.action)
			path := filepath.Join("testdata", name)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./engine/export -update to write it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("export of %s differs from %s (go test ./engine/export -update rewrites it after review)", name, path)
			}
		})
	}
}

// compileSchema compiles an exported schema with santhosh-tekuri/jsonschema,
// which validates it against the draft 2020-12 meta-schema first.
func compileSchema(t testing.TB, docType, subType string) *jsonschema.Schema {
	t.Helper()
	return compileDocType(t, enginetest.Catalogue(t).DocType(docType), subType)
}

func compileDocType(t testing.TB, d *model.DocType, subType string) *jsonschema.Schema {
	t.Helper()
	docType := d.Edition + "/" + d.Code
	f, err := export.Form(d, subType, "new", "zh")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(f.Schema)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	url := "https://formwork.schemas/" + docType + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s does not compile as draft 2020-12: %v", docType, err)
	}
	return s
}

func TestExportsAreValidJSONSchema(t *testing.T) {
	for _, d := range enginetest.Catalogue(t).DocTypes() {
		compileDocType(t, d, "")
	}
}

// The seed documents are valid structure for the exported schema and for
// the engine alike.
func TestSeedsMatchExportedSchema(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(enginetest.Root(t), "seeds", "documents", "*.json"))
	if len(files) == 0 {
		t.Fatal("no seed documents")
	}
	for _, file := range files {
		raw, _ := os.ReadFile(file)
		docType := strings.SplitN(filepath.Base(file), "-", 2)[0]
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if err := compileSchema(t, docType, "").Validate(inst); err != nil {
			t.Errorf("%s: JSON Schema says %v", file, err)
		}
		d, fs, err := decode.Decode(enginetest.Catalogue(t), raw)
		if err != nil || len(fs) > 0 {
			t.Errorf("%s: engine says %v %+v", file, err, fs)
		}
		if res := eval.Check(d, fs, eval.Options{}); !res.Valid {
			t.Errorf("%s: check fails: %+v", file, res.Errors)
		}
	}
}

func TestExportButtonsBySubType(t *testing.T) {
	tests := []struct {
		docType, subType, action string
		upload                   bool
	}{
		{"EX02", "A01", "new", false}, {"EX02", "A05", "new", true}, {"EX02", "A07", "edit", true},
		{"EX03", "A01", "new", false}, {"EX03", "A07", "new", true}, {"EX01", "A01", "new", true},
		{"EX02", "A05", "read", false},
	}
	for _, tt := range tests {
		f, err := export.Form(enginetest.Catalogue(t).DocType(tt.docType), tt.subType, tt.action, "zh")
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, b := range f.Buttons {
			got = got || b == "imageUpload"
		}
		if got != tt.upload {
			t.Errorf("%s %s %s: imageUpload shown %v, want %v (%v)", tt.docType, tt.subType, tt.action, got, tt.upload, f.Buttons)
		}
	}
	if _, err := export.Form(enginetest.Catalogue(t).DocType("EX02"), "Z1", "new", "zh"); model.ErrorCode(err) != model.ENOTFOUND {
		t.Errorf("unknown sub-type: %v", err)
	}
	if _, err := export.Form(enginetest.Catalogue(t).DocType("EX02"), "", "nope", "zh"); model.ErrorCode(err) != model.EINVALID {
		t.Errorf("unknown action: %v", err)
	}
}

// A document type exports itself (DocType.Export) through this package,
// installed when it is initialised.
func TestDocTypeExportIsForm(t *testing.T) {
	d := enginetest.Catalogue(t).DocType("EX02")
	a, err := d.Export("A01", "edit", "en")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := export.Form(d, "A01", "edit", "en")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Error("DocType.Export is not export.Form")
	}
}

// Every master-data type's export (JSON Schema + uiSchema of the record
// body, in zh) is a golden file beside the document exports.
func TestMasterDataExportGolden(t *testing.T) {
	types := enginetest.Catalogue(t).MasterDataTypes()
	if len(types) == 0 {
		t.Fatal("no master-data types")
	}
	for _, md := range types {
		t.Run(md.Code, func(t *testing.T) {
			schema, ui := export.MasterData(md, "zh")
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(map[string]any{"schema": schema, "uiSchema": ui}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "masterdata", md.Code+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./engine/export -update to write it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("export of %s differs from %s (go test ./engine/export -update rewrites it after review)", md.Code, path)
			}
		})
	}
}

// A master-data export compiles as draft 2020-12 and agrees with Check: a
// record Check accepts is valid, one with an unknown field or a blank
// required name is not.
func TestMasterDataExportValidates(t *testing.T) {
	c := enginetest.Catalogue(t)
	for _, md := range c.MasterDataTypes() {
		schema, _ := export.MasterData(md, "en")
		b, _ := json.Marshal(schema)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		comp := jsonschema.NewCompiler()
		comp.AssertFormat()
		url := "https://formwork.schemas/masterdata/" + md.Code + ".json"
		if err := comp.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		if _, err := comp.Compile(url); err != nil {
			t.Errorf("%s does not compile as draft 2020-12: %v", md.Code, err)
		}
	}
	dept := c.MasterDataType("department")
	schema, _ := export.MasterData(dept, "en")
	b, _ := json.Marshal(schema)
	doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	comp := jsonschema.NewCompiler()
	_ = comp.AddResource("https://formwork.schemas/d.json", doc)
	s, err := comp.Compile("https://formwork.schemas/d.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		rec   string
		valid bool
	}{
		{`{"code": "IT01", "name": {"zh": "信息技术部"}, "company": "1000"}`, true},
		{`{"code": "IT01", "name": {"zh": " "}, "company": "1000"}`, false},
		{`{"code": "IT01", "name": {"zh": "信息技术部"}, "company": "1000", "colour": "red"}`, false},
		{`{"code": "IT01", "company": "1000"}`, false},
	} {
		inst, _ := jsonschema.UnmarshalJSON(strings.NewReader(tt.rec))
		var rec map[string]any
		_ = json.Unmarshal([]byte(tt.rec), &rec)
		schemaOK := s.Validate(inst) == nil
		checkOK := len(dept.Check(rec)) == 0
		if schemaOK != tt.valid || checkOK != tt.valid {
			t.Errorf("%s: schema valid %v, Check valid %v, want %v", tt.rec, schemaOK, checkOK, tt.valid)
		}
	}
}

// A document field with a ref exports x-ref and the picker; an enumeration
// with a ref keeps its select; `ref: ""` in a group takes the ref away.
func TestExportRefs(t *testing.T) {
	f, err := export.Form(enginetest.Catalogue(t).DocType("EX02"), "", "new", "zh")
	if err != nil {
		t.Fatal(err)
	}
	props := func(section string) map[string]any {
		p := f.Schema["properties"].(map[string]any)[section].(map[string]any)
		if items, ok := p["items"].(map[string]any); ok {
			p = items
		}
		return p["properties"].(map[string]any)
	}
	ui := func(section, field string) map[string]any {
		u := f.UISchema[section].(map[string]any)
		if items, ok := u["items"].(map[string]any); ok {
			u = items
		}
		m, _ := u[field].(map[string]any)
		return m
	}
	if got := props("head")["department"].(map[string]any)["x-ref"]; got != "department" {
		t.Errorf("head.department x-ref %v", got)
	}
	if u := ui("head", "department"); u["ui:widget"] != "ref" || u["ui:options"].(map[string]any)["ref"] != "department" {
		t.Errorf("head.department uiSchema %v", u)
	}
	if got := props("lineList")["costType"].(map[string]any)["x-ref"]; got != "costType" {
		t.Errorf("lineList costType x-ref %v", got)
	}
	if u := ui("head", "currency"); u["ui:widget"] == "ref" || u["ui:options"].(map[string]any)["ref"] != "currency" {
		t.Errorf("head.currency (an enumeration) uiSchema %v", u)
	}
	if _, ok := props("paymentList")["vendor"].(map[string]any)["x-ref"]; ok {
		t.Error("paymentList vendor of EX02 is a payee code, not a vendor (ref: \"\")")
	}
}
