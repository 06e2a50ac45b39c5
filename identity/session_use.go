package identity

import (
	"context"
	"fmt"
	"strings"
	"time"

	"formwork/engine"
)

// SignIn is a successful login: the new session's token and what the
// portal shows first.
type SignIn struct {
	Token    string
	Session  *Session
	Identity *Identity
	Menus    []*MenuNode    // the menus the user may open, flat (login's menuPermissions)
	Profile  map[string]any // the current user (Profile)
}

// Credentials are what a request presents: a session token (X-token), or
// else an alternate login's token and the header it came in (one of
// AlternateTokenHeaders); and the company context asked for (X-company,
// may be empty).
type Credentials struct {
	Token           string
	AlternateHeader string
	AlternateToken  string
	Company         string
}

// AlternateTokenHeaders are the headers of the alternate logins, in the
// order they are tried when no X-token is sent.
var AlternateTokenHeaders = []string{"mmdlToken", "k2token", "ssctoken"}

// startSession opens a sliding session for a user signed in by password or
// single sign-on.
func (s *Service) startSession(ctx context.Context, u *User, loginType, lang string) (*SignIn, error) {
	token, err := newToken()
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	sess := &Session{TokenHash: TokenHash(token), Username: u.Username, CompanyCode: u.CompanyCode, LoginType: loginType,
		CreatedAt: now, ExpiresAt: now.Add(s.cfg.SessionTTL), MaxExpiresAt: now.Add(s.cfg.SessionMaxAge), Sliding: true}
	if sess.ExpiresAt.After(sess.MaxExpiresAt) {
		sess.ExpiresAt = sess.MaxExpiresAt
	}
	if err := s.store.CreateSession(ctx, sess); err != nil {
		return nil, fmt.Errorf("start session: %w", err)
	}
	id, err := s.Identity(ctx, u.Username)
	if err != nil {
		return nil, err
	}
	if id == nil {
		return nil, fmt.Errorf("start session: user %s is gone", u.Username)
	}
	id.Session, id.Company = sess, sess.CompanyCode
	items, err := s.menuItems(ctx)
	if err != nil {
		return nil, err
	}
	profile, err := s.Profile(ctx, id, lang)
	if err != nil {
		return nil, err
	}
	return &SignIn{Token: token, Session: sess, Identity: id, Profile: profile,
		Menus: flatMenus(menuTree(items, s.cfg.MenuVariant, id.Menus, lang, s.cfg.Pages))}, nil
}

// Authenticate resolves the session of a request's credentials and returns
// the signed-in user, in the company context asked for (else the session's,
// else the user's main company). It returns nil, nil when there is no live
// session; an error only for a company the user does not work for
// (EFORBIDDEN) or a store failure. The session, the user's companies, roles
// and menus may come from the identity cache: a session's expiry holds at
// once, its end (logout) at once through this process and within
// RevisionEvery through another.
func (s *Service) Authenticate(ctx context.Context, cred Credentials) (*Identity, error) {
	sess, err := s.sessionOf(ctx, cred)
	now := s.now()
	if err != nil || sess == nil || !sess.live(now) {
		return nil, err
	}
	a, err := s.account(ctx, sess.Username)
	if err != nil || a == nil {
		return nil, err
	}
	if a.user.Status != StatusActive {
		_ = s.store.EndSession(ctx, sess.ID, now.UTC())
		s.cache.forgetSession(sess.TokenHash)
		return nil, nil
	}
	if next, write := sess.slide(now.UTC(), s.cfg.SessionTTL); write {
		if err := s.store.ExtendSession(ctx, sess.ID, next); err != nil {
			return nil, fmt.Errorf("extend session: %w", err)
		}
		sess.ExpiresAt = next
		s.cache.extended(sess.TokenHash, next)
	}
	id := a.identity()
	id.Session, id.Company = sess, sess.CompanyCode
	if cred.Company != "" {
		if !id.WorksFor(cred.Company) {
			company := engine.Clip(cred.Company, 20)
			return nil, engine.Refuse(engine.EFORBIDDEN, "X-company", engine.Text{
				"zh": fmt.Sprintf("您不属于公司%s，不能在该公司下操作", company),
				"en": fmt.Sprintf("you do not work for company %s (X-company): pick one of %s", company, strings.Join(id.Companies, ", ")),
				"th": fmt.Sprintf("คุณไม่ได้สังกัดบริษัท %s จึงทำงานในนามบริษัทนี้ไม่ได้ (X-company): โปรดเลือกจาก %s", company, strings.Join(id.Companies, ", ")),
			})
		}
		id.Company = cred.Company
	}
	if id.Company == "" {
		id.Company = id.User.CompanyCode
	}
	return id, nil
}

// sessionOf finds the session credentials present: X-token's, else the
// alternate login's. nil when there is none.
func (s *Service) sessionOf(ctx context.Context, cred Credentials) (*Session, error) {
	if cred.Token != "" {
		if len(cred.Token) > maxTokenLength {
			return nil, nil
		}
		sess, err := s.session(ctx, TokenHash(cred.Token))
		if err != nil {
			return nil, fmt.Errorf("look up session: %w", err)
		}
		if sess == nil || sess.SourceSystem != "" {
			return nil, nil // a trusted source's token is no X-token
		}
		return sess, nil
	}
	if cred.AlternateToken == "" || len(cred.AlternateToken) > maxTokenLength {
		return nil, nil
	}
	return s.alternateSession(ctx, cred.AlternateHeader, cred.AlternateToken)
}

// alternateSession resolves an alternate-login token: the session it
// opened before (ended or not), or a new one when a trusted source signed it
// for an active user. nil when the token opens nothing.
func (s *Service) alternateSession(ctx context.Context, header, token string) (*Session, error) {
	sess, err := s.session(ctx, TokenHash(token))
	if err != nil {
		return nil, fmt.Errorf("look up session: %w", err)
	}
	if sess != nil {
		if sess.SourceSystem == "" || sess.LoginType != loginTypeOfHeader(header) {
			return nil, nil // a token only opens its session through the header it came in
		}
		return sess, nil
	}
	src, st, ok := s.verifySourceToken(header, token)
	if !ok {
		return nil, nil
	}
	u, err := s.store.User(ctx, strings.ToLower(st.Username))
	if err != nil || u == nil || u.Status != StatusActive {
		return nil, err
	}
	return s.adopt(ctx, token, u, src, time.Unix(st.Expires, 0))
}

// adopt starts a session for a token another system issued (a trusted
// source's k2token, ssctoken or mmdlToken), keyed by that token's hash and
// ending when the token does. A token whose session exists already (two
// first requests at once) answers the existing one.
func (s *Service) adopt(ctx context.Context, token string, u *User, src *TrustedSource, until time.Time) (*Session, error) {
	now := s.now().UTC()
	end := now.Add(s.cfg.SessionMaxAge)
	if until.Before(end) {
		end = until.UTC()
	}
	sess := &Session{TokenHash: TokenHash(token), Username: u.Username, CompanyCode: u.CompanyCode, LoginType: src.LoginType,
		SourceSystem: src.Code, CreatedAt: now, ExpiresAt: end, MaxExpiresAt: end}
	if err := s.store.CreateSession(ctx, sess); err != nil {
		if existing, lookErr := s.store.SessionByTokenHash(ctx, sess.TokenHash); lookErr == nil && existing != nil {
			return existing, nil
		}
		return nil, fmt.Errorf("start session: %w", err)
	}
	return sess, nil
}

// Logout ends the identity's session: its token opens nothing afterwards,
// at once on this replica, within RevisionEvery on the others.
func (s *Service) Logout(ctx context.Context, id *Identity) error {
	if id == nil || id.Session == nil {
		return nil
	}
	if err := s.store.EndSession(ctx, id.Session.ID, s.now().UTC()); err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	s.cache.forgetSession(id.Session.TokenHash)
	return nil
}
