package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"formwork/tools/formwork/wire"

	"golang.org/x/crypto/bcrypt"
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

// replica is a second server on api's database and clock, as another
// replica behind a load balancer would be: its own identity cache, the
// same tables.
func (api *testAPI) replica(t *testing.T) *testAPI {
	t.Helper()
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: api.db, PasswordCost: bcrypt.MinCost, Now: api.clock.Now})
	hs := httptest.NewServer(srv.HTTP.Handler())
	t.Cleanup(hs.Close)
	return &testAPI{url: hs.URL, client: hs.Client(), db: api.db, store: api.store, clock: api.clock, token: api.token, tokens: map[string]string{}}
}

// from sends a request without a session from a client address (through a
// proxy on loopback, which forwards it in X-Forwarded-For).
func from(address string) map[string]string {
	return map[string]string{"X-token": "", "X-Forwarded-For": address}
}

// passwordsCompared is the number of passwords of username found wrong
// (login_failures keeps one row each).
func passwordsCompared(t *testing.T, api *testAPI, username string) int64 {
	t.Helper()
	var n int64
	if err := api.db.Table("login_failures").Where("username = ?", username).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// A burst of 300 wrong passwords for one username, sent at once from 300
// addresses to two replicas: 5 passwords are compared, not one more (the
// lock is counted in the database before each comparison), 4 answers say
// how many attempts are left and all others that the account is locked;
// the right password is then refused while the lock lasts.
func TestLoginLockoutHoldsUnderABurst(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		replicas := []*testAPI{api, api.replica(t)}
		answers := make([]*apiResponse, 300)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				res, err := replicas[i%2].send("POST", loginURL, credentials("manager01", fmt.Sprintf("guess%d", i)), from(fmt.Sprintf("198.51.%d.%d", 100+i/250, 1+i%250)))
				if err != nil {
					t.Errorf("request %d: %v", i, err)
					return
				}
				answers[i] = res
			}()
		}
		close(start)
		wg.Wait()
		codes := map[string]int{}
		for i, res := range answers {
			if res == nil {
				continue
			}
			checkEnvelope(t, res)
			codes[res.envelope.Code]++
			if strings.Contains(res.body, "token") {
				t.Errorf("answer %d holds a token: %s", i, clip(res.body))
			}
		}
		if codes["401"] != 4 || codes["429"] != 296 {
			t.Errorf("answers by code %v, want 4 × 401 (attempts left) and 296 × 429 (locked)", codes)
		}
		if n := passwordsCompared(t, api, "manager01"); n != 5 {
			t.Errorf("%d passwords compared, want 5", n)
		}
		res := api.request(t, "POST", loginURL, credentials("manager01", "demo123"), from("192.0.2.1"))
		if res.envelope.Code != "429" || res.envelope.Message != "登录失败次数过多，账号已锁定，请15分钟后再试" || strings.Contains(res.body, "token") {
			t.Errorf("the right password while locked: %s, want 429 locked and no token", clip(res.body))
		}
	})
}

// One client address may have 30 passwords found wrong a minute, whatever
// the usernames: of a burst of 60 from one address 30 are compared; then
// even the right password from there waits the minute out, while other
// addresses are not affected.
func TestLoginThrottlePerAddress(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		answers := sendAtOnceAs(t, api, 60, func(i int) (string, string, string, map[string]string) {
			return "POST", loginURL, credentials(fmt.Sprintf("guesser%02d", i), "x"), from("203.0.113.9")
		})
		codes := map[string]int{}
		for _, res := range answers {
			codes[res.envelope.Code]++
		}
		if codes["401"] != 30 || codes["429"] != 30 {
			t.Errorf("answers by code %v, want 30 × 401 and 30 × 429", codes)
		}
		var compared int64
		api.db.Table("login_failures").Count(&compared)
		if compared != 30 {
			t.Errorf("%d passwords compared, want 30", compared)
		}
		res := api.request(t, "POST", loginURL+"?lang=en", credentials("employee01", "demo123"), from("203.0.113.9"))
		if res.envelope.Code != "429" || res.envelope.Message != "Too many failed logins from your network address: try again in 1 minutes" {
			t.Errorf("the right password from the throttled address: %s, want 429", clip(res.body))
		}
		if res := api.request(t, "POST", loginURL, credentials("employee01", "demo123"), from("203.0.113.10")); res.envelope.Code != "200" {
			t.Errorf("another address: %s, want a login", clip(res.body))
		}
		api.clock.Add(time.Minute + time.Second)
		if res := api.request(t, "POST", loginURL, credentials("employee01", "demo123"), from("203.0.113.9")); res.envelope.Code != "200" {
			t.Errorf("a minute later: %s, want a login", clip(res.body))
		}
	})
}

// A client cannot pick its address: X-Forwarded-For counts only when the
// peer is a proxy on a loopback or private network, and then the nearest
// address not on one.
func TestLoginAddressOfAProxiedClient(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		for i := 0; i < 30; i++ {
			api.request(t, "POST", loginURL, credentials(fmt.Sprintf("guesser%02d", i), "x"), from(fmt.Sprintf("10.0.0.%d, 203.0.113.7", i)))
		}
		res := api.request(t, "POST", loginURL, credentials("employee01", "demo123"), from("10.9.9.9, 203.0.113.7"))
		if res.envelope.Code != "429" {
			t.Errorf("addresses a client put before its own: %s, want the client's own address throttled", clip(res.body))
		}
	})
}

// Correct sign-ins of one user at the same time never fail with a server
// error: one that succeeds forgets the user's attempts while others are
// counting theirs, and those count again in a new row. (More of them at
// once than the attempt limit may be refused as locked: attempts are
// counted before the password is compared.)
func TestConcurrentCorrectLogins(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		var wg sync.WaitGroup
		codes := make([]string, 16)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := api.send("POST", loginURL, credentials("manager01", "demo123"), nil)
				if err != nil {
					codes[i] = err.Error()
					return
				}
				var answer struct{ Code string }
				_ = json.Unmarshal([]byte(res.body), &answer)
				codes[i] = fmt.Sprintf("HTTP %d code %s", res.status, answer.Code)
			}()
		}
		wg.Wait()
		for i, code := range codes {
			if code != "HTTP 200 code 200" && code != "HTTP 200 code 429" {
				t.Errorf("sign-in %d: %s, want HTTP 200 code 200 or code 429 (locked)", i, code)
			}
		}
	})
}
