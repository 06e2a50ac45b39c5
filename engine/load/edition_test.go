package load_test

import (
	"testing"
	"testing/fstest"

	"formwork/engine/decode"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
)

func TestEditions(t *testing.T) {
	fs := enginetest.Mini("")
	fs["schemas/_editions.yaml"] = &fstest.MapFile{Data: []byte("default: form\neditions:\n  form: {title: {zh: 表单}}\n  travel: {title: {zh: 差旅}, companies: [\"2000\"], sobs: [\"2100\"]}\n")}
	fs["schemas/_fields/f.yaml"].Data = append(fs["schemas/_fields/f.yaml"].Data, []byte("companyCode: {label: {zh: 公司}, type: string}\nsob: {label: {zh: 账套}, type: string}\n")...)
	fs["schemas/T1.yaml"].Data = []byte("docType: T1\nversion: 1\nfamily: ap\ntitle: {zh: 表单版}\nsections:\n  head:\n    fields: [docType, companyCode, sob, amount]\n")
	fs["schemas/travel/T1.yaml"] = &fstest.MapFile{Data: []byte("docType: T1\nversion: 3\nfamily: ar\ntitle: {zh: 差旅版}\nsections:\n  head:\n    fields: [docType, companyCode, sob, note]\n")}
	fs["schemas/T2.yaml"] = &fstest.MapFile{Data: []byte("docType: T2\nversion: 1\nfamily: gl\ntitle: {zh: 只在表单版}\nsections:\n  head:\n    fields: [docType, companyCode]\n")}
	c, err := load.Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ company, sob, edition string }{
		{"1000", "1000", "form"}, {"2000", "", "travel"}, {"1000", "2100", "travel"}, {"", "", "form"},
	} {
		if got := c.EditionFor(tt.company, tt.sob); got != tt.edition {
			t.Errorf("EditionFor(%s, %s) = %s, want %s", tt.company, tt.sob, got, tt.edition)
		}
	}
	if d := c.DocTypeIn("travel", "T1"); d.Family != "ar" || d.Edition != "travel" {
		t.Errorf("travel T1: %+v", d)
	}
	if d := c.DocTypeIn("travel", "T2"); d == nil || d.Edition != "form" {
		t.Errorf("a code the travel edition lacks comes from the default edition: %+v", d)
	}
	d, fsx, err := decode.Decode(c, []byte(`{"head": {"docType": "T1", "companyCode": "2000", "note": "x"}}`))
	if err != nil || len(fsx) > 0 || d.Type.Edition != "travel" {
		t.Errorf("a company of the travel edition gets its T1: %v %+v", err, fsx)
	}
	_, fsx, _ = decode.Decode(c, []byte(`{"head": {"docType": "T1", "companyCode": "1000", "note": "x"}}`))
	if len(fsx) != 1 || fsx[0].Rule != "unknownField" {
		t.Errorf("the form edition's T1 has no note: %+v", fsx)
	}
	if n := len(c.DocTypes()); n != 3 {
		t.Errorf("%d document types, want 3", n)
	}
	fs["schemas/other/T1.yaml"] = fs["schemas/travel/T1.yaml"]
	if _, err := load.Load(fs); err == nil {
		t.Error("an undeclared edition folder must be a load error")
	}
}
