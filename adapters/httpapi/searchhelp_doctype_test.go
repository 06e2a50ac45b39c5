package httpapi_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"formwork/tools/formwork/wire"

	"golang.org/x/crypto/bcrypt"
)

// The document-type tree (family -> module -> document type) and a document
// type's description, as the edition of the request's set of books or
// company has them.

const (
	docTypeTree = "/api/galaxyform/doc/type/searchhelp"
	docTypeLoad = "/api/galaxyform/doc/type/load"
)

func TestDocTypeTree(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "the root: the families, by code", method: "POST", url: docTypeTree,
			body:           `{"parentCode": ""}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("ap ar as gl ht"),
				expectOption(0, `{"key":"ap","value":"应付及费用","attr1":"family","attr2":"ap","attr4":"form","attr5":"Y"}`)),
		},
		{
			name: "an empty body is the root too, in English", method: "POST", url: docTypeTree + "?lang=en",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`{"key":"gl","value":"General ledger"`},
		},
		{
			name: "a family: its modules", method: "POST", url: docTypeTree,
			body:           `{"parentCode": "ap"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("ap.expense ap.general ap.payables ap.salary ap.travel"),
				expectOption(0, `{"key":"ap.expense","value":"费用报销","attr1":"module","attr2":"ap","attr3":"expense","attr4":"form","attr5":"Y"}`)),
		},
		{
			name: "a module: its document types, by code", method: "POST", url: docTypeTree,
			body:           `{"parentCode": "ap.expense"}`,
			expectedStatus: 200, expectedCode: "S000",
			expectedContent:    []string{`{"key":"EX01","value":"事前申请","attr1":"docType","attr2":"ap","attr3":"expense","attr4":"form","attr5":"N","attr6":"2"}`},
			notExpectedContent: []string{`"key":"AA"`, `"key":"A01"`},
		},
		{
			name: "set of books 2000: the travel portal's document types", method: "POST", url: docTypeTree,
			body:           `{"parentCode": "ap.expense", "sob": "2000"}`,
			expectedStatus: 200, expectedCode: "S000",
			expectedContent: []string{`{"key":"EX01","value":"还款","attr1":"docType","attr2":"ap","attr3":"expense","attr4":"travel"`, `"key":"A01"`},
		},
		{
			name: "company 2000 (finance01's X-company): the same edition", method: "POST", url: docTypeTree,
			as: "finance01", headers: map[string]string{"X-company": "2000"},
			body:           `{"parentCode": "ap.expense"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"value":"还款"`},
		},
		{
			name: "a document type is a leaf", method: "POST", url: docTypeTree,
			body:           `{"parentCode": "EX02"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "an unknown node is 400", method: "POST", url: docTypeTree,
			body:           `{"parentCode": "ap.nosuch"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"parentCode: ap.nosuch不存在"`},
		},
		{
			name: "an unknown company is 400", method: "POST", url: docTypeTree,
			body:           `{"parentCode": "ap", "companyCode": "9000"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"companyCode: 9000"},
		},
		{
			name: "a malformed body is 400", method: "POST", url: docTypeTree,
			body:           `{"parentCode": "ap"} {}`,
			expectedStatus: 400, expectedCode: "EINVALID",
		},
		{
			name: "no token is 401", method: "POST", url: docTypeTree, as: anonymous,
			body:           `{}`,
			expectedStatus: 401, expectedCode: "400",
		},
	})
}

func TestDocTypeLoad(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "a document type's description, with its sub-types", method: "GET", url: docTypeLoad + "?docType=EX02",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{
				`"docType":"EX02","edition":"form","version":2,"family":"ap","familyTxt":"应付及费用","module":"expense","moduleTxt":"费用报销","title":"员工报销"`,
				`"leadPage":"`, `"description":"`, `"sob":"1000"`,
				`{"key":"A01","value":"差旅费","children":[{"key":"A0101"`,
			},
		},
		{
			name: "docTypeCode is taken for docType, English on request", method: "GET", url: docTypeLoad + "?docTypeCode=EX02&lang=en",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"title":"Employee claim"`, `"familyTxt":"Payables and expenses"`},
		},
		{
			name: "in set of books 2000, EX01 is the travel portal's repayment", method: "GET", url: docTypeLoad + "?docType=EX01&sob=2000",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"edition":"travel"`, `"title":"还款"`, `"sob":"2000"`,
				`"subTypes":[{"key":"EX0101","value":"现金还款"},{"key":"EX0102","value":"转账还款"}]`},
		},
		{
			name: "sub-types of set of books 1000, with their limits", method: "GET", url: docTypeLoad + "?docType=AA&sob=1000",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`{"key":"P03","value":"境外预付款","sobs":["1000"]}`},
		},
		{
			name: "and without those of other sets of books", method: "GET", url: docTypeLoad + "?docType=AA&companyCode=2100",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"sob":"2000"`}, notExpectedContent: []string{`"key":"P03"`},
		},
		{
			name: "no docType is 400", method: "GET", url: docTypeLoad,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"docType: 不能为空"`},
		},
		{
			name: "an unknown docType is 404", method: "GET", url: docTypeLoad + "?docType=XX9&lang=en",
			expectedStatus: 404, expectedCode: "ENOTFOUND", expectedContent: []string{`"message":"docType: there is no document type XX9"`},
		},
		{
			name: "an unknown set of books is 400", method: "GET", url: docTypeLoad + "?docType=EX02&sob=12",
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"sob: 12"},
		},
		{
			name: "no token is 401", method: "GET", url: docTypeLoad + "?docType=EX02", as: anonymous,
			expectedStatus: 401, expectedCode: "400",
		},
	})
}

// Every family and module of the catalogue has a title in the master data
// (dictionaries docFamily and docModule).
func TestDocTypeTreeTitles(t *testing.T) {
	db := openSQLite(t)
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: db, PasswordCost: bcrypt.MinCost})
	if _, err := srv.SeedMasterData(context.Background(), os.DirFS(filepath.Join("..", "..", "seeds"))); err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	var keys []string
	db.Table("master_records").Where("type_code = ?", "dictionary").Pluck("record_key", &keys)
	for _, k := range keys {
		named[k] = true
	}
	for _, d := range repositoryCatalogue(t).DocTypes() {
		if !named["docFamily/"+d.Family] {
			t.Errorf("%s/%s: family %s has no title in seeds/masterdata (docFamily)", d.Edition, d.Code, d.Family)
		}
		if !named["docModule/"+d.Module] {
			t.Errorf("%s/%s: module %s has no title in seeds/masterdata (docModule)", d.Edition, d.Code, d.Module)
		}
	}
}
