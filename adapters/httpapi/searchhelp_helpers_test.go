package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// Helpers of the search-help and dictionary scenarios: the answers are
// lists of dropdown options {key, value, attr1..attr12}.

// options decodes data as a list of options.
func (r *apiResponse) options(t *testing.T) []map[string]string {
	t.Helper()
	var list []map[string]string
	if err := json.Unmarshal(r.envelope.Data, &list); err != nil {
		t.Fatalf("data is not a list of options: %v; body: %s", err, clip(r.body))
	}
	return list
}

// optionKeys are the keys of a list of options, in order, joined by spaces.
func optionKeys(list []map[string]string) string {
	keys := make([]string, len(list))
	for i, o := range list {
		keys[i] = o["key"]
	}
	return strings.Join(keys, " ")
}

// expectKeys is an after-check: the answer's option keys, in order.
func expectKeys(want string) func(*testing.T, *testAPI, *apiResponse, map[string]string) {
	return func(t *testing.T, _ *testAPI, res *apiResponse, _ map[string]string) {
		t.Helper()
		if got := optionKeys(res.options(t)); got != want {
			t.Errorf("option keys:\n  %s\nwant:\n  %s", got, want)
		}
	}
}

// expectOption is an after-check: the option at index i is exactly want
// (a JSON object, attributes left out when empty).
func expectOption(i int, want string) func(*testing.T, *testAPI, *apiResponse, map[string]string) {
	return func(t *testing.T, _ *testAPI, res *apiResponse, _ map[string]string) {
		t.Helper()
		var list []json.RawMessage
		if err := json.Unmarshal(res.envelope.Data, &list); err != nil || i >= len(list) {
			t.Fatalf("no option %d in %s", i, clip(res.body))
		}
		if string(list[i]) != want {
			t.Errorf("option %d:\n  %s\nwant:\n  %s", i, list[i], want)
		}
	}
}

// both runs several after-checks.
func both(checks ...func(*testing.T, *testAPI, *apiResponse, map[string]string)) func(*testing.T, *testAPI, *apiResponse, map[string]string) {
	return func(t *testing.T, api *testAPI, res *apiResponse, vars map[string]string) {
		t.Helper()
		for _, c := range checks {
			c(t, api, res, vars)
		}
	}
}
