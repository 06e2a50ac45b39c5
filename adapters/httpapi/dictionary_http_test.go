package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// Dictionaries: every enumeration of the catalogue and the master data, by
// id; unknown ids answer an empty list.

const (
	dicList     = "/rest/dic/list"
	dicChildren = "/rest/dic/children"
)

// masterDictionaryIDs are the master-data dictionaries of docs/api.md.
var masterDictionaryIDs = []string{"sob", "company", "department", "costCenter", "profitCenter", "bizRang", "employee",
	"vendor", "customer", "bank", "project", "specAccCode1", "specAccCode2"}

// dictionaryData decodes data as options by dictionary id.
func dictionaryData(t *testing.T, res *apiResponse) map[string][]map[string]string {
	t.Helper()
	var data map[string][]map[string]string
	if err := json.Unmarshal(res.envelope.Data, &data); err != nil {
		t.Fatalf("data is not options by dictionary id: %v; %s", err, clip(res.body))
	}
	return data
}

// expectDictionary is an after-check: the keys of one dictionary, in order.
func expectDictionary(id, keys string) func(*testing.T, *testAPI, *apiResponse, map[string]string) {
	return func(t *testing.T, _ *testAPI, res *apiResponse, _ map[string]string) {
		t.Helper()
		list, found := dictionaryData(t, res)[id]
		if !found {
			t.Fatalf("no dictionary %s in %s", id, clip(res.body))
		}
		if got := optionKeys(list); got != keys {
			t.Errorf("dictionary %s:\n  %s\nwant:\n  %s", id, got, keys)
		}
	}
}

func TestDictionaries(t *testing.T) {
	var scenarios []apiScenario
	for _, url := range []string{dicList, dicChildren} {
		scenarios = append(scenarios, []apiScenario{
			{
				name: url + ": master data, an enumeration, an unknown id", method: "POST", url: url,
				body:           `["company", "yesNo", "noSuchDictionary"]`,
				expectedStatus: 200, expectedCode: "S000",
				expectedContent: []string{`"noSuchDictionary":[]`, `{"key":"Y","value":"是"}`,
					`{"key":"2000","value":"华东分公司","attr1":"2000","attr2":"CNY","attr3":"91330100MA2GK1NP5T","attr4":"travel","attr5":"杭州"}`},
				after: both(expectDictionary("company", "1000 1100 1200 2000 2100 3000"), expectDictionary("yesNo", "Y N")),
			},
			{
				name: url + ": the project dictionary starts with the no-project entry", method: "POST", url: url,
				body:           `["project"]`,
				expectedStatus: 200, expectedCode: "S000",
				expectedContent: []string{`"project":[{"key":"0","value":"无项目"},{"key":"PJ2025009","value":"2025年度品牌推广活动","attr1":"1000","attr2":"0"}`},
				after: expectDictionary("project", "0 PJ2025009 PJ2026001 PJ2026002 PJ2026003 PJ2026004 PJ2026005 PJ2026006 "+
					"PJ2026007 PJ2026008 PJ2026009 PJ2026010 PJ2026011 PJ2026012 PJ2026013 PJ2026014 PJ2026015 PJ2026016 PJ2026017 "+
					"PJ2026018 PJ2026019 PJ2026020 PJ2026021 PJ2026022 PJ2026023 PJ2026024 PJ2026025 PJ2026026 PJ2026027 PJ2026028 "+
					"PJ2026029 PJ2026030 PJ2026031 PJ2026032 PJ2026033 PJ2026034 PJ2026035 PJ2026036 PJ2026037 PJ2026038 PJ2026039 "+
					"PJ2026040 PJ2026041 PJ2026042 PJ2026043 PJ2026044 PJ2026045 PJ2026046 PJ2026047 PJ2026048"),
			},
			{
				name: url + ": in English", method: "POST", url: url + "?lang=en",
				body:           `["project", "yesNo"]`,
				expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"project":[{"key":"0","value":"No project"}`, `{"key":"N","value":"No"}`},
			},
			{
				name: url + ": an empty list answers nothing", method: "POST", url: url,
				body:           `[]`,
				expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":{}`},
			},
			{
				name: url + ": an object is 400", method: "POST", url: url,
				body:           `{"dicIds": ["company"]}`,
				expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`请求体应为字典编号的JSON列表`},
			},
			{
				name: url + ": no body is 400", method: "POST", url: url,
				expectedStatus: 400, expectedCode: "EINVALID",
			},
			{
				name: url + ": not JSON is 400", method: "POST", url: url,
				body:           `company,project`,
				expectedStatus: 400, expectedCode: "EINVALID",
			},
			{
				name: url + ": no token is 401", method: "POST", url: url, as: anonymous,
				body:           `["company"]`,
				expectedStatus: 401, expectedCode: "400",
			},
		}...)
	}
	scenarios = append(scenarios, []apiScenario{
		{
			name: "the catalogue's currency enumeration, in its order", method: "POST", url: dicList,
			body:           `["currency"]`,
			expectedStatus: 200, expectedCode: "S000", after: expectDictionary("currency", "CNY USD EUR HKD THB"),
		},
		{
			name: "named codes of users.yaml, by code", method: "POST", url: dicList,
			body:           `["empLevel", "docFamily"]`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectDictionary("empLevel", "M1 P3 P5"), expectDictionary("docFamily", "ap ar as gl ht")),
		},
		{
			name: "the employee dictionary names those who left too", method: "POST", url: dicList,
			body:           `["employee"]`,
			expectedStatus: 200, expectedCode: "S000",
			expectedContent: []string{`{"key":"E00017","value":"罗敏","attr1":"luomin","attr2":"1000","attr3":"SAL02","attr4":"1000","attr5":"13900000017","attr6":"luomin@formwork.example","attr7":"1000SAL02","attr8":"00017","attr9":"销售二部","attr10":"销售代表","attr11":"0"}`},
		},
		{
			name: "banks by CNAPS code; partners with their account", method: "POST", url: dicList,
			body:           `["bank", "vendor", "customer"]`,
			expectedStatus: 200, expectedCode: "S000",
			expectedContent: []string{
				`{"key":"102290000011","value":"中国工商银行上海市分行营业部","attr1":"102","attr2":"中国工商银行","attr3":"上海"}`,
				`{"key":"V100001","value":"上海顺达物流有限公司","attr1":"91310112MA1GB8U27W","attr2":"102290000011","attr3":"中国工商银行上海市分行营业部","attr4":"1001202109000012345","attr5":"上海顺达物流有限公司"}`,
				`{"key":"C200006","value":"曼谷鲜超市有限公司","attr1":"0105560123456","attr6":"3000"}`,
			},
		},
		{
			name: "organisation: sets of books, departments, cost and profit centres, business ranges", method: "POST", url: dicList,
			body:           `["sob", "department", "costCenter", "profitCenter", "bizRang"]`,
			expectedStatus: 200, expectedCode: "S000",
			expectedContent: []string{
				`{"key":"2000","value":"华东差旅账套","attr1":"CNY"}`,
				`{"key":"RD0101","value":"烘焙研发组","attr1":"1000","attr2":"RD01","attr3":"1000RD01"}`,
				`{"key":"1000SAL02","value":"总部销售二部","attr1":"1000","attr2":"SAL02","attr3":"PC1001"}`,
				`{"key":"PC3001","value":"泰国业务利润中心","attr1":"3000"}`,
				`{"key":"BA20","value":"华东市场","attr1":"2000"}`,
			},
		},
		{
			name: "special account codes, both levels", method: "POST", url: dicChildren,
			body:           `["specAccCode1", "specAccCode2"]`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectDictionary("specAccCode1", "ENV MKT RD SAFE TRN UNION"), func(t *testing.T, _ *testAPI, res *apiResponse, _ map[string]string) {
				if n := len(dictionaryData(t, res)["specAccCode2"]); n != 16 {
					t.Errorf("%d level-2 codes, want 16", n)
				}
			}),
		},
		{
			name: "every master-data dictionary has entries", method: "POST", url: dicList,
			body:           `["` + strings.Join(masterDictionaryIDs, `", "`) + `"]`,
			expectedStatus: 200, expectedCode: "S000",
			after: func(t *testing.T, _ *testAPI, res *apiResponse, _ map[string]string) {
				data := dictionaryData(t, res)
				for _, id := range masterDictionaryIDs {
					if len(data[id]) == 0 {
						t.Errorf("dictionary %s is empty", id)
					}
				}
			},
		},
		{
			name: "numbers are taken for ids; an id asked twice answers once", method: "POST", url: dicList,
			body:           `[42, "sob", "sob"]`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":{"42":[],"sob":[`},
		},
		{
			name: "more than 100 ids is 400", method: "POST", url: dicList,
			body:           `[` + strings.Repeat(`"sob",`, 100) + `"sob"]`,
			expectedStatus: 400, expectedCode: "EINVALID",
		},
		{
			name: "an id over 60 characters is 400", method: "POST", url: dicList,
			body:           `["` + strings.Repeat("x", 61) + `"]`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"[0]"},
		},
		{
			name: "a list inside the list is 400", method: "POST", url: dicList,
			body:           `[["company"]]`,
			expectedStatus: 400, expectedCode: "EINVALID",
		},
	}...)
	runScenarios(t, scenarios)
}

// Every enumeration of the catalogue is a dictionary, none of them hides a
// master-data dictionary of the same id, and each answers its values.
func TestEveryEnumerationIsADictionary(t *testing.T) {
	cat := repositoryCatalogue(t)
	var ids []string
	for name := range cat.Enums {
		ids = append(ids, name)
		for _, m := range masterDictionaryIDs {
			if name == m {
				t.Errorf("the catalogue's enumeration %s has the id of a master-data dictionary", name)
			}
		}
	}
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		body, _ := json.Marshal(ids)
		res := api.request(t, "POST", dicList, string(body), nil)
		data := dictionaryData(t, res)
		for _, id := range ids {
			if got, want := len(data[id]), len(cat.Enums[id].Values); got != want || want == 0 {
				t.Errorf("dictionary %s: %d options, want the enumeration's %d values", id, got, want)
			}
		}
	})
}
