package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// export --edition exports the types of that edition: every one of the
// travel portal's twelve; a code it lacks comes from the default edition.
func TestExportEdition(t *testing.T) {
	for _, code := range []string{"A01", "A02", "B01", "B02", "B03", "B04", "C01", "C02", "D01", "D02", "EX01", "EX02"} {
		out, errOut, exit := run(t, "", "export", "--edition", "travel", "--docType", code, "--lang", "th")
		var form struct {
			DocType, Edition string
			Schema           map[string]any
		}
		if err := json.Unmarshal([]byte(out), &form); err != nil || exit != 0 {
			t.Fatalf("%s: exit %d %v\n%s", code, exit, err, errOut)
		}
		if form.DocType != code || form.Edition != "travel" || form.Schema["$schema"] == nil {
			t.Errorf("%s: exported %s of edition %s", code, form.DocType, form.Edition)
		}
	}
	travel, _, _ := run(t, "", "export", "--edition", "travel", "--docType", "EX01", "--lang", "en")
	form, _, _ := run(t, "", "export", "--docType", "EX01", "--lang", "en")
	if travel == form {
		t.Error("EX01 of the travel edition exports as the form-entry edition's")
	}
	if out, _, code := run(t, "", "export", "--edition", "travel", "--docType", "EX03"); code != 0 || !strings.Contains(out, `"edition": "form"`) {
		t.Errorf("a code the edition lacks: exit %d", code)
	}
	if _, errOut, code := run(t, "", "export", "--edition", "nope", "--docType", "A01"); code != 2 || !strings.Contains(errOut, `unknown edition "nope" (known: form, travel)`) {
		t.Errorf("unknown edition: exit %d %s", code, errOut)
	}
	if _, _, code := run(t, "", "export", "--docType", "A01"); code != 2 {
		t.Errorf("A01 outside the travel edition: exit %d, want 2", code)
	}
}

// check --edition checks a document as a type of that edition, whatever
// company its head names.
func TestCheckEdition(t *testing.T) {
	var doc map[string]any
	b, _ := os.ReadFile(filepath.Join("..", "..", "rules", "examples", "travel", "EX01.json"))
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	head := doc["head"].(map[string]any)
	head["companyCode"], head["sob"] = "1000", "1000" // a form-entry company
	raw, _ := json.Marshal(doc)
	if out, _, code := run(t, string(raw), "check", "--doc", "-"); code != 1 || !strings.Contains(out, "edition form") {
		t.Errorf("as its company's edition: exit %d\n%s", code, out)
	}
	if out, _, code := run(t, string(raw), "check", "--doc", "-", "--edition", "travel"); code != 0 || !strings.Contains(out, "valid (EX01 v2, edition travel)") {
		t.Errorf("--edition travel: exit %d\n%s", code, out)
	}
	if _, errOut, code := run(t, string(raw), "check", "--doc", "-", "--edition", "nope"); code != 2 || !strings.Contains(errOut, "unknown edition") {
		t.Errorf("unknown edition: exit %d %s", code, errOut)
	}
}

// export --masterData prints a master-data type's record schema and uiSchema.
func TestExportMasterData(t *testing.T) {
	out, errOut, code := run(t, "", "export", "--masterData", "vendor", "--lang", "en")
	var got struct {
		Schema   map[string]any
		UISchema map[string]any
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("exit %d %v\n%s", code, err, errOut)
	}
	if got.Schema["title"] != "Vendor" || got.UISchema["ui:order"] == nil {
		t.Errorf("vendor export: %s", out)
	}
	if _, errOut, code := run(t, "", "export", "--masterData", "nope"); code != 2 || !strings.Contains(errOut, `unknown master-data type "nope"`) {
		t.Errorf("unknown type: exit %d %s", code, errOut)
	}
	if _, _, code := run(t, "", "export", "--masterData", "vendor", "--docType", "EX02"); code != 2 {
		t.Errorf("both --masterData and --docType: exit %d, want 2", code)
	}
}
