package engine_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"testing/fstest"

	"formwork/engine"
)

// A released snapshot loads back as the same document type: same export,
// same verdicts, whatever later happens to the catalogue.
func TestSnapshotRoundTrip(t *testing.T) {
	c := catalogue(t)
	fs := fstest.MapFS{}
	for _, d := range c.DocTypes() {
		fs["schemas/_released/"+d.Edition+"/"+d.Code+"/v1.yaml"] = &fstest.MapFile{Data: engine.Snapshot(d)}
	}
	// the released versions alone, without the live catalogue's fields
	fs["schemas/_modes.yaml"] = &fstest.MapFile{Data: mustRead(t, "../schemas/_modes.yaml")}
	fs["schemas/_editions.yaml"] = &fstest.MapFile{Data: mustRead(t, "../schemas/_editions.yaml")}
	r, err := engine.Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range c.DocTypes() {
		old := r.DocTypeVersion(d.Edition, d.Code, d.Version)
		if old == nil {
			t.Fatalf("%s v%d not loaded from its snapshot", d.Code, d.Version)
		}
		for _, action := range []string{"new", "read"} {
			a, _ := d.Export("", action, "zh")
			b, _ := old.Export("", action, "zh")
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if !bytes.Equal(ja, jb) {
				t.Errorf("%s %s: the snapshot exports differently", d.Code, action)
			}
		}
		if !bytes.Equal(engine.Snapshot(d), engine.Snapshot(old)) {
			t.Errorf("%s: snapshot of the snapshot differs", d.Code)
		}
	}
	// the same verdicts
	raw, _ := json.Marshal(patch(validEX02(), map[string]any{"head.amount": 0, "lineList.0.costType": nil}))
	live, fs1, _ := engine.DecodeAs(c.DocType("EX02"), raw)
	snap, fs2, _ := engine.DecodeAs(r.DocTypeVersion("form", "EX02", 1), raw)
	a, b := engine.Check(live, fs1, engine.Options{}), engine.Check(snap, fs2, engine.Options{})
	ja, _ := json.Marshal(a.View("zh"))
	jb, _ := json.Marshal(b.View("zh"))
	if !bytes.Equal(ja, jb) {
		t.Errorf("verdicts differ:\n%s\n%s", ja, jb)
	}
}
