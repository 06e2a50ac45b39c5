package identity

import (
	"fmt"
	"sync"

	"golang.org/x/crypto/bcrypt"
)

// HashPassword returns the bcrypt hash of a password at cost (0: bcrypt's
// default). Passwords longer than bcrypt's 72 bytes are refused rather than
// silently cut.
func HashPassword(password string, cost int) (string, error) {
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), cost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(h), nil
}

// dummyHash is compared against when the username is unknown, so that an
// unknown name takes as long to refuse as a wrong password.
// It is made on first use, not when the binary starts.
var dummyHash = sync.OnceValue(func() []byte {
	h, err := bcrypt.GenerateFromPassword([]byte("formwork: no such user"), bcrypt.DefaultCost)
	if err != nil {
		panic(err)
	}
	return h
})

// PasswordMatches compares in constant time (bcrypt does). An empty or
// malformed hash never matches.
func PasswordMatches(hash, password string) bool {
	if hash == "" {
		_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}
