package eval

import (
	"encoding/json"
	"testing"
)

// TestFieldStatesJSON: the hand-written JSON is encoding/json's, byte for
// byte, whatever the paths hold, alone or appended; states with the paths of the states before
// (their sorted order kept), with as many other paths, or some of both.
func TestFieldStatesJSON(t *testing.T) {
	for _, s := range []FieldStates{
		nil,
		{},
		{"head.amount": {Visible: true, Required: true}, "lineList[0].costType": {Visible: true, Editable: true}, "head.a": {}},
		{"head.amount": {Editable: true}, "lineList[0].costType": {}, "head.a": {Visible: true}},
		{`odd "path"\ <b>&`: {Visible: true}, "名称": {Editable: true}, "tab\there": {Required: true}},
		{"head.amount": {Editable: true}, "名称": {}, "head.a": {Required: true}},
		{"head.amount": {Editable: true}, "名称": {}, "head.a": {Required: true}},
		{"z": {}, "y": {Visible: true}, "x": {}, "w": {Editable: true}},
	} {
		// appended after what b holds first: with the paths of the states
		// before when they have as many, where appendIn gives up half way
		appended := string(s.AppendJSON([]byte(`{"states":`)))
		got, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(map[string]FieldState(s))
		if string(got) != string(want) {
			t.Errorf("got  %s\nwant %s", got, want)
		}
		if appended != `{"states":`+string(want) {
			t.Errorf("appended: %s\nwant %s", appended, want)
		}
	}
}
