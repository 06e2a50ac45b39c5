package identity

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"
)

// fakeStore is an in-memory Store that counts the reads of accounts.
type fakeStore struct {
	mu          sync.Mutex
	users       map[string]User
	companies   map[string][]string
	roles       map[string][]Role
	roleMenus   map[string][]string
	menus       []MenuItem
	sessions    []*Session
	delegations []Delegation
	attempts    map[string]*fakeAttempts
	failures    []string
	lockouts    []string
	reads       map[string]int // by method
	revision    int64          // the identity revision, moved by the writes as the database's
}

type fakeAttempts struct {
	n     int
	start time.Time
	until time.Time
}

func newFakeStore() *fakeStore {
	return &fakeStore{
		users: map[string]User{
			"alice": {ID: 1, Username: "alice", EmpName: "Alice", CompanyCode: "1000", Status: StatusActive, PasswordHash: mustHash("right")},
			"bob":   {ID: 2, Username: "bob", EmpName: "Bob", CompanyCode: "1000", Status: StatusActive, PasswordHash: mustHash("right")},
			"carol": {ID: 3, Username: "carol", EmpName: "Carol", CompanyCode: "2000", Status: "0", PasswordHash: mustHash("right")},
		},
		companies: map[string][]string{"alice": {"1000", "2000"}},
		roles:     map[string][]Role{"alice": {{ID: "employee", DocumentScope: ScopeOwn}}, "bob": {{ID: "employee", DocumentScope: ScopeOwn}}},
		roleMenus: map[string][]string{"employee": {"YG00001"}},
		menus: []MenuItem{{Variant: MenuCurrent, Code: "YG", Path: "/YG", TitleZh: "员工", TitleEn: "Employee"},
			{Variant: MenuCurrent, Code: "YG00001", ParentCode: "YG", Path: "/YG/YG00001", TitleZh: "报销", TitleEn: "Claim"}},
		attempts: map[string]*fakeAttempts{},
		reads:    map[string]int{},
	}
}

func mustHash(password string) string {
	h, err := HashPassword(password, 4)
	if err != nil {
		panic(err)
	}
	return h
}

func (f *fakeStore) read(what string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads[what]++
}

func (f *fakeStore) count(what string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reads[what]
}

func (f *fakeStore) User(_ context.Context, username string) (*User, error) {
	f.read("User")
	f.mu.Lock()
	defer f.mu.Unlock()
	u, ok := f.users[username]
	if !ok {
		return nil, nil
	}
	return &u, nil
}

func (f *fakeStore) Users(context.Context) ([]User, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []User
	for _, u := range f.users {
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b User) int { return strings.Compare(a.Username, b.Username) })
	return out, nil
}

func (f *fakeStore) UserCompanies(_ context.Context, username string) ([]string, error) {
	f.read("UserCompanies")
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.companies[username]), nil
}

func (f *fakeStore) UserRoles(_ context.Context, username string) ([]Role, error) {
	f.read("UserRoles")
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.roles[username]), nil
}

func (f *fakeStore) RoleMenus(_ context.Context, roleIDs []string) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, r := range roleIDs {
		out = append(out, f.roleMenus[r]...)
	}
	return out, nil
}

func (f *fakeStore) Menus(context.Context) ([]MenuItem, error) {
	f.read("Menus")
	return f.menus, nil
}

func (f *fakeStore) EmpNames(_ context.Context, usernames []string) (map[string]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]string{}
	for _, u := range usernames {
		if n := f.users[u].EmpName; n != "" {
			out[u] = n
		}
	}
	return out, nil
}

func (f *fakeStore) CountUsers(context.Context) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return int64(len(f.users)), nil
}

func (f *fakeStore) EmpName(_ context.Context, username string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.users[username].EmpName, nil
}

func (f *fakeStore) ReportAuthorities(context.Context, string, string, string) ([]ReportAuthority, error) {
	return nil, nil
}

func (f *fakeStore) CreateSession(_ context.Context, sess *Session) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.sessions {
		if s.TokenHash == sess.TokenHash {
			return errors.New("duplicate token")
		}
	}
	sess.ID = uint(len(f.sessions) + 1)
	copied := *sess
	f.sessions = append(f.sessions, &copied)
	return nil
}

func (f *fakeStore) SessionByTokenHash(_ context.Context, hash string) (*Session, error) {
	f.read("Session")
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.sessions {
		if s.TokenHash == hash {
			copied := *s
			return &copied, nil
		}
	}
	return nil, nil
}

func (f *fakeStore) ExtendSession(_ context.Context, id uint, expiresAt time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sessions[id-1].ExpiresAt = expiresAt
	return nil
}

func (f *fakeStore) EndSession(_ context.Context, id uint, at time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sessions[id-1].EndedAt == nil {
		f.sessions[id-1].EndedAt = &at
		f.revision++
	}
	return nil
}

func (f *fakeStore) IdentityRevision(context.Context) (int64, error) {
	f.read("IdentityRevision")
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.revision, nil
}

// ReserveAttempt counts like the SQL store, under a mutex.
func (f *fakeStore) ReserveAttempt(_ context.Context, kind, subject string, rule LockRule, now time.Time) (Reservation, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	a := f.attempts[kind+"/"+subject]
	if a == nil || !a.start.After(now.Add(-rule.Window)) && !a.until.After(now) {
		a = &fakeAttempts{start: now}
		f.attempts[kind+"/"+subject] = a
	}
	if a.until.After(now) || a.n >= rule.Limit {
		return Reservation{Attempts: a.n, Until: a.until}, nil
	}
	a.n++
	if a.n >= rule.Limit {
		a.until = now.Add(rule.Period)
	}
	return Reservation{OK: true, Attempts: a.n, Until: a.until}, nil
}

func (f *fakeStore) ReleaseAttempt(_ context.Context, kind, subject string, rule LockRule) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if a := f.attempts[kind+"/"+subject]; a != nil && a.n > 0 {
		a.n--
		if a.n < rule.Limit {
			a.until = time.Time{}
		}
	}
	return nil
}

func (f *fakeStore) ClearAttempts(_ context.Context, kind, subject string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.attempts, kind+"/"+subject)
	return nil
}

func (f *fakeStore) RecordFailure(_ context.Context, username string, _ time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failures = append(f.failures, username)
	return nil
}

func (f *fakeStore) RecordLockout(_ context.Context, username string, _, _ time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lockouts = append(f.lockouts, username)
	return nil
}

func (f *fakeStore) attemptsOf(kind, subject string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if a := f.attempts[kind+"/"+subject]; a != nil {
		return a.n
	}
	return 0
}

func (f *fakeStore) ActiveDelegations(_ context.Context, username, day string) ([]Delegation, error) {
	f.read("ActiveDelegations")
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Delegation
	for _, d := range f.delegations {
		if d.AuthorTo == username && d.activeOn(day) {
			out = append(out, d)
		}
	}
	return out, nil
}

func (f *fakeStore) Delegations(context.Context, string) ([]Delegation, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.delegations), nil
}

func (f *fakeStore) Delegation(_ context.Context, id uint) (*Delegation, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, d := range f.delegations {
		if d.ID == id {
			return &d, nil
		}
	}
	return nil, nil
}

func (f *fakeStore) SaveDelegation(_ context.Context, d *Delegation) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.revision++
	if d.ID == 0 {
		d.ID = uint(len(f.delegations) + 1)
		f.delegations = append(f.delegations, *d)
		return nil
	}
	f.delegations[d.ID-1] = *d
	return nil
}

// clock is a test clock that moves only when told.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
