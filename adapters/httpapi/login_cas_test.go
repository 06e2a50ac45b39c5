package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"

	"formwork/tools/formwork/wire"
)

// Single sign-on against a small CAS server started on loopback: it knows
// the tickets ST-employee01 (for employee01), ST-stranger (a CAS user
// formwork does not know), ST-both (answers a failure and a success for
// employee01) and ST-garbage (answers something that is not CAS XML);
// every other ticket fails.

const portalService = "https://portal.formwork.example/sso"

// casServer is a CAS server; calls counts the validations asked of it.
type casServer struct {
	*httptest.Server
	calls atomic.Int64
}

func startCAS(t *testing.T) *casServer {
	t.Helper()
	cas := &casServer{}
	cas.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cas.calls.Add(1)
		if r.URL.Path != "/cas/serviceValidate" {
			http.NotFound(w, r)
			return
		}
		ticket, service := r.URL.Query().Get("ticket"), r.URL.Query().Get("service")
		w.Header().Set("Content-Type", "application/xml")
		ok := func(user string) {
			fmt.Fprintf(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>%s</cas:user></cas:authenticationSuccess></cas:serviceResponse>`, user)
		}
		switch {
		case service != portalService && service != portalService+"?redirect=%2FYG":
			fmt.Fprintf(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_SERVICE">service %s</cas:authenticationFailure></cas:serviceResponse>`, service)
		case ticket == "ST-employee01":
			ok("employee01")
		case ticket == "ST-stranger":
			ok("stranger")
		case ticket == "ST-both":
			fmt.Fprint(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ST-both not recognized</cas:authenticationFailure><cas:authenticationSuccess><cas:user>employee01</cas:user></cas:authenticationSuccess></cas:serviceResponse>`)
		case ticket == "ST-garbage":
			fmt.Fprint(w, "<html>gateway timeout</html>")
		default:
			fmt.Fprintf(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket %s not recognized</cas:authenticationFailure></cas:serviceResponse>`, ticket)
		}
	}))
	t.Cleanup(cas.Close)
	return cas
}

func casLogin(ticket, service string) string {
	q := url.Values{"ticket": {ticket}}
	if service != "" {
		q.Set("service", service)
	}
	return "/api/galaxycommon/login/cas?" + q.Encode()
}

func TestSingleSignOn(t *testing.T) {
	cas := startCAS(t)
	withCAS := func(cfg *wire.Config) {
		cfg.CAS = wire.CASConfig{ServerURL: cas.URL + "/cas", ServiceURL: portalService}
	}
	forEachDatabaseWith(t, withCAS, func(t *testing.T, api *testAPI) {
		for _, s := range []apiScenario{
			{
				name:            "a valid ticket signs employee01 in, like login/auth",
				as:              anonymous,
				method:          "GET",
				url:             casLogin("ST-employee01", portalService),
				expectedStatus:  200,
				expectedCode:    "200",
				expectedContent: []string{`"token":"`, `"menuPermissions":[`, `"uniquename":"employee01"`, `"loginType":"sso"`},
				after: func(t *testing.T, api *testAPI, res *apiResponse, _ map[string]string) {
					var data struct{ Token string }
					mustJSON(t, res.envelope.Data, &data)
					me := api.request(t, "GET", currentUserURL, "", map[string]string{"X-token": data.Token})
					if me.status != 200 || !contains(me.body, `"username":"employee01"`) {
						t.Errorf("the single sign-on token does not open employee01's session: %s", clip(me.body))
					}
				},
			},
			{
				name:            "without service the configured one is used",
				as:              anonymous,
				method:          "GET",
				url:             casLogin("ST-employee01", ""),
				expectedStatus:  200,
				expectedCode:    "200",
				expectedContent: []string{`"token":"`},
			},
			{
				name:           "the service may carry a query (where to go after sign-in)",
				as:             anonymous,
				method:         "GET",
				url:            casLogin("ST-employee01", portalService+"?redirect=%2FYG"),
				expectedStatus: 200,
				expectedCode:   "200",
			},
			{
				name:               "an invalid ticket is refused with a message and nothing else",
				as:                 anonymous,
				method:             "GET",
				url:                casLogin("ST-forged", portalService),
				expectedStatus:     200,
				expectedCode:       "401",
				expectedContent:    []string{`"message":"单点登录票据无效或已过期，请重新登录","data":null`},
				notExpectedContent: []string{"token"},
			},
			{
				name:               "an answer holding a failure is a failure, even beside a success",
				as:                 anonymous,
				method:             "GET",
				url:                casLogin("ST-both", portalService),
				expectedStatus:     200,
				expectedCode:       "401",
				expectedContent:    []string{`"message":"单点登录票据无效或已过期，请重新登录","data":null`},
				notExpectedContent: []string{"token"},
				before:             countSessions,
				after:              noNewSession,
			},
			{
				name:            "a CAS user formwork does not know is an invalid login person",
				as:              anonymous,
				method:          "GET",
				url:             casLogin("ST-stranger", portalService) + "&lang=en",
				expectedStatus:  200,
				expectedCode:    "401",
				expectedContent: []string{`Login person invalid: stranger is no active user of this portal`},
			},
			{
				name:            "a ticket issued for another application is refused without asking CAS",
				as:              anonymous,
				method:          "GET",
				url:             casLogin("ST-employee01", "https://evil.example/sso"),
				before:          casCallsBefore(cas),
				expectedStatus:  200,
				expectedCode:    "401",
				expectedContent: []string{"不是为本系统签发的"},
				after:           casNotCalled(cas),
			},
			{
				name:           "a service that only starts like the portal's is refused",
				as:             anonymous,
				method:         "GET",
				url:            casLogin("ST-employee01", portalService+".evil.example"),
				expectedStatus: 200,
				expectedCode:   "401",
			},
			{
				name:            "an unreadable CAS answer is reported, not a 500",
				as:              anonymous,
				method:          "GET",
				url:             casLogin("ST-garbage", portalService),
				expectedStatus:  200,
				expectedCode:    "503",
				expectedContent: []string{"单点登录服务应答异常"},
			},
			{
				name:            "a request without ticket is a bad request",
				as:              anonymous,
				method:          "GET",
				url:             "/api/galaxycommon/login/cas?lang=en",
				expectedStatus:  400,
				expectedCode:    "EINVALID",
				expectedContent: []string{"ticket is missing"},
			},
			{
				name:            "login options name the CAS login page",
				as:              anonymous,
				method:          "GET",
				url:             "/api/galaxycommon/login/options",
				expectedStatus:  200,
				expectedCode:    "S000",
				expectedContent: []string{`"casLoginUrl":"` + cas.URL + `/cas/login?service=https%3A%2F%2Fportal.formwork.example%2Fsso"`},
			},
			{
				name:    "logout names the CAS logout page",
				method:  "GET",
				url:     logoutURL,
				headers: map[string]string{"X-token": "{fresh}"},
				before: func(t *testing.T, api *testAPI) map[string]string {
					return map[string]string{"fresh": api.login(t, "finance01")}
				},
				expectedStatus:  200,
				expectedCode:    "S000",
				expectedContent: []string{`"casLogoutUrl":"` + cas.URL + `/cas/logout?service=`},
			},
		} {
			t.Run(s.name, func(t *testing.T) { s.run(t, api) })
		}
	})
}

// A CAS server that cannot be reached: the login says so.
func TestSingleSignOnServerDown(t *testing.T) {
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	runScenariosWith(t, func(cfg *wire.Config) {
		cfg.CAS = wire.CASConfig{ServerURL: down.URL + "/cas", ServiceURL: portalService}
	}, []apiScenario{{
		name:            "CAS unreachable",
		as:              anonymous,
		method:          "GET",
		url:             casLogin("ST-employee01", portalService),
		expectedStatus:  200,
		expectedCode:    "503",
		expectedContent: []string{"单点登录服务暂不可用"},
	}})
}

func casCallsBefore(cas *casServer) func(*testing.T, *testAPI) map[string]string {
	return func(*testing.T, *testAPI) map[string]string {
		return map[string]string{"casCalls": fmt.Sprint(cas.calls.Load())}
	}
}

func casNotCalled(cas *casServer) func(*testing.T, *testAPI, *apiResponse, map[string]string) {
	return func(t *testing.T, _ *testAPI, _ *apiResponse, vars map[string]string) {
		if got := fmt.Sprint(cas.calls.Load()); got != vars["casCalls"] {
			t.Errorf("the CAS server was asked (%s calls, %s before)", got, vars["casCalls"])
		}
	}
}
