package eval

import (
	"encoding/json"
	"testing"
)

// TestFieldStatesJSON: the hand-written JSON is encoding/json's, byte for
// byte, whatever the paths hold.
func TestFieldStatesJSON(t *testing.T) {
	for _, s := range []FieldStates{
		nil,
		{},
		{"head.amount": {Visible: true, Required: true}, "lineList[0].costType": {Visible: true, Editable: true}, "head.a": {}},
		{`odd "path"\ <b>&`: {Visible: true}, "名称": {Editable: true}, "tab\there": {Required: true}},
	} {
		got, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(map[string]FieldState(s))
		if string(got) != string(want) {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}
