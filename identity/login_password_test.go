package identity

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
)

func login(svc *Service, username, password, source string) (*SignIn, error) {
	return svc.LoginWithPassword(context.Background(), PasswordLogin{Username: username, Password: password, Source: source, Lang: "en"})
}

func refusalOf(err error) *Refusal {
	var r *Refusal
	errors.As(err, &r)
	return r
}

// 50 concurrent wrong passwords have 5 compared: the attempt is counted
// before the comparison.
func TestLoginComparesNoMoreThanTheLimit(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := newTestService(store, clk)
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = login(svc, "alice", fmt.Sprint("guess", i), fmt.Sprint("198.51.100.", i))
		}()
	}
	wg.Wait()
	if len(store.failures) != UserLock.Limit {
		t.Errorf("%d passwords compared, want %d", len(store.failures), UserLock.Limit)
	}
	if len(store.lockouts) != 1 || store.lockouts[0] != "alice" {
		t.Errorf("lockouts recorded: %v, want one of alice", store.lockouts)
	}
	_, err := login(svc, "alice", "right", "192.0.2.1")
	if r := refusalOf(err); r == nil || r.Reason != RefusedLocked || r.Text["en"] != "Too many failed logins: this account is locked, try again in 15 minutes" {
		t.Errorf("the right password while locked: %v", err)
	}
	if n := store.attemptsOf(AttemptSource, "192.0.2.1"); n != 0 {
		t.Errorf("a login refused for its username counts %d against its address, want 0", n)
	}
}

// An address's attempt is uncounted when the password is right; a wrong
// one stays counted; after a good login the username's count starts again.
func TestLoginCountsOnlyFailuresAgainstTheAddress(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := newTestService(store, clk)
	if _, err := login(svc, "alice", "wrong", "192.0.2.1"); refusalOf(err) == nil || refusalOf(err).Text["en"] != "Wrong username or password (4 more failures lock it for 15 minutes)" {
		t.Fatalf("a wrong password: %v", err)
	}
	if _, err := login(svc, "alice", "right", "192.0.2.1"); err != nil {
		t.Fatalf("the right password: %v", err)
	}
	if n := store.attemptsOf(AttemptSource, "192.0.2.1"); n != 1 {
		t.Errorf("the address counts %d attempts, want 1 (the wrong one)", n)
	}
	if n := store.attemptsOf(AttemptUser, "alice"); n != 0 {
		t.Errorf("alice counts %d attempts after a good login, want 0", n)
	}
}

// A disabled user with the right password is refused as disabled.
func TestLoginOfADisabledUser(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := newTestService(store, clk)
	_, err := login(svc, "carol", "right", "192.0.2.1")
	if r := refusalOf(err); r == nil || r.Reason != RefusedCredentials || r.Text["th"] == "" || r.Text["en"] != "This account is disabled" {
		t.Errorf("a disabled user: %v", err)
	}
}

// Thirty failures from one address lock it for every username; the lock
// lasts a minute.
func TestLoginLocksAnAddress(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := newTestService(store, clk)
	for i := 0; i < SourceLock.Limit; i++ {
		if _, err := login(svc, fmt.Sprint("nobody", i), "x", "203.0.113.9"); refusalOf(err) == nil || refusalOf(err).Reason != RefusedCredentials {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	_, err := login(svc, "bob", "right", "203.0.113.9")
	if r := refusalOf(err); r == nil || r.Reason != RefusedLocked || r.Text["zh"] != "来自您网络地址的登录失败次数过多，请1分钟后再试" {
		t.Errorf("from the locked address: %v", err)
	}
	if _, err := login(svc, "bob", "right", "203.0.113.10"); err != nil {
		t.Errorf("from another address: %v", err)
	}
	clk.Add(SourceLock.Period)
	if _, err := login(svc, "bob", "right", "203.0.113.9"); err != nil {
		t.Errorf("a minute later: %v", err)
	}
}
