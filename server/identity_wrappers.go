package server

import (
	"context"
	"io/fs"
	"time"

	"formwork/adapters/sqldb"
	"formwork/identity"
	"formwork/seeding"
)

// What the other areas of this package still call of the identity area,
// by its old names.

// Identity is the signed-in user of a request.
// transitional: remove after the split
type Identity = identity.Identity

// TrustedSource is a system whose signed tokens open a session (Config).
type TrustedSource = identity.TrustedSource

// SignSourceToken makes the token a trusted source hands its users.
// transitional: remove after the split (callers use identity.SignSourceToken)
func SignSourceToken(src TrustedSource, username string, expires time.Time) string {
	return identity.SignSourceToken(src, username, expires)
}

// LoadTrustedSources reads the trusted sources of seeds and their keys.
// transitional: remove after the split (the wiring calls identity.LoadTrustedSources)
func LoadTrustedSources(seeds fs.FS, env string) ([]TrustedSource, error) {
	return identity.LoadTrustedSources(seeds, env)
}

// transitional: remove after the split
type (
	User           = sqldb.User
	Delegation     = sqldb.Delegation
	delegator      = identity.Delegator
	identitySeed   = seeding.UsersFile
	IdentitySeeded = seeding.IdentitySeeded
)

// transitional: remove after the split
const (
	scopeCompany     = identity.ScopeCompany
	scopeAll         = identity.ScopeAll
	userStatusActive = identity.StatusActive
	delegationActive = identity.DelegationActive
)

// transitional: remove after the split
func (s *Server) identityOf(ctx context.Context, username string) (*Identity, error) {
	return s.idn.Identity(ctx, username)
}

// transitional: remove after the split
func (s *Server) isDelegate(ctx context.Context, delegate, delegatorName string) (bool, error) {
	return s.idn.IsDelegate(ctx, delegate, delegatorName)
}

// transitional: remove after the split
func (s *Server) activeDelegators(ctx context.Context, username string) ([]delegator, error) {
	return s.idn.ActiveDelegators(ctx, username)
}

// transitional: remove after the split
func (s *Server) empName(ctx context.Context, username string) string {
	return s.idn.EmpName(ctx, username)
}

// transitional: remove after the split
func (s *Server) permittedMenus(_ context.Context, id *Identity) (map[string]bool, error) {
	return id.Menus, nil
}

// transitional: remove after the split
func (s *Server) today() string { return s.idn.Today() }

// transitional: remove after the split
func passwordMatches(hash, password string) bool { return identity.PasswordMatches(hash, password) }
