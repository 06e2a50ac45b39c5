package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// reportMemory creates n documents in a fresh formwork and opens sessions
// sessions of the demo users, each used once (the identity cache keeps it),
// then prints the server's resident memory.
func reportMemory(bin string, claim []byte, c, n, sessions int) error {
	fw, err := startFormwork(bin)
	if err != nil {
		return err
	}
	defer fw.stop()
	fmt.Printf("formwork at start: %s\n", residentMemory(fw.cmd.Process.Pid))
	client := newClient(c)
	start := time.Now()
	create := fw.createRequest(claim)
	if err := spread(c, n, func() error { return create.sendExpecting(client, fw.created) }); err != nil {
		return fmt.Errorf("%w\nserver log:\n%s", err, fw.stderr)
	}
	fmt.Printf("after %d creates (%.0f/s): %s\n", n, float64(n)/time.Since(start).Seconds(), residentMemory(fw.cmd.Process.Pid))
	// the sessions signed in by four clients, one per demo user
	var wg sync.WaitGroup
	errs := make([]error, len(demoUsers))
	for i, user := range demoUsers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := i; k < sessions && errs[i] == nil; k += len(demoUsers) {
				var token string
				if token, errs[i] = formworkSignIn(client, fw.url, user); errs[i] == nil {
					// used once, so that the identity cache holds the session
					errs[i] = send(client, "GET", fw.url+"/api/galaxycommon/user/current", nil, map[string]string{"X-token": token}, nil)
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("%w\nserver log:\n%s", err, fw.stderr)
	}
	fmt.Printf("with %d sessions more: %s\n", sessions, residentMemory(fw.cmd.Process.Pid))
	return nil
}

// demoUsers are the users the seeds make (password demo123).
var demoUsers = []string{"employee01", "manager01", "finance01", "admin"}

// spread runs do n times from c clients; the first error ends it.
func spread(c, n int, do func() error) error {
	var next atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	for range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) && firstErr.Load() == nil {
				if err := do(); err != nil {
					firstErr.CompareAndSwap(nil, err)
				}
			}
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return err
	}
	return nil
}

// residentMemory is VmRSS (and its peak, VmHWM) of process pid.
func residentMemory(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	var rss, peak string
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			rss = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			peak = strings.TrimSpace(v)
		}
	}
	return fmt.Sprintf("resident %s (peak %s)", rss, peak)
}
