package main_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "formwork-cli")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "formwork")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// run runs the binary and returns its output and exit code.
func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr, cmd.Stdin = &o, &e, strings.NewReader(stdin)
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./tools/formwork -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n%s", path, got)
	}
}

func TestLint(t *testing.T) {
	out, _, code := run(t, "", "lint", "../..")
	if code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("lint of the repository: exit %d\n%s", code, out)
	}

	dir := filepath.Join("testdata", "broken")
	out, _, code = run(t, "", "lint", dir)
	if code != 1 {
		t.Errorf("lint of a broken catalogue: exit %d, want 1", code)
	}
	golden(t, "lint_broken.txt", out)

	out, _, _ = run(t, "", "lint", "--format", "json", dir)
	var problems []map[string]any
	if err := json.Unmarshal([]byte(out), &problems); err != nil || len(problems) != 3 {
		t.Errorf("lint --format json: %v\n%s", err, out)
	}
	if _, _, code := run(t, "", "lint", t.TempDir()); code != 2 {
		t.Errorf("lint of a folder without schemas: exit %d, want 2", code)
	}
}

func TestCheck(t *testing.T) {
	seed := "../../seeds/documents/EX02-travel.json"
	if out, _, code := run(t, "", "check", "--doc", seed); code != 0 || !strings.Contains(out, "valid") {
		t.Errorf("valid document: exit %d\n%s", code, out)
	}
	b, _ := os.ReadFile(seed)
	// paid 58.50 short: the rest amount the server works out is not 0 (the
	// head amount the client sends is ignored: it is the lines' total)
	bad := strings.Replace(string(b), `"paymentAmount": 2458.50`, `"paymentAmount": 2400.00`, 1)
	out, _, code := run(t, bad, "check", "--doc", "-", "--format", "json")
	if code != 1 {
		t.Errorf("invalid document: exit %d, want 1", code)
	}
	golden(t, "check_invalid.json", out)
	if _, errOut, code := run(t, `{"head": `, "check", "--doc", "-"); code != 2 || !strings.Contains(errOut, "malformed JSON") {
		t.Errorf("malformed document: exit %d, %s", code, errOut)
	}
	if _, _, code := run(t, "", "check", "--doc", "/nonexistent.json"); code != 2 {
		t.Errorf("missing file: exit %d, want 2", code)
	}
	if _, _, code := run(t, `{"head":{"docType":"NOPE"}}`, "check", "--doc", "-"); code != 2 {
		t.Errorf("unknown docType: exit %d, want 2", code)
	}
	if _, _, code := run(t, "", "check"); code != 2 {
		t.Errorf("no --doc: exit %d, want 2", code)
	}
}

func TestExport(t *testing.T) {
	out, _, code := run(t, "", "export", "--docType", "EX02", "--subType", "A05", "--action", "new")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var form struct {
		Schema  map[string]any `json:"schema"`
		Buttons []string       `json:"buttons"`
	}
	if err := json.Unmarshal([]byte(out), &form); err != nil {
		t.Fatal(err)
	}
	if form.Schema["$schema"] != "https://json-schema.org/draft/2020-12/schema" || !strings.Contains(strings.Join(form.Buttons, ","), "imageUpload") {
		t.Errorf("unexpected export: %v %v", form.Schema["$schema"], form.Buttons)
	}
	if _, _, code := run(t, "", "export", "--docType", "ZZ"); code != 2 {
		t.Errorf("unknown docType: exit %d, want 2", code)
	}
}

func TestReplay(t *testing.T) {
	out, _, code := run(t, "", "replay", "../..")
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), " passed, 0 failed") {
		t.Fatalf("replay of the repository: exit %d\n%s", code, out)
	}
	// a fixture that expects the wrong outcome fails the replay
	dir := t.TempDir()
	for _, sub := range []string{"schemas", "rules"} {
		if b, err := exec.Command("cp", "-r", filepath.Join("..", "..", sub), dir).CombinedOutput(); err != nil {
			t.Fatal(string(b))
		}
	}
	bad := "- description: wrong on purpose\n  rule: ex.amount-positive\n  docType: EX02\n  tests:\n    - description: claims zero is fine\n      patch: {lineList: null, paymentList: null}\n      valid: true\n"
	if err := os.WriteFile(filepath.Join(dir, "rules", "fixtures", "wrong.yaml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code = run(t, "", "replay", "--run", "wrong on purpose", dir)
	if code != 1 || !strings.Contains(out, "FAIL ex.amount-positive/wrong on purpose/claims zero is fine") || !strings.HasSuffix(strings.TrimSpace(out), "0 passed, 1 failed") {
		t.Errorf("failing fixture: exit %d\n%s", code, out)
	}
	out, errOut, code := run(t, "", "replay", "--format", "junit", "--run", "rest amount", "../..")
	if code != 0 || !strings.Contains(out, `<testsuite name="formwork rule fixtures"`) || !strings.Contains(errOut, "passed, 0 failed") {
		t.Errorf("junit: exit %d\n%s%s", code, out, errOut)
	}
	if _, _, code := run(t, "", "replay", "--run", "(", "../.."); code != 2 {
		t.Errorf("bad --run: exit %d, want 2", code)
	}
}

func TestLintFormatsAndRelease(t *testing.T) {
	out, _, code := run(t, "", "lint", "--format", "sarif", filepath.Join("testdata", "broken"))
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
				Level  string `json:"level"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &sarif); err != nil || code != 1 || sarif.Version != "2.1.0" || len(sarif.Runs[0].Results) != 3 {
		t.Errorf("sarif: exit %d, %v\n%s", code, err, out)
	}

	dir := t.TempDir()
	for _, sub := range []string{"schemas", "rules"} {
		if b, err := exec.Command("cp", "-r", filepath.Join("..", "..", sub), dir).CombinedOutput(); err != nil {
			t.Fatal(string(b))
		}
	}
	os.RemoveAll(filepath.Join(dir, "schemas", "_released"))
	os.Remove(filepath.Join(dir, "schemas", "catalogue.lock.json"))
	if out, _, code := run(t, "", "lint", dir); code != 0 || !strings.Contains(out, "not released yet") {
		t.Fatalf("before release: exit %d\n%s", code, out)
	}
	if _, errOut, code := run(t, "", "lint", "--release", dir); code != 0 || !strings.Contains(errOut, "released schemas/_released/form/EX02/v2.yaml") {
		t.Fatalf("release: exit %d\n%s", code, errOut)
	}
	// the only notes left are the reports waiting for a source
	if out, _, code := run(t, "", "lint", dir); code != 0 || strings.Count(out, "note:") != strings.Count(out, "waits for the source") {
		t.Fatalf("after release: exit %d\n%s", code, out)
	}
	// a breaking change without a version bump
	ex05 := filepath.Join(dir, "schemas", "EX05.yaml")
	b, _ := os.ReadFile(ex05)
	os.WriteFile(ex05, []byte(strings.Replace(string(b), "fields: [outstandAmount, verifiedAmount]", "fields: [outstandAmount]", 1)), 0o644)
	out, _, code = run(t, "", "lint", dir)
	if code != 1 || !strings.Contains(out, "EX05: field head.verifiedAmount removed is a breaking change for documents saved under v2: raise version to 3") {
		t.Errorf("breaking change: exit %d\n%s", code, out)
	}
	if _, _, code := run(t, "", "lint", "--release", dir); code != 1 {
		t.Errorf("release of a breaking change: exit %d, want 1", code)
	}
	_, errOut, _ := run(t, "", "lint", "--coverage", "../..")
	if !strings.Contains(errOut, "rules with fixtures") || !strings.Contains(errOut, "  no derived total: form/K02\n") || strings.Contains(errOut, "no derived total: form/EX02\n") ||
		!strings.Contains(errOut, "  no voucher: form/HT: Master-data maintenance") || strings.Contains(errOut, "no voucher: form/EX02") {
		t.Errorf("coverage: %s", errOut)
	}
}
