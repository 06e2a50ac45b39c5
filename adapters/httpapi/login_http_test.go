package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Login with username and password (navigation-and-access.md 7): code "200"
// with token and menu permissions; a refusal is a code and a message and
// nothing else; bad input of any kind changes nothing.

const loginURL = "/api/galaxycommon/login/auth"

func credentials(username, password string) string {
	b, _ := json.Marshal(map[string]string{"username": username, "password": password})
	return string(b)
}

// menuURLs are the permissionUrl of login's menuPermissions.
func menuURLs(t *testing.T, res *apiResponse) []string {
	t.Helper()
	var data struct {
		Token           string `json:"token"`
		MenuPermissions []struct {
			PermissionURL string `json:"permissionUrl"`
		} `json:"menuPermissions"`
	}
	if err := json.Unmarshal(res.envelope.Data, &data); err != nil || data.Token == "" {
		t.Fatalf("no login data: %s", clip(res.body))
	}
	var out []string
	for _, m := range data.MenuPermissions {
		out = append(out, m.PermissionURL)
	}
	return out
}

// hasMenus checks that login's menus hold every one of want and none of
// unwanted.
func hasMenus(want, unwanted []string) func(*testing.T, *testAPI, *apiResponse, map[string]string) {
	return func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
		urls := " " + strings.Join(menuURLs(t, res), " ") + " "
		for _, w := range want {
			if !strings.Contains(urls, " "+w+" ") {
				t.Errorf("menuPermissions lack %s", w)
			}
		}
		for _, u := range unwanted {
			if strings.Contains(urls, " "+u+" ") {
				t.Errorf("menuPermissions hold %s, they must not", u)
			}
		}
	}
}

// wrongCredentials is the refusal of a wrong password with 4 attempts left.
const wrongCredentials = `"message":"用户名或密码错误（再错4次将锁定15分钟）","data":null`

func TestLogin(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:            "employee01 signs in and gets the employee menus, not the to-do list, finance or configuration",
			as:              anonymous,
			method:          "POST",
			url:             loginURL,
			body:            credentials("employee01", "demo123"),
			expectedStatus:  200,
			expectedCode:    "200",
			expectedContent: []string{`"message":"登录成功"`, `"token":"`, `"uniquename":"employee01"`, `"empName":"张三"`},
			after: hasMenus([]string{"/MY", "/MY/MY00001", "/main", "/main/draft", "/main/proxyAuthCfgView", "/BV", "/YG", "/YG/YG00001", "/ZX"},
				[]string{"/main/backlog", "/MY/MY00003", "/ER", "/rpt", "/cfg", "/budget"}),
		},
		{
			name:           "manager01 (approver) also gets the to-do list",
			as:             anonymous,
			method:         "POST",
			url:            loginURL,
			body:           credentials("manager01", "demo123"),
			expectedStatus: 200,
			expectedCode:   "200",
			after:          hasMenus([]string{"/main/backlog", "/main/haveDone", "/MY/MY00003", "/MY/MY00004", "/YG"}, []string{"/ER", "/rpt", "/cfg"}),
		},
		{
			name:           "finance01 gets the finance modules and, as the second approver, the to-do list",
			as:             anonymous,
			method:         "POST",
			url:            loginURL,
			body:           credentials("finance01", "demo123"),
			expectedStatus: 200,
			expectedCode:   "200",
			after: hasMenus([]string{"/ER", "/ER/AA", "/AR", "/GL", "/AS", "/CO", "/budget", "/YG", "/main/backlog", "/main/haveDone", "/MY/MY00003", "/rpt/rptReimburse", "/rpt/rptVoucherFail"},
				[]string{"/cfg", "/creditor", "/payables"}),
		},
		{
			name:           "admin gets every menu, configuration included",
			as:             anonymous,
			method:         "POST",
			url:            loginURL,
			body:           credentials("admin", "demo123"),
			expectedStatus: 200,
			expectedCode:   "200",
			after:          hasMenus([]string{"/cfg", "/cfg/userManage", "/YX17", "/YX17/YX1701", "/YX17/YX1704", "/SL", "/rpt/rptVoucherFail", "/main/backlog", "/ER", "/fkRpt/FM00017"}, []string{"/creditor", "/SL/SL00001"}),
		},
		{
			name:            "a username in capitals with blanks around is the same user",
			as:              anonymous,
			method:          "POST",
			url:             loginURL,
			body:            credentials("  Employee01 ", "demo123"),
			expectedStatus:  200,
			expectedCode:    "200",
			expectedContent: []string{`"username":"employee01"`},
		},
		{
			name:            "in English the login says so",
			as:              anonymous,
			method:          "POST",
			url:             loginURL + "?lang=en",
			body:            credentials("employee01", "demo123"),
			expectedStatus:  200,
			expectedCode:    "200",
			expectedContent: []string{`"message":"login success"`, `"compIdTxt":"Group headquarters"`},
		},
		{
			name:               "a wrong password is refused with a message and nothing else",
			as:                 anonymous,
			method:             "POST",
			url:                loginURL,
			body:               credentials("employee01", "demo124"),
			expectedStatus:     200,
			expectedCode:       "401",
			expectedContent:    []string{wrongCredentials},
			notExpectedContent: []string{"token", "employee01"},
			before:             countSessions,
			after:              noNewSession,
		},
		{
			name:            "an unknown username gets the very same refusal",
			as:              anonymous,
			method:          "POST",
			url:             loginURL,
			body:            credentials("nobody", "demo123"),
			expectedStatus:  200,
			expectedCode:    "401",
			expectedContent: []string{wrongCredentials},
			before:          countSessions,
			after:           noNewSession,
		},
		{
			name:               "SQL in the username fails the login like any wrong name",
			as:                 anonymous,
			method:             "POST",
			url:                loginURL,
			body:               credentials("employee01' OR '1'='1' --", "' OR '1'='1"),
			expectedStatus:     200,
			expectedCode:       "401",
			expectedContent:    []string{wrongCredentials},
			notExpectedContent: []string{"token", "SQL", "syntax"},
			before:             countSessions,
			after:              usersUnchanged,
		},
		{
			name:               "SQL that would drop a table fails the login and drops nothing",
			as:                 anonymous,
			method:             "POST",
			url:                loginURL,
			body:               credentials("x'; DROP TABLE users; --", "demo123"),
			expectedStatus:     200,
			expectedCode:       "401",
			expectedContent:    []string{wrongCredentials},
			notExpectedContent: []string{"token"},
			before:             countSessions,
			after:              usersUnchanged,
		},
		{
			name:               "script in the username fails the login and is not echoed",
			as:                 anonymous,
			method:             "POST",
			url:                loginURL,
			body:               credentials("<script>alert(1)</script>", "demo123"),
			expectedStatus:     200,
			expectedCode:       "401",
			expectedContent:    []string{wrongCredentials},
			notExpectedContent: []string{"<script>", `\u003cscript`, "token"},
			before:             countSessions,
			after:              usersUnchanged,
		},
		{
			name:               "a username of 10000 characters is refused without a lookup",
			as:                 anonymous,
			method:             "POST",
			url:                loginURL,
			body:               credentials(strings.Repeat("a", 10000), "demo123"),
			expectedStatus:     200,
			expectedCode:       "401",
			expectedContent:    []string{`"message":"用户名或密码错误","data":null`},
			notExpectedContent: []string{"aaaa"},
			before:             countSessions,
			after:              noNewSession,
		},
		{
			name:            "an empty password asks for both",
			as:              anonymous,
			method:          "POST",
			url:             loginURL,
			body:            credentials("employee01", ""),
			expectedStatus:  200,
			expectedCode:    "401",
			expectedContent: []string{`"message":"请输入用户名和密码","data":null`},
		},
		{
			name:            "a body without credentials asks for both",
			as:              anonymous,
			method:          "POST",
			url:             loginURL,
			body:            `{"user":"employee01"}`,
			expectedStatus:  200,
			expectedCode:    "401",
			expectedContent: []string{`"message":"请输入用户名和密码"`},
		},
		{
			name:            "malformed JSON is a bad request",
			as:              anonymous,
			method:          "POST",
			url:             loginURL + "?lang=en",
			body:            `{"username": "employee01", "password": `,
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`send the credentials as JSON`},
		},
		{
			name:            "a password of the wrong type is a bad request",
			as:              anonymous,
			method:          "POST",
			url:             loginURL + "?lang=en",
			body:            `{"username": "employee01", "password": 123}`,
			expectedStatus:  400,
			expectedCode:    "EINVALID",
			expectedContent: []string{`send the credentials as JSON`},
		},
		{
			name:            "a GET of the login is not allowed",
			as:              anonymous,
			method:          "GET",
			url:             loginURL,
			expectedStatus:  405,
			expectedCode:    "EMETHOD",
			expectedContent: []string{"method GET not allowed"},
		},
	})
}

// sessionCount is the number of sessions ever opened.
func sessionCount(t *testing.T, api *testAPI) int64 {
	t.Helper()
	var n int64
	if err := api.db.Table("sessions").Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// countSessions, as a scenario's before, notes the number of sessions for
// noNewSession.
func countSessions(t *testing.T, api *testAPI) map[string]string {
	return map[string]string{"sessions": fmt.Sprint(sessionCount(t, api))}
}

// noNewSession: the request opened no session.
func noNewSession(t *testing.T, api *testAPI, _ *apiResponse, vars map[string]string) {
	t.Helper()
	if n := fmt.Sprint(sessionCount(t, api)); n != vars["sessions"] {
		t.Errorf("%s sessions, want the %s there were before", n, vars["sessions"])
	}
}

// usersUnchanged: no session was opened, and the four demo users are still
// there with their passwords.
func usersUnchanged(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
	t.Helper()
	noNewSession(t, api, res, vars)
	var n int64
	if err := api.db.Table("users").Count(&n).Error; err != nil || n != 4 {
		t.Errorf("%d users (err %v), want the 4 demo users", n, err)
	}
	api.login(t, "admin") // the password still works
}

// Passwords are kept only as bcrypt hashes, tokens only as SHA-256.
func TestCredentialsAreNotStoredInClear(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var hashes []string
		if err := api.db.Table("users").Pluck("password_hash", &hashes).Error; err != nil {
			t.Fatal(err)
		}
		for _, h := range hashes {
			if !strings.HasPrefix(h, "$2a$") || strings.Contains(h, demoPassword) {
				t.Errorf("password stored as %q, want a bcrypt hash", h)
			}
		}
		var stored []string
		if err := api.db.Table("sessions").Pluck("token_hash", &stored).Error; err != nil {
			t.Fatal(err)
		}
		if len(stored) != 1 || stored[0] == api.token || len(stored[0]) != 64 {
			t.Errorf("sessions keep %v for token %s, want its SHA-256", stored, api.token)
		}
	})
}
