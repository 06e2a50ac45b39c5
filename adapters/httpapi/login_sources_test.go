package httpapi_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"formwork/identity"
	"formwork/tools/formwork/wire"
)

// The alternate logins: a trusted source system signs a token for its user,
// the browser sends it as k2token, ssctoken or mmdlToken, and formwork opens
// a session for it. K2 and the mobile app MOA have keys here; SSC has none.

func trustedSources(t *testing.T) []identity.TrustedSource {
	t.Helper()
	sources, err := identity.LoadTrustedSources(os.DirFS(filepath.Join("..", "..", "seeds")), "K2=k2-key, MOA=moa-key")
	if err != nil {
		t.Fatal(err)
	}
	return sources
}

func source(t *testing.T, sources []identity.TrustedSource, code string) identity.TrustedSource {
	t.Helper()
	for _, s := range sources {
		if s.Code == code {
			return s
		}
	}
	t.Fatalf("no source %s", code)
	return identity.TrustedSource{}
}

func TestAlternateLogins(t *testing.T) {
	sources := trustedSources(t)
	k2, moa, ssc := source(t, sources, "K2"), source(t, sources, "MOA"), source(t, sources, "SSC")
	inAnHour := time.Now().Add(time.Hour)
	forged := moa
	forged.Key = []byte("guessed-key")
	mobile := identity.SignSourceToken(moa, "employee01", inAnHour)
	runScenariosWith(t, func(cfg *wire.Config) { cfg.TrustedSources = sources }, []apiScenario{
		{
			name:            "a mobile-login token of MOA opens employee01's session in mmdl mode (no header, no sidebar)",
			as:              anonymous,
			method:          "GET",
			url:             currentUserURL,
			headers:         map[string]string{"mmdlToken": mobile},
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"username":"employee01"`, `"loginType":"mmdl"`, `"sourceSystem":"MOA"`, `"hideNavigation":true`},
		},
		{
			name:           "the same token again uses the same session",
			as:             anonymous,
			method:         "GET",
			url:            currentUserURL,
			headers:        map[string]string{"mmdlToken": mobile},
			expectedStatus: 200,
			expectedCode:   "S000",
			after: func(t *testing.T, api *testAPI, _ *apiResponse, _ map[string]string) {
				var n int64
				api.db.Table("sessions").Where("source_system = ?", "MOA").Count(&n)
				if n != 1 {
					t.Errorf("%d MOA sessions, want 1", n)
				}
			},
		},
		{
			name:            "a K2 workflow token opens a k2 session, with navigation",
			as:              anonymous,
			method:          "GET",
			url:             currentUserURL,
			headers:         map[string]string{"k2token": identity.SignSourceToken(k2, "manager01", inAnHour)},
			expectedStatus:  200,
			expectedCode:    "S000",
			expectedContent: []string{`"username":"manager01"`, `"loginType":"k2"`, `"hideNavigation":false`},
		},
		{
			name:           "a K2 token sent as mmdlToken opens nothing",
			as:             anonymous,
			method:         "GET",
			url:            currentUserURL,
			headers:        map[string]string{"mmdlToken": identity.SignSourceToken(k2, "manager01", inAnHour)},
			expectedStatus: 401,
			expectedCode:   "400",
		},
		{
			name:           "a token signed with a guessed key opens nothing",
			as:             anonymous,
			method:         "GET",
			url:            currentUserURL,
			headers:        map[string]string{"mmdlToken": identity.SignSourceToken(forged, "admin", inAnHour)},
			expectedStatus: 401,
			expectedCode:   "400",
		},
		{
			name:           "a token whose user was changed after signing opens nothing",
			as:             anonymous,
			method:         "GET",
			url:            currentUserURL,
			headers:        map[string]string{"mmdlToken": swapPayload(mobile, identity.SignSourceToken(moa, "admin", inAnHour))},
			expectedStatus: 401,
			expectedCode:   "400",
		},
		{
			name:           "an expired token opens nothing",
			as:             anonymous,
			method:         "GET",
			url:            currentUserURL,
			headers:        map[string]string{"mmdlToken": identity.SignSourceToken(moa, "finance01", time.Now().Add(-time.Minute))},
			expectedStatus: 401,
			expectedCode:   "400",
		},
		{
			name:           "a token for a user formwork does not know opens nothing",
			as:             anonymous,
			method:         "GET",
			url:            currentUserURL,
			headers:        map[string]string{"k2token": identity.SignSourceToken(k2, "stranger", inAnHour)},
			expectedStatus: 401,
			expectedCode:   "400",
		},
		{
			name:           "a source without a key is trusted with nothing",
			as:             anonymous,
			method:         "GET",
			url:            currentUserURL,
			headers:        map[string]string{"ssctoken": identity.SignSourceToken(ssc, "employee01", inAnHour)},
			expectedStatus: 401,
			expectedCode:   "400",
		},
		{
			name:           "a token that is no signed token at all opens nothing",
			as:             anonymous,
			method:         "GET",
			url:            currentUserURL,
			headers:        map[string]string{"k2token": "employee01"},
			expectedStatus: 401,
			expectedCode:   "400",
		},
		{
			name:           "logging out ends the alternate session",
			as:             anonymous,
			method:         "GET",
			url:            logoutURL,
			headers:        map[string]string{"mmdlToken": mobile},
			expectedStatus: 200,
			expectedCode:   "S000",
			after: func(t *testing.T, api *testAPI, _ *apiResponse, _ map[string]string) {
				assertNotLoggedIn(t, api.request(t, "GET", currentUserURL, "", map[string]string{"X-token": "", "mmdlToken": mobile}))
			},
		},
	})
}

// swapPayload puts the payload of one token before the signature of another.
func swapPayload(signed, other string) string {
	return strings.SplitN(other, ".", 2)[0] + "." + strings.SplitN(signed, ".", 2)[1]
}

func TestLoadTrustedSources(t *testing.T) {
	seeds := os.DirFS(filepath.Join("..", "..", "seeds"))
	sources, err := identity.LoadTrustedSources(seeds, "")
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, s := range sources {
		codes = append(codes, s.Code+":"+s.Header+":"+s.LoginType)
		if len(s.Key) != 0 {
			t.Errorf("%s has a key without FORMWORK_TRUSTED_SOURCES", s.Code)
		}
	}
	if got, want := strings.Join(codes, " "), "K2:k2token:k2 SSC:ssctoken:ssc MOA:mmdlToken:mmdl WECOM:mmdlToken:mmdl DINGTALK:mmdlToken:mmdl"; got != want {
		t.Errorf("sources %s, want %s", got, want)
	}
	sources, err = identity.LoadTrustedSources(seeds, "SSC=s1,OA2@mmdlToken=s2")
	if err != nil {
		t.Fatal(err)
	}
	if s := source(t, sources, "SSC"); string(s.Key) != "s1" {
		t.Errorf("SSC key %q", s.Key)
	}
	if s := source(t, sources, "OA2"); string(s.Key) != "s2" || s.LoginType != "mmdl" {
		t.Errorf("OA2: %+v", s)
	}
	for env, want := range map[string]string{
		"NOPE=x":     "NOPE is not a listed source system",
		"K2":         "is not CODE=KEY",
		"K2=":        "is not CODE=KEY",
		"X@cookie=k": `header "cookie" is not k2token, ssctoken or mmdlToken`,
	} {
		_, err := identity.LoadTrustedSources(seeds, env)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("FORMWORK_TRUSTED_SOURCES=%q: error %v, want %q", env, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "=x") {
			t.Errorf("the error shows a key: %v", err)
		}
	}
}
