package httpapi_test

import (
	"fmt"
	"testing"
	"time"
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
			name: "everyone with the group, by employee id, at most 50 (E00017 has left)", method: "POST", url: employeeInfo,
			body:           `{}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("E00001 E00002 E00003 E00004 E00005 E00006 E00007 E00008 E00009 E00010 E00011 E00012 E00013 E00014 E00015 E00016 E00018 E00019 E00020 "+
				"E00021 E00022 E00023 E00024 E00025 E00027 E00028 E00029 E00030 E00031 E00032 E00033 E00034 E00035 E00036 E00037 E00038 E00039 E00040 "+
				"E00041 E00042 E00043 E00044 E00045 E00046 E00047 E00048 E00049 E00050 E00051 E00052"), // the first 50 (E00026 has left too)
				expectOption(0, `{"key":"E00001","value":"张三","attr1":"employee01","attr2":"1000","attr3":"SAL02","attr4":"1000","attr5":"13800000001","attr6":"employee01@formwork.example","attr7":"1000SAL02","attr8":"00001","attr9":"销售二部","attr10":"销售代表","attr11":"1"}`)),
		},
		{
			name: "search text matches the name, ignoring case", method: "POST", url: employeeInfo + "?lang=en",
			body:           `{"searchTxt": "ZHANG"}`,
			expectedStatus: 200, expectedCode: "S000",
			after: both(expectKeys("E00001 E00117 E00124 E00187 E00195"), expectOption(0, `{"key":"E00001","value":"Zhang San","attr1":"employee01","attr2":"1000","attr3":"SAL02","attr4":"1000","attr5":"13800000001","attr6":"employee01@formwork.example","attr7":"1000SAL02","attr8":"00001","attr9":"Sales department 2","attr10":"销售代表","attr11":"1"}`)),
		},
		{
			name: "search text in Chinese", method: "POST", url: employeeInfo,
			body:           `{"searchTxt": "王"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00003 E00027 E00127 E00146"),
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
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00013 E00014 E00015 E00025 E00029 E00041 E00046 E00049 E00050 E00056 E00058 E00082 E00086 E00091 E00116 " +
				"E00118 E00127 E00136 E00139 E00144 E00147 E00149 E00160 E00162 E00171 E00172 E00173 E00175 E00177 E00188 E00191 E00192 E00200"),
			expectedContent: []string{`"attr2":"2000","attr3":"HD-SAL01","attr4":"2000"`},
		},
		{
			name: "a department's people", method: "POST", url: employeeInfo,
			body:           `{"companyCode": "1000", "department": "SAL02"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00001 E00002 E00004 E00038 E00113 E00114 E00117 E00131"),
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
					body := fmt.Sprintf(`{"empId": "E9%04d", "empNo": "9%04d", "name": {"zh": "临时工%d"}, "company": "1200", "status": "1"}`, i, i, i)
					if err := api.db.Exec("INSERT INTO master_records (type_code, record_key, company, active, valid_from, valid_to, body, version, updated_at, updated_by) "+
						"VALUES (?, ?, ?, ?, '', '', ?, 1, ?, 'test')", "employee", fmt.Sprintf("E9%04d", i), "1200", true, body, time.Now()).Error; err != nil {
						t.Fatal(err)
					}
				}
				// the service reads the type again when its revision moves
				if err := api.db.Exec("UPDATE master_revisions SET revision = revision + 1 WHERE type_code = 'employee'").Error; err != nil {
					t.Fatal(err)
				}
				return nil
			},
			expectedStatus: 200, expectedCode: "S000",
			after: func(t *testing.T, _ *testAPI, res *apiResponse, _ map[string]string) {
				list := res.options(t)
				if len(list) != 50 || list[0]["key"] != "E00012" || list[49]["key"] != "E90032" {
					t.Errorf("%d options from %s to %s, want 50 from E00012 to E90032 (the seeds' 17 of company 1200 first)",
						len(list), list[0]["key"], list[len(list)-1]["key"])
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
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00001 E00002 E00003 E00004 E00005 E00006 E00007 E00008 E00009 E00019 E00020 E00021 E00031 " +
				"E00033 E00034 E00037 E00038 E00042 E00045 E00047 E00048 E00051 E00053 E00059 E00060 E00061 E00064 E00068 E00076 E00077 E00092 " +
				"E00095 E00097 E00101 E00109 E00110 E00113 E00114 E00115 E00117 E00123 E00125 E00131 E00145 E00146 E00148 E00154 E00157 E00161 E00166"),
		},
		{
			name: "a company's people matching the search text", method: "POST", url: companion,
			body:           `{"searchTxt": "he", "companyCode": "2000"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00014 E00041 E00118 E00127 E00144"),
		},
		{
			name: "a department's people", method: "POST", url: companion,
			body:           `{"companyCode": "1000", "department": "FIN01"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00003 E00008 E00068 E00077 E00109 E00110 E00146 E00148 E00167"),
		},
		{
			name: "a department of another company: none", method: "POST", url: companion,
			body:           `{"companyCode": "1000", "department": "HD-SAL01"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "shareDepPerson: the signed-in user's department", method: "POST", url: companion,
			body:           `{"searchTxt": "", "shareDepPerson": "Y"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00001 E00002 E00004 E00038 E00113 E00114 E00117 E00131"),
		},
		{
			name: "shareDepPerson of finance01", method: "POST", url: companion, as: "finance01",
			body:           `{"shareDepPerson": true}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00003 E00008 E00068 E00077 E00109 E00110 E00146 E00148 E00167"),
		},
		{
			name: "selectShare: every company of the group", method: "POST", url: companion,
			body:           `{"searchTxt": "晓燕", "companyCode": "1000", "selectShare": "Y"}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00013"),
		},
		{
			name: "without selectShare, only the company's", method: "POST", url: companion,
			body:           `{"searchTxt": "晓燕", "companyCode": "1000"}`,
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"data":[]`},
		},
		{
			name: "finance01 in company 2000", method: "POST", url: companion, as: "finance01", headers: map[string]string{"X-company": "2000"},
			body:           `{}`,
			expectedStatus: 200, expectedCode: "S000", after: expectKeys("E00013 E00014 E00015 E00025 E00029 E00041 E00046 E00049 E00050 E00056 E00058 E00082 E00086 E00091 E00116 " +
				"E00118 E00127 E00136 E00139 E00144 E00147 E00149 E00160 E00162 E00171 E00172 E00173 E00175 E00177 E00188 E00191 E00192 E00200"),
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
