package guard

import (
	"fmt"
	"strings"
	"testing"
)

func TestPlainJSON(t *testing.T) {
	deep := strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth)
	deeper := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
	cases := []struct {
		body  string
		plain bool
	}{
		{`{"head":{"docType":"EX02","amount":1.5,"ok":true,"none":null},"lineList":[{"remark":"好"},{"remark":"a\"b\\c\n"}]}`, true},
		{` [1, -2.5e3, "x", {}, []] `, true},
		{deep, true},
		{deeper, false},
		{`{"a":1,"a":2}`, false},
		{`{"lineList":[{"a":1},{"a":1,"a":2}]}`, false},
		{`{"a":{"b":1},"b":{"a":1}}`, true}, // the same key in different objects
		{`{"a\/b":1,"a/b":2}`, false},       // an escaped key: looked at closer
		{`{"r":"a\u0041"}`, false},          // any \u escape: looked at closer
		{"{\"r\":\"a\x00b\"}", false},       // a raw control character
		{`{"n":` + strings.Repeat("1", maxNumberLength) + `}`, true},
		{`{"n":` + strings.Repeat("1", maxNumberLength+1) + `}`, false},
		{`{"head":`, false},
		{`{"a":1}{`, false},
		{`{"a":1,}`, false},
		{`tru`, false},
		{``, false},
	}
	for _, c := range cases {
		if got := plainJSON([]byte(c.body)); got != c.plain {
			t.Errorf("plainJSON(%.60q) = %v, want %v", c.body, got, c.plain)
		}
		if plainJSON([]byte(c.body)) && walkJSON([]byte(c.body)) != nil {
			t.Errorf("%.60q is plain but the walk refuses it: %v", c.body, walkJSON([]byte(c.body)))
		}
	}
}

// FuzzPlainJSON: whatever plainJSON lets through, the token walk lets
// through too (the scan only skips the walk, it never decides otherwise;
// a number's grammar it leaves to the handler's decoder, as the walk does).
func FuzzPlainJSON(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":{"b":[1,2,{"c":"d"}]}}`, `{"r":"\u0000"}`, `[1e400]`, `{"k":"\ud800"}`, `{"a\/":1,"a/":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if plainJSON(body) {
			if err := walkJSON(body); err != nil {
				t.Fatalf("%q is plain but the walk refuses it: %v", body, err)
			}
		}
	})
}

// BenchmarkCheckJSON is the guard on a claim of n lines.
func BenchmarkCheckJSON(b *testing.B) {
	for _, n := range []int{3, 1000} {
		var lines []string
		for i := 0; i < n; i++ {
			lines = append(lines, fmt.Sprintf(`{"costType":"交通费","amount":12.%02d,"expDate":"2026-11-10","remark":"line %d"}`, i%100, i))
		}
		body := []byte(`{"head":{"docType":"EX02","applicant":"employee01"},"lineList":[` + strings.Join(lines, ",") + `]}`)
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if err := checkJSON(body); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
