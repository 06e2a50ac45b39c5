package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Ten wrong passwords in a row: the first four say how many attempts are
// left, the fifth locks the username for 15 minutes, and while it is locked
// even the right password is refused, saying how long. Others are not
// affected; after the 15 minutes the right password works again.
func TestLoginLockout(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		try := func(username, password string) *apiResponse {
			return api.request(t, "POST", loginURL, credentials(username, password), noToken)
		}
		for i := 1; i <= 10; i++ {
			res := try("manager01", fmt.Sprintf("guess%d", i))
			if res.envelope.Data != nil && string(res.envelope.Data) != "null" {
				t.Errorf("attempt %d: data %s, want null", i, res.envelope.Data)
			}
			switch {
			case i < 5:
				want := fmt.Sprintf("用户名或密码错误（再错%d次将锁定15分钟）", 5-i)
				if res.envelope.Code != "401" || res.envelope.Message != want {
					t.Errorf("attempt %d: %s %q, want 401 %q", i, res.envelope.Code, res.envelope.Message, want)
				}
			default:
				if res.envelope.Code != "429" || res.envelope.Message != "登录失败次数过多，账号已锁定，请15分钟后再试" {
					t.Errorf("attempt %d: %s %q, want 429 locked for 15 minutes", i, res.envelope.Code, res.envelope.Message)
				}
			}
		}
		if res := try("manager01", "demo123"); res.envelope.Code != "429" || strings.Contains(res.body, "token") {
			t.Errorf("the right password while locked: %s, want 429 and no token", clip(res.body))
		}
		if n := sessionCount(t, api); n != 1 {
			t.Errorf("%d sessions, want only the harness's", n)
		}
		api.login(t, "employee01") // another user is not affected

		api.clock.Add(10 * time.Minute)
		res := api.request(t, "POST", loginURL+"?lang=en", credentials("manager01", "demo123"), noToken)
		if res.envelope.Code != "429" || res.envelope.Message != "Too many failed logins: this account is locked, try again in 5 minutes" {
			t.Errorf("10 minutes later: %s %q, want locked for 5 more minutes", res.envelope.Code, res.envelope.Message)
		}
		api.clock.Add(5*time.Minute + time.Second)
		api.login(t, "manager01") // the lock is over
		if res := try("manager01", "wrong"); res.envelope.Message != "用户名或密码错误（再错4次将锁定15分钟）" {
			t.Errorf("after a good login the count starts again: %q", res.envelope.Message)
		}
	})
}

// Unknown usernames lock like known ones: the answers never tell whether a
// name exists.
func TestLoginLockoutOfUnknownNames(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var known, unknown []string
		for i := 0; i < 6; i++ {
			known = append(known, api.request(t, "POST", loginURL, credentials("finance01", "x"), noToken).envelope.Message)
			unknown = append(unknown, api.request(t, "POST", loginURL, credentials("nobody01", "x"), noToken).envelope.Message)
		}
		if strings.Join(known, "|") != strings.Join(unknown, "|") {
			t.Errorf("a known and an unknown name are answered differently:\n%v\n%v", known, unknown)
		}
	})
}
