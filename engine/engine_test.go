package engine_test

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"sync"
	"testing"

	"formwork/engine"
	"formwork/engine/internal/enginetest"
)

// The tests of this package use the engine as its callers do: through the
// facade, on the repository's catalogue.

var (
	catOnce sync.Once
	cat     *engine.Catalogue
	catErr  error
)

// catalogue loads the repository's catalogue once for all tests.
func catalogue(t testing.TB) *engine.Catalogue {
	t.Helper()
	catOnce.Do(func() { cat, catErr = engine.Load(os.DirFS("..")) })
	if catErr != nil {
		t.Fatalf("load catalogue: %v", catErr)
	}
	return cat
}

// decode decodes a document given as a Go value (marshalled to JSON first).
func decode(t testing.TB, v any) (*engine.Document, []engine.Finding) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	d, fs, err := engine.Decode(catalogue(t), b)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return d, fs
}

type obj = enginetest.Obj

// validEX02 is an employee claim that passes every check.
func validEX02() obj { return enginetest.ValidEX02() }

// patch returns a deep copy of base with the given paths set (section.field
// or section.N.field for rows); a nil value deletes.
func patch(base obj, set map[string]any) obj { return enginetest.Patch(base, set) }

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
