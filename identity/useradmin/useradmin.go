// Package useradmin is user management in the configuration centre
// (userManage): an administrator lists, creates and changes users, gives
// them roles and companies, deactivates them and sets a new password. Every
// change is an audit event (who, when, what) in the same unit of work, read
// back by the logs. Passwords are only ever stored as a bcrypt hash and
// never answered. It knows neither HTTP nor SQL: it reaches the database
// through Store.
package useradmin

import (
	"context"
	"errors"
	"time"

	"formwork/identity"
)

// Store is what the user administration reads and writes.
type Store interface {
	// User returns the user of username, or nil when there is none.
	User(ctx context.Context, username string) (*identity.User, error)
	// UserCompanies lists the companies a user may work for, sorted.
	UserCompanies(ctx context.Context, username string) ([]string, error)
	// UserRoles lists a user's roles, sorted by id.
	UserRoles(ctx context.Context, username string) ([]identity.Role, error)
	// SearchUsers answers a page of users by username and how many match.
	SearchUsers(ctx context.Context, q Query) (int64, []identity.User, error)
	// Roles lists every role, by id.
	Roles(ctx context.Context) ([]identity.Role, error)
	// RoleMenuCodes lists the menu codes each role grants, by role id.
	RoleMenuCodes(ctx context.Context) (map[string][]string, error)
	// SaveUser creates (ch.Create) or changes a user with companies and
	// roles, and records ch.Event, in one transaction. Creating a username
	// that exists is ErrExists; changing one that does not, ErrNotFound; a
	// change of a user whose version is no longer ch.Version, ErrStale (a
	// change stores ch.User.Version, ch.Version + 1). A change never
	// touches the username or the password hash.
	SaveUser(ctx context.Context, ch Change) error
	// SetPassword replaces a user's password hash, ends every session of
	// the user at ev.At and records ev, in one transaction; ErrNotFound
	// when there is no such user.
	SetPassword(ctx context.Context, username, hash string, ev Event) error
	RoleStore
}

// Errors of Store.
var (
	ErrExists   = errors.New("the username (or role) exists already")
	ErrNotFound = errors.New("no such user (or role)")
	ErrStale    = errors.New("the user was changed meanwhile")
	ErrHeld     = errors.New("a user holds the role")
)

// Event is an audit event of the identity area: who did what to whom, when.
// Kind is KindUser (user administration) or KindLockout (a username locked
// by its failed logins, recorded by the identity service).
type Event struct {
	At      time.Time
	Kind    string
	Actor   string
	Action  string
	Subject string
	Detail  string
}

// Kinds and actions of the audit events.
const (
	KindUser    = "user"
	KindLockout = "lockout"

	ActionCreate        = "create"
	ActionUpdate        = "update"
	ActionResetPassword = "resetPassword"
	ActionCreateRole    = "createRole"
	ActionUpdateRole    = "updateRole"
	ActionDeleteRole    = "deleteRole"
)

// Change is a user created or changed, with every company and role it has
// afterwards, and the event that says so.
type Change struct {
	Create    bool
	Version   int64 // of a change: the version the administrator read
	User      identity.User
	Companies []string
	Roles     []string
	Event     Event
}

// Query narrows the user list: Q is a substring of the username, name,
// employee id or e-mail (ignoring case); Status "1" or "0"; Role a role id.
// A page of PageSize, by username.
type Query struct {
	Q, Status, Role string
	Page, PageSize  int
}

// Forgetter drops what the identity cache keeps of users (identity.Service).
type Forgetter interface {
	Forget(usernames ...string)
}

// Config is how the user administration behaves; zero fields have defaults.
type Config struct {
	// PasswordCost is the bcrypt cost (0: bcrypt's default).
	PasswordCost int
	// CompanyExists says whether a company code is one of the master
	// data's; nil: every code is accepted.
	CompanyExists func(ctx context.Context, code string) (bool, error)
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// Service is the user administration use cases.
type Service struct {
	store  Store
	forget Forgetter
	cfg    Config
}

// NewService builds the user administration on store; forget is told of
// every user changed.
func NewService(store Store, forget Forgetter, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{store: store, forget: forget, cfg: cfg}
}
