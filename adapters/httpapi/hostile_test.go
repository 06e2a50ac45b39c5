package httpapi_test

// A hostile client: thousands of generated requests (mutated documents,
// wrong types, huge and deep bodies, NUL and invalid UTF-8, duplicate keys,
// injection strings) against a real server on each database. None may make
// the server fail (5xx) or die, and what a 200 acknowledged is stored
// exactly as sent.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hostileRequests is how many requests each database gets.
const hostileRequests = 5000

// injections are texts that break careless SQL, HTML, templates, paths and
// parsers; a document may hold them, and must get them back unchanged.
var injections = []string{
	`' OR '1'='1' --`, `"; DROP TABLE documents; --`, `<script>alert(1)</script>`, `{{.}}`, `${jndi:ldap://x/a}`,
	`../../../../etc/passwd`, `%00%ff`, `\u0000`, `%s%s%n`, `١٢٣`, `𝕏😀`, `ΙΤ01`, "IT01\u200b", `\\ud800`,
	strings.Repeat("長", 300), `1e309`, `-0`, `NaN`, `null`, `[]`, `{}`,
}

// hostileTargets are the routes a document or a small JSON body is sent to.
var hostileTargets = []struct{ method, url string }{
	{"POST", "/api/galaxyform/yx/ap/head/create?action=new"},
	{"POST", "/api/galaxyform/yx/ap/head/create?action=new&tempSave=1"},
	{"POST", "/api/formwork/evaluate?action=new"},
	{"PUT", "/api/galaxyform/yx/ap/head/update?action=edit"},
	{"POST", "/api/galaxyform/worklist/query"},
	{"POST", "/api/galaxyform/process/startProcess"},
	{"POST", "/api/galaxyform/searchhelp/queryEmployeeInfo"},
	{"POST", "/rest/dic/list"},
	{"POST", "/api/galaxycommon/login/auth"},
}

func TestHostileRequests(t *testing.T) {
	if testing.Short() {
		t.Skip("hostile requests take a while")
	}
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		rng := rand.New(rand.NewPCG(20261124, 1))
		base := travelClaim()
		var checks []storedCheck
		var mu sync.Mutex
		var fails, served atomic.Int64
		work := make(chan hostileRequest)
		var wg sync.WaitGroup
		deadline := time.Now().Add(3 * time.Minute)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := range work {
					res, err := api.send(r.method, r.url, r.body, r.headers)
					served.Add(1)
					switch {
					case err != nil && r.kind == "huge":
						// the server answers 413 and closes the connection
						// before the client has sent the whole body: the
						// client sees a broken pipe or a reset
					case err != nil:
						if fails.Add(1) <= 5 {
							t.Errorf("%s %s: %v", r.method, r.url, err)
						}
					case res.status >= 500:
						if fails.Add(1) <= 5 {
							t.Errorf("%s %s (%s): HTTP %d %s", r.method, r.url, r.kind, res.status, clip(res.body))
						}
					case res.status == 200 && r.check != nil:
						var env struct {
							Data map[string]any `json:"data"`
						}
						if json.Unmarshal([]byte(res.body), &env) == nil {
							if id, _ := valueAt(env.Data, "head", "businessId"); id != nil {
								mu.Lock()
								checks = append(checks, storedCheck{id: id.(string), field: r.check.field, want: r.check.want})
								mu.Unlock()
							}
						}
					}
				}
			}()
		}
		for i := 0; i < hostileRequests && time.Now().Before(deadline); i++ {
			work <- mutate(rng, base)
		}
		close(work)
		wg.Wait()
		if health := api.request(t, "GET", "/api/formwork/health", "", nil); health.status != 200 {
			t.Fatalf("the server is not healthy after the hostile requests: HTTP %d", health.status)
		}
		for _, c := range checks {
			got, _ := valueAt(loadDocument(t, api, c.id), "head", c.field)
			if got != c.want {
				t.Errorf("%s head.%s stored as %q, sent %q", c.id, c.field, got, c.want)
			}
		}
		t.Logf("%d hostile requests served, %d accepted documents read back unchanged", served.Load(), len(checks))
	})
}

type hostileRequest struct {
	method, url, body, kind string
	headers                 map[string]string
	check                   *storedCheck
}

// storedCheck is a text a document was accepted with.
type storedCheck struct{ id, field, want string }

// textFields are head fields that hold free text.
var textFields = []string{"reason", "description", "remark"}

// mutate makes one hostile request from a valid document.
func mutate(rng *rand.Rand, base string) hostileRequest {
	target := hostileTargets[rng.IntN(len(hostileTargets))]
	r := hostileRequest{method: target.method, url: target.url, headers: map[string]string{"Content-Type": "application/json"}}
	switch k := rng.IntN(12); k {
	case 0: // an injection string in a text field: accepted or refused, never altered
		field := textFields[rng.IntN(len(textFields))]
		text := injections[rng.IntN(len(injections))]
		r.kind, r.body = "injection", travelClaim(with("head."+field, text))
		if target.url == hostileTargets[0].url && !strings.Contains(text, "\\u0000") {
			r.check = &storedCheck{field: field, want: text}
		}
	case 1: // NUL
		r.kind, r.body = "nul", strings.Replace(base, `"reason":"`, `"reason":"\u0000`, 1)
	case 2: // invalid UTF-8
		r.kind, r.body = "utf8", strings.Replace(base, `"reason":"`, "\"reason\":\"\xff\xfe", 1)
	case 3: // duplicate keys
		r.kind, r.body = "duplicate", strings.Replace(base, `"docType":"EX02"`, `"docType":"EX02","docType":"EX01"`, 1)
	case 4: // a wrong type somewhere
		r.kind, r.body = "type", wrongType(rng, base)
	case 5: // a long number
		r.kind, r.body = "number", travelClaim(with("head.amount", json.Number("1"+strings.Repeat("0", 20+rng.IntN(2000)))))
	case 6: // deep nesting
		depth := 50 + rng.IntN(5000)
		r.kind, r.body = "deep", `{"head":`+strings.Repeat("[", depth)+strings.Repeat("]", depth)+`}`
	case 7: // over the body limit
		r.kind, r.body = "huge", `{"head":{"reason":"`+strings.Repeat("x", 4<<20+10)+`"}}`
	case 8: // truncated
		r.kind, r.body = "truncated", base[:rng.IntN(len(base))]
	case 9: // random bytes
		b := make([]byte, rng.IntN(200))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		r.kind, r.body = "bytes", string(b)
	case 10: // a lone surrogate
		r.kind, r.body = "surrogate", strings.Replace(base, `"reason":"`, `"reason":"\udc01`, 1)
	default: // text where a number is expected, commas, exponents
		bad := []string{`"1,0,0"`, `"100,50"`, `"1e400"`, `"-"`, `"０"`, `"1_000"`, `true`, `"0x10"`}
		r.kind, r.body = "money", strings.Replace(base, `"amount":2458.50`, `"amount":`+bad[rng.IntN(len(bad))], 1)
	}
	if rng.IntN(20) == 0 {
		r.headers["Content-Type"] = "text/plain"
	}
	return r
}

// wrongType replaces one value of the document with a value of another
// JSON type.
func wrongType(rng *rand.Rand, base string) string {
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader([]byte(base)))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		panic(err)
	}
	head := doc["head"].(map[string]any)
	keys := make([]string, 0, len(head))
	for k := range head {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same seed, the same requests
	key := keys[rng.IntN(len(keys))]
	values := []any{json.Number("12345678901234567890"), []any{1, "a"}, map[string]any{"x": nil}, true, nil, -1, "", fmt.Sprint(rng.Int())}
	head[key] = values[rng.IntN(len(values))]
	b, _ := json.Marshal(doc)
	return string(b)
}
