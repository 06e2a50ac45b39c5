package identity

import (
	"context"
	"time"
)

// Store is what the identity use cases read and write.
type Store interface {
	AccountStore
	SessionStore
	AttemptStore
	DelegationStore
}

// AccountStore reads users, their companies and roles, and the menus.
type AccountStore interface {
	// User returns the user of username, or nil when there is none.
	User(ctx context.Context, username string) (*User, error)
	// Users lists every user, by username.
	Users(ctx context.Context) ([]User, error)
	// UserCompanies lists the companies a user may work for, sorted.
	UserCompanies(ctx context.Context, username string) ([]string, error)
	// UserRoles lists a user's roles, sorted by id.
	UserRoles(ctx context.Context, username string) ([]Role, error)
	// RoleMenus lists the menu codes granted to any of the roles.
	RoleMenus(ctx context.Context, roleIDs []string) ([]string, error)
	// Menus lists every menu item by variant, then display order.
	Menus(ctx context.Context) ([]MenuItem, error)
	// EmpName returns a user's display name, "" when there is none.
	EmpName(ctx context.Context, username string) (string, error)
	// EmpNames returns the display names of users, by username; users
	// without one are left out.
	EmpNames(ctx context.Context, usernames []string) (map[string]string, error)
	// CountUsers counts the users.
	CountUsers(ctx context.Context) (int64, error)
	// ReportAuthorities lists a user's report authority, by report type
	// then company; company and rptType narrow it when not empty.
	ReportAuthorities(ctx context.Context, userID, company, rptType string) ([]ReportAuthority, error)
}

// SessionStore keeps sessions.
type SessionStore interface {
	// CreateSession stores a new session and sets its ID; a session with
	// the same token hash is an error.
	CreateSession(ctx context.Context, sess *Session) error
	// SessionByTokenHash returns the session, ended or not, or nil.
	SessionByTokenHash(ctx context.Context, hash string) (*Session, error)
	// ExtendSession moves a session's expiry.
	ExtendSession(ctx context.Context, id uint, expiresAt time.Time) error
	// EndSession ends a session at at, if it has not ended, and moves the
	// identity revision.
	EndSession(ctx context.Context, id uint, at time.Time) error
	// IdentityRevision counts the changes that a replica's identity cache
	// may hold stale: every write that ends a session or changes a user,
	// password, role, company assignment or delegation moves it.
	IdentityRevision(ctx context.Context) (int64, error)
}

// AttemptStore counts login attempts per subject (a username, a client
// address), atomically in the database so that the count holds across
// server replicas.
type AttemptStore interface {
	// ReserveAttempt counts one attempt of subject at now, unless the
	// subject is locked or has rule.Limit attempts in its window already:
	// in one atomic step it checks and counts. An attempt that makes the
	// count reach the limit locks the subject until now + rule.Period. A
	// window older than rule.Window starts again from zero.
	ReserveAttempt(ctx context.Context, kind, subject string, rule LockRule, now time.Time) (Reservation, error)
	// ReleaseAttempt uncounts one reserved attempt (it did not fail),
	// lifting a lock the count no longer reaches.
	ReleaseAttempt(ctx context.Context, kind, subject string, rule LockRule) error
	// ClearAttempts forgets a subject's attempts and failures.
	ClearAttempts(ctx context.Context, kind, subject string) error
	// RecordFailure keeps a password found wrong: who, when.
	RecordFailure(ctx context.Context, username string, at time.Time) error
	// RecordLockout keeps a username locked by its failures: who, when,
	// until when (the logs show it).
	RecordLockout(ctx context.Context, username string, at, until time.Time) error
}

// DelegationStore keeps delegations.
type DelegationStore interface {
	// ActiveDelegations lists the delegations in force on day whose
	// delegate is username, by delegator.
	ActiveDelegations(ctx context.Context, username, day string) ([]Delegation, error)
	// Delegations lists the delegations username gave or received (every
	// one when username is ""), by id.
	Delegations(ctx context.Context, username string) ([]Delegation, error)
	// Delegation returns a delegation, or nil when there is none.
	Delegation(ctx context.Context, id uint) (*Delegation, error)
	// SaveDelegation creates (ID 0) or replaces a delegation and moves the
	// identity revision.
	SaveDelegation(ctx context.Context, d *Delegation) error
}

// LockRule is how many attempts of a subject are allowed: Limit within
// Window; the attempt that reaches it locks the subject for Period.
type LockRule struct {
	Limit  int
	Window time.Duration
	Period time.Duration
}

// Reservation is the answer of AttemptStore.ReserveAttempt: OK with the
// count including this attempt, or refused with the time the lock ends.
type Reservation struct {
	OK       bool
	Attempts int
	Until    time.Time
}

// Kinds of subjects whose attempts are counted.
const (
	AttemptUser   = "user"
	AttemptSource = "source"
)
