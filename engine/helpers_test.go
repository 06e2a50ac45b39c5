package engine_test

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
)

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

// setPath sets "head.amount" or "lineList.0.costType" in a decoded JSON tree.
func setPath(root map[string]any, path string, v any) {
	parts := strings.Split(path, ".")
	var cur any = root
	for i, p := range parts {
		last := i == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if v == nil {
					delete(c, p)
				} else {
					c[p] = v
				}
				return
			}
			next, ok := c[p]
			if !ok {
				if _, err := strconv.Atoi(parts[i+1]); err == nil {
					next = []any{}
				} else {
					next = map[string]any{}
				}
				c[p] = next
			}
			cur = next
		case []any:
			n, _ := strconv.Atoi(p)
			if last {
				c[n] = v
				return
			}
			cur = c[n]
		}
	}
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
