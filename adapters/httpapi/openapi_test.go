package httpapi_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"formwork/tools/formwork/wire"
)

var updateOpenAPI = flag.Bool("update-openapi", false, "rewrite docs/openapi.json from the route table")

// TestOpenAPIDrift: docs/openapi.json is what the route table and the Go
// types generate (go test ./adapters/httpapi -run TestOpenAPIDrift -update-openapi
// rewrites it), it covers every route, and the server serves it.
func TestOpenAPIDrift(t *testing.T) {
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: openSQLite(t)})
	got, err := srv.HTTP.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("..", "..", "docs", "openapi.json")
	if *updateOpenAPI {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./adapters/httpapi -run TestOpenAPIDrift -update-openapi)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/openapi.json is not what the route table generates: run go test ./adapters/httpapi -run TestOpenAPIDrift -update-openapi")
	}
	for _, r := range srv.HTTP.RouteTable() {
		if !bytes.Contains(got, []byte(`"`+openAPIPath(r.Path)+`"`)) {
			t.Errorf("%s %s is not in the OpenAPI document", r.Method, r.Path)
		}
	}
}

func openAPIPath(p string) string {
	var b bytes.Buffer
	for i := 0; i < len(p); i++ {
		if p[i] != ':' {
			b.WriteByte(p[i])
			continue
		}
		j := i + 1
		for j < len(p) && p[j] != '/' {
			j++
		}
		b.WriteString("{" + p[i+1:j] + "}")
		i = j - 1
	}
	return b.String()
}
