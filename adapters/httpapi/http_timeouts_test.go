package httpapi_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"formwork/adapters/httpapi/guard"
	"formwork/tools/formwork/wire"
)

// TestSlowClientsAreCutOff: a body that does not arrive within the read
// timeout ends the request (408 or a closed connection, never a 500), and
// an idle keep-alive connection is closed after the idle timeout.
func TestSlowClientsAreCutOff(t *testing.T) {
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: openSQLite(t)})
	hs := srv.HTTP.HTTPServer(guard.Timeouts{ReadHeader: 300 * time.Millisecond, Read: 300 * time.Millisecond, Idle: 300 * time.Millisecond})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })
	addr := ln.Addr().String()

	t.Run("a slow body", func(t *testing.T) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprint(conn, "POST /api/galaxycommon/login/auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user")
		_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		switch {
		case err != nil && errors.Is(err, io.EOF), err != nil && errors.Is(err, io.ErrUnexpectedEOF):
			// the server closed the connection: cut off
		case err != nil:
			t.Fatalf("no answer and no close within 5 s: %v", err)
		case resp.StatusCode != http.StatusRequestTimeout:
			t.Errorf("HTTP %d, want 408 or a closed connection", resp.StatusCode)
		}
	})
	t.Run("an idle keep-alive", func(t *testing.T) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprint(conn, "GET /api/formwork/health HTTP/1.1\r\nHost: x\r\n\r\n")
		_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		rd := bufio.NewReader(conn)
		resp, err := http.ReadResponse(rd, nil)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("health: %v %v", err, resp)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		start := time.Now()
		if _, err := rd.ReadByte(); !errors.Is(err, io.EOF) {
			t.Fatalf("the idle connection was not closed: %v", err)
		}
		if waited := time.Since(start); waited > 3*time.Second {
			t.Errorf("closed after %s, want about the idle timeout", waited)
		}
	})
}
