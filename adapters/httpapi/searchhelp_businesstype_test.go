package httpapi_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"formwork/engine"
	"formwork/tools/formwork/wire"
)

// The business-type search helps answer the sub-types of a document type
// from the catalogue, as the set of books sees them: the edition it works in
// (2000: the travel portal, where EX01 is a repayment) and the sub-types it
// is offered (AA's P03 only in 1000).

const (
	sobTypes1 = "/api/galaxyform/searchhelp/querySobBusinessTypeCode1"
	sobTypes2 = "/api/galaxyform/searchhelp/querySobBusinessTypeCode2"
	sobTypes3 = "/api/galaxyform/searchhelp/querySobBusinessTypeCode3"
	bizType   = "/api/galaxycommon/searchhelp/queryBusinessType"
	bizTypes  = "/api/galaxycommon/searchhelp/queryBusinessTypes"
)

func TestSobBusinessTypes(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "level 1 of EX01 in set of books 1000: the form-entry edition's pre-application", method: "POST", url: sobTypes1,
			body:           `{"docTypeCode": "EX01", "sob": "1000"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("A01 A02 A03 A04 A05 A07"),
				expectOption(0, `{"key":"A01","value":"差旅费","attr1":"EX01","attr2":"EX01","attr3":"1","attr4":"A01","attr5":"Y","attr7":"form"}`)),
		},
		{
			name: "level 1 of EX01 in set of books 2000: the travel portal's repayment", method: "POST", url: sobTypes1,
			body:           `{"docTypeCode": "EX01", "sob": "2000"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("EX0101 EX0102"),
				expectOption(0, `{"key":"EX0101","value":"现金还款","attr1":"EX01","attr2":"EX01","attr3":"1","attr4":"EX0101","attr5":"N","attr7":"travel"}`)),
		},
		{
			name: "a sub-type limited to set of books 1000 is offered there", method: "POST", url: sobTypes1,
			body:           `{"docTypeCode": "AA", "sob": "1000"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"key":"P03","value":"境外预付款"`, `"attr6":"1000"`},
		},
		{
			name: "and not in set of books 2000", method: "POST", url: sobTypes1,
			body:           `{"docTypeCode": "AA", "sob": "2000"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("P01 P02 P12"),
		},
		{
			name: "without a set of books, the X-company context's (employee01: 1000)", method: "POST", url: sobTypes1,
			body:           `{"docTypeCode": "AA"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("P01 P02 P03 P12"),
		},
		{
			name: "finance01 in company 2000 works in its set of books and edition", method: "POST", url: sobTypes1,
			as: "finance01", headers: map[string]string{"X-company": "2000"},
			body:           `{"docTypeCode": "EX01"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("EX0101 EX0102"),
		},
		{
			name: "a number is taken for a code, English on request", method: "POST", url: sobTypes1 + "?lang=en",
			body:           `{"docTypeCode": "EX01", "sob": 1000}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"key":"A01","value":"Travel"`},
		},
		{
			name: "level 2 under A01", method: "POST", url: sobTypes2,
			body:           `{"businessTypeCode1": "A01", "docTypeCode": "EX01", "sob": "1000"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("A0101 A0102"),
				expectOption(1, `{"key":"A0102","value":"国外差旅","attr1":"A01","attr2":"EX01","attr3":"2","attr4":"A01.A0102","attr5":"N","attr7":"form"}`)),
		},
		{
			name: "level 2 under a sub-type without children", method: "POST", url: sobTypes2,
			body:           `{"businessTypeCode1": "A02", "docTypeCode": "EX01", "sob": "1000"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "level 3: the repository's catalogue has two levels, so none", method: "POST", url: sobTypes3,
			body:           `{"sob": "1000", "docTypeCode": "AB", "businessTypeCode1": "P01", "businessTypeCode2": "P0101"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "no docTypeCode is 400", method: "POST", url: sobTypes1,
			body:           `{"sob": "1000"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"docTypeCode: 不能为空"`},
		},
		{
			name: "an unknown document type is 400", method: "POST", url: sobTypes1,
			body:           `{"docTypeCode": "XX9", "sob": "1000"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"docTypeCode: XX9不存在"`},
		},
		{
			name: "A01 is no document type of the form-entry edition", method: "POST", url: sobTypes1,
			body:           `{"docTypeCode": "A01", "sob": "1000"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"docTypeCode"},
		},
		{
			name: "an unknown set of books is 400", method: "POST", url: sobTypes1 + "?lang=en",
			body:           `{"docTypeCode": "EX01", "sob": "9999"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"sob: there is no 9999"`},
		},
		{
			name: "level 2 without businessTypeCode1 is 400", method: "POST", url: sobTypes2,
			body:           `{"docTypeCode": "EX01", "sob": "1000"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"businessTypeCode1"},
		},
		{
			name: "an unknown businessTypeCode1 is 400", method: "POST", url: sobTypes2,
			body:           `{"docTypeCode": "EX01", "sob": "1000", "businessTypeCode1": "EX0101"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"businessTypeCode1: EX0101不存在"`},
		},
		{
			name: "an unknown businessTypeCode2 is 400", method: "POST", url: sobTypes3,
			body:           `{"docTypeCode": "AB", "sob": "1000", "businessTypeCode1": "P01", "businessTypeCode2": "P0201"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"businessTypeCode2: P0201"},
		},
		{
			name: "a malformed body is 400", method: "POST", url: sobTypes1,
			body:           `{"docTypeCode": "EX01",`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`请求体应为一个JSON对象`},
		},
		{
			name: "a list for a body is 400", method: "POST", url: sobTypes1,
			body:           `["EX01"]`,
			expectedStatus: 400, expectedCode: "EINVALID",
		},
		{
			name: "a list for a code is 400 naming the field", method: "POST", url: sobTypes1 + "?lang=en",
			body:           `{"docTypeCode": ["EX01"], "sob": "1000"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"docTypeCode: must be a text or a number"`},
		},
		{
			name: "no token is 401", method: "POST", url: sobTypes1, as: anonymous,
			body:           `{"docTypeCode": "EX01", "sob": "1000"}`,
			expectedStatus: 401, expectedCode: "400",
		},
	})
}

func TestQueryBusinessType(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "under a document type: its level 1; the first item's attr2 is the document type", method: "POST", url: bizType,
			body:           `{"parentId": "EX01", "showChild": "N", "businessesType": ""}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("A01 A02 A03 A04 A05 A07"), func(t *testing.T, _ *testAPI, res *apiResponse, _ map[string]string) {
				if got := res.options(t)[0]["attr2"]; got != "EX01" {
					t.Errorf("attr2 of the first item %q, want EX01", got)
				}
			}),
		},
		{
			name: "showChild: the whole tree, depth first", method: "POST", url: bizType,
			body:           `{"parentId": "EX01", "showChild": true}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("A01 A0101 A0102 A02 A03 A04 A05 A07"),
		},
		{
			name: "under a business type of the document type businessesType", method: "POST", url: bizType,
			body:           `{"parentId": "A01", "businessesType": "EX01"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("A0101 A0102"),
		},
		{
			name: "businessesType alone: its level 1", method: "POST", url: bizType,
			body:           `{"businessesType": "AB"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"key":"P01","value":"原材料采购"`},
		},
		{
			name: "a path of codes", method: "POST", url: bizType,
			body:           `{"parentId": "P01.P0101", "businessesType": "AB"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "a business type several document types have: each answers, by document type", method: "POST", url: bizType,
			body:           `{"parentId": "A01"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: expectOption(0, `{"key":"A0101","value":"国内差旅","attr1":"A01","attr2":"EX01","attr3":"2","attr4":"A01.A0101","attr5":"N","attr7":"form"}`),
		},
		{
			name: "a code that is a document type (P02) and a business type (of AA): the document type", method: "POST", url: bizType,
			body:           `{"parentId": "P02"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"attr1":"P02","attr2":"P02","attr3":"1"`},
			notExpectedContent: []string{`"attr2":"AA"`},
		},
		{
			name: "the business type P02 of AA, with businessesType", method: "POST", url: bizType,
			body:           `{"parentId": "P02", "businessesType": "AA"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("P0201 P0202"),
		},
		{
			name: "the travel portal's edition for set of books 2000", method: "POST", url: bizType,
			body:           `{"parentId": "EX01", "sob": "2000"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("EX0101 EX0102"),
		},
		{
			name: "queryBusinessTypes: a list of parents, in order", method: "POST", url: bizTypes,
			body:           `{"parentId": ["K02", "EX02"]}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("K01 K03 K04 A01 A02 A03 A04 A05 A06 A07"),
		},
		{
			name: "queryBusinessTypes: codes separated by commas", method: "POST", url: bizTypes,
			body:           `{"parentId": "K02, EX02"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("K01 K03 K04 A01 A02 A03 A04 A05 A06 A07"),
		},
		{
			name: "queryBusinessType takes one parentId", method: "POST", url: bizType,
			body:           `{"parentId": ["K02", "EX02"]}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"parentId"},
		},
		{
			name: "neither parentId nor businessesType is 400", method: "POST", url: bizType,
			body:           `{"showChild": "Y"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"parentId: 不能为空"`},
		},
		{
			name: "an unknown parentId is 400", method: "POST", url: bizType,
			body:           `{"parentId": "ZZ99"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"parentId: ZZ99"},
		},
		{
			name: "an unknown businessesType is 400", method: "POST", url: bizTypes,
			body:           `{"parentId": "A01", "businessesType": "ZZ"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"businessesType: ZZ"},
		},
		{
			name: "a malformed body is 400", method: "POST", url: bizTypes,
			body:           `parentId=EX01`,
			expectedStatus: 400, expectedCode: "EINVALID",
		},
		{
			name: "no token is 401", method: "POST", url: bizTypes, as: anonymous,
			body:           `{"parentId": "EX01"}`,
			expectedStatus: 401, expectedCode: "400",
		},
	})
}

// threeLevelCatalogue is the repository's catalogue with K02's sub-types
// three levels deep, some limited to sets of books.
func threeLevelCatalogue(t *testing.T) *engine.Catalogue {
	t.Helper()
	dir := t.TempDir()
	for _, sub := range []string{"schemas", "rules"} {
		if out, err := exec.Command("cp", "-r", filepath.Join("..", "..", sub), dir).CombinedOutput(); err != nil {
			t.Fatal(string(out))
		}
	}
	k02 := filepath.Join(dir, "schemas", "K02.yaml")
	b, err := os.ReadFile(k02)
	if err != nil {
		t.Fatal(err)
	}
	head, _, found := strings.Cut(string(b), "subTypes:")
	if !found {
		t.Fatal("K02.yaml has no subTypes: the test's edit no longer fits the file")
	}
	tree := `subTypes:
  K01:
    title: {zh: 新增授信, en: New credit}
    children:
      K0101:
        title: {zh: 集团客户, en: Group customers}
        children:
          K010101: {title: {zh: 战略客户, en: Strategic customers}}
          K010102: {title: {zh: 海外客户, en: Overseas customers}, sobs: ["3000"]}
      K0102: {title: {zh: 零售客户, en: Retail customers}, sobs: ["1000"]}
  K03:
    title: {zh: 额度调整, en: Limit change}
    sobs: ["1000"]
    children:
      K0301: {title: {zh: 调增, en: Increase}}
  K04: {title: {zh: 临时授信, en: Temporary credit}}
`
	if err := os.WriteFile(k02, []byte(head+tree), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := engine.Load(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestBusinessTypesThreeLevelsDeep(t *testing.T) {
	cat := threeLevelCatalogue(t)
	runScenariosWith(t, func(cfg *wire.Config) { cfg.Catalogue = cat }, []apiScenario{
		{name: "level 1 in 1000", method: "POST", url: sobTypes1, body: `{"docTypeCode": "K02", "sob": "1000"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("K01 K03 K04")},
		{name: "level 1 in 3000", method: "POST", url: sobTypes1, body: `{"docTypeCode": "K02", "sob": "3000"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("K01 K04")},
		{name: "level 2 in 1000", method: "POST", url: sobTypes2, body: `{"docTypeCode": "K02", "sob": "1000", "businessTypeCode1": "K01"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("K0101 K0102")},
		{name: "level 2 in 3000", method: "POST", url: sobTypes2, body: `{"docTypeCode": "K02", "sob": "3000", "businessTypeCode1": "K01"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("K0101")},
		{name: "level 2 under a level 1 the set of books is not offered: none", method: "POST", url: sobTypes2,
			body:           `{"docTypeCode": "K02", "sob": "3000", "businessTypeCode1": "K03"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`}},
		{name: "level 3 in 3000", method: "POST", url: sobTypes3,
			body:           `{"sob": "3000", "docTypeCode": "K02", "businessTypeCode1": "K01", "businessTypeCode2": "K0101"}`,
			expectedStatus: 200, expectedCode: "S000", after: both(expectKeys("K010101 K010102"),
				expectOption(1, `{"key":"K010102","value":"海外客户","attr1":"K0101","attr2":"K02","attr3":"3","attr4":"K01.K0101.K010102","attr5":"N","attr6":"3000","attr7":"form"}`))},
		{name: "level 3 in 1000", method: "POST", url: sobTypes3,
			body:           `{"sob": "1000", "docTypeCode": "K02", "businessTypeCode1": "K01", "businessTypeCode2": "K0101"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("K010101")},
		{name: "the whole tree of set of books 3000", method: "POST", url: bizType, body: `{"parentId": "K02", "showChild": "Y", "sob": "3000"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("K01 K0101 K010101 K010102 K04")},
		{name: "the description's tree of set of books 1000", method: "GET", url: "/api/galaxyform/doc/type/load?docType=K02&sob=1000",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{
				`"subTypes":[{"key":"K01","value":"新增授信","children":[{"key":"K0101","value":"集团客户","children":[{"key":"K010101","value":"战略客户"}]},{"key":"K0102","value":"零售客户","sobs":["1000"]}]},{"key":"K03","value":"额度调整","sobs":["1000"],"children":[{"key":"K0301","value":"调增"}]},{"key":"K04","value":"临时授信"}]`}},
	})
}
