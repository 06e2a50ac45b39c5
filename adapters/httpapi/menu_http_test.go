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
			name:            "employee01: their five groups; items open the generic pages",
			method:          "GET",
			url:             "/api/galaxycommon/menu/tree",
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`{"menuCode":"YG00001","parentCode":"YG","permissionUrl":"/YG/YG00001","title":"员工报销","titles":{"en":"Employee claim","th":"เบิกค่าใช้จ่ายพนักงาน","zh":"员工报销"},"view":"formList","query":{"docType":"YG00001"},"variant":"current"}`, `"query":{"page":"MY00001"}`, `"menuCode":"TE"`, `"hidden":true`},
			after:           groups("/MY /main /BV /YG /ZX"),
		},
		{
			name:           "finance01: the finance modules too",
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
			name:           "admin: every group",
			as:             "admin",
			method:         "GET",
			url:            "/api/galaxycommon/menu/tree?lang=en",
			expectedStatus: 200,
			expectedCode:   "S000",
			after:          groups("/MY /YX17 /main /BV /YG /ZX /ER /AR /GL /AS /CO /creditor /budget /SL /CW /rpt /fkRpt /cfg"),
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
