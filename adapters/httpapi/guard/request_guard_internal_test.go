package guard

import (
	"testing"

	"formwork/engine"
)

func TestCheckJSON(t *testing.T) {
	cases := []struct {
		name, body, path string
	}{
		{"valid", `{"head":{"docType":"EX02","amount":1.5},"lineList":[{"remark":"好"}]}`, "-"},
		{"duplicate key at the top", `{"docType":"EX02","docType":"EX01"}`, "docType"},
		{"duplicate object", `{"head":{},"head":{}}`, "head"},
		{"duplicate key in a row", `{"lineList":[{"a":1},{"a":1,"a":2}]}`, "lineList[1].a"},
		{"NUL escape", `{"head":{"reason":"a\u0000b"}}`, "head.reason"},
		{"NUL in a key", `{"head":{"re\u0000":"x"}}`, "head.re\x00"},
		{"lone high surrogate", `{"head":{"reason":"x\ud800"}}`, "head.reason"},
		{"lone low surrogate in a row", `{"lineList":[{"remark":"ok"},{"remark":"\udc00"}]}`, "lineList[1].remark"},
		{"a surrogate pair is fine", `{"head":{"reason":"\ud83d\ude00"}}`, "-"},
		{"an escaped backslash is no escape", `{"head":{"reason":"\\ud800"}}`, "-"},
		{"invalid UTF-8", "{\"head\":{\"reason\":\"\xff\"}}", "head.reason"},
		{"a long number", `{"head":{"amount":` + string(make40plus()) + `}}`, "head.amount"},
		{"a syntax error is the handler's", `{"head":`, "-"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkJSON([]byte(c.body))
			if c.path == "-" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			e, ok := err.(*engine.Error)
			if !ok {
				t.Fatalf("got %v, want a refusal at %s", err, c.path)
			}
			if e.Code != engine.EINVALID || e.Path != c.path {
				t.Errorf("got %s at %q (%s), want EINVALID at %q", e.Code, e.Path, e.Message, c.path)
			}
		})
	}
}

func make40plus() []byte {
	b := make([]byte, 41)
	for i := range b {
		b[i] = '9'
	}
	return b
}
