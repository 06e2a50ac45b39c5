package eval

import (
	"encoding/json"
	"testing"
)

// TestFieldStatesJSON: the hand-written JSON is encoding/json's, byte for
// byte, whatever the paths hold, alone or appended; states with the paths of the states before
// (their sorted order kept), with as many other paths, or some of both.
func TestFieldStatesJSON(t *testing.T) {
	y, n := &yes, &no
	for _, s := range []FieldStates{
		nil,
		{},
		{"head.amount": {Visible: y, Required: n}, "lineList[0].costType": {Visible: n, Editable: y}, "head.a": {}},
		{"head.amount": {Editable: n}, "lineList[0].costType": {}, "head.a": {Visible: y, Required: y, Editable: y}},
		{`odd "path"\ <b>&`: {Visible: n}, "名称": {Editable: n}, "tab\there": {Required: y}},
		{"head.amount": {Editable: y}, "名称": {}, "head.a": {Required: n}},
		{"head.amount": {Editable: y}, "名称": {}, "head.a": {Required: n}},
		{"z": {}, "y": {Visible: n}, "x": {}, "w": {Required: y, Editable: n}},
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
