package engine_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"formwork/engine"
)

// FuzzDocument decodes any input as a document of the repository's
// catalogue, checks it and writes it back: nothing may panic, an input that
// is no document is an *Error of the input's (never EINTERNAL), and what the
// engine writes it reads back unchanged, with no structural finding.
func FuzzDocument(f *testing.F) {
	c := catalogue(f)
	seeds, _ := filepath.Glob(filepath.Join("..", "seeds", "documents", "*.json"))
	for _, s := range seeds {
		b, _ := os.ReadFile(s)
		f.Add(b)
	}
	b, _ := json.Marshal(validEX02())
	f.Add(b)
	f.Add([]byte(`{"head": {"docType": "EX05", "amount": "1,234.50"}, "recipt": {"amount": 1e2}}`))
	f.Add([]byte(`{"head": {"docType": "EX02", "companyCode": "2000"}, "lineList": [{"flag": "D"}, 5, {"amount": "x"}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		d, structural, err := engine.Decode(c, raw)
		if err != nil {
			if code := engine.ErrorCode(err); code != engine.EINVALID && code != engine.ENOTFOUND {
				t.Fatalf("decode: %v (%s)", err, code)
			}
			return
		}
		res := engine.Check(d, structural, engine.Options{Action: "edit"})
		_ = res.View("th")
		out, err := d.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		again, findings, err := engine.DecodeAs(d.Type, out)
		if err != nil || len(findings) > 0 {
			t.Fatalf("the engine does not read what it wrote: %v %+v\n%s", err, findings, out)
		}
		out2, _ := again.MarshalJSON()
		if !bytes.Equal(out, out2) {
			t.Fatalf("round trip changed the document:\n%s\n%s", out, out2)
		}
	})
}
