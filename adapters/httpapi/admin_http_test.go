package httpapi_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// The configuration centre's administration over HTTP (adminapi): user
// management, the log query, the master-data board and changes.

const (
	adminUsersURL   = "/api/formwork/admin/users"
	adminRolesURL   = "/api/formwork/admin/roles"
	logsURL         = "/api/formwork/logs"
	mdBoardURL      = "/api/formwork/admin/masterdata/board"
	mdChangesURL    = "/api/formwork/admin/masterdata/changes"
	onlyAdmin       = "menu userManage"
	newUserPassword = "Welcome2024"
)

func init() {
	admin := func(access, url, body string, adminGets int) routeCall {
		return routeCall{access, url, body, [5]int{401, 403, 403, 403, adminGets}}
	}
	routeWalk["GET "+adminUsersURL] = admin(onlyAdmin, adminUsersURL+"?q=employee", "", 200)
	routeWalk["POST "+adminUsersURL] = admin(onlyAdmin, adminUsersURL, `{"username":"walk","empName":"Walk","compId":"1000","roles":["nope"]}`, 422)
	routeWalk["GET "+adminUsersURL+"/:username"] = admin(onlyAdmin, adminUsersURL+"/employee01", "", 200)
	routeWalk["PUT "+adminUsersURL+"/:username"] = admin(onlyAdmin, adminUsersURL+"/nobody", `{"empName":"X","compId":"1000","roles":["employee"],"version":1}`, 404)
	routeWalk["POST "+adminUsersURL+"/:username/password"] = admin(onlyAdmin, adminUsersURL+"/employee01/password", `{"password":"short","passwordConfirm":"short"}`, 422)
	routeWalk["GET "+adminRolesURL] = admin(onlyAdmin, adminRolesURL, "", 200)
	routeWalk["POST "+adminRolesURL] = admin(onlyAdmin, adminRolesURL, `{"id":"walk","title":{"zh":"走"},"documentScope":"own","menus":["NOPE"]}`, 422)
	routeWalk["GET "+adminRolesURL+"/:id"] = admin(onlyAdmin, adminRolesURL+"/employee", "", 200)
	routeWalk["PUT "+adminRolesURL+"/:id"] = admin(onlyAdmin, adminRolesURL+"/nope", `{"title":{"zh":"X"},"documentScope":"own","menus":["MY"]}`, 404)
	routeWalk["DELETE "+adminRolesURL+"/:id"] = admin(onlyAdmin, adminRolesURL+"/employee", "", 409)
	routeWalk["GET "+logsURL] = admin("menu logQuery", logsURL+"?kind=signin", "", 200)
	routeWalk["GET "+mdBoardURL] = admin("menu dataSync", mdBoardURL, "", 200)
	routeWalk["GET "+mdChangesURL] = admin("menu dataModify", mdChangesURL+"?type=department", "", 200)
}

// administration is the answer walk's part of the administration routes.
func (w *answerWalk) administration() {
	w.call("GET "+adminUsersURL, "admin", adminUsersURL+"?q=0&page=1&pageSize=5", "", 200)
	w.call("GET "+adminUsersURL, "admin", adminUsersURL+"?status=9", "", 400)
	w.call("POST "+adminUsersURL, "admin", adminUsersURL, newUser("walker", "finance"), 201)
	w.call("POST "+adminUsersURL, "admin", adminUsersURL, newUser("walker", "finance"), 409)
	w.call("GET "+adminUsersURL+"/{username}", "admin", adminUsersURL+"/walker", "", 200)
	w.call("GET "+adminUsersURL+"/{username}", "admin", adminUsersURL+"/nobody", "", 404)
	w.call("PUT "+adminUsersURL+"/{username}", "admin", adminUsersURL+"/walker", `{"empName":"Walker","compId":"1000","roles":["employee"],"active":false,"version":1}`, 200)
	w.call("PUT "+adminUsersURL+"/{username}", "admin", adminUsersURL+"/walker", `{"empName":"Walker","compId":"1000","roles":["employee"],"version":1}`, 409)
	w.call("PUT "+adminUsersURL+"/{username}", "admin", adminUsersURL+"/walker", `{"empName":"","compId":"1000","roles":["employee"],"version":2}`, 422)
	w.call("POST "+adminUsersURL+"/{username}/password", "admin", adminUsersURL+"/walker/password", passwords("Another2024", "Another2024"), 200)
	w.call("POST "+adminUsersURL+"/{username}/password", "admin", adminUsersURL+"/walker/password", passwords("Another2024", "Other2024x"), 422)
	w.call("GET "+adminRolesURL, "admin", adminRolesURL, "", 200)
	w.call("POST "+adminRolesURL, "admin", adminRolesURL, auditorRole, 201)
	w.call("POST "+adminRolesURL, "admin", adminRolesURL, auditorRole, 409)
	w.call("POST "+adminRolesURL, "admin", adminRolesURL, `{"id":"x","title":{"zh":"X"},"documentScope":"own","menus":["NOPE"]}`, 422)
	w.call("GET "+adminRolesURL+"/{id}", "admin", adminRolesURL+"/auditor", "", 200)
	w.call("GET "+adminRolesURL+"/{id}", "admin", adminRolesURL+"/nope", "", 404)
	w.call("PUT "+adminRolesURL+"/{id}", "admin", adminRolesURL+"/auditor", `{"title":{"zh":"审计员"},"documentScope":"all","menus":["logQuery"]}`, 200)
	w.call("PUT "+adminRolesURL+"/{id}", "admin", adminRolesURL+"/auditor", `{"title":{"zh":"审计员"},"documentScope":"all","menus":["NOPE"]}`, 422)
	w.call("PUT "+adminRolesURL+"/{id}", "admin", adminRolesURL+"/nope", `{"title":{"zh":"X"},"documentScope":"own","menus":["MY"]}`, 404)
	w.call("DELETE "+adminRolesURL+"/{id}", "admin", adminRolesURL+"/employee", "", 409)
	w.call("DELETE "+adminRolesURL+"/{id}", "admin", adminRolesURL+"/auditor", "", 200)
	w.call("DELETE "+adminRolesURL+"/{id}", "admin", adminRolesURL+"/auditor", "", 404)
	w.call("GET "+logsURL, "admin", logsURL+"?kind=user&page=1&pageSize=10", "", 200)
	w.call("GET "+logsURL, "admin", logsURL+"?from=2026-13-01", "", 400)
	w.call("GET "+mdBoardURL, "admin", mdBoardURL, "", 200)
	w.call("GET "+mdChangesURL, "admin", mdChangesURL+"?pageSize=5", "", 200)
	w.call("GET "+mdChangesURL, "admin", mdChangesURL+"?type=nope", "", 404)
}

const auditorRole = `{"id":"auditor","title":{"zh":"审计","en":"Auditor","th":"ผู้ตรวจสอบ"},"documentScope":"company","menus":["MY","cfg"],"except":["userManage","MY00003"]}`

func newUser(username string, roles ...string) string {
	b, _ := json.Marshal(map[string]any{"username": username, "empName": "新用户 " + username, "empId": "E9" + username,
		"compId": "1000", "companies": []string{"2000"}, "roles": roles, "email": username + "@formwork.example"})
	return string(b)
}

func passwords(pw, confirm string) string {
	b, _ := json.Marshal(map[string]string{"password": pw, "passwordConfirm": confirm})
	return string(b)
}

// signIn signs in with a password and answers the token, or "" and the
// login's code and message when refused.
func signIn(t *testing.T, api *testAPI, username, password string) (token, code, msg string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	res := api.request(t, "POST", "/api/galaxycommon/login/auth", string(body), noToken)
	var data struct {
		Token string `json:"token"`
	}
	_ = json.Unmarshal(res.envelope.Data, &data)
	return data.Token, res.envelope.Code, res.envelope.Message
}

type refusalData struct {
	Path string `json:"path"`
}

// refusedAt expects a refusal with status naming the field path.
func refusedAt(t *testing.T, api *testAPI, method, path, body string, status int, field, msgPart string) {
	t.Helper()
	res := mdCall(t, api, "admin", method, path+"?lang=en", body, status, nil)
	var d refusalData
	if err := json.Unmarshal(res.envelope.Data, &d); err != nil || d.Path != field {
		t.Errorf("%s %s: refusal at %q, want %q: %s", method, path, d.Path, field, clip(res.body))
	}
	if !strings.Contains(res.envelope.Message, msgPart) {
		t.Errorf("%s %s: message %q does not say %q", method, path, res.envelope.Message, msgPart)
	}
}

type userAccount struct {
	Username    string   `json:"username"`
	EmpName     string   `json:"empName"`
	Active      bool     `json:"active"`
	HasPassword bool     `json:"hasPassword"`
	Roles       []string `json:"roles"`
	Companies   []string `json:"companies"`
}

func TestAdminManagesUsers(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var made userAccount
		mdCall(t, api, "admin", "POST", adminUsersURL, newUser("lisi", "finance", "employee"), 201, &made)
		if made.Username != "lisi" || !made.Active || made.HasPassword || strings.Join(made.Roles, ",") != "employee,finance" ||
			strings.Join(made.Companies, ",") != "1000,2000" {
			t.Errorf("created %+v", made)
		}
		if strings.Contains(clip(mdCall(t, api, "admin", "GET", adminUsersURL+"/lisi", "", 200, nil).body), "assword\":\"") {
			t.Error("a user's answer holds a password")
		}
		// refusals, each naming its field
		refusedAt(t, api, "POST", adminUsersURL, newUser("lisi", "employee"), 409, "username", "exists already")
		refusedAt(t, api, "POST", adminUsersURL, newUser("wangwu", "employee", "nope"), 422, "roles[1]", "there is no role nope")
		refusedAt(t, api, "POST", adminUsersURL, newUser("Bad Name", "employee"), 422, "username", "lower-case letters")
		refusedAt(t, api, "POST", adminUsersURL, strings.Replace(newUser("wangwu", "employee"), `"1000"`, `"NOPE"`, 1), 422, "compId", "Company NOPE does not exist")
		refusedAt(t, api, "PUT", adminUsersURL+"/admin", `{"empName":"Admin","compId":"1000","roles":["admin"],"active":false,"version":1}`, 422, "active", "your own account")
		refusedAt(t, api, "PUT", adminUsersURL+"/lisi", `{"username":"lisi2","empName":"Li","compId":"1000","roles":["employee"],"version":1}`, 422, "username", "cannot be changed")
		refusedAt(t, api, "PUT", adminUsersURL+"/lisi", `{"empName":"Li","compId":"1000","roles":["employee"]}`, 400, "version", "send the version")
		refusedAt(t, api, "POST", adminUsersURL+"/lisi/password", passwords("abcdefgh", "abcdefgh"), 422, "password", "letters and digits")
		refusedAt(t, api, "POST", adminUsersURL+"/lisi/password", passwords("lisi2024x", "lisi2024x"), 422, "password", "does not contain the username")
		refusedAt(t, api, "POST", adminUsersURL+"/lisi/password", passwords(newUserPassword, "Welcome2025"), 422, "passwordConfirm", "differ")
		// a user without a password cannot sign in; after the reset they can
		if token, _, _ := signIn(t, api, "lisi", newUserPassword); token != "" {
			t.Fatal("a user without a password signed in")
		}
		mdCall(t, api, "admin", "POST", adminUsersURL+"/lisi/password", passwords(newUserPassword, newUserPassword), 200, nil)
		first, code, msg := signIn(t, api, "lisi", newUserPassword)
		if first == "" {
			t.Fatalf("sign in with the new password: %s %s", code, msg)
		}
		lisi := map[string]string{"X-token": first}
		if res := api.request(t, "GET", "/api/galaxycommon/user/current", "", lisi); res.status != 200 {
			t.Fatalf("lisi's session: HTTP %d", res.status)
		}
		// finance role, not admin: user management is refused
		if res := api.request(t, "GET", adminUsersURL, "", lisi); res.status != 403 {
			t.Errorf("a finance user lists users: HTTP %d, want 403", res.status)
		}
		// a second reset ends the session and the old password stops working
		mdCall(t, api, "admin", "POST", adminUsersURL+"/lisi/password", passwords("Second2024", "Second2024"), 200, nil)
		if res := api.request(t, "GET", "/api/galaxycommon/user/current", "", lisi); res.status != 401 {
			t.Errorf("the session after the reset: HTTP %d, want 401", res.status)
		}
		if token, _, _ := signIn(t, api, "lisi", newUserPassword); token != "" {
			t.Error("the old password still signs in")
		}
		second, _, _ := signIn(t, api, "lisi", "Second2024")
		if second == "" {
			t.Fatal("the second password does not sign in")
		}
		// deactivated: the session ends and no sign-in
		var changed userAccount
		mdCall(t, api, "admin", "PUT", adminUsersURL+"/lisi", `{"empName":"李四","compId":"1000","roles":["employee"],"active":false,"version":1}`, 200, &changed)
		if changed.Active || changed.EmpName != "李四" || strings.Join(changed.Roles, ",") != "employee" || strings.Join(changed.Companies, ",") != "1000" {
			t.Errorf("changed %+v", changed)
		}
		if res := api.request(t, "GET", "/api/galaxycommon/user/current", "", map[string]string{"X-token": second}); res.status != 401 {
			t.Errorf("a deactivated user's session: HTTP %d, want 401", res.status)
		}
		// the list finds them, paged
		var page struct {
			Total int           `json:"total"`
			Rows  []userAccount `json:"rows"`
		}
		mdCall(t, api, "admin", "GET", adminUsersURL+"?q=%E6%9D%8E%E5%9B%9B&status=0", "", 200, &page)
		if page.Total != 1 || page.Rows[0].Username != "lisi" {
			t.Errorf("search 李四 inactive: %+v", page)
		}
		mdCall(t, api, "admin", "GET", adminUsersURL+"?pageSize=2&page=2", "", 200, &page)
		if page.Total < 5 || len(page.Rows) != 2 {
			t.Errorf("page 2 of 2: total %d, %d rows", page.Total, len(page.Rows))
		}
		var roles []struct {
			ID    string   `json:"id"`
			Menus []string `json:"menus"`
		}
		mdCall(t, api, "admin", "GET", adminRolesURL, "", 200, &roles)
		if len(roles) != 4 || roles[2].ID != "employee" || len(roles[2].Menus) == 0 || len(roles[0].Menus) != 0 {
			t.Errorf("roles %+v", roles)
		}
	})
}

type logPage struct {
	Total int `json:"total"`
	Rows  []struct {
		At      time.Time `json:"at"`
		Kind    string    `json:"kind"`
		User    string    `json:"user"`
		Subject string    `json:"subject"`
		Action  string    `json:"action"`
		Detail  string    `json:"detail"`
	} `json:"rows"`
}

func TestAdminLogs(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		mdCall(t, api, "admin", "POST", adminUsersURL, newUser("zzaudit", "employee"), 201, nil)
		mdCall(t, api, "admin", "POST", adminUsersURL+"/zzaudit/password", passwords("Audit2024pw", "Audit2024pw"), 200, nil)
		for range 5 {
			signIn(t, api, "zzaudit", "wrong-password1")
		}
		storeTravelClaim(t, api)
		var logs logPage
		mdCall(t, api, "admin", "GET", logsURL+"?kind=user&user=admin", "", 200, &logs)
		if logs.Total != 2 || logs.Rows[0].Action != "resetPassword" || logs.Rows[1].Action != "create" || logs.Rows[1].Subject != "zzaudit" ||
			!strings.Contains(logs.Rows[1].Detail, "roles=employee") || strings.Contains(logs.Rows[0].Detail, "Audit2024pw") {
			t.Errorf("user administration: %+v", logs)
		}
		mdCall(t, api, "admin", "GET", logsURL+"?kind=signinFailure&user=zzaudit", "", 200, &logs)
		if logs.Total != 5 {
			t.Errorf("failures of zzaudit: %d, want 5", logs.Total)
		}
		mdCall(t, api, "admin", "GET", logsURL+"?kind=lockout&q=ZZAUDIT", "", 200, &logs)
		if logs.Total != 1 || logs.Rows[0].Subject != "zzaudit" {
			t.Errorf("lockout of zzaudit: %+v", logs)
		}
		mdCall(t, api, "admin", "GET", logsURL+"?kind=document&user=employee01", "", 200, &logs)
		if logs.Total < 1 || logs.Rows[0].Action != "create" || !strings.HasPrefix(logs.Rows[0].Subject, "EX02") {
			t.Errorf("document events: %+v", logs)
		}
		// every kind together, paged: the pages cut the merged order exactly
		var all, p1, p2 logPage
		mdCall(t, api, "admin", "GET", logsURL+"?q=zzaudit&pageSize=500", "", 200, &all)
		mdCall(t, api, "admin", "GET", logsURL+"?q=zzaudit&pageSize=4&page=1", "", 200, &p1)
		mdCall(t, api, "admin", "GET", logsURL+"?q=zzaudit&pageSize=4&page=2", "", 200, &p2)
		if all.Total != 8 || p1.Total != 8 || len(p1.Rows) != 4 || len(p2.Rows) != 4 {
			t.Fatalf("zzaudit: %d entries, pages of %d and %d, want 8 = 4 + 4: %+v", all.Total, len(p1.Rows), len(p2.Rows), all)
		}
		for i := range 8 {
			got := p1.Rows
			if i >= 4 {
				got = p2.Rows
			}
			if got[i%4] != all.Rows[i] {
				t.Errorf("entry %d: paged %+v, whole %+v", i, got[i%4], all.Rows[i])
			}
			if i > 0 && all.Rows[i].At.After(all.Rows[i-1].At) {
				t.Errorf("entry %d is newer than the one before", i)
			}
		}
		today := api.clock.Now().Format("2006-01-02")
		mdCall(t, api, "admin", "GET", logsURL+"?q=zzaudit&from="+today+"&to="+today, "", 200, &logs)
		if logs.Total != 8 {
			t.Errorf("today: %d, want 8", logs.Total)
		}
		mdCall(t, api, "admin", "GET", logsURL+"?q=zzaudit&to=2000-01-01", "", 200, &logs)
		if logs.Total != 0 {
			t.Errorf("before 2000: %d, want 0", logs.Total)
		}
		res := mdCall(t, api, "admin", "GET", logsURL+"?kind=nope", "", 400, nil)
		if !strings.Contains(res.envelope.Message, "signinFailure") {
			t.Errorf("unknown kind: %s", res.envelope.Message)
		}
		mdCall(t, api, "admin", "GET", logsURL+"?from=2026-02-01&to=2026-01-01", "", 400, nil)
		mdCall(t, api, "admin", "GET", logsURL+"?pageSize=100000", "", 400, nil)
		mdCall(t, api, "finance01", "GET", logsURL, "", 403, nil)
	})
}

func TestAdminMasterDataChanges(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var dept mdRecord
		mdCall(t, api, "admin", "GET", recordURL("department", "IT01"), "", 200, &dept)
		dept.Body["name"] = map[string]any{"zh": "信息技术中心", "en": "IT centre", "th": "ศูนย์ไอที"}
		mdCall(t, api, "admin", "PUT", recordURL("department", "IT01"), updateBody(t, dept, dept.Version), 200, nil)
		var changes struct {
			Total int `json:"total"`
			Rows  []struct {
				Type    string `json:"type"`
				Key     string `json:"key"`
				Action  string `json:"action"`
				By      string `json:"by"`
				Changes []struct {
					Field  string `json:"field"`
					Before any    `json:"before"`
					After  any    `json:"after"`
				} `json:"changes"`
			} `json:"rows"`
		}
		mdCall(t, api, "admin", "GET", mdChangesURL+"?pageSize=5", "", 200, &changes)
		if len(changes.Rows) == 0 {
			t.Fatal("no changes")
		}
		c := changes.Rows[0]
		if c.Type != "department" || c.Key != "IT01" || c.Action != "update" || c.By != "admin" || len(c.Changes) != 1 || c.Changes[0].Field != "name" {
			t.Errorf("the newest change: %+v", c)
		}
		mdCall(t, api, "admin", "GET", mdChangesURL+"?type=department&key=IT01", "", 200, &changes)
		if changes.Total != 2 || changes.Rows[1].Action != "import" || len(changes.Rows[1].Changes) < 2 {
			t.Errorf("IT01's changes: %+v", changes)
		}
		var board []struct {
			Code     string     `json:"code"`
			Records  int        `json:"records"`
			Active   int        `json:"active"`
			Revision int        `json:"revision"`
			LastAt   *time.Time `json:"lastAt"`
			LastBy   string     `json:"lastBy"`
		}
		mdCall(t, api, "admin", "GET", mdBoardURL, "", 200, &board)
		found := false
		for _, row := range board {
			if row.Code == "department" {
				found = true
				if row.Records < 30 || row.Active > row.Records || row.Revision < 2 || row.LastBy != "admin" || row.LastAt == nil {
					t.Errorf("department on the board: %+v", row)
				}
			}
		}
		if !found || len(board) < 50 {
			t.Errorf("the board has %d types, department %v", len(board), found)
		}
		mdCall(t, api, "employee01", "GET", mdChangesURL, "", 403, nil)
		mdCall(t, api, "admin", "GET", mdChangesURL+"?type="+url.QueryEscape("nope"), "", 404, nil)
	})
}

type roleView struct {
	ID            string            `json:"id"`
	Title         map[string]string `json:"title"`
	DocumentScope string            `json:"documentScope"`
	Menus         []string          `json:"menus"`
	Holders       []string          `json:"holders"`
}

func TestAdminManagesRoles(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var made roleView
		mdCall(t, api, "admin", "POST", adminRolesURL, `{"id":"auditor","title":{"zh":"审计","en":"Auditor","th":"ผู้ตรวจสอบ"},"documentScope":"company","menus":["MY00001"]}`, 201, &made)
		if made.ID != "auditor" || strings.Join(made.Menus, ",") != "MY00001" || made.DocumentScope != "company" || len(made.Holders) != 0 {
			t.Errorf("created %+v", made)
		}
		refusedAt(t, api, "POST", adminRolesURL, `{"id":"x","title":{"zh":"X"},"documentScope":"own","menus":["MY","NOPE"]}`, 422, "menus[1]", "there is no menu NOPE")
		refusedAt(t, api, "POST", adminRolesURL, `{"id":"x","title":{"zh":"X"},"documentScope":"own","menus":["MY"],"except":["BAD"]}`, 422, "except[0]", "there is no menu BAD")
		refusedAt(t, api, "POST", adminRolesURL, `{"id":"auditor","title":{"zh":"X"},"documentScope":"own","menus":["MY"]}`, 409, "id", "exists already")
		refusedAt(t, api, "PUT", adminRolesURL+"/admin", `{"title":{"zh":"管理员"},"documentScope":"all","menus":["MY"]}`, 422, "menus", "no longer open user management")
		// a user of the role: the log query is refused until the role grants it, at once
		mdCall(t, api, "admin", "POST", adminUsersURL, newUser("audit1", "auditor"), 201, nil)
		mdCall(t, api, "admin", "POST", adminUsersURL+"/audit1/password", passwords(newUserPassword, newUserPassword), 200, nil)
		token, code, msg := signIn(t, api, "audit1", newUserPassword)
		if token == "" {
			t.Fatalf("sign in: %s %s", code, msg)
		}
		auditor := map[string]string{"X-token": token}
		if res := api.request(t, "GET", logsURL, "", auditor); res.status != 403 {
			t.Fatalf("the log query before the grant: HTTP %d, want 403", res.status)
		}
		var changed roleView
		mdCall(t, api, "admin", "PUT", adminRolesURL+"/auditor", `{"title":{"zh":"审计员","en":"Auditor"},"documentScope":"company","menus":["cfg"],"except":["userManage"]}`, 200, &changed)
		if !slices.Contains(changed.Menus, "logQuery") || slices.Contains(changed.Menus, "userManage") || changed.Title["zh"] != "审计员" ||
			strings.Join(changed.Holders, ",") != "audit1" {
			t.Errorf("changed %+v", changed)
		}
		if res := api.request(t, "GET", logsURL, "", auditor); res.status != 200 {
			t.Errorf("the log query after the grant: HTTP %d, want 200 (the identity cache kept the old menus)", res.status)
		}
		if res := api.request(t, "GET", adminUsersURL, "", auditor); res.status != 403 {
			t.Errorf("user management, excepted: HTTP %d, want 403", res.status)
		}
		// held: not deleted, the holder named; free: deleted
		refusedAt(t, api, "DELETE", adminRolesURL+"/auditor", "", 409, "id", "these users hold it: audit1")
		mdCall(t, api, "admin", "PUT", adminUsersURL+"/audit1", `{"empName":"审计","compId":"1000","roles":["employee"],"version":1}`, 200, nil)
		mdCall(t, api, "admin", "DELETE", adminRolesURL+"/auditor", "", 200, nil)
		mdCall(t, api, "admin", "GET", adminRolesURL+"/auditor", "", 404, nil)
		var logs logPage
		mdCall(t, api, "admin", "GET", logsURL+"?kind=user&q=role:auditor", "", 200, &logs)
		var actions []string
		for _, r := range logs.Rows {
			actions = append(actions, r.Action)
		}
		slices.Sort(actions)
		if strings.Join(actions, ",") != "createRole,deleteRole,updateRole" {
			t.Errorf("role events in the log: %v", actions)
		}
	})
}

func TestAdminStaleUserUpdate(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var made, first userVersion
		mdCall(t, api, "admin", "POST", adminUsersURL, newUser("zhou", "employee"), 201, &made)
		if made.Version != 1 {
			t.Fatalf("a new user has version %d", made.Version)
		}
		body := `{"empName":"周一","compId":"1000","roles":["employee"],"version":1}`
		mdCall(t, api, "admin", "PUT", adminUsersURL+"/zhou", body, 200, &first)
		if first.Version != 2 || first.EmpName != "周一" {
			t.Errorf("first update %+v", first)
		}
		// a second administrator's edit of version 1 is refused and changes nothing
		res := mdCall(t, api, "admin", "PUT", adminUsersURL+"/zhou?lang=en", strings.Replace(body, "周一", "周二", 1), 409, nil)
		if res.envelope.Code != "ECONFLICT" || !strings.Contains(res.envelope.Message, "changed meanwhile") {
			t.Errorf("stale update: %s %s", res.envelope.Code, res.envelope.Message)
		}
		var now userVersion
		mdCall(t, api, "admin", "GET", adminUsersURL+"/zhou", "", 200, &now)
		if now.EmpName != "周一" || now.Version != 2 {
			t.Errorf("after the stale update %+v", now)
		}
	})
}

type userVersion struct {
	EmpName string `json:"empName"`
	Version int64  `json:"version"`
}
