package httpapi_test

// API scenarios in the PocketBase style: a table of requests, each with the
// status, envelope code and content it must answer, run in order against one
// server per database. Every answer is also checked against the contract of
// docs/api.md: a JSON envelope whose code matches the HTTP status.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"formwork/tools/formwork/wire"
)

// apiScenario is one request and what it must answer.
type apiScenario struct {
	name     string
	method   string
	url      string            // {placeholders} are filled from before's variables
	body     string            // request body; {placeholders} are filled too
	bodyFile string            // or: a file under testdata/
	headers  map[string]string // extra request headers
	as       string            // who sends it: a demo user (default employee01), or anonymous

	// before prepares the database (e.g. stores a claim to update) and
	// returns the values of {placeholders}. {today} (yyyyMMdd) is always set.
	before func(t *testing.T, api *testAPI) map[string]string

	expectedStatus     int
	expectedCode       string   // envelope code; S000 for every success
	expectedContent    []string // substrings the body must contain
	notExpectedContent []string // substrings it must not contain
	// expectedFindings, when set, is the whole of data.errors (or
	// data.check.errors for evaluate), in order.
	expectedFindings []finding
	// findingsInclude are findings data.errors must hold, among others.
	findingsInclude []finding
	// storedDocuments is by how many the number of stored documents grows
	// (0 for every refused or bad request: nothing is stored).
	storedDocuments int64

	after func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string)
}

// finding is one entry of a CheckResult; an empty message is not compared.
type finding struct {
	Path     string `json:"path"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// runScenarios runs the table, in order, on each database.
func runScenarios(t *testing.T, scenarios []apiScenario) {
	t.Helper()
	runScenariosWith(t, nil, scenarios)
}

// runScenariosWith runs the table on servers configured by configure.
func runScenariosWith(t *testing.T, configure func(*wire.Config), scenarios []apiScenario) {
	t.Helper()
	forEachDatabaseWith(t, configure, func(t *testing.T, api *testAPI) {
		for _, s := range scenarios {
			t.Run(s.name, func(t *testing.T) { s.run(t, api) })
		}
	})
}

func (s apiScenario) run(t *testing.T, api *testAPI) {
	vars := map[string]string{"today": time.Now().Format("20060102")}
	if s.before != nil {
		for k, v := range s.before(t, api) {
			vars[k] = v
		}
	}
	fill := func(text string) string {
		for k, v := range vars {
			text = strings.ReplaceAll(text, "{"+k+"}", v)
		}
		return text
	}
	body := s.body
	if s.bodyFile != "" {
		b, err := os.ReadFile(filepath.Join("testdata", s.bodyFile))
		if err != nil {
			t.Fatalf("scenario body: %v", err)
		}
		body = string(b)
	}
	headers := map[string]string{}
	if s.as != "" {
		for k, v := range api.as(t, s.as) {
			headers[k] = v
		}
	}
	for k, v := range s.headers {
		headers[k] = fill(v)
	}
	countBefore := api.documentCount(t)
	res := api.request(t, s.method, fill(s.url), fill(body), headers)

	if res.status != s.expectedStatus {
		t.Errorf("status %d, want %d; body: %s", res.status, s.expectedStatus, clip(res.body))
	}
	if s.expectedCode != "" && res.envelope.Code != s.expectedCode {
		t.Errorf("envelope code %q, want %q; message: %s", res.envelope.Code, s.expectedCode, res.envelope.Message)
	}
	for _, want := range s.expectedContent {
		if want = fill(want); !strings.Contains(res.body, want) {
			t.Errorf("body does not contain %s\nbody: %s", want, clip(res.body))
		}
	}
	for _, unwanted := range s.notExpectedContent {
		if unwanted = fill(unwanted); strings.Contains(res.body, unwanted) {
			t.Errorf("body contains %s, it must not\nbody: %s", unwanted, clip(res.body))
		}
	}
	if s.expectedFindings != nil {
		assertFindings(t, res.findings(t), s.expectedFindings)
	}
	if s.findingsInclude != nil {
		assertFindingsInclude(t, res.findings(t), s.findingsInclude)
	}
	if got, want := api.documentCount(t), countBefore+s.storedDocuments; got != want {
		t.Errorf("%d documents stored after the request, want %d (%d before)", got, want, countBefore)
	}
	if s.after != nil && !t.Failed() {
		s.after(t, api, res, vars)
	}
}

// apiResponse is an answer as received over HTTP.
type apiResponse struct {
	method   string
	path     string
	status   int
	header   http.Header
	body     string
	envelope struct {
		Code    string          `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
}

// statusOfCode is the table of docs/api.md: envelope code -> HTTP status.
// "400" is the spec's not-logged-in code (HTTP 401); login answers its own
// codes with HTTP 200.
var statusOfCode = map[string]int{
	"S000":         http.StatusOK,
	"400":          http.StatusUnauthorized,
	"200":          http.StatusOK,
	"401":          http.StatusOK,
	"429":          http.StatusOK,
	"503":          http.StatusOK,
	"EINVALID":     http.StatusBadRequest,
	"ECHECK":       http.StatusUnprocessableEntity,
	"ECONFIRM":     http.StatusUnprocessableEntity,
	"ENOTFOUND":    http.StatusNotFound,
	"ECONFLICT":    http.StatusConflict,
	"EFORBIDDEN":   http.StatusForbidden,
	"ETOOLARGE":    http.StatusRequestEntityTooLarge,
	"EINTERNAL":    http.StatusInternalServerError,
	"EMETHOD":      http.StatusMethodNotAllowed,
	"ETIMEOUT":     http.StatusRequestTimeout,
	"EUNSUPPORTED": http.StatusUnsupportedMediaType,
}

// request sends one request and checks the envelope contract (see
// checkEnvelope).
func (api *testAPI) request(t testing.TB, method, path, body string, headers map[string]string) *apiResponse {
	t.Helper()
	res, err := api.send(method, path, body, headers)
	if err != nil {
		t.Fatal(err)
	}
	checkEnvelope(t, res)
	return res
}

// send sends one request and reads the answer. It does not use t, so that
// concurrent requests can run in goroutines of their own.
func (api *testAPI) send(method, path, body string, headers map[string]string) (*apiResponse, error) {
	resp, err := api.do(method, path, body, headers)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: reading the answer: %w", method, path, err)
	}
	return &apiResponse{method: method, path: path, status: resp.StatusCode, header: resp.Header, body: string(b)}, nil
}

// do sends one request as the test user (unless headers name a token; a
// header given as "" is left out) and answers the response, its body
// unread.
func (api *testAPI) do(method, path, body string, headers map[string]string) (*http.Response, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, api.url+path, rd)
	if err != nil {
		return nil, fmt.Errorf("request %s %s: %w", method, path, err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if _, own := headers["X-token"]; !own && api.token != "" {
		req.Header.Set("X-token", api.token)
	}
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := api.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	return resp, nil
}

// checkEnvelope checks what docs/api.md promises of every answer: JSON, an
// envelope with a known code that matches the HTTP status (S000 with 201
// for a created master record) and a message,
// and never a 500.
func checkEnvelope(t testing.TB, res *apiResponse) {
	t.Helper()
	method, path := res.method, res.path
	if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s %s: Content-Type %q, want application/json", method, path, ct)
	}
	if err := json.Unmarshal([]byte(res.body), &res.envelope); err != nil {
		t.Fatalf("%s %s: the answer is not a JSON envelope: %v\nbody: %s", method, path, err, clip(res.body))
	}
	if want, known := statusOfCode[res.envelope.Code]; !known {
		t.Errorf("%s %s: unknown envelope code %q", method, path, res.envelope.Code)
	} else if want != res.status && (res.status != http.StatusCreated || res.envelope.Code != "S000") {
		t.Errorf("%s %s: envelope code %s comes with HTTP %d, docs/api.md says %d", method, path, res.envelope.Code, res.status, want)
	}
	if res.envelope.Message == "" {
		t.Errorf("%s %s: the envelope has no message", method, path)
	}
	if res.status >= 500 {
		t.Errorf("%s %s: HTTP %d: a request must never make the server fail; body: %s", method, path, res.status, clip(res.body))
	}
}

// data decodes the envelope's data, numbers kept as written.
func (r *apiResponse) data(t *testing.T) any {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(r.envelope.Data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("data is not JSON: %v; body: %s", err, clip(r.body))
	}
	return v
}

// findings returns data.errors of a refused save, or data.check.errors of an
// evaluation.
func (r *apiResponse) findings(t *testing.T) []finding {
	t.Helper()
	var d struct {
		Errors []finding `json:"errors"`
		Check  *struct {
			Errors []finding `json:"errors"`
		} `json:"check"`
	}
	if err := json.Unmarshal(r.envelope.Data, &d); err != nil {
		t.Fatalf("data is not a CheckResult: %v; body: %s", err, clip(r.body))
	}
	if d.Check != nil {
		return d.Check.Errors
	}
	return d.Errors
}

func assertFindings(t *testing.T, got, want []finding) {
	t.Helper()
	same := len(got) == len(want)
	for i := 0; same && i < len(want); i++ {
		g, w := got[i], want[i]
		same = g.Path == w.Path && g.Rule == w.Rule && g.Severity == w.Severity && (w.Message == "" || g.Message == w.Message)
	}
	if !same {
		t.Errorf("findings (in order):\n%s\nwant:\n%s", listFindings(got), listFindings(want))
	}
}

func assertFindingsInclude(t *testing.T, got, want []finding) {
	t.Helper()
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g.Path == w.Path && g.Rule == w.Rule && g.Severity == w.Severity && (w.Message == "" || g.Message == w.Message)
		}
		if !found {
			t.Errorf("no finding %s %s %s %q among:\n%s", w.Path, w.Rule, w.Severity, w.Message, listFindings(got))
		}
	}
}

func listFindings(fs []finding) string {
	if len(fs) == 0 {
		return "  (none)"
	}
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %s %s %s %q\n", f.Path, f.Rule, f.Severity, f.Message)
	}
	return strings.TrimRight(b.String(), "\n")
}

// documentCount is the number of documents in the server's database.
func (api *testAPI) documentCount(t *testing.T) int64 {
	t.Helper()
	n, err := api.store.Count(context.Background())
	if err != nil {
		t.Fatalf("count stored documents: %v", err)
	}
	return n
}

// valueAt walks decoded JSON by object keys (string) and list indexes (int).
// Numbers come back as json.Number.
func valueAt(v any, keys ...any) (any, bool) {
	for _, k := range keys {
		switch key := k.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = m[key]; !ok {
				return nil, false
			}
		case int:
			l, ok := v.([]any)
			if !ok || key < 0 || key >= len(l) {
				return nil, false
			}
			v = l[key]
		}
	}
	return v, true
}

// assertValue checks the value at keys, written as JSON text: "2458.50",
// `"draft"`, "true".
func assertValue(t *testing.T, v any, want string, keys ...any) {
	t.Helper()
	got, ok := valueAt(v, keys...)
	if !ok {
		t.Errorf("%v: absent, want %s", keys, want)
		return
	}
	b, _ := json.Marshal(got)
	if string(b) != want {
		t.Errorf("%v = %s, want %s", keys, b, want)
	}
}

func assertAbsent(t *testing.T, v any, keys ...any) {
	t.Helper()
	if got, ok := valueAt(v, keys...); ok {
		t.Errorf("%v = %v, want it absent", keys, got)
	}
}

// clip shortens a body for error output.
func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return s
}

// mustJSON decodes JSON into v or fails the test.
func mustJSON(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("not the JSON expected: %v; %s", err, clip(string(data)))
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// inEnglish asks for the answer's messages in English.
var inEnglish = map[string]string{"Accept-Language": "en"}
