// Package simtest starts the simulators of outside systems as processes
// for tests: it builds the formwork binary once per test binary and runs
// `formwork simulate NAME --http 127.0.0.1:0`.
package simtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"formwork/adapters/simulators"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// build compiles tools/formwork into a temporary folder (once).
func build() (string, error) {
	buildOnce.Do(func() {
		_, here, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(here), "..", "..", "..")
		dir, err := os.MkdirTemp("", "formwork-sim-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "formwork")
		cmd := exec.Command("go", "build", "-o", binary, "./tools/formwork")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	return binary, buildErr
}

// Sim is a running simulator process.
type Sim struct {
	URL string // http://127.0.0.1:PORT
	cmd *exec.Cmd
}

// Start runs the simulator name as a process for the test's life.
func Start(t testing.TB, name string) *Sim {
	t.Helper()
	bin, err := build()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "simulate", name, "--http", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if i := strings.Index(sc.Text(), "http://"); i >= 0 {
				lines <- sc.Text()[i:]
				return
			}
		}
	}()
	select {
	case u := <-lines:
		return &Sim{URL: u, cmd: cmd}
	case <-time.After(30 * time.Second):
		t.Fatalf("simulator %s did not start", name)
	}
	return nil
}

// Set tells the simulator what its next requests do.
func (s *Sim) Set(t testing.TB, c simulators.Control) {
	t.Helper()
	b, _ := json.Marshal(c)
	res, err := http.Post(s.URL+"/control", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
}

// Stats answers what the simulator has seen.
func (s *Sim) Stats(t testing.TB) simulators.Stats {
	t.Helper()
	res, err := http.Get(s.URL + "/control")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var st simulators.Stats
	if err := json.NewDecoder(res.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st
}
