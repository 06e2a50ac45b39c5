package versions_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"testing/fstest"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/export"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/versions"
)

// A released snapshot loads back as the same document type: same export,
// same verdicts, whatever later happens to the catalogue (but for refs,
// which every version takes from the live catalogue).
func TestSnapshotRoundTrip(t *testing.T) {
	c := enginetest.Catalogue(t)
	fs := fstest.MapFS{}
	for _, d := range c.DocTypes() {
		fs[fmt.Sprintf("schemas/_released/%s/%s/v%d.yaml", d.Edition, d.Code, d.Version)] = &fstest.MapFile{Data: versions.Snapshot(d)}
	}
	// the released versions alone, without the live catalogue's fields
	fs["schemas/_modes.yaml"] = &fstest.MapFile{Data: enginetest.MustRead(t, "schemas/_modes.yaml")}
	fs["schemas/_editions.yaml"] = &fstest.MapFile{Data: enginetest.MustRead(t, "schemas/_editions.yaml")}
	// rules that read master data (record, standard) compile against the
	// catalogue's master-data types, which no snapshot carries: those, with
	// the fields and enumerations they use, are the live ones
	for _, dir := range []string{"schemas/_masterdata", "schemas/_fields", "schemas/_enums"} {
		files, err := filepath.Glob(filepath.Join(enginetest.Root(t), dir, "*.yaml"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, f := range files {
			fs[dir+"/"+filepath.Base(f)] = &fstest.MapFile{Data: enginetest.MustRead(t, dir+"/"+filepath.Base(f))}
		}
	}
	r, err := load.Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range c.DocTypes() {
		old := r.DocTypeVersion(d.Edition, d.Code, d.Version)
		if old == nil {
			t.Fatalf("%s v%d not loaded from its snapshot", d.Code, d.Version)
		}
		// refs are no part of a version: a released type takes the live ones
		// (load.Catalogue.liveRefs), and there are none in this catalogue
		for _, s := range old.Sections {
			for _, f := range s.Fields {
				f.Ref = d.Section(s.Name).Field(f.Name).Ref
			}
		}
		for _, action := range []string{"new", "read"} {
			a, _ := export.Form(d, "", action, "zh")
			b, _ := export.Form(old, "", action, "zh")
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if !bytes.Equal(ja, jb) {
				t.Errorf("%s %s: the snapshot exports differently", d.Code, action)
			}
		}
		if !bytes.Equal(versions.Snapshot(d), versions.Snapshot(old)) {
			t.Errorf("%s: snapshot of the snapshot differs", d.Code)
		}
	}
	// the same verdicts
	raw, _ := json.Marshal(enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.amount": 0, "lineList.0.costType": nil}))
	live, fs1, _ := decode.DecodeAs(c.DocType("EX02"), raw)
	snap, fs2, _ := decode.DecodeAs(r.DocTypeVersion("form", "EX02", c.DocType("EX02").Version), raw)
	a, b := eval.Check(live, fs1, eval.Options{}), eval.Check(snap, fs2, eval.Options{})
	ja, _ := json.Marshal(a.View("zh"))
	jb, _ := json.Marshal(b.View("zh"))
	if !bytes.Equal(ja, jb) {
		t.Errorf("verdicts differ:\n%s\n%s", ja, jb)
	}
}
