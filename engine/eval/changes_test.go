package eval_test

import (
	"strings"
	"testing"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
)

func TestForbiddenChangesOfAnUpdate(t *testing.T) {
	c, err := load.Load(enginetest.Mini(`fields:
  head.note:
    editable: 'action in ["new", "edit", "partedit"]'
  lineList.note:
    editable: 'action == "fssc" && row.amount > 100'
`))
	if err != nil {
		t.Fatal(err)
	}
	prev := `{"head": {"docType": "T1", "amount": 10, "note": "a"}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}]}`
	tests := []struct {
		name, next, action, want string
	}{
		{"no change", prev, "read", ""},
		{"edit mode edits what has no rule of its own", `{"head": {"docType": "T1", "amount": 11, "note": "b"}, "lineList": [{"amount": 1}]}`, "edit", "lineList[0].note"},
		{"partial edit: only the note", `{"head": {"docType": "T1", "amount": 10, "note": "b"}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}]}`, "partedit", ""},
		{"partial edit: amount refused", `{"head": {"docType": "T1", "amount": 11, "note": "b"}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}]}`, "partedit", "head.amount"},
		{"fssc: a row condition", `{"head": {"docType": "T1", "amount": 10, "note": "a"}, "lineList": [{"amount": 200, "note": "y"}, {"amount": 5, "note": "z"}]}`, "fssc", "lineList[1].note"},
		{"read: a removed row", `{"head": {"docType": "T1", "amount": 10, "note": "a"}, "lineList": [{"amount": 200, "note": "x"}]}`, "read", "lineList[1].amount"},
		{"read: an added row", `{"head": {"docType": "T1", "amount": 10, "note": "a"}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}, {"flag": "D"}]}`, "read", "lineList[2].flag"},
		{"read: a cleared value", `{"head": {"docType": "T1", "amount": 10}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}]}`, "read", "head.note"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, _ := decode.Decode(c, []byte(prev))
			b, _, err := decode.Decode(c, []byte(tt.next))
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(eval.CheckSave(b, nil, a, eval.Options{Action: tt.action}, nil).Forbidden, ",")
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
