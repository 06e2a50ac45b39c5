package main_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// serve --dev reloads an edited catalogue; a broken edit keeps the last good
// catalogue serving and the status names the problem.
func TestServeDevReloads(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"schemas", "rules"} {
		if out, err := exec.Command("cp", "-r", filepath.Join("..", "..", sub), dir).CombinedOutput(); err != nil {
			t.Fatal(string(out))
		}
	}
	cmd := exec.Command(bin, "serve", "--dev", "--catalogue", dir, "--http", "127.0.0.1:0", "--dir", t.TempDir())
	cmd.Env = append(os.Environ(), "FORMWORK_DB=")
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
	sc := bufio.NewScanner(out)
	addr := ""
	for addr == "" && sc.Scan() {
		if i := strings.Index(sc.Text(), "http://"); i >= 0 {
			addr = strings.Fields(sc.Text()[i:])[0]
		}
	}
	go func() {
		for sc.Scan() {
		}
	}()
	if addr == "" {
		t.Fatal("serve printed no address")
	}
	token := signIn(t, addr, "finance01")
	get := func(path string) map[string]any {
		req, _ := http.NewRequest("GET", addr+path, nil)
		req.Header.Set("X-token", token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var env struct{ Data map[string]any }
		_ = json.NewDecoder(res.Body).Decode(&env)
		return env.Data
	}
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			if ok() {
				return
			}
		}
		t.Fatalf("timed out waiting for %s", what)
	}
	ex04 := filepath.Join(dir, "schemas", "EX04.yaml")
	good, _ := os.ReadFile(ex04)

	// a broken edit: the old catalogue keeps serving, the status says why
	os.WriteFile(ex04, []byte(strings.Replace(string(good), "fields:", "fields: [nosuchfield]\n    oldFields:", 1)), 0o644)
	waitFor("the failed reload", func() bool {
		st, _ := get("/api/formwork/registry/status")["status"].(map[string]any)
		return st != nil && st["ok"] == false && strings.Contains(toJSON(st), "EX04.yaml")
	})
	if form := get("/api/formwork/registry/docTypes/EX04/form?lang=en"); form["title"] != "Employee loan" {
		t.Errorf("the last good catalogue is not serving: %v", form["title"])
	}
	// a good edit is live within a second or so
	os.WriteFile(ex04, []byte(strings.Replace(string(good), "en: Employee loan,", "en: Staff loan,", 1)), 0o644)
	waitFor("the reload", func() bool { return get("/api/formwork/registry/docTypes/EX04/form?lang=en")["title"] == "Staff loan" })
	if st, _ := get("/api/formwork/registry/status")["status"].(map[string]any); st["ok"] != true {
		t.Errorf("status after a good reload: %v", st)
	}

	// an empty field file (it used to stop the catalogue load with a panic,
	// and the dev server with it): the server lives on, the status names it
	empty := filepath.Join(dir, "schemas", "_fields", "zz.yaml")
	os.WriteFile(empty, []byte("# fields to come\n"), 0o644)
	waitFor("the failed reload of an empty file", func() bool {
		st, _ := get("/api/formwork/registry/status")["status"].(map[string]any)
		return st != nil && st["ok"] == false && strings.Contains(toJSON(st), "schemas/_fields/zz.yaml")
	})
	if form := get("/api/formwork/registry/docTypes/EX04/form?lang=en"); form["title"] != "Staff loan" {
		t.Errorf("the last good catalogue is not serving: %v", form["title"])
	}
	os.Remove(empty)
	waitFor("the reload once it is gone", func() bool {
		st, _ := get("/api/formwork/registry/status")["status"].(map[string]any)
		return st != nil && st["ok"] == true
	})
}

func signIn(t *testing.T, addr, user string) string {
	t.Helper()
	res, err := http.Post(addr+"/api/galaxycommon/login/auth", "application/json", strings.NewReader(`{"username":"`+user+`","password":"demo123"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env struct {
		Code string
		Data struct{ Token string }
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil || env.Data.Token == "" {
		t.Fatalf("sign in as %s: %v %+v", user, err, env)
	}
	return env.Data.Token
}

func toJSON(v any) string { b, _ := json.Marshal(v); return string(b) }
