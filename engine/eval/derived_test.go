package eval_test

import (
	"testing"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
)

// A derived value the engine would refuse to read back (an amount out of
// range) is not stored: it is a finding at its place, and its row's status
// is error. Found by FuzzDocument (round trip of a derived local amount).
func TestDerivedOutOfRange(t *testing.T) {
	c, err := load.Load(enginetest.Mini(`fields:
  head.amount: {readOnly: true, value: 'head.rate * 1000000000000'}
`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		doc, path, rule, en string
	}{
		{`{"head": {"docType": "T1", "rate": 999.999999}}`, "", "", ""},
		{`{"head": {"docType": "T1", "rate": 1000}}`, "head.amount", "range", "Amount is out of range (+/-999999999999999)"},
		{`{"head": {"docType": "T1", "rate": -1000}}`, "head.amount", "range", "Amount is out of range (+/-999999999999999)"},
	}
	for _, tt := range tests {
		d, fs, err := decode.Decode(c, []byte(tt.doc))
		if err != nil {
			t.Fatal(err)
		}
		res := eval.Check(d, fs, eval.Options{})
		if tt.path == "" {
			if !res.Valid || d.Head()["amount"] == nil {
				t.Errorf("%s: %+v %v", tt.doc, res.Errors, d.Head())
			}
			continue
		}
		if res.Valid || len(res.Errors) != 1 || res.Errors[0].Path != tt.path || res.Errors[0].Rule != tt.rule || res.Errors[0].Message.In("en") != tt.en {
			t.Errorf("%s: %+v, want %s %s", tt.doc, res.Errors, tt.path, tt.rule)
		}
		if _, stored := d.Head()["amount"]; stored {
			t.Errorf("%s: the out-of-range amount was stored", tt.doc)
		}
	}
}
