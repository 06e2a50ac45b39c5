package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"time"
)

// Session is one sign-in. The token itself is never stored: only its
// SHA-256 (TokenHash), so a copy of the database opens no session.
type Session struct {
	ID           uint
	TokenHash    string
	Username     string
	CompanyCode  string
	LoginType    string // LoginPassword, LoginCAS, or a trusted source's k2, ssc, mmdl
	SourceSystem string // the trusted source that signed the token; "" for X-token sessions
	CreatedAt    time.Time
	ExpiresAt    time.Time
	// Sliding sessions move ExpiresAt on use, never past MaxExpiresAt.
	MaxExpiresAt time.Time
	Sliding      bool
	EndedAt      *time.Time
}

// Login types of a session.
const (
	LoginPassword = "password"
	LoginCAS      = "sso"
)

// Session lifetimes when Config leaves them zero.
const (
	DefaultSessionTTL    = 8 * time.Hour  // idle time after which a session ends
	DefaultSessionMaxAge = 24 * time.Hour // a session ends this long after sign-in, used or not
)

// touchEvery is how often a busy session's expiry is written: a session
// ends between TTL and TTL + touchEvery after its last use (never past its
// maximum age), and a busy user costs no write per request.
const touchEvery = time.Minute

// maxTokenLength bounds a token; longer values are not looked up.
const maxTokenLength = 1024

// newToken returns a random session token: 32 bytes from crypto/rand,
// base64url without padding (43 characters).
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("session token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// TokenHash is what the sessions table keeps of a token.
func TokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// live reports whether sess may be used at now.
func (sess *Session) live(now time.Time) bool {
	return sess.EndedAt == nil && now.Before(sess.ExpiresAt) && now.Before(sess.MaxExpiresAt)
}

// slide returns the expiry of a sliding session used at now and whether it
// moved (and is to be written). The expiry is now + ttl + touchEvery (capped
// at the maximum age), written only when it moves by touchEvery or more or
// reaches the cap: so a session never ends sooner than ttl after its last
// use, however close ttl and the maximum age are, and a busy session is
// written at most once per touchEvery.
func (sess *Session) slide(now time.Time, ttl time.Duration) (time.Time, bool) {
	if !sess.Sliding {
		return sess.ExpiresAt, false
	}
	next := now.Add(ttl + touchEvery)
	if next.After(sess.MaxExpiresAt) {
		next = sess.MaxExpiresAt
	}
	if !next.After(sess.ExpiresAt) || next.Sub(sess.ExpiresAt) < touchEvery && !next.Equal(sess.MaxExpiresAt) {
		return sess.ExpiresAt, false
	}
	return next, true
}
