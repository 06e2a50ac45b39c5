package identity

import (
	"context"
	"fmt"
	"time"
)

// TicketValidator asks the single sign-on (CAS) server whom a ticket names.
type TicketValidator interface {
	// ValidateTicket returns the user a ticket issued for service names.
	// Errors: ErrTicketRefused when the server refuses the ticket,
	// ErrSSOUnreachable when it cannot be reached, ErrSSOUnreadable when
	// its answer cannot be read.
	ValidateTicket(ctx context.Context, ticket, service string) (string, error)
}

// NameOf names a code of a dictionary (company, department, ...) in a
// language; the code itself when the dictionary has no name for it.
type NameOf func(dic, code, lang string) string

// Config is how the identity service behaves; the zero value of each field
// has a default.
type Config struct {
	// SessionTTL ends a session this long after its last use (default 8h);
	// SessionMaxAge ends it this long after sign-in however busy (default 24h).
	SessionTTL    time.Duration
	SessionMaxAge time.Duration
	// MenuVariant is the menu answered by default: MenuCurrent or MenuLegacy.
	MenuVariant string
	// TrustedSources are the systems whose signed tokens open a session.
	TrustedSources []TrustedSource
	// Tickets validates single sign-on tickets issued for ServiceURL
	// (formwork's own page the CAS server returns to); nil: no single sign-on.
	Tickets    TicketValidator
	ServiceURL string
	// Names loads the dictionary that names codes in the current user's
	// view; nil: codes are their own names.
	Names func(ctx context.Context) (NameOf, error)
	// Pages says what a menu entry (code, an item of group, at route path)
	// opens, as schemas/_menu.yaml maps it, and whether it is shown: an
	// entry that maps to nothing, or whose page does not exist yet, is left
	// out of the menu. A nil Pages shows every entry, without a page.
	Pages PageOf
	// CacheTTL and CacheSize bound the identity cache (defaults 30 s and
	// 10,000 users and as many sessions): what changes in the database by
	// hand shows within CacheTTL.
	CacheTTL  time.Duration
	CacheSize int
	// RevisionEvery is how often the identity revision is read (default
	// 1 s): what another replica changes (a session ended, a user, role,
	// company assignment or delegation) is refused here within it.
	RevisionEvery time.Duration
}

// Service is the identity use cases.
type Service struct {
	store Store
	cfg   Config
	now   func() time.Time
	cache *accountCache
}

// NewService builds the identity service on store, with the clock now
// (nil: time.Now).
func NewService(store Store, cfg Config, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = DefaultSessionTTL
	}
	if cfg.SessionMaxAge <= 0 {
		cfg.SessionMaxAge = DefaultSessionMaxAge
	}
	if cfg.RevisionEvery <= 0 {
		cfg.RevisionEvery = DefaultRevisionEvery
	}
	if cfg.MenuVariant != MenuLegacy {
		cfg.MenuVariant = MenuCurrent
	}
	return &Service{store: store, cfg: cfg, now: now, cache: newAccountCache(cfg.CacheTTL, cfg.CacheSize)}
}

// MenuVariant is the menu answered when a request names none.
func (s *Service) MenuVariant() string { return s.cfg.MenuVariant }

// Today is the date delegations are judged by, in the server's time zone.
func (s *Service) Today() string { return s.now().Format("2006-01-02") }

// Forget drops what the identity cache keeps of usernames: call it after
// changing their user, companies, roles or delegations other than through
// this service.
func (s *Service) Forget(usernames ...string) { s.cache.forget(usernames...) }

// ForgetAll empties the identity cache (after seeding, for example).
func (s *Service) ForgetAll() { s.cache.forgetAll() }

// Identity returns a user with companies, roles and menus (no session, no
// company context), or nil when there is no such user. It may be up to the
// cache's TTL old when the user was changed by another process.
func (s *Service) Identity(ctx context.Context, username string) (*Identity, error) {
	a, err := s.account(ctx, username)
	if err != nil || a == nil {
		return nil, err
	}
	return a.identity(), nil
}

// account returns the account of username, from the cache when it is
// fresh; nil when there is no such user.
func (s *Service) account(ctx context.Context, username string) (*account, error) {
	if err := s.noticeChanges(ctx); err != nil {
		return nil, err
	}
	now := s.now()
	day := now.Format("2006-01-02")
	a, gen := s.cache.get(username, now, day)
	if a != nil {
		return a, nil
	}
	a, err := s.loadAccount(ctx, username, now, day)
	if err != nil || a == nil {
		return nil, err
	}
	s.cache.put(username, a, gen)
	return a, nil
}

// noticeChanges reads the identity revision when it is due (once per
// RevisionEvery) and forgets the cache when another replica changed
// something since the last read.
func (s *Service) noticeChanges(ctx context.Context) error {
	now := s.now()
	if !s.cache.revisionDue(now, s.cfg.RevisionEvery) {
		return nil
	}
	rev, err := s.store.IdentityRevision(ctx)
	s.cache.noticeRevision(rev, now, err == nil)
	if err != nil {
		return fmt.Errorf("read identity revision: %w", err)
	}
	return nil
}

// session returns the session of a token hash, ended or not, from the
// cache when it was read lately; nil when there is none. A cached session
// that looks over is read again (another replica may have moved its
// expiry).
func (s *Service) session(ctx context.Context, hash string) (*Session, error) {
	if err := s.noticeChanges(ctx); err != nil {
		return nil, err
	}
	now := s.now()
	sess, gen := s.cache.session(hash, now)
	if sess != nil && sess.live(now) {
		return sess, nil
	}
	sess, err := s.store.SessionByTokenHash(ctx, hash)
	if err != nil || sess == nil {
		return nil, err
	}
	if sess.live(now) {
		s.cache.putSession(sess, now, gen)
	}
	return sess, nil
}

// loadAccount reads an account from the store.
func (s *Service) loadAccount(ctx context.Context, username string, now time.Time, day string) (*account, error) {
	u, err := s.store.User(ctx, username)
	if err != nil || u == nil {
		return nil, err
	}
	a := &account{user: *u, day: day, loadedAt: now}
	if a.companies, err = s.store.UserCompanies(ctx, username); err != nil {
		return nil, err
	}
	if u.CompanyCode != "" && !a.identity().WorksFor(u.CompanyCode) {
		a.companies = append([]string{u.CompanyCode}, a.companies...)
	}
	if a.roles, err = s.store.UserRoles(ctx, username); err != nil {
		return nil, err
	}
	items, err := s.menuItems(ctx)
	if err != nil {
		return nil, err
	}
	var granted []string
	if len(a.roles) > 0 {
		ids := make([]string, len(a.roles))
		for i, r := range a.roles {
			ids[i] = r.ID
		}
		if granted, err = s.store.RoleMenus(ctx, ids); err != nil {
			return nil, err
		}
	}
	a.menus = permittedMenus(items, a.roles, granted)
	if a.delegators, err = s.loadDelegators(ctx, username, day); err != nil {
		return nil, err
	}
	return a, nil
}

// menuItems returns every menu item, from the cache when it is fresh.
func (s *Service) menuItems(ctx context.Context) ([]MenuItem, error) {
	now := s.now()
	items, gen, ok := s.cache.cachedMenus(now)
	if ok {
		return items, nil
	}
	items, err := s.store.Menus(ctx)
	if err != nil {
		return nil, err
	}
	s.cache.putMenus(items, now, gen)
	return items, nil
}

// EmpName is a user's display name, or the username when there is none.
func (s *Service) EmpName(ctx context.Context, username string) string {
	name, err := s.store.EmpName(ctx, username)
	if err != nil || name == "" {
		return username
	}
	return name
}

// names loads the dictionary of code names.
func (s *Service) names(ctx context.Context) (NameOf, error) {
	if s.cfg.Names == nil {
		return func(_, code, _ string) string { return code }, nil
	}
	n, err := s.cfg.Names(ctx)
	if err != nil {
		return nil, fmt.Errorf("load dictionary: %w", err)
	}
	return n, nil
}
