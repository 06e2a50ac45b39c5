package httpapi_test

import (
	"strings"
	"testing"
)

// The menu tree (navigation-and-access.md 2.2): only what the roles grant,
// in either variant.

func TestMenuTree(t *testing.T) {
	groups := func(want string) func(*testing.T, *testAPI, *apiResponse, map[string]string) {
		return func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
			var tree []struct {
				PermissionURL string `json:"permissionUrl"`
			}
			mustJSON(t, res.envelope.Data, &tree)
			var got []string
			for _, g := range tree {
				got = append(got, g.PermissionURL)
			}
			if strings.Join(got, " ") != want {
				t.Errorf("groups %s, want %s", strings.Join(got, " "), want)
			}
		}
	}
	runScenarios(t, []apiScenario{
		{
			name:           "employee01: their five groups; each item says what it opens (schemas/_menu.yaml), entries whose page is pending are left out",
			method:         "GET",
			url:            "/api/galaxycommon/menu/tree",
			expectedStatus: 200,
			expectedCode:   "S000",
			expectedContent: []string{`{"menuCode":"YG00001","parentCode":"YG","permissionUrl":"/YG/YG00001","title":"员工报销","titles":{"en":"Employee claim","th":"เบิกค่าใช้จ่ายพนักงาน","zh":"员工报销"},"view":"formList","query":{"docType":"EX02"},"variant":"current","page":{"kind":"list","opens":"EX02"}}`,
				`"query":{"page":"MY00001"},"variant":"current","page":{"kind":"worklist","list":"draft"}`, `"menuCode":"TE"`, `"hidden":true`,
				`"permissionUrl":"/ZX/YG00002","title":"国内差旅","titles":{"en":"Domestic travel","th":"เดินทางในประเทศ","zh":"国内差旅"},"view":"formList","query":{"docType":"YG00002"},"variant":"current","page":{"kind":"list","opens":"TB","subType":"T01"}`,
				`"menuCode":"BE","parentCode":"YG","permissionUrl":"/YG/BE","title":"员工费用报销","titles":{"en":"Employee expense claim","th":"เบิกค่าใช้จ่ายพนักงาน","zh":"员工费用报销"},"view":"formList","query":{"docType":"BE"},"variant":"current","page":{"kind":"list","opens":"BE"}`,
				`"permissionUrl":"/main/proxyAuthCfgView"`, `"page":{"kind":"page","page":"profile"}`,
				`"menuCode":"MY00009","parentCode":"MY","permissionUrl":"/MY/MY00009"`, `"page":{"kind":"page","page":"toConfirm"}`,
				`"menuCode":"myTravelTrip","parentCode":"main","permissionUrl":"/main/myTravelTrip"`, `"page":{"kind":"page","page":"myTrips"}`,
				`"menuCode":"MY00007","parentCode":"ZX"`, `"page":{"kind":"page","page":"myInvoices"}`},
			notExpectedContent: []string{`"menuCode":"creditorManagement"`},
			after:              groups("/MY /main /BV /YG /ZX"),
		},
		{
			name:           "finance01: the finance modules too; the report centre; the finance menu with its budget and payment imports",
			as:             "finance01",
			method:         "GET",
			url:            "/api/galaxycommon/menu/tree",
			expectedStatus: 200,
			expectedCode:   "S000",
			after:          groups("/MY /main /BV /YG /ZX /ER /AR /GL /AS /CO /budget /CW /rpt"),
		},
		{
			name:            "finance01, legacy variant: /payables, /AR, /GLA, /Capital in their places",
			as:              "finance01",
			method:          "GET",
			url:             "/api/galaxycommon/menu/tree?variant=legacy",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"permissionUrl":"/payables/AE","title":"通用付款"`, `"permissionUrl":"/Capital/FA"`},
			after:           groups("/MY /main /BV /YG /ZX /payables /AR /GLA /Capital /CO /budget /CW /rpt"),
		},
		{
			name:           "admin: every group with a page (the creditor module is pending); travel management shows the trips held; a configuration entry names its master-data type",
			as:             "admin",
			method:         "GET",
			url:            "/api/galaxycommon/menu/tree?lang=en",
			expectedStatus: 200,
			expectedCode:   "S000",
			expectedContent: []string{`"permissionUrl":"/cfg/city","title":"Cities"`, `"page":{"kind":"config","masterData":"city"}`, `"permissionUrl":"/cfg/userManage"`,
				`"permissionUrl":"/SL/flightOnline"`, `"page":{"kind":"page","page":"flightTrips"}`, `"permissionUrl":"/YX17/YX1703"`, `"permissionUrl":"/CW/CW00001"`,
				`"permissionUrl":"/cfg/preRequestPush"`, `"page":{"kind":"page","page":"preRequests"}`, `"page":{"kind":"page","page":"voucherImport"}`},
			notExpectedContent: []string{`"menuCode":"SL00001"`, `"menuCode":"creditorManagement"`},
			after:              groups("/MY /YX17 /main /BV /YG /ZX /ER /AR /GL /AS /CO /budget /SL /CW /rpt /fkRpt /cfg"),
		},
		{
			name:            "an unknown variant is a bad request",
			method:          "GET",
			url:             "/api/galaxycommon/menu/tree?variant=old&lang=en",
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`unknown menu variant \"old\"`},
		},
	})
}
