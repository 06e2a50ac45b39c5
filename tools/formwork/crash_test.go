package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"formwork/adapters/sqldb/sqldbtest"
	"formwork/tools/formwork/wire"

	"gorm.io/gorm"
)

// Nothing acknowledged is lost: a real server is killed with SIGKILL while
// 16 clients create documents; after a restart on the same database every
// create it answered with success is stored (group commits answer only
// after their transaction committed, with synchronous=FULL on SQLite).
func TestKillUnderWriteLoadLosesNothing(t *testing.T) {
	claim, err := os.ReadFile(filepath.Join("..", "..", "seeds", "documents", "EX02-travel.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("sqlite", func(t *testing.T) {
		dir := t.TempDir()
		killUnderLoad(t, dir, "", claim, func() *gorm.DB {
			db, err := wire.Open("", dir)
			if err != nil {
				t.Fatal(err)
			}
			return db
		})
	})
	t.Run("postgres", func(t *testing.T) {
		db := sqldbtest.Postgres(t, nil)
		var schema string
		if err := db.Raw("SELECT current_schema()").Scan(&schema).Error; err != nil {
			t.Fatal(err)
		}
		dsn := os.Getenv("FORMWORK_TEST_PG")
		if dsn == "" {
			dsn = "host=127.0.0.1 port=5432 user=postgres dbname=test sslmode=disable connect_timeout=5"
		}
		killUnderLoad(t, t.TempDir(), dsn+" search_path="+schema, claim, func() *gorm.DB { return db })
	})
}

// killUnderLoad runs the server on dsn (SQLite in dir when blank), creates
// under load, kills it, restarts it, and finds every acknowledged create.
func killUnderLoad(t *testing.T, dir, dsn string, claim []byte, open func() *gorm.DB) {
	srv := startServer(t, dir, dsn)
	token := signIn(t, srv.url, "employee01")
	var (
		mu    sync.Mutex
		acked []string
		wg    sync.WaitGroup
	)
	stop := make(chan struct{})
	client := &http.Client{Timeout: 10 * time.Second}
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if id, ok := create(client, srv.url, token, claim); ok {
					mu.Lock()
					acked = append(acked, id)
					mu.Unlock()
				}
			}
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	if err := srv.cmd.Process.Kill(); err != nil { // SIGKILL, mid-write
		t.Fatal(err)
	}
	_ = srv.cmd.Wait()
	close(stop)
	wg.Wait()
	if len(acked) < 10 {
		t.Fatalf("only %d creates answered before the kill:\n%s", len(acked), srv.stderr.String())
	}
	again := startServer(t, dir, dsn)
	defer again.stopServer()
	stored := map[string]bool{}
	var ids []string
	if err := open().Table("documents").Pluck("business_id", &ids).Error; err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		stored[id] = true
	}
	var lost []string
	for _, id := range acked {
		if !stored[id] {
			lost = append(lost, id)
		}
	}
	if len(lost) > 0 {
		t.Fatalf("%d of %d acknowledged creates lost after SIGKILL: %v", len(lost), len(acked), lost)
	}
	last := acked[len(acked)-1]
	req, _ := http.NewRequest("GET", again.url+"/api/galaxyform/yx/ap/head/load?businessId="+last, nil)
	req.Header.Set("X-token", signIn(t, again.url, "employee01"))
	if res, err := client.Do(req); err != nil || res.StatusCode != 200 {
		t.Fatalf("load %s after restart: %v %v", last, res, err)
	} else {
		res.Body.Close()
	}
	t.Logf("%d creates acknowledged before SIGKILL, all %d found after restart (%d stored)", len(acked), len(acked), len(ids))
}

type crashServer struct {
	cmd    *exec.Cmd
	url    string
	stderr *bytes.Buffer
}

// startServer starts `formwork serve` on a free port and waits for its address.
func startServer(t *testing.T, dir, dsn string) *crashServer {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:0", "--dir", dir)
	cmd.Env = append(os.Environ(), "FORMWORK_DB="+dsn)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &crashServer{cmd: cmd, stderr: &bytes.Buffer{}}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, "formwork listening on ") {
				addr <- strings.TrimPrefix(l, "formwork listening on ")
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case s.url = <-addr:
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("serve did not start:\n%s", s.stderr.String())
	}
	return s
}

func (s *crashServer) stopServer() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	_ = s.cmd.Wait()
}

// create posts a new claim; ok when the server answered it stored.
func create(client *http.Client, url, token string, claim []byte) (string, bool) {
	req, _ := http.NewRequest("POST", url+"/api/galaxyform/yx/ap/head/create?action=new", bytes.NewReader(claim))
	req.Header.Set("X-token", token)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return "", false
	}
	defer res.Body.Close()
	var answer struct {
		Code string
		Data struct {
			Head struct {
				BusinessID string `json:"businessId"`
			}
		}
	}
	if res.StatusCode != 200 || json.NewDecoder(res.Body).Decode(&answer) != nil || answer.Data.Head.BusinessID == "" {
		return "", false
	}
	return answer.Data.Head.BusinessID, true
}
