package identity

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func newTestService(store *fakeStore, clk *clock) *Service {
	return NewService(store, Config{}, clk.Now)
}

// signIn signs username in with the right password and returns the token.
func signIn(t *testing.T, svc *Service, username string) string {
	t.Helper()
	in, err := svc.LoginWithPassword(context.Background(), PasswordLogin{Username: username, Password: "right", Source: "192.0.2.1", Lang: "en"})
	if err != nil {
		t.Fatalf("sign in %s: %v", username, err)
	}
	return in.Token
}

func authenticate(t *testing.T, svc *Service, token string) *Identity {
	t.Helper()
	id, err := svc.Authenticate(context.Background(), Credentials{Token: token})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// Requests read their session and account once per TTL.
func TestAuthenticateReadsTheAccountOncePerTTL(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := newTestService(store, clk)
	token := signIn(t, svc, "alice")
	roles, sessions := store.count("UserRoles"), store.count("Session")
	for i := 0; i < 5; i++ {
		if id := authenticate(t, svc, token); id == nil || id.Username() != "alice" || !id.Menus["YG"] || !id.WorksFor("2000") {
			t.Fatalf("request %d: %+v", i, id)
		}
	}
	if got := store.count("UserRoles") - roles; got != 0 {
		t.Errorf("roles read %d times in 5 requests, want 0 (cached at sign-in)", got)
	}
	if got := store.count("Session") - sessions; got != 1 {
		t.Errorf("session read %d times in 5 requests, want 1 (then cached)", got)
	}
	if got := store.count("IdentityRevision"); got != 1 {
		t.Errorf("identity revision read %d times within a second, want 1", got)
	}
	clk.Add(DefaultCacheTTL)
	authenticate(t, svc, token)
	if got := store.count("UserRoles") - roles; got != 1 {
		t.Errorf("roles read %d times once the TTL is over, want 1", got)
	}
}

// A logged-out token opens nothing on the next request, though its user
// is cached.
func TestAuthenticateHonoursLogoutAtOnce(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := newTestService(store, clk)
	token := signIn(t, svc, "alice")
	id := authenticate(t, svc, token)
	if err := svc.Logout(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if id := authenticate(t, svc, token); id != nil {
		t.Errorf("a logged-out token opened %s's session", id.Username())
	}
}

// A delegation saved through the service counts at once for a delegate
// whose account is cached, and its withdrawal too.
func TestSaveDelegationForgetsTheDelegate(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := newTestService(store, clk)
	ctx := context.Background()
	alice := authenticate(t, svc, signIn(t, svc, "alice"))
	if ok, _ := svc.IsDelegate(ctx, "bob", "alice"); ok {
		t.Fatal("bob is alice's delegate before any delegation")
	}
	today := svc.Today()
	saved, err := svc.SaveDelegation(ctx, alice, DelegationInput{AuthorTo: "bob", AuthorStatus: DelegationActive, ActiveFrom: today, ActiveTo: today})
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := svc.IsDelegate(ctx, "bob", "alice"); !ok {
		t.Error("bob is not alice's delegate right after the delegation")
	}
	if _, err := svc.SaveDelegation(ctx, alice, DelegationInput{ID: saved.ID, AuthorTo: "bob", AuthorStatus: "0", ActiveFrom: today, ActiveTo: today}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := svc.IsDelegate(ctx, "bob", "alice"); ok {
		t.Error("bob is still alice's delegate right after the withdrawal")
	}
}

// Delegations are judged by the day: a cached account of yesterday is not
// used today.
func TestCacheDropsTheAccountsOfAnotherDay(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := newTestService(store, clk)
	c := svc.cache
	a := &account{user: User{Username: "alice"}, day: "2026-05-04", loadedAt: clk.Now()}
	_, gen := c.get("alice", clk.Now(), "2026-05-04")
	c.put("alice", a, gen)
	if got, _ := c.get("alice", clk.Now(), "2026-05-04"); got != a {
		t.Fatal("a fresh account of the day is not kept")
	}
	if got, _ := c.get("alice", clk.Now(), "2026-05-05"); got != nil {
		t.Error("an account of yesterday is used today")
	}
}

// An account loaded while something was forgotten is not kept: it may
// hold what was forgotten.
func TestCacheKeepsNoAccountLoadedAcrossAForget(t *testing.T) {
	now := time.Now()
	c := newAccountCache(time.Minute, 10)
	_, gen := c.get("alice", now, "d")
	c.forget("bob")
	c.put("alice", &account{day: "d", loadedAt: now}, gen)
	if got, _ := c.get("alice", now, "d"); got != nil {
		t.Error("an account loaded before a forget was kept")
	}
}

// The cache holds no more than its size, dropping stale accounts first.
func TestCacheIsBounded(t *testing.T) {
	now := time.Now()
	c := newAccountCache(time.Minute, 3)
	put := func(name string, at time.Time) {
		_, gen := c.get(name, at, "d")
		c.put(name, &account{day: "d", loadedAt: at}, gen)
	}
	put("stale", now.Add(-2*time.Minute))
	for i := 0; i < 10; i++ {
		put(fmt.Sprint("user", i), now)
		if c.len() > 3 {
			t.Fatalf("%d accounts kept, want at most 3", c.len())
		}
	}
	if got, _ := c.get("user9", now, "d"); got == nil {
		t.Error("the account kept last is not there")
	}
	if _, ok := c.accounts["stale"]; ok {
		t.Error("a stale account outlived fresh ones")
	}
}

// Another replica's logout (a second service over the same store) is
// refused here once RevisionEvery has passed, and not sooner: the session
// is cached. This replica's own logout is refused at once.
func TestAuthenticateSeesAnotherReplicasLogoutWithinRevisionEvery(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	here, other := newTestService(store, clk), newTestService(store, clk)
	token := signIn(t, here, "alice")
	authenticate(t, here, token)
	if err := other.Logout(context.Background(), authenticate(t, other, token)); err != nil {
		t.Fatal(err)
	}
	if id := authenticate(t, other, token); id != nil {
		t.Error("the replica that logged out still opens the session")
	}
	if id := authenticate(t, here, token); id == nil {
		t.Error("this replica read the session again before RevisionEvery (is it cached?)")
	}
	clk.Add(DefaultRevisionEvery)
	if id := authenticate(t, here, token); id != nil {
		t.Errorf("%s's session opened after another replica's logout and RevisionEvery", id.Username())
	}
}

// A cached session's expiry holds at once; an expiry another replica moved
// is read again before the session is refused.
func TestCachedSessionExpiry(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	here, other := NewService(store, Config{CacheTTL: 24 * time.Hour}, clk.Now), newTestService(store, clk)
	token := signIn(t, here, "alice")
	authenticate(t, here, token)
	// other replica keeps the session busy (slides its expiry); this one
	// holds the expiry it read at first
	for i := 0; i < 10; i++ {
		clk.Add(DefaultSessionTTL / 4)
		if id := authenticate(t, other, token); id == nil {
			t.Fatalf("use %d on the other replica: the session ended", i)
		}
	}
	if id := authenticate(t, here, token); id == nil {
		t.Fatal("a session another replica kept alive was refused here")
	}
	clk.Add(DefaultSessionTTL + 2*touchEvery)
	if id := authenticate(t, here, token); id != nil {
		t.Error("an idle session opened after its TTL")
	}
}

// The sessions kept are bounded too.
func TestCacheBoundsSessions(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	svc := NewService(store, Config{CacheSize: 3}, clk.Now)
	var tokens []string
	for i := 0; i < 6; i++ {
		tokens = append(tokens, signIn(t, svc, "alice"))
		authenticate(t, svc, tokens[i])
		if n := svc.cache.sessionsKept(); n > 3 {
			t.Fatalf("%d sessions kept, want at most 3", n)
		}
	}
	for i, token := range tokens {
		if id := authenticate(t, svc, token); id == nil {
			t.Errorf("session %d is refused once dropped from the cache", i)
		}
	}
}
