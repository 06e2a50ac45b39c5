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
