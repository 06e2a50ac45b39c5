package httpapi_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"formwork/adapters/httpapi"
	"formwork/tools/formwork/wire"
)

// The spec's calls (documents.md section 7): every one is served by the
// route table (a real request to it is not the JSON 404 of an unknown
// path) and documented in docs/openapi.json, except those the list marks
// withheld (getUserPassword: it would hand out a password, docs/api.md),
// which answer the JSON 404. The list (testdata/spec_calls.txt) is tied
// to a copy of the section (testdata/spec_calls_section7.md): every call
// of the list is named in it, every path it names is in the list; the
// copy is checked against the spec itself where it is reachable
// (FORMWORK_SPEC, default /work/shared/spec/documents.md).

// specCall is one line of the list.
type specCall struct {
	method, path string
	withheld     bool
}

func readSpecCalls(t *testing.T) []specCall {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "spec_calls.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []specCall
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w := strings.Fields(line)
		if len(w) < 2 || len(w) > 3 || (len(w) == 3 && w[2] != "withheld") || !strings.HasPrefix(w[1], "/") {
			t.Fatalf("spec_calls.txt:%d: want METHOD /path [withheld], got %q", n, line)
		}
		out = append(out, specCall{method: w[0], path: w[1], withheld: len(w) == 3})
	}
	return out
}

// expanded are the paths of a call: one for each value of a {a|b} segment.
func (c specCall) expanded() []string {
	open, end := strings.Index(c.path, "{"), strings.Index(c.path, "}")
	if open < 0 || end < open {
		return []string{c.path}
	}
	var out []string
	for _, v := range strings.Split(c.path[open+1:end], "|") {
		out = append(out, c.path[:open]+v+c.path[end+1:])
	}
	return out
}

func lastSegment(p string) string { return p[strings.LastIndex(p, "/")+1:] }

// routeMatches tells whether a route path (":name" a segment) serves path.
func routeMatches(route, path string) bool {
	rs, ps := strings.Split(route, "/"), strings.Split(path, "/")
	if len(rs) != len(ps) {
		return false
	}
	for i := range rs {
		if rs[i] != ps[i] && !(strings.HasPrefix(rs[i], ":") && ps[i] != "") {
			return false
		}
	}
	return true
}

// specSection is section 7 of documents.md's text.
func specSection(text string) string {
	start := strings.Index(text, "## 7. Calls made")
	if start < 0 {
		return ""
	}
	rest := text[start:]
	if end := strings.Index(rest, "\n## 8"); end >= 0 {
		rest = rest[:end+1]
	}
	return rest
}

var sectionPath = regexp.MustCompile(`(?:\.\.\.|/)?[A-Za-z][\w.-]*(?:/[\w{}|.-]+)+`)

// notCalls are the section's slashed words that name no call.
var notCalls = map[string]bool{"key/value": true}

func TestSpecCallsListMatchesTheSpec(t *testing.T) {
	calls := readSpecCalls(t)
	copyText, err := os.ReadFile(filepath.Join("testdata", "spec_calls_section7.md"))
	if err != nil {
		t.Fatal(err)
	}
	section := string(copyText)
	spec := os.Getenv("FORMWORK_SPEC")
	if spec == "" {
		spec = "/work/shared/spec/documents.md"
	}
	if text, err := os.ReadFile(spec); err == nil {
		if got := specSection(string(text)); got != section {
			t.Errorf("testdata/spec_calls_section7.md is not section 7 of %s: copy it again and update testdata/spec_calls.txt", spec)
		}
	} else {
		t.Logf("the spec is not at %s (set FORMWORK_SPEC): checking against the kept copy only", spec)
	}
	named := map[string]bool{}
	for _, c := range calls {
		named[lastSegment(c.path)] = true
		if !strings.Contains(section, lastSegment(c.path)) {
			t.Errorf("%s %s: the spec's section does not name %s", c.method, c.path, lastSegment(c.path))
		}
	}
	for _, p := range sectionPath.FindAllString(section, -1) {
		if p = strings.TrimRight(p, ".,;"); !named[lastSegment(p)] && !notCalls[p] {
			t.Errorf("the spec names %s, not in testdata/spec_calls.txt", p)
		}
	}
}

func TestSpecCallsAreServedAndDocumented(t *testing.T) {
	calls := readSpecCalls(t)
	api := newTestAPI(t, openSQLite(t), nil)
	table := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: openSQLite(t)}).HTTP.RouteTable()
	var doc struct {
		Paths map[string]map[string]struct {
			Summary string `json:"summary"`
		} `json:"paths"`
	}
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	mustJSON(t, raw, &doc)
	served, withheld := 0, 0
	for _, c := range calls {
		ok := true
		for _, path := range c.expanded() {
			route := servingRoute(table, c.method, path)
			res := api.request(t, c.method, path, "{}", noToken)
			unknown := res.status == 404 && res.envelope.Code == "ENOTFOUND" || res.status == 405
			switch {
			case c.withheld:
				if route != nil || !unknown {
					t.Errorf("%s %s is withheld, yet served: route %v, HTTP %d %s", c.method, path, route, res.status, clip(res.body))
				}
				ok = false
			case route == nil || unknown:
				t.Errorf("%s %s is not served: route %v, HTTP %d %s", c.method, path, route, res.status, clip(res.body))
				ok = false
			case doc.Paths[openAPIPath(route.Path)][strings.ToLower(c.method)].Summary == "":
				t.Errorf("%s %s (route %s) is not documented in docs/openapi.json", c.method, path, route.Path)
				ok = false
			}
		}
		switch {
		case c.withheld:
			withheld++
		case ok:
			served++
		}
	}
	t.Logf("the spec's calls: %d of %d served and documented, %d withheld", served, len(calls), withheld)
	if served+withheld != len(calls) {
		t.Errorf("%d of %d calls served and documented, %d withheld", served, len(calls), withheld)
	}
}

func servingRoute(table []httpapi.Route, method, path string) *httpapi.Route {
	for i, r := range table {
		if r.Method == method && routeMatches(r.Path, path) {
			return &table[i]
		}
	}
	return nil
}

const commonDesURL = "/api/galaxypayment/cfg/commonDes/page"

func init() {
	in := [5]int{401, 200, 200, 200, 200}
	for k, v := range map[string]routeCall{
		"POST " + commonDesURL:                  {"signed in", commonDesURL, `{"page":1,"size":999,"status":"1"}`, in},
		"POST /ocr/appPage/appShowImagePage":    {"signed in", "/ocr/appPage/appShowImagePage", `{"id":999999}`, [5]int{401, 404, 404, 404, 404}},
		"POST /ocr/pcPage/pcTicketPackagePage":  {"signed in", "/ocr/pcPage/pcTicketPackagePage", `{}`, in},
		"POST /ocr/pcPage/pcSelectTicketPage":   {"signed in", "/ocr/pcPage/pcSelectTicketPage", `{}`, in},
		"POST /ocr/appPage/appSelectTicketPage": {"signed in", "/ocr/appPage/appSelectTicketPage", `{}`, in},
	} {
		routeWalk[k] = v
	}
}

// specCalls calls the POST forms of the /ocr calls and the common
// descriptions for the OpenAPI answers walk (after invoices: my pool holds
// an invoice).
func (w *answerWalk) specCalls() {
	res := w.call("POST /ocr/pcPage/pcTicketPackagePage", "", "/ocr/pcPage/pcTicketPackagePage", `{}`, 200)
	id := fmt.Sprint(mustValue(w.t, res.data(w.t), 0, "id"))
	w.call("POST /ocr/appPage/appShowImagePage", "", "/ocr/appPage/appShowImagePage", `{"id":`+id+`}`, 200)
	w.call("POST /ocr/appPage/appShowImagePage", "", "/ocr/appPage/appShowImagePage", `{"id":999999}`, 404)
	w.call("POST /ocr/pcPage/pcSelectTicketPage", "", "/ocr/pcPage/pcSelectTicketPage", `{}`, 200)
	w.call("POST /ocr/appPage/appSelectTicketPage", "", "/ocr/appPage/appSelectTicketPage", `{}`, 200)
	w.call("POST "+commonDesURL, "", commonDesURL, `{"page":1,"size":999,"status":"1"}`, 200)
	w.call("POST "+commonDesURL, "", commonDesURL, `{"status":"2"}`, 400)
}

// The common descriptions (cfg/commonDes/page): those in use of the
// user's companies and the whole group, by order; a type's and every
// type's; the status filter; paging; a bad status is 400 naming it.
func TestCommonDescriptions(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		codes := func(who, body string) string {
			t.Helper()
			res := api.request(t, "POST", commonDesURL, body, api.as(t, who))
			if res.status != 200 {
				t.Fatalf("%s as %s: HTTP %d %s", body, who, res.status, clip(res.body))
			}
			var out struct {
				Data struct {
					Total int
					Rows  []struct{ Code, Description, Status string }
				}
			}
			mustJSON(t, []byte(res.body), &out)
			var list []string
			for _, r := range out.Data.Rows {
				if r.Description == "" || r.Status != "1" {
					t.Errorf("row %+v", r)
				}
				list = append(list, r.Code)
			}
			return fmt.Sprint(out.Data.Total, list)
		}
		for _, c := range []struct{ who, body, want string }{
			{"employee01", `{"page":1,"size":999,"status":"1"}`, "4 [D001 D002 D003 D004]"},
			{"employee01", `{"page":1,"size":999,"status":"1","docType":"EX02"}`, "3 [D001 D002 D003]"},
			{"employee01", `{"page":2,"size":3,"status":"1"}`, "4 [D004]"},
			{"employee01", `{"page":1,"size":999,"status":"0"}`, "0 []"},
			{"admin", `{"page":1,"size":999,"status":"1"}`, "5 [D001 D002 D003 D004 D005]"},
			{"admin", `{"status":"1","companyCode":"2000"}`, "4 [D001 D002 D003 D005]"},
		} {
			if got := codes(c.who, c.body); got != c.want {
				t.Errorf("%s as %s: %s, want %s", c.body, c.who, got, c.want)
			}
		}
		res := api.request(t, "POST", commonDesURL+"?lang=th", `{"docType":"EX04"}`, api.as(t, "admin"))
		if res.status != 200 || !contains(res.body, `"description":"เงินยืมทดรองจ่ายของพนักงาน"`) {
			t.Errorf("in Thai: HTTP %d %s", res.status, clip(res.body))
		}
		res = api.request(t, "POST", commonDesURL, `{"status":"2"}`, nil)
		if res.status != 400 || !contains(res.body, "status") {
			t.Errorf("status 2: HTTP %d %s", res.status, clip(res.body))
		}
	})
}
