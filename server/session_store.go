package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Session is one sign-in. The token itself is never stored: only its
// SHA-256, so a copy of the database opens no session.
type Session struct {
	ID           uint      `gorm:"primaryKey"`
	TokenHash    string    `gorm:"size:64;not null;uniqueIndex"`
	Username     string    `gorm:"size:64;not null;index"`
	CompanyCode  string    `gorm:"size:20"`
	LoginType    string    `gorm:"size:10;not null"` // loginPassword, loginCAS, or a trusted source's k2, ssc, mmdl
	SourceSystem string    `gorm:"size:40"`
	CreatedAt    time.Time `gorm:"not null"`
	ExpiresAt    time.Time `gorm:"not null"`
	// Sliding sessions move ExpiresAt on use, never past MaxExpiresAt.
	MaxExpiresAt time.Time `gorm:"not null"`
	Sliding      bool      `gorm:"not null"`
	EndedAt      *time.Time
}

// Login types of a session.
const (
	loginPassword = "password"
	loginCAS      = "sso"
)

// Session lifetimes when Config leaves them zero.
const (
	defaultSessionTTL    = 8 * time.Hour  // idle time after which a session ends
	defaultSessionMaxAge = 24 * time.Hour // a session ends this long after sign-in, used or not
)

// newToken returns a random session token: 32 bytes from crypto/rand,
// base64url without padding (43 characters).
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("session token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// tokenHash is what the sessions table keeps of a token.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// sessionStore keeps sessions in the database.
type sessionStore struct {
	db     *gorm.DB
	now    func() time.Time
	ttl    time.Duration
	maxAge time.Duration
}

// issue starts a sliding session for a user signed in by password or
// single sign-on and returns its token.
func (s *sessionStore) issue(ctx context.Context, username, company, loginType string) (string, *Session, error) {
	token, err := newToken()
	if err != nil {
		return "", nil, err
	}
	now := s.now().UTC()
	sess := &Session{TokenHash: tokenHash(token), Username: username, CompanyCode: company, LoginType: loginType,
		CreatedAt: now, ExpiresAt: now.Add(s.ttl), MaxExpiresAt: now.Add(s.maxAge), Sliding: true}
	if sess.ExpiresAt.After(sess.MaxExpiresAt) {
		sess.ExpiresAt = sess.MaxExpiresAt
	}
	if err := s.db.WithContext(ctx).Create(sess).Error; err != nil {
		return "", nil, fmt.Errorf("start session: %w", err)
	}
	return token, sess, nil
}

// adopt starts a session for a token another system issued (a trusted
// source's k2token, ssctoken or mmdlToken), keyed by that token's hash and
// ending when the token does. A token whose session exists already (two
// first requests at once) answers the existing one.
func (s *sessionStore) adopt(ctx context.Context, token, username, company, loginType, source string, until time.Time) (*Session, error) {
	now := s.now().UTC()
	end := now.Add(s.maxAge)
	if until.Before(end) {
		end = until.UTC()
	}
	sess := &Session{TokenHash: tokenHash(token), Username: username, CompanyCode: company, LoginType: loginType,
		SourceSystem: source, CreatedAt: now, ExpiresAt: end, MaxExpiresAt: end}
	if err := s.db.WithContext(ctx).Create(sess).Error; err != nil {
		if existing, lookErr := s.find(ctx, token); lookErr == nil && existing != nil {
			return existing, nil
		}
		return nil, fmt.Errorf("start session: %w", err)
	}
	return sess, nil
}

// find returns the session of token, ended or not, or nil when there is none.
func (s *sessionStore) find(ctx context.Context, token string) (*Session, error) {
	var sess Session
	err := s.db.WithContext(ctx).Where("token_hash = ?", tokenHash(token)).Take(&sess).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("look up session: %w", err)
	}
	return &sess, nil
}

// live reports whether sess may be used now.
func (s *sessionStore) live(sess *Session) bool {
	now := s.now()
	return sess.EndedAt == nil && now.Before(sess.ExpiresAt) && now.Before(sess.MaxExpiresAt)
}

// touchEvery is how often a busy session's expiry is written: a session
// ends between TTL and TTL + touchEvery after its last use.
const touchEvery = time.Minute

// touch slides a sliding session's expiry to now + TTL. It writes at most
// once a minute, so that a busy user costs no write per request.
func (s *sessionStore) touch(ctx context.Context, sess *Session) error {
	if !sess.Sliding {
		return nil
	}
	now := s.now().UTC()
	next := now.Add(s.ttl)
	if next.After(sess.MaxExpiresAt) {
		next = sess.MaxExpiresAt
	}
	if next.Sub(sess.ExpiresAt) < touchEvery {
		return nil
	}
	sess.ExpiresAt = next
	return s.db.WithContext(ctx).Model(&Session{}).Where("id = ?", sess.ID).Update("expires_at", next).Error
}

// end ends a session; its token opens nothing afterwards.
func (s *sessionStore) end(ctx context.Context, sess *Session) error {
	now := s.now().UTC()
	return s.db.WithContext(ctx).Model(&Session{}).Where("id = ? AND ended_at IS NULL", sess.ID).Update("ended_at", now).Error
}
