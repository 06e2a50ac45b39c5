package httpapi_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"formwork/documents"
	"formwork/engine"
	"formwork/tools/formwork/wire"
)

// versionedCatalogue is the repository's catalogue with EX05 v1 released and
// a v2 live that drops head.verifiedAmount (a breaking change, hence v2).
func versionedCatalogue(t *testing.T) *engine.Catalogue {
	t.Helper()
	dir := t.TempDir()
	for _, sub := range []string{"schemas", "rules"} {
		if out, err := exec.Command("cp", "-r", filepath.Join("..", "..", sub), dir).CombinedOutput(); err != nil {
			t.Fatal(string(out))
		}
	}
	os.RemoveAll(filepath.Join(dir, engine.ReleasedDir))
	os.Remove(filepath.Join(dir, engine.LockFile))
	// the copy's EX05 starts at version 1 whatever the live one is at
	// (issue 12 raised it to 2): the test releases it as v1, then changes it
	ex05 := filepath.Join(dir, "schemas", "EX05.yaml")
	b0, _ := os.ReadFile(ex05)
	if err := os.WriteFile(ex05, regexp.MustCompile(`(?m)^version: \d+$`).ReplaceAll(b0, []byte("version: 1")), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys := os.DirFS(dir)
	v1, err := engine.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	files, lock, problems := v1.Release(fsys, engine.Lock{})
	if problems != nil {
		t.Fatal(problems)
	}
	for p, b := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, engine.LockFile), lock.JSON(), 0o644); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(ex05)
	changed := strings.Replace(strings.Replace(string(b), "version: 1", "version: 2", 1), "fields: [outstandAmount, verifiedAmount]", "fields: [outstandAmount]", 1)
	if changed == string(b) {
		t.Fatal("EX05.yaml did not change: the test's edit no longer fits the file")
	}
	if err := os.WriteFile(ex05, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	v2, err := engine.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if problems := v2.Review(fsys, lock); len(problems) != 0 && problems[0].Severity == "error" {
		t.Fatalf("the versioned catalogue does not review clean: %v", problems)
	}
	return v2
}

// A document saved under v1 still loads, renders and checks under v1 after
// v2 is live; a new document is of v2.
func TestDocumentKeepsItsSchemaVersion(t *testing.T) {
	cat := versionedCatalogue(t)
	forEachDatabaseWith(t, func(cfg *wire.Config) { cfg.Catalogue = cat }, func(t *testing.T, api *testAPI) {
		old := cat.DocTypeVersion("form", "EX05", 1)
		seed, _ := os.ReadFile(filepath.Join("..", "..", "rules", "examples", "form", "EX05.json"))
		raw := strings.Replace(string(seed), `"amount": 800.00}`, `"amount": 800.00, "verifiedAmount": 800.00}`, 1)
		doc, fs, err := engine.DecodeAs(old, []byte(raw))
		if err != nil || len(fs) > 0 {
			t.Fatalf("v1 document: %v %+v", err, fs)
		}
		if res := engine.Check(doc, fs, engine.Options{}); !res.Valid {
			t.Fatalf("v1 document invalid: %+v", res.Errors)
		}
		now := time.Now()
		number, err := api.store.Number(context.Background(), doc.Type.Code, now)
		if err != nil {
			t.Fatal(err)
		}
		id := number.BusinessID()
		h := doc.Head()
		h["businessId"], h["version"], h["schemaVersion"], h["status"], h["createBy"] = id, 1, 1, "draft", "employee01"
		rec, err := documents.RecordOf(doc)
		if err == nil {
			rec.CreatedAt, rec.UpdatedAt = now, now
			err = number.Insert(rec, &documents.Event{BusinessID: id, At: now, Actor: "employee01", ToStatus: "draft", Action: "create"})
		}
		number.Abandon()
		if err != nil {
			t.Fatal(err)
		}

		// head.verifiedAmount is still there under v1, with the server's value
		// (what the repayment repays on loans: none), not the client's 800.00
		loaded := api.request(t, "GET", "/api/galaxyform/yx/ap/head/load?businessId="+id, "", nil)
		if loaded.status != 200 || !strings.Contains(loaded.body, `"verifiedAmount":0.00`) || !strings.Contains(loaded.body, `"schemaVersion":1`) {
			t.Fatalf("load: %d %s", loaded.status, clip(loaded.body))
		}
		for v, want := range map[string]bool{"1": true, "2": false} {
			res := api.request(t, "GET", "/api/formwork/registry/docTypes/EX05/form?version="+v, "", nil)
			_, got := valueAt(res.data(t), "schema", "properties", "head", "properties", "verifiedAmount")
			if res.status != 200 || got != want {
				t.Errorf("form of version %s: %d, head.verifiedAmount present %v, want %v", v, res.status, got, want)
			}
		}
		if res := api.request(t, "GET", "/api/formwork/registry/docTypes/EX05/form?version=7", "", nil); res.status != 404 {
			t.Errorf("form of a version that does not exist: %d", res.status)
		}

		// an update checks under v1 and keeps the version
		var body struct {
			Data map[string]any `json:"data"`
		}
		_ = json.Unmarshal([]byte(loaded.body), &body)
		body.Data["head"].(map[string]any)["description"] = "还款说明已更新"
		b, _ := json.Marshal(body.Data)
		upd := api.request(t, "PUT", "/api/galaxyform/yx/ap/head/update?action=edit", string(b), nil)
		if upd.status != 200 || !strings.Contains(upd.body, `"schemaVersion":1`) || !strings.Contains(upd.body, `"verifiedAmount":0.00`) || !strings.Contains(upd.body, `"version":2`) {
			t.Fatalf("update under v1: %d %s", upd.status, clip(upd.body))
		}

		// a new document is of v2, which has no verifiedAmount
		create := api.request(t, "POST", "/api/galaxyform/yx/ap/head/create", raw, nil)
		if create.status != 422 || !strings.Contains(create.body, `"path":"head.verifiedAmount","rule":"unknownField"`) {
			t.Errorf("create with a v1 field: %d %s", create.status, clip(create.body))
		}

		versions := api.request(t, "GET", "/api/formwork/registry/docTypes/EX05/versions", "", nil)
		if !strings.Contains(versions.body, `{"version":1,"live":false,"released":true},{"version":2,"live":true,"released":false}`) {
			t.Errorf("versions: %s", versions.body)
		}
		diff := api.request(t, "GET", "/api/formwork/registry/docTypes/EX05/diff?from=1&to=2", "", nil)
		if !strings.Contains(diff.body, `"path":"head.verifiedAmount","kind":"fieldRemoved","breaking":true`) {
			t.Errorf("diff: %s", diff.body)
		}
		if res := api.request(t, "GET", "/api/formwork/registry/docTypes/EX05/diff?from=1&to=9", "", nil); res.status != 404 {
			t.Errorf("diff to a missing version: %d", res.status)
		}
	})
}

func TestEditionsInTheRegistry(t *testing.T) {
	runScenarios(t, []apiScenario{
		{
			name: "the editions", method: "GET", url: "/api/formwork/registry/editions",
			expectedStatus: 200, expectedCode: "S000",
			expectedContent: []string{`"key":"form"`, `"default":true`, `"key":"travel"`, `"companies":["2000"]`},
		},
		{
			name: "the travel edition's EX01 is a repayment", method: "GET", url: "/api/formwork/registry/docTypes/EX01/form?edition=travel&lang=en",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"edition":"travel"`},
		},
		{
			name: "the form-entry edition's EX01 is a pre-application", method: "GET", url: "/api/formwork/registry/docTypes/EX01/form?lang=en",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"edition":"form"`, `"title":"Pre-application"`},
		},
		{
			name: "the travel edition as its companies see it: its own types, then the form-entry ones", method: "GET", url: "/api/formwork/registry/docTypes?edition=travel",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"docType":"A01","family"`, `"docType":"EX03","family":"ap"`},
		},
		{
			name: "an unknown edition", method: "GET", url: "/api/formwork/registry/editions/../docTypes?edition=moon",
			expectedStatus: 404, expectedCode: "ENOTFOUND",
		},
		{
			name: "a version that is not a number", method: "GET", url: "/api/formwork/registry/docTypes/EX02/form?version=x",
			expectedStatus: 400, expectedCode: "EINVALID",
		},
		{
			name: "the catalogue status", method: "GET", url: "/api/formwork/registry/status",
			expectedStatus: 200, expectedCode: "S000", expectedContent: []string{`"ok":true`},
		},
	})
}
