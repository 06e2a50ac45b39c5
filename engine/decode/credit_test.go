package decode_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/engine/decode"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
)

// creditFixture is the mini catalogue with T1 sub-types: R1 (refunds)
// declares credit lines in lineList, R2 does not. No sub-type of the
// shipped catalogue has credit lines: the spec has no negative lines.
func creditFixture() map[string]string {
	return map[string]string{"schemas/T1.yaml": `docType: T1
version: 1
family: ap
title: {zh: 测试, en: Test}
sections:
  head:
    fields: [docType, businessType1, amount]
  lineList:
    table: true
    fields: [price, note]
subTypes:
  # refunds: a line may give money back (a negative price)
  R1: {title: {zh: 退款, en: Refund}, creditLines: [lineList]}
  R2: {title: {zh: 普通, en: Plain}}
`, "schemas/_fields/g.yaml": "businessType1: {label: {zh: 业务类型}, type: string}\n"}
}

// creditCatalogue is the mini catalogue with files added or replaced.
func creditCatalogue(files map[string]string) fstest.MapFS {
	fsys := enginetest.Mini("")
	for k, v := range files {
		fsys[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return fsys
}

// TestCreditLines: a negative line amount is refused by its minimum unless
// the document's sub-type declares credit lines in that table (wherever
// the head comes in the JSON); a zero amount stays refused.
func TestCreditLines(t *testing.T) {
	c, err := load.Load(creditCatalogue(creditFixture()))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ doc, want string }{
		{`{"head": {"docType": "T1", "businessType1": "R1"}, "lineList": [{"price": -5.50}, {"price": 3}]}`, "-5.5 3 []"},
		{`{"lineList": [{"price": -5.50}], "head": {"docType": "T1", "businessType1": "R1"}}`, "-5.5 []"},
		{`{"head": {"docType": "T1", "businessType1": "R1"}, "lineList": [{"price": 0}]}`, "<nil> [lineList[0].price:minimum]"},
		{`{"head": {"docType": "T1", "businessType1": "R2"}, "lineList": [{"price": -5.50}]}`, "<nil> [lineList[0].price:minimum]"},
		{`{"head": {"docType": "T1"}, "lineList": [{"price": -1}]}`, "<nil> [lineList[0].price:minimum]"},
	}
	for _, tt := range tests {
		doc, findings, err := decode.Decode(c, []byte(tt.doc))
		if err != nil {
			t.Fatalf("%s: %v", tt.doc, err)
		}
		var got []string
		for _, row := range doc.Tables["lineList"] {
			got = append(got, fmt.Sprint(row["price"]))
		}
		var fs []string
		for _, f := range findings {
			fs = append(fs, f.Path+":"+f.Rule)
		}
		if s := strings.Join(got, " ") + " [" + strings.Join(fs, " ") + "]"; s != tt.want {
			t.Errorf("%s: %s, want %s", tt.doc, s, tt.want)
		}
	}
}

// A credit line that names no table of the type is a load error.
func TestCreditLinesLint(t *testing.T) {
	files := creditFixture()
	files["schemas/T1.yaml"] = strings.Replace(files["schemas/T1.yaml"], "creditLines: [lineList]", "creditLines: [nowhere]", 1)
	_, err := load.Load(creditCatalogue(files))
	if err == nil || !strings.Contains(err.Error(), `creditLines "nowhere" is not a table of T1`) {
		t.Fatalf("want a load error, got %v", err)
	}
}
