package main_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// serve on an empty database seeds the demo users and documents, prints the
// demo logins after its address, and lets them sign in.
func TestServePrintsDemoLogins(t *testing.T) {
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:0", "--dir", t.TempDir())
	cmd.Env = append(os.Environ(), "FORMWORK_DB=")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var printed []string
	timeout := time.After(60 * time.Second)
	for !strings.Contains(strings.Join(printed, "\n"), "admin      / demo123 / admin") {
		select {
		case l, open := <-lines:
			if !open {
				t.Fatalf("serve stopped:\n%s", strings.Join(printed, "\n"))
			}
			printed = append(printed, l)
		case <-timeout:
			t.Fatalf("no demo logins printed:\n%s", strings.Join(printed, "\n"))
		}
	}
	text := strings.Join(printed, "\n")
	for _, want := range []string{
		"seeded 4 demo users", "seeded 5 demo documents", "formwork listening on http://127.0.0.1:",
		"demo logins (username / password / role):\n  employee01 / demo123 / employee\n  manager01  / demo123 / approver\n  finance01  / demo123 / finance, approver\n  admin      / demo123 / admin",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("serve printed:\n%s\nwant it to contain:\n%s", text, want)
		}
	}
	if strings.Index(text, "listening") > strings.Index(text, "demo logins") {
		t.Errorf("the demo logins come before the address:\n%s", text)
	}
	addr := strings.Fields(text[strings.Index(text, "http://"):])[0]
	res, err := http.Post(addr+"/api/galaxycommon/login/auth", "application/json", strings.NewReader(`{"username":"finance01","password":"demo123"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answer struct{ Code string }
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || answer.Code != "200" {
		t.Errorf("finance01 cannot sign in: code %q (%v)", answer.Code, err)
	}
}
