package identity

import (
	"slices"
	"sync"
	"time"
)

// Defaults of the identity cache.
const (
	DefaultCacheTTL  = 30 * time.Second
	DefaultCacheSize = 10000
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

// accountCache keeps accounts by username for a short time, so that a
// request costs one session read instead of a read of user, companies,
// roles, menus and delegations. It is per process and never the source of
// truth: a change made through this process forgets what it changed at
// once; a change made elsewhere shows within the TTL. Sessions are not
// cached: expiry and logout hold at once on every replica.
type accountCache struct {
	ttl  time.Duration
	size int

	mu        sync.Mutex
	accounts  map[string]*account
	menus     []MenuItem
	menusAt   time.Time
	menusRead bool
	// generation counts forgets: an account loaded while something was
	// forgotten may be stale and is not kept.
	generation uint64
}

func newAccountCache(ttl time.Duration, size int) *accountCache {
	if ttl <= 0 {
		ttl = DefaultCacheTTL
	}
	if size <= 0 {
		size = DefaultCacheSize
	}
	return &accountCache{ttl: ttl, size: size, accounts: map[string]*account{}}
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
// forgotten meanwhile. A full cache first drops what is stale, then, if
// still full, any one account.
func (c *accountCache) put(username string, a *account, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.generation {
		return
	}
	if _, ok := c.accounts[username]; !ok && len(c.accounts) >= c.size {
		for name, old := range c.accounts {
			if !c.fresh(old.loadedAt, a.loadedAt) {
				delete(c.accounts, name)
			}
		}
		for name := range c.accounts {
			if len(c.accounts) < c.size {
				break
			}
			delete(c.accounts, name)
		}
	}
	c.accounts[username] = a
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

// forget drops the accounts of usernames.
func (c *accountCache) forget(usernames ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	for _, u := range usernames {
		delete(c.accounts, u)
	}
}

// forgetAll drops everything.
func (c *accountCache) forgetAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	c.accounts = map[string]*account{}
	c.menus, c.menusRead = nil, false
}

// len is the number of accounts kept.
func (c *accountCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.accounts)
}
