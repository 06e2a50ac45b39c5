package httpapi_test

import (
	"strings"
	"testing"
)

// TestHardenedAnswers: security headers on every answer, no caching of API
// answers, 415 for a body that is not JSON, 405 for a wrong method, a JSON
// 404 for unknown API paths, and the body guard (duplicate keys, NUL,
// invalid UTF-8, lone surrogates, overlong numbers) before any handler.
func TestHardenedAnswers(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		res := api.request(t, "GET", "/api/galaxycommon/user/current", "", nil)
		for h, want := range map[string]string{
			"Content-Security-Policy": "frame-ancestors 'none'", "X-Content-Type-Options": "nosniff",
			"Referrer-Policy": "same-origin", "Cache-Control": "no-store",
		} {
			if got := res.header.Get(h); !strings.Contains(got, want) {
				t.Errorf("%s: %q, want %q", h, got, want)
			}
		}
		cases := []struct {
			name, method, url, body, contentType string
			status                               int
			code, path                           string
		}{
			{"a form body is refused", "POST", "/api/galaxyform/yx/ap/head/create", "a=1", "application/x-www-form-urlencoded", 415, "EUNSUPPORTED", "Content-Type"},
			{"a wrong method", "DELETE", "/api/galaxyform/yx/ap/head/create", "", "", 405, "EMETHOD", ""},
			{"an unknown ocr path", "POST", "/ocr/nothing/here", "{}", "application/json", 404, "ENOTFOUND", ""},
			{"an unknown itax path", "POST", "/itax/nothing", "{}", "application/json", 404, "ENOTFOUND", ""},
			{"duplicate docType", "POST", "/api/galaxyform/yx/ap/head/create", `{"head":{"docType":"EX02","docType":"EX01"}}`, "application/json", 400, "EINVALID", "head.docType"},
			{"two heads", "POST", "/api/galaxyform/yx/ap/head/create", `{"head":{"docType":"EX02"},"head":{"docType":"EX01"}}`, "application/json", 400, "EINVALID", "head"},
			{"NUL in a field", "POST", "/api/galaxyform/yx/ap/head/create", `{"head":{"docType":"EX02","reason":"a\u0000"}}`, "application/json", 400, "EINVALID", "head.reason"},
			{"invalid UTF-8 in a field", "POST", "/api/galaxyform/yx/ap/head/create", "{\"head\":{\"docType\":\"EX02\",\"reason\":\"\xff\"}}", "application/json", 400, "EINVALID", "head.reason"},
			{"a lone surrogate", "POST", "/api/galaxyform/yx/ap/head/create", `{"head":{"docType":"EX02","reason":"\ud800"}}`, "application/json", 400, "EINVALID", "head.reason"},
			{"a 4 MB amount", "POST", "/api/formwork/evaluate", `{"head":{"docType":"EX02","amount":1` + strings.Repeat("0", 4_000_000) + `}}`, "application/json", 400, "EINVALID", "head.amount"},
			{"NUL in a query", "GET", "/api/galaxyform/yx/ap/head/load?businessId=%00", "", "", 400, "EINVALID", "businessId"},
			{"NUL in a process call", "POST", "/api/galaxyform/process/startProcess", `{"businessId":"\u0000"}`, "application/json", 400, "EINVALID", "businessId"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				headers := map[string]string{}
				if c.contentType != "" {
					headers["Content-Type"] = c.contentType
				}
				res := api.request(t, c.method, c.url, c.body, headers)
				if res.status != c.status || res.envelope.Code != c.code {
					t.Fatalf("HTTP %d %s, want %d %s: %s", res.status, res.envelope.Code, c.status, c.code, clip(res.body))
				}
				if c.path != "" && !strings.Contains(res.body, c.path) {
					t.Errorf("the refusal does not name %s: %s", c.path, clip(res.body))
				}
			})
		}
		// a NUL in the login of a visitor: 400 on both databases, never 500
		login := api.request(t, "POST", "/api/galaxycommon/login/auth", `{"username":"a\u0000","password":"x"}`, map[string]string{"X-token": ""})
		if login.status != 400 {
			t.Errorf("a NUL username: HTTP %d: %s", login.status, clip(login.body))
		}
	})
}

// TestOverflowingNumbers: a page number whose offset would overflow and an
// id beyond 8-byte integers are refused (400) on both databases, never 500
// and never the first page.
func TestOverflowingNumbers(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		page := api.request(t, "POST", worklistURL, `{"list":"draft","currentPage":4611686018427387904}`, nil)
		if page.status != 400 || !strings.Contains(page.body, "currentPage") {
			t.Errorf("page 2^62: HTTP %d %s", page.status, clip(page.body))
		}
		admin := api.as(t, "admin")
		for _, url := range []string{"/api/galaxyform/cfg/approver/delete", "/api/galaxyform/cfg/approver/save"} {
			res := api.request(t, "POST", url, `{"id":9223372036854775808,"task1Approver":"manager01"}`, admin)
			if res.status != 400 {
				t.Errorf("%s with id 2^63: HTTP %d %s", url, res.status, clip(res.body))
			}
		}
	})
}
