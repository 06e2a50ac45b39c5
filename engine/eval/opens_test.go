package eval_test

import (
	"testing"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/export"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
)

// An object field whose editability is an expression is drawn by the
// export from the sub-type alone; the states tell where the document
// differs: editable false of one drawn editable, editable true of one drawn
// read-only that the document opens (the form would keep it read-only
// otherwise), nothing where the document agrees with the drawing.
func TestStatesOpenWhatTheExportDrawsReadOnly(t *testing.T) {
	c, err := load.Load(enginetest.Mini(`fields:
  head.rate:
    editable: 'head.amount > 100'
  head.note:
    editable: 'head.amount == 0'
`))
	if err != nil {
		t.Fatal(err)
	}
	exp, err := export.Form(c.DocType("T1"), "", "new", "en")
	if err != nil {
		t.Fatal(err)
	}
	headUI := exp.UISchema["head"].(map[string]any)
	if ro, _ := headUI["rate"].(map[string]any)["ui:readonly"].(bool); !ro {
		t.Fatalf("the export draws head.rate %v, want read-only (a blank amount is not over 100)", headUI["rate"])
	}
	if note, _ := headUI["note"].(map[string]any); note["ui:readonly"] == true {
		t.Fatalf("the export draws head.note %v, want editable", note)
	}
	tests := []struct {
		name, amount string
		rate, note   *bool // the state's editable; nil: none
	}{
		{"a blank amount: as drawn", "0", nil, nil},
		{"over 100: the rate opens, the note closes", "200", ptr(true), ptr(false)},
		{"under 100: the rate stays read-only, the note closes", "50", nil, ptr(false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, fs, err := decode.Decode(c, []byte(`{"head": {"docType": "T1", "amount": `+tt.amount+`}}`))
			if err != nil {
				t.Fatal(err)
			}
			ev := eval.Evaluate(d, fs, eval.Options{Action: "new"})
			for path, want := range map[string]*bool{"head.rate": tt.rate, "head.note": tt.note} {
				got := ev.Fields[path].Editable
				if (got == nil) != (want == nil) || (got != nil && *got != *want) {
					t.Errorf("%s: editable %v, want %v (states %+v)", path, show(got), show(want), ev.Fields[path])
				}
			}
		})
	}
}

func ptr(b bool) *bool { return &b }

func show(b *bool) any {
	if b == nil {
		return "none"
	}
	return *b
}
