package httpapi_test

import "testing"

// The current user (navigation-and-access.md 3.1), the permissions grouped
// by type and id, and the user list of the configuration centre.

func TestCurrentUser(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:           "employee01 with every field and its display twin",
			method:         "GET",
			url:            currentUserURL,
			expectedStatus: 200,
			expectedCode:   "S000",
			expectedContent: []string{
				`"userId":"employee01"`, `"userIdTxt":"张三"`, `"username":"employee01"`, `"nickname":"小张"`, `"nicknameTxt":"小张"`,
				`"role":"employee"`, `"roleTxt":"员工"`, `"empId":"E00001"`, `"empIdTxt":"张三"`, `"empNo":"00001"`, `"empName":"张三"`,
				`"compId":"1000"`, `"compIdTxt":"集团总部"`, `"deptId":"SAL02"`, `"deptIdTxt":"销售二部"`,
				`"costCenter":"1000SAL02"`, `"costCenterTxt":"总部销售二部"`, `"currency":"CNY"`, `"currencyTxt":"人民币"`,
				`"empLevel":"P3"`, `"empLevelTxt":"专员"`, `"mainJob":"SALES"`, `"mainJobTxt":"销售代表"`, `"busPlate":"FOOD"`,
				`"busPlateTxt":"食品板块"`, `"status":"1"`, `"statusTxt":"在职"`, `"email":"employee01@formwork.example"`,
				`"phone":"13800000001"`, `"menusTxt":[`, `"permissionsTxt":[`, `"allPermissionsTxt":[`, `"headImgUrlTxt":""`,
				`"hisDeptTxt":""`, `"createAt":"`, `"createBy":"seed"`, `"lastModified":"`, `"changeDate":"`,
				`"uniquename":"employee01"`, `"employeeId":"E00001"`, `"displayname":"张三"`, `"logonId":"employee01"`,
				`"company":"1000"`, `"companies":[{"key":"1000","value":"集团总部"}]`, `"loginType":"password"`, `"hideNavigation":false`,
				`"userRoles":[{"loginId":"employee01","empName":"张三","roleId":"employee"}]`, `"documentScope":"own"`,
			},
			notExpectedContent: []string{"passwordHash", "password_hash", "$2a$"},
		},
		{
			name:            "in English the twins are English",
			method:          "GET",
			url:             currentUserURL + "?lang=en",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"compIdTxt":"Group headquarters"`, `"deptIdTxt":"Sales department 2"`, `"roleTxt":"Employee"`, `"statusTxt":"Active"`},
		},
		{
			name:            "finance01 works for two companies",
			as:              "finance01",
			method:          "GET",
			url:             currentUserURL,
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"companies":[{"key":"1000","value":"集团总部"},{"key":"2000","value":"华东分公司"}]`, `"documentScope":"company"`},
		},
		{
			name:           "permissions are grouped by permissionType and permissionId, in that order",
			as:             "finance01",
			method:         "POST",
			url:            "/api/galaxycommon/searchhelp/queryPermission",
			expectedStatus: 200,
			expectedCode:   "S000",
			expectedContent: []string{
				`{"permissionId":"1000","permissionName":"集团总部","permissionType":"company"}`,
				`{"permissionId":"company","permissionName":"所属公司全部单据","permissionType":"documentScope"}`,
				`{"permissionId":"rpt","permissionName":"报表中心","permissionType":"menu","permissionUrl":"/rpt"}`,
				`{"companyCodes":["1000","2000"],"permissionId":"rptReimburse","permissionName":"通用报账查询","permissionType":"report"}`,
				`{"permissionId":"finance","permissionName":"财务人员","permissionType":"role"}`,
			},
			notExpectedContent: []string{`"permissionId":"cfg"`},
			after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
				var list []struct{ PermissionType, PermissionID string }
				mustJSON(t, res.envelope.Data, &list)
				seen := map[string]bool{}
				for i, p := range list {
					key := p.PermissionType + "/" + p.PermissionID
					if seen[key] {
						t.Errorf("%s listed twice", key)
					}
					seen[key] = true
					if i > 0 && (list[i-1].PermissionType+"\x00"+list[i-1].PermissionID) > (p.PermissionType+"\x00"+p.PermissionID) {
						t.Errorf("%s comes after %s/%s", key, list[i-1].PermissionType, list[i-1].PermissionID)
					}
				}
			},
		},
		{
			name:               "the user list shows users, never their password hashes",
			as:                 "admin",
			method:             "GET",
			url:                "/api/galaxycommon/user/list",
			expectedStatus:     200,
			expectedCode:       "S000",
			expectedContent:    []string{`"username":"admin"`, `"username":"employee01","empId":"E00001"`, `"roles":["approver","finance"],"companies":["1000","2000"]`},
			notExpectedContent: []string{"$2a$", "password"},
		},
		{
			name:            "an employee may not list users",
			method:          "GET",
			url:             "/api/galaxycommon/user/list",
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"您没有菜单userManage的权限"},
		},
	})
}
