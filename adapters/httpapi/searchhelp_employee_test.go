package httpapi_test

import (
	"fmt"
	"testing"
)

// The people search helps: employees still with the group, by employee id,
// at most 50, narrowed by search text, company and department.

const (
	employeeInfo = "/api/galaxyform/searchhelp/queryEmployeeInfo"
	companion    = "/api/galaxycommon/searchhelp/queryCompanion"
)

func TestQueryEmployeeInfo(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "everyone with the group, by employee id (E00017 has left)", method: "POST", url: employeeInfo,
			body:           `{}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("E00001 E00002 E00003 E00004 E00005 E00006 E00007 E00008 E00009 E00010 E00011 E00012 E00013 E00014 E00015 E00016 E00018 E00019 E00020"),
				expectOption(0, `{"key":"E00001","value":"张三","attr1":"employee01","attr2":"1000","attr3":"SAL02","attr4":"1000","attr5":"13800000001","attr6":"employee01@formwork.example","attr7":"1000SAL02","attr8":"00001","attr9":"销售二部","attr10":"销售代表","attr11":"1"}`)),
		},
		{
			name: "search text matches the name, ignoring case", method: "POST", url: employeeInfo + "?lang=en",
			body:           `{"searchTxt": "ZHANG"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("E00001"), expectOption(0, `{"key":"E00001","value":"Zhang San","attr1":"employee01","attr2":"1000","attr3":"SAL02","attr4":"1000","attr5":"13800000001","attr6":"employee01@formwork.example","attr7":"1000SAL02","attr8":"00001","attr9":"Sales department 2","attr10":"销售代表","attr11":"1"}`)),
		},
		{
			name: "search text in Chinese", method: "POST", url: employeeInfo,
			body:           `{"searchTxt": "王"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00003"),
		},
		{
			name: "search text matches the employee id", method: "POST", url: employeeInfo,
			body:           `{"searchTxt": "e0001"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00010 E00011 E00012 E00013 E00014 E00015 E00016 E00018 E00019"),
		},
		{
			name: "search text matches the uniquename", method: "POST", url: employeeInfo,
			body:           `{"searchTxt": "finance"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00003"),
		},
		{
			name: "% and _ match themselves", method: "POST", url: employeeInfo,
			body:           `{"searchTxt": "_"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "a company's people; the set of books is the company's", method: "POST", url: employeeInfo,
			body:           `{"companyCode": "2000"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00013 E00014 E00015"),
			expectedContent: []string{`"attr2":"2000","attr3":"HD-SAL01","attr4":"2000"`},
		},
		{
			name: "a department's people", method: "POST", url: employeeInfo,
			body:           `{"companyCode": "1000", "department": "SAL02"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00001 E00002 E00004"),
		},
		{
			name: "by uniquename, ignoring case", method: "POST", url: employeeInfo,
			body:           `{"uniquename": "Manager01"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00002"),
		},
		{
			name: "an unknown company is 400", method: "POST", url: employeeInfo,
			body:           `{"companyCode": "9999"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{`"message":"companyCode: 9999不存在"`},
		},
		{
			name: "an unknown department is 400", method: "POST", url: employeeInfo,
			body:           `{"department": "SAL99"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"department: SAL99"},
		},
		{
			name: "search text over 100 characters is 400", method: "POST", url: employeeInfo,
			body:           `{"searchTxt": "` + fmt.Sprintf("%0101d", 0) + `"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"searchTxt"},
		},
		{
			name: "a malformed body is 400", method: "POST", url: employeeInfo,
			body:           `{"searchTxt": }`,
			expectedStatus: 400, expectedCode: "EINVALID",
		},
		{
			name: "at most 50, the first by employee id", method: "POST", url: employeeInfo,
			body: `{"companyCode": "1200"}`,
			before: func(t *testing.T, api *testAPI) map[string]string {
				for i := range 60 {
					if err := api.db.Exec("INSERT INTO master_employees (emp_id, emp_no, name_zh, company, status) VALUES (?, ?, ?, ?, ?)",
						fmt.Sprintf("E9%04d", i), fmt.Sprintf("9%04d", i), fmt.Sprintf("临时工%d", i), "1200", "1").Error; err != nil {
						t.Fatal(err)
					}
				}
				return nil
			},
			expectedStatus: 200, expectedCode: "S000",
			after: func(t *testing.T, _ *testAPI, res *apiResponse, _ map[string]string) {
				list := res.options(t)
				if len(list) != 50 || list[0]["key"] != "E00012" || list[1]["key"] != "E90000" || list[49]["key"] != "E90048" {
					t.Errorf("%d options from %s to %s, want 50 from E00012 to E90048", len(list), list[0]["key"], list[len(list)-1]["key"])
				}
			},
		},
		{
			name: "no token is 401", method: "POST", url: employeeInfo, as: anonymous,
			body:           `{}`,
			expectedStatus: 401, expectedCode: "400",
		},
	})
}

func TestQueryCompanion(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "without a company: the X-company context's people (employee01: 1000)", method: "POST", url: companion,
			body:           `{"searchTxt": ""}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00001 E00002 E00003 E00004 E00005 E00006 E00007 E00008 E00009 E00019 E00020"),
		},
		{
			name: "a company's people matching the search text", method: "POST", url: companion,
			body:           `{"searchTxt": "he", "companyCode": "2000"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00014"),
		},
		{
			name: "a department's people", method: "POST", url: companion,
			body:           `{"companyCode": "1000", "department": "FIN01"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00003 E00008"),
		},
		{
			name: "a department of another company: none", method: "POST", url: companion,
			body:           `{"companyCode": "1000", "department": "HD-SAL01"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "shareDepPerson: the signed-in user's department", method: "POST", url: companion,
			body:           `{"searchTxt": "", "shareDepPerson": "Y"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00001 E00002 E00004"),
		},
		{
			name: "shareDepPerson of finance01", method: "POST", url: companion, as: "finance01",
			body:           `{"shareDepPerson": true}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00003 E00008"),
		},
		{
			name: "selectShare: every company of the group", method: "POST", url: companion,
			body:           `{"searchTxt": "林", "companyCode": "1000", "selectShare": "Y"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00013"),
		},
		{
			name: "without selectShare, only the company's", method: "POST", url: companion,
			body:           `{"searchTxt": "林", "companyCode": "1000"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "finance01 in company 2000", method: "POST", url: companion, as: "finance01", headers: map[string]string{"X-company": "2000"},
			body:           `{}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00013 E00014 E00015"),
		},
		{
			name: "an unknown company is 400", method: "POST", url: companion,
			body:           `{"companyCode": "X"}`,
			expectedStatus: 400, expectedCode: "EINVALID", expectedContent: []string{"companyCode: X"},
		},
		{
			name: "a malformed body is 400", method: "POST", url: companion,
			body:           `"searchTxt"`,
			expectedStatus: 400, expectedCode: "EINVALID",
		},
		{
			name: "no token is 401", method: "POST", url: companion, as: anonymous,
			body:           `{}`,
			expectedStatus: 401, expectedCode: "400",
		},
	})
}
