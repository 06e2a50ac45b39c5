package identity

import (
	"slices"
	"sync"
	"time"
)

// Defaults of the identity cache.
const (
	DefaultCacheTTL      = 30 * time.Second
	DefaultCacheSize     = 10000
	DefaultRevisionEvery = time.Second
)

// account is what a request needs to know of a user besides the session:
// the user, companies, roles, permitted menus and whom the user may act for
// on day. It is read-only once built.
type account struct {
	user       User
	companies  []string
	roles      []Role
	menus      map[string]bool
	delegators []Delegator
	day        string // delegators are those in force on this day
	loadedAt   time.Time
}

// identity is a new Identity of the account (no session, no company yet).
func (a *account) identity() *Identity {
	// clipped, so that an append by a caller copies instead of writing
	// into what other requests share
	return &Identity{User: a.user, Companies: slices.Clip(a.companies), Roles: slices.Clip(a.roles), Menus: a.menus}
}

// accountCache keeps sessions by token hash and accounts by username for
// a short time, so that a request reads nothing from the database when its
// session and user were seen lately. It is per process and never the source
// of truth: a change made through this process forgets what it changed at
// once; a change made through another replica moves the identity revision
// in the database, which every replica reads at most once per RevisionEvery
// and forgets everything when it moved; a change made in the database by
// hand shows within the TTL. A cached session's expiry is judged at every
// request.
type accountCache struct {
	ttl  time.Duration
	size int

	mu        sync.Mutex
	accounts  map[string]*account
	sessions  map[string]*cachedSession // by token hash
	menus     []MenuItem
	menusAt   time.Time
	menusRead bool
	// generation counts forgets: an account loaded while something was
	// forgotten may be stale and is not kept.
	generation uint64

	// the identity revision last read from the store, when, and whether a
	// request is reading it now
	revision     int64
	revisionRead bool
	checkedAt    time.Time
	checking     bool
}

// cachedSession is a session as read from the store at loadedAt (its
// expiry as this process last wrote or read it).
type cachedSession struct {
	sess     Session
	loadedAt time.Time
}

func newAccountCache(ttl time.Duration, size int) *accountCache {
	if ttl <= 0 {
		ttl = DefaultCacheTTL
	}
	if size <= 0 {
		size = DefaultCacheSize
	}
	return &accountCache{ttl: ttl, size: size, accounts: map[string]*account{}, sessions: map[string]*cachedSession{}}
}

// get returns the account of username when it is fresh at now and of day,
// else nil and the generation to hand to put after loading it.
func (c *accountCache) get(username string, now time.Time, day string) (*account, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := c.accounts[username]
	if a != nil && a.day == day && c.fresh(a.loadedAt, now) {
		return a, c.generation
	}
	return nil, c.generation
}

// put keeps an account loaded since generation gen, unless something was
// forgotten meanwhile.
func (c *accountCache) put(username string, a *account, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.generation {
		return
	}
	if _, ok := c.accounts[username]; !ok {
		makeRoom(c, c.accounts, a.loadedAt, func(a *account) time.Time { return a.loadedAt })
	}
	c.accounts[username] = a
}

// makeRoom drops from a full map what is stale at now, then, if it is
// still full, any one entry.
func makeRoom[V any](c *accountCache, m map[string]V, now time.Time, loadedAt func(V) time.Time) {
	if len(m) < c.size {
		return
	}
	for k, v := range m {
		if !c.fresh(loadedAt(v), now) {
			delete(m, k)
		}
	}
	for k := range m {
		if len(m) < c.size {
			break
		}
		delete(m, k)
	}
}

// session returns a copy of the session of a token hash when it is fresh
// at now, else nil and the generation to hand to putSession.
func (c *accountCache) session(hash string, now time.Time) (*Session, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cs := c.sessions[hash]; cs != nil && c.fresh(cs.loadedAt, now) {
		sess := cs.sess
		return &sess, c.generation
	}
	return nil, c.generation
}

// putSession keeps a copy of a session read at at since generation gen,
// unless something was forgotten meanwhile.
func (c *accountCache) putSession(sess *Session, at time.Time, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.generation {
		return
	}
	if _, ok := c.sessions[sess.TokenHash]; !ok {
		makeRoom(c, c.sessions, at, func(cs *cachedSession) time.Time { return cs.loadedAt })
	}
	c.sessions[sess.TokenHash] = &cachedSession{sess: *sess, loadedAt: at}
}

// extended notes a session's new expiry, written by this process.
func (c *accountCache) extended(hash string, expiresAt time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cs := c.sessions[hash]; cs != nil {
		cs.sess.ExpiresAt = expiresAt
	}
}

// forgetSession drops a session (ended, or found expired).
func (c *accountCache) forgetSession(hash string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	delete(c.sessions, hash)
}

// revisionDue reports whether the identity revision is to be read now (the
// last read is every old, or none succeeded yet, and no other request is
// reading it); the caller then reads it and hands it to noticeRevision.
func (c *accountCache) revisionDue(now time.Time, every time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.checking || c.revisionRead && c.fresh(c.checkedAt, now) && now.Sub(c.checkedAt) < every {
		return false
	}
	c.checking = true
	return true
}

// noticeRevision takes the identity revision read at now (ok false: the
// read failed): when it moved since the last read, everything is
// forgotten.
func (c *accountCache) noticeRevision(rev int64, now time.Time, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.checking = false
	if !ok {
		return
	}
	if c.revisionRead && rev != c.revision {
		c.dropAll()
	}
	c.revision, c.revisionRead, c.checkedAt = rev, true, now
}

// fresh reports whether something loaded at was loaded less than the TTL
// before now (and not after it: a clock set back forgets too).
func (c *accountCache) fresh(at, now time.Time) bool {
	age := now.Sub(at)
	return age >= 0 && age < c.ttl
}

// cachedMenus returns the menu items when they are fresh at now.
func (c *accountCache) cachedMenus(now time.Time) ([]MenuItem, uint64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.menus, c.generation, c.menusRead && c.fresh(c.menusAt, now)
}

// putMenus keeps the menu items loaded at at since generation gen.
func (c *accountCache) putMenus(items []MenuItem, at time.Time, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen == c.generation {
		c.menus, c.menusAt, c.menusRead = items, at, true
	}
}

// forget drops the accounts and sessions of usernames.
func (c *accountCache) forget(usernames ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	for _, u := range usernames {
		delete(c.accounts, u)
	}
	for hash, cs := range c.sessions {
		if slices.Contains(usernames, cs.sess.Username) {
			delete(c.sessions, hash)
		}
	}
}

// forgetAll drops everything.
func (c *accountCache) forgetAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.dropAll()
}

// dropAll drops everything; c.mu is held.
func (c *accountCache) dropAll() {
	c.generation++
	c.accounts = map[string]*account{}
	c.sessions = map[string]*cachedSession{}
	c.menus, c.menusRead = nil, false
}

// len is the number of accounts kept.
func (c *accountCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.accounts)
}

// sessionsKept is the number of sessions kept.
func (c *accountCache) sessionsKept() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.sessions)
}
