package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// request is one request a load generator repeats (the Go one or wrk).
type request struct {
	method string
	url    string
	body   []byte
	header map[string]string
}

// underWrk is the rate wrk (the load generator, Debian's wrk)
// reaches on r from c connections over 2 threads for d; an error when
// more than 1% of the answers were not 2xx or the connections failed.
func underWrk(r request, c int, d time.Duration) (float64, error) {
	dir, err := os.MkdirTemp("", "benchcompare-wrk")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	var script strings.Builder
	fmt.Fprintf(&script, "wrk.method = %q\n", r.method)
	if r.body != nil {
		body := filepath.Join(dir, "body.json")
		if err := os.WriteFile(body, r.body, 0o600); err != nil {
			return 0, err
		}
		fmt.Fprintf(&script, "local f = io.open(%q); wrk.body = f:read(\"*a\"); f:close()\n", body)
		script.WriteString("wrk.headers[\"Content-Type\"] = \"application/json\"\n")
	}
	for k, v := range r.header {
		fmt.Fprintf(&script, "wrk.headers[%q] = %q\n", k, v)
	}
	lua := filepath.Join(dir, "request.lua")
	if err := os.WriteFile(lua, []byte(script.String()), 0o600); err != nil {
		return 0, err
	}
	out, err := exec.Command("wrk", "-t2", "-c"+strconv.Itoa(c), "-d"+d.String(), "-s", lua, r.url).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("wrk: %v %s", err, out)
	}
	return wrkRate(string(out))
}

var (
	wrkRequests = regexp.MustCompile(`(\d+) requests in `)
	wrkRateLine = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	wrkNon2xx   = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
	wrkErrors   = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
)

// wrkRate reads the rate of wrk's report, refusing a run whose failed
// answers or socket errors pass 1% of its requests.
func wrkRate(out string) (float64, error) {
	m, r := wrkRequests.FindStringSubmatch(out), wrkRateLine.FindStringSubmatch(out)
	if m == nil || r == nil {
		return 0, fmt.Errorf("wrk printed no rate: %s", out)
	}
	total, _ := strconv.Atoi(m[1])
	failed := 0
	if m := wrkNon2xx.FindStringSubmatch(out); m != nil {
		n, _ := strconv.Atoi(m[1])
		failed += n
	}
	if m := wrkErrors.FindStringSubmatch(out); m != nil {
		for _, s := range m[1:] {
			n, _ := strconv.Atoi(s)
			failed += n
		}
	}
	if failed*100 > total {
		return 0, fmt.Errorf("%d of %d requests failed under wrk: %s", failed, total, out)
	}
	return strconv.ParseFloat(r[1], 64)
}
