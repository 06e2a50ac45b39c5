package httpapi_test

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// Two people save the same loaded claim at once: the optimistic lock lets
// exactly one win; the other gets 409 and the stored claim is the winner's.
// Ten rounds on one claim, each starting from the version the last one left.
func TestConcurrentUpdatesOfOneClaim(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := storeTravelClaim(t, api)
		for round := 1; round <= 10; round++ {
			descriptions := []string{fmt.Sprintf("第%d轮：张三的修改", round), fmt.Sprintf("第%d轮：李四的修改", round)}
			answers := sendAtOnce(t, api, len(descriptions), func(i int) (string, string, string) {
				body := travelClaim(with("head.businessId", id), with("head.version", round), with("head.description", descriptions[i]))
				return "PUT", updateClaim, body
			})
			var winner string
			var statuses []int
			for i, res := range answers {
				statuses = append(statuses, res.status)
				switch res.status {
				case 200:
					winner = descriptions[i]
				case 409:
					if res.envelope.Code != "ECONFLICT" {
						t.Errorf("round %d: 409 with code %s", round, res.envelope.Code)
					}
				}
			}
			sort.Ints(statuses)
			if fmt.Sprint(statuses) != "[200 409]" {
				t.Fatalf("round %d: statuses %v, want exactly one 200 and one 409", round, statuses)
			}
			doc := loadDocument(t, api, id)
			assertValue(t, doc, fmt.Sprint(round+1), "head", "version")
			assertValue(t, doc, `"`+winner+`"`, "head", "description")
		}
		if n := api.documentCount(t); n != 1 {
			t.Errorf("%d documents stored, want the one claim", n)
		}
	})
}

// Twenty claims created at once get twenty distinct numbers: 0001 to 0020
// of the day, with no gap.
func TestConcurrentCreatesGetDistinctNumbers(t *testing.T) {
	const claims = 20
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		today := time.Now().Format("20060102")
		answers := sendAtOnce(t, api, claims, func(i int) (string, string, string) {
			return "POST", createClaim, travelClaim(with("head.description", fmt.Sprintf("并发报销%02d", i)))
		})
		var ids []string
		for _, res := range answers {
			if res.status != 200 {
				t.Errorf("create: HTTP %d: %s", res.status, clip(res.body))
				continue
			}
			id, _ := valueAt(res.data(t), "head", "businessId")
			ids = append(ids, fmt.Sprint(id))
		}
		sort.Strings(ids)
		var want []string
		for n := 1; n <= claims; n++ {
			want = append(want, fmt.Sprintf("EX02%s%04d", today, n))
		}
		if strings.Join(ids, " ") != strings.Join(want, " ") {
			t.Errorf("business ids:\n%s\nwant:\n%s", strings.Join(ids, " "), strings.Join(want, " "))
		}
		if n := api.documentCount(t); n != claims {
			t.Errorf("%d documents stored, want %d", n, claims)
		}
	})
}

// Creates sharing a commit answer as a create alone does (their answers
// prepared while the commit waits on the disk): the same document and
// form but for the number and the time.
func TestConcurrentCreatesAnswerAsOneAlone(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		same := func(res *apiResponse) string {
			id, _ := valueAt(res.data(t), "head", "businessId")
			body := strings.ReplaceAll(res.body, fmt.Sprint(id), "«number»")
			return sameTime.ReplaceAllString(body, "«time»")
		}
		alone := api.request(t, "POST", createClaim, travelClaim(), nil)
		if alone.status != 200 {
			t.Fatalf("create: HTTP %d: %s", alone.status, clip(alone.body))
		}
		want := same(alone)
		answers := sendAtOnce(t, api, 16, func(int) (string, string, string) { return "POST", createClaim, travelClaim() })
		for i, res := range answers {
			if got := same(res); got != want {
				t.Errorf("create %d answered\n%s\nalone:\n%s", i, clip(got), clip(want))
			}
		}
	})
}

var sameTime = regexp.MustCompile(`\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d`)

// sendAtOnce sends n requests (method, url, body from request(i)) from n
// goroutines released together, and returns the answers in order of i,
// each checked against the envelope contract.
func sendAtOnce(t *testing.T, api *testAPI, n int, request func(i int) (method, url, body string)) []*apiResponse {
	t.Helper()
	return sendAtOnceAs(t, api, n, func(i int) (string, string, string, map[string]string) {
		method, url, body := request(i)
		return method, url, body, nil
	})
}

// sendAtOnceAs is sendAtOnce with each request's own headers.
func sendAtOnceAs(t *testing.T, api *testAPI, n int, request func(i int) (method, url, body string, headers map[string]string)) []*apiResponse {
	t.Helper()
	answers := make([]*apiResponse, n)
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		method, url, body, headers := request(i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			answers[i], errs[i] = api.send(method, url, body, headers)
		}()
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		checkEnvelope(t, answers[i])
	}
	return answers
}
