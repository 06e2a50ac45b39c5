package eval_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// A save prepares its document once and checks it once. The blank a new
// document is compared with is built once per type version, sub-type and
// action of a Blanks; an update's stored document is never prepared, not
// even when a change has to be judged in its state.
func TestCheckSaveWork(t *testing.T) {
	var blanks eval.Blanks
	claim := enginetest.ValidEX02()
	tests := []struct {
		name      string
		doc       enginetest.Obj
		update    bool
		action    string
		want      eval.Counters
		forbidden string
	}{
		{"the first new claim builds its blank", claim, false, "new", eval.Counters{Prepares: 2, Checks: 1}, ""},
		{"the next new claim does not", claim, false, "new", eval.Counters{Prepares: 1, Checks: 1}, ""},
		{"a claim of another sub-type has a blank of its own", enginetest.Patch(claim, map[string]any{"head.businessType2": "A0102"}), false, "new",
			eval.Counters{Prepares: 2, Checks: 1}, ""},
		{"so has a claim saved under another action", claim, false, "edit", eval.Counters{Prepares: 2, Checks: 1}, ""},
		{"an update", enginetest.Patch(claim, map[string]any{"head.description": "other trip"}), true, "edit", eval.Counters{Prepares: 1, Checks: 1}, ""},
		{"an update judged in the stored state too", enginetest.Patch(claim, map[string]any{"head.description": "other trip"}), true, "partedit",
			eval.Counters{Prepares: 1, Checks: 1}, "head.description"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, fs := enginetest.Decode(t, tt.doc)
			var prev *model.Document
			if tt.update {
				prev = storedClaim(t)
			}
			before := eval.CountersNow()
			sc := eval.CheckSave(d, fs, prev, eval.Options{Action: tt.action}, &blanks)
			if got := eval.CountersNow().Since(before); got != tt.want {
				t.Errorf("counted %+v, want %+v", got, tt.want)
			}
			if !sc.Check.Valid {
				t.Errorf("check: %+v", sc.Check.Errors)
			}
			if got := strings.Join(sc.Forbidden, ","); got != tt.forbidden {
				t.Errorf("forbidden %q, want %q", got, tt.forbidden)
			}
		})
	}
}

// storedClaim is a valid EX02 as the server stores it: checked.
func storedClaim(t *testing.T) *model.Document {
	d, _ := enginetest.Decode(t, enginetest.ValidEX02())
	eval.Check(d, nil, eval.Options{Action: "new"})
	return d
}

// What CheckSave answers of a document is what Evaluate answers of it once
// the server's fields are kept: the same check, field states and set values.
func TestCheckSaveIsEvaluate(t *testing.T) {
	var blanks eval.Blanks
	tests := []struct {
		name   string
		doc    enginetest.Obj
		update bool
		action string
	}{
		{"a valid new claim", enginetest.ValidEX02(), false, "new"},
		{"a new claim with a missing description and a forged status", enginetest.Patch(enginetest.ValidEX02(),
			map[string]any{"head.description": nil, "head.status": "approved", "lineList.0.status": "success"}), false, "new"},
		{"an update that blanks the amount", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.amount": nil}), true, "edit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var prev *model.Document
			from := storedClaim(t).Type.NewDocument()
			if tt.update {
				prev, from = storedClaim(t), storedClaim(t)
			}
			opt := eval.Options{Action: tt.action}
			d, fs := enginetest.Decode(t, tt.doc)
			sc := eval.CheckSave(d, fs, prev, opt, &blanks)
			want, wfs := enginetest.Decode(t, tt.doc)
			model.KeepServerFields(want, from)
			ev := eval.Evaluate(want, wfs, opt)
			if !reflect.DeepEqual(sc.Check, ev.Check) {
				t.Errorf("check %+v, want %+v", sc.Check, ev.Check)
			}
			if !reflect.DeepEqual(sc.Fields, ev.Fields) {
				t.Errorf("states differ from Evaluate's: %v %v", sc.Fields, ev.Fields)
			}
			if sc.Values != nil || len(ev.Values) == 0 {
				t.Errorf("a save's check has changed values %v (it answers with the document); Evaluate's %v", sc.Values, ev.Values)
			}
			got, _ := json.Marshal(sc.Doc)
			if b, _ := json.Marshal(ev.Doc); string(got) != string(b) {
				t.Errorf("document %s, want %s", got, b)
			}
		})
	}
}

// A new document is compared with the blank new document of its type: a
// field the action mode does not let the user fill is refused, unless it
// is editable in the blank (before the save) or in the saved state.
func TestForbiddenChangesOfACreate(t *testing.T) {
	c, err := load.Load(enginetest.Mini(`fields:
  head.note:
    editable: 'action in ["new", "edit", "partedit"]'
  head.rate:
    editable: 'head.amount == 0'
  head.days: {default: 1}
  lineList.note:
    editable: 'action == "fssc" && row.amount > 100'
`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, doc, action, want string
	}{
		{"new fills what it likes", `{"head": {"docType": "T1", "amount": 10, "note": "a", "days": 3}}`, "new", ""},
		{"partial edit: only the note", `{"head": {"docType": "T1", "note": "a"}}`, "partedit", ""},
		{"partial edit: an amount refused", `{"head": {"docType": "T1", "amount": 10, "note": "a"}}`, "partedit", "head.amount"},
		{"partial edit: a default is no change", `{"head": {"docType": "T1", "days": 1}}`, "partedit", ""},
		{"partial edit: another value is", `{"head": {"docType": "T1", "days": 2}}`, "partedit", "head.days"},
		{"a rate editable in the blank only", `{"head": {"docType": "T1", "amount": 10, "rate": 2}}`, "new", ""},
		{"fssc: a row condition", `{"head": {"docType": "T1"}, "lineList": [{"amount": 200, "note": "y"}]}`, "fssc", "lineList[0].amount"},
	}
	var blanks eval.Blanks
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, fs, err := decode.Decode(c, []byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(eval.CheckSave(d, fs, nil, eval.Options{Action: tt.action}, &blanks).Forbidden, ","); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// Saves of new documents running at once share one blank, built once (run
// with -race).
func TestBlanksConcurrent(t *testing.T) {
	var blanks eval.Blanks
	const workers, saves = 8, 5
	before := eval.CountersNow()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range saves {
				d, fs := enginetest.Decode(t, enginetest.ValidEX02())
				if sc := eval.CheckSave(d, fs, nil, eval.Options{}, &blanks); !sc.Check.Valid || len(sc.Forbidden) > 0 {
					t.Errorf("check %+v, forbidden %v", sc.Check.Errors, sc.Forbidden)
				}
			}
		})
	}
	wg.Wait()
	if got, want := eval.CountersNow().Since(before), (eval.Counters{Prepares: workers*saves + 1, Checks: workers * saves}); got != want {
		t.Errorf("counted %+v, want %+v", got, want)
	}
}
