package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"formwork/tools/formwork/wire"
)

// Sessions: a token opens nothing once it is expired, forged, or logged out;
// X-company must be one of the user's companies.

const (
	currentUserURL  = "/api/galaxycommon/user/current"
	logoutURL       = "/api/galaxyform/cas/logout"
	notLoggedInBody = `{"code":"400","message":"not logged in!","data":null}`
)

// assertNotLoggedIn checks the spec's answer: HTTP 401, code "400",
// 'not logged in!', nothing else.
func assertNotLoggedIn(t *testing.T, res *apiResponse) {
	t.Helper()
	if res.status != 401 || strings.TrimSpace(res.body) != notLoggedInBody {
		t.Errorf("HTTP %d %s, want 401 %s", res.status, clip(res.body), notLoggedInBody)
	}
}

func TestSessionTokens(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name:            "without a token: 401, code 400, not logged in",
			as:              anonymous,
			method:          "GET",
			url:             currentUserURL,
			expectedStatus:  401,
			expectedCode:    "400",
			expectedContent: []string{notLoggedInBody},
		},
		{
			name:            "a forged token",
			method:          "GET",
			url:             currentUserURL,
			headers:         map[string]string{"X-token": "fV5d2Wak6OZOfcr7Qh5dZOnWbyqbDyBtX31igXF5qJs"},
			expectedStatus:  401,
			expectedCode:    "400",
			expectedContent: []string{notLoggedInBody},
		},
		{
			name:            "a token with SQL in it",
			method:          "GET",
			url:             currentUserURL,
			headers:         map[string]string{"X-token": "' OR '1'='1"},
			expectedStatus:  401,
			expectedCode:    "400",
			expectedContent: []string{notLoggedInBody},
		},
		{
			name:            "a token of 5000 characters",
			method:          "GET",
			url:             currentUserURL,
			headers:         map[string]string{"X-token": strings.Repeat("x", 5000)},
			expectedStatus:  401,
			expectedCode:    "400",
			expectedContent: []string{notLoggedInBody},
		},
		{
			name:            "a document cannot be created without a token, and nothing is stored",
			as:              anonymous,
			method:          "POST",
			url:             createClaim,
			body:            travelClaim(),
			expectedStatus:  401,
			expectedCode:    "400",
			expectedContent: []string{notLoggedInBody},
		},
		{
			name:            "an unknown route is 404 with or without a token",
			as:              anonymous,
			method:          "GET",
			url:             "/api/galaxyform/nothing",
			expectedStatus:  404,
			expectedCode:    "ENOTFOUND",
			expectedContent: []string{"no such route"},
		},
		{
			name:            "X-company of a company the user does not work for is forbidden",
			method:          "GET",
			url:             currentUserURL,
			headers:         map[string]string{"X-company": "2000"},
			expectedStatus:  403,
			expectedCode:    "EFORBIDDEN",
			expectedContent: []string{"您不属于公司2000"},
		},
		{
			name:               "X-company with script in it is forbidden and not echoed as markup",
			method:             "GET",
			url:                currentUserURL + "?lang=en",
			headers:            map[string]string{"X-company": "<script>x</script>"},
			expectedStatus:     403,
			expectedCode:       "EFORBIDDEN",
			expectedContent:    []string{"you do not work for company"},
			notExpectedContent: []string{"<script>"},
		},
		{
			name:            "finance01 may work in company 2000",
			as:              "finance01",
			method:          "GET",
			url:             currentUserURL,
			headers:         map[string]string{"X-company": "2000"},
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"company":"2000"`, `"companyTxt":"华东分公司"`, `"compId":"1000"`},
		},
	})
}

// A logged-out session's token opens nothing, and logging out twice is a
// 401 too; other sessions of the same user go on.
func TestLogout(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		token := api.login(t, "employee01")
		session := map[string]string{"X-token": token}
		if res := api.request(t, "GET", currentUserURL, "", session); res.status != 200 {
			t.Fatalf("before logout: %s", clip(res.body))
		}
		if res := api.request(t, "GET", logoutURL, "", session); res.status != 200 || res.envelope.Code != "S000" {
			t.Fatalf("logout: %s", clip(res.body))
		}
		assertNotLoggedIn(t, api.request(t, "GET", currentUserURL, "", session))
		assertNotLoggedIn(t, api.request(t, "POST", createClaim, travelClaim(), session))
		assertNotLoggedIn(t, api.request(t, "GET", logoutURL, "", session))
		if res := api.request(t, "GET", currentUserURL, "", nil); res.status != 200 {
			t.Errorf("the harness's own session of employee01 ended too: %s", clip(res.body))
		}
	})
}

// Sessions end after 8 hours without use, and 24 hours after sign-in
// however busy; use within the 8 hours keeps a session going.
func TestSessionExpiry(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		idle := map[string]string{"X-token": api.login(t, "employee01")}
		busy := map[string]string{"X-token": api.login(t, "employee01")}
		get := func(h map[string]string) *apiResponse { return api.request(t, "GET", currentUserURL, "", h) }

		api.clock.Add(5 * time.Hour)
		if res := get(busy); res.status != 200 {
			t.Fatalf("5 hours in: %s", clip(res.body))
		}
		api.clock.Add(3*time.Hour + time.Minute) // idle: 8h01 without use; busy: 3h01
		assertNotLoggedIn(t, get(idle))
		if res := get(busy); res.status != 200 {
			t.Fatalf("a session used 3 hours ago has expired: %s", clip(res.body))
		}
		for i := 0; i < 3; i++ { // used every 5 hours up to 23h01
			api.clock.Add(5 * time.Hour)
			if res := get(busy); res.status != 200 {
				t.Fatalf("a session used 5 hours ago has expired (round %d): %s", i, clip(res.body))
			}
		}
		api.clock.Add(time.Hour) // 24h01 after sign-in
		assertNotLoggedIn(t, get(busy))
	})
}

// A session used a moment after it was written does not end before the
// TTL has passed since that use: its expiry is written at most once a
// minute, so it moves to a minute beyond the TTL.
func TestSessionNeverEndsBeforeItsTTL(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		session := map[string]string{"X-token": api.login(t, "employee01")}
		api.clock.Add(30 * time.Second)
		if res := api.request(t, "GET", currentUserURL, "", session); res.status != 200 {
			t.Fatalf("30 seconds in: %s", clip(res.body))
		}
		api.clock.Add(8*time.Hour - 10*time.Second) // 7h59m50s after the last use
		if res := api.request(t, "GET", currentUserURL, "", session); res.status != 200 {
			t.Errorf("a session used 7h59m50s ago (TTL 8h) has ended: %s", clip(res.body))
		}
	})
}

// When the TTL and the maximum age are close, a session used shortly
// before its TTL lives on to its maximum age, not a moment longer.
func TestSessionSlidesToItsMaximumAge(t *testing.T) {
	closeTogether := func(cfg *wire.Config) { cfg.SessionTTL, cfg.SessionMaxAge = time.Hour, time.Hour+30*time.Second }
	forEachDatabaseWith(t, closeTogether, func(t *testing.T, api *testAPI) {
		session := map[string]string{"X-token": api.login(t, "employee01")}
		api.clock.Add(59*time.Minute + 30*time.Second)
		if res := api.request(t, "GET", currentUserURL, "", session); res.status != 200 {
			t.Fatalf("59m30s in: %s", clip(res.body))
		}
		api.clock.Add(40 * time.Second) // 1h00m10s after sign-in, 40 s after the last use
		if res := api.request(t, "GET", currentUserURL, "", session); res.status != 200 {
			t.Errorf("a session used 40 s ago ended before its TTL and its maximum age: %s", clip(res.body))
		}
		api.clock.Add(25 * time.Second) // 1h00m35s: past the maximum age
		assertNotLoggedIn(t, api.request(t, "GET", currentUserURL, "", session))
	})
}
