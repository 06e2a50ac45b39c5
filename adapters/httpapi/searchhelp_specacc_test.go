package httpapi_test

import "testing"

// Special account codes: level 1 of a company (named by itself, a cost
// centre or a business range) plus those of every company; level 2 under a
// level-1 code.

const (
	specAcc1 = "/api/galaxycommon/searchhelp/querySpecAccCode1"
	specAcc2 = "/api/galaxycommon/searchhelp/querySpecAccCode2"
)

func TestQuerySpecAccCode(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "level 1 of company 1000: the group's, by code", method: "POST", url: specAcc1,
			body:           `{"companyCode": "1000"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("RD SAFE TRN UNION"), expectOption(0, `{"key":"RD","value":"研发专项","attr2":"1"}`)),
		},
		{
			name: "level 1 of company 1100: and its own", method: "POST", url: specAcc1,
			body:           `{"companyCode": "1100"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("ENV RD SAFE TRN UNION"), expectOption(0, `{"key":"ENV","value":"环保专项","attr1":"1100","attr2":"1"}`)),
		},
		{
			name: "by cost centre: its company's", method: "POST", url: specAcc1,
			body:           `{"costCenter": "2000SAL01"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("MKT RD SAFE TRN UNION"),
		},
		{
			name: "by business range: its company's", method: "POST", url: specAcc1,
			body:           `{"bizRang": "BA11"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("ENV RD SAFE TRN UNION"),
		},
		{
			name: "without any: the X-company context's", method: "POST", url: specAcc1,
			body:           `{}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("RD SAFE TRN UNION"),
		},
		{
			name: "search text matches the name", method: "POST", url: specAcc1,
			body:           `{"companyCode": "1000", "searchTxt": "安全"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("SAFE"),
		},
		{
			name: "search text matches the code, ignoring case", method: "POST", url: specAcc1 + "?lang=en",
			body:           `{"companyCode": "1000", "searchTxt": "trn"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectOption(0, `{"key":"TRN","value":"Staff education","attr2":"1"}`),
		},
		{
			name: "an unknown cost centre is 400", method: "POST", url: specAcc1,
			body:           `{"costCenter": "NOPE"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"costCenter: NOPE不存在"`},
		},
		{
			name: "an unknown business range is 400", method: "POST", url: specAcc1,
			body:           `{"bizRang": "BA99"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"bizRang: BA99"},
		},
		{
			name: "an unknown company is 400", method: "POST", url: specAcc1,
			body:           `{"companyCode": "1"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"companyCode: 1"},
		},
		{
			name: "level 2 under RD", method: "POST", url: specAcc2,
			body:           `{"specAccCode1": "RD"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("RD01 RD02 RD03 RD04"), expectOption(1, `{"key":"RD02","value":"人工费","attr2":"2","attr3":"RD"}`)),
		},
		{
			name: "level 2 of a company's code carries the company", method: "POST", url: specAcc2,
			body:           `{"specAccCode1": "ENV", "searchTxt": "废气"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectOption(0, `{"key":"ENV02","value":"废气治理","attr1":"1100","attr2":"2","attr3":"ENV"}`),
		},
		{
			name: "no specAccCode1 is 400", method: "POST", url: specAcc2,
			body:           `{"searchTxt": "x"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"specAccCode1: 不能为空"`},
		},
		{
			name: "a level-2 code as specAccCode1 is 400", method: "POST", url: specAcc2,
			body:           `{"specAccCode1": "RD01"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"specAccCode1: RD01"},
		},
		{
			name: "a malformed body is 400", method: "POST", url: specAcc2,
			body:           `{"specAccCode1": {"code": "RD"}}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"specAccCode1"},
		},
		{
			name: "no token is 401", method: "POST", url: specAcc1, as: anonymous,
			body:           `{"companyCode": "1000"}`,
			expectedStatus: 401, expectedCode: "400",
		},
	})
}
