package seeding

import (
	"context"
	"fmt"
	"io/fs"
	"strings"

	"formwork/identity"
)

// Accounts finds a user by username (identity.AccountStore does); nil when
// there is none.
type Accounts interface {
	User(ctx context.Context, username string) (*identity.User, error)
}

// DemoLogins lists the users of fsys's users.yaml whose password is still
// the one written there, as "username / password / roles": what `serve`
// prints so that someone trying formwork can sign in. Nothing when
// users.yaml cannot be read.
func DemoLogins(ctx context.Context, fsys fs.FS, accounts Accounts) []string {
	ids, err := ReadUsers(fsys)
	if err != nil {
		return nil
	}
	var out []string
	for _, u := range ids.Users {
		if u.Password == "" {
			continue
		}
		username := strings.ToLower(strings.TrimSpace(u.Username))
		stored, err := accounts.User(ctx, username)
		if err == nil && stored != nil && identity.PasswordMatches(stored.PasswordHash, u.Password) {
			out = append(out, fmt.Sprintf("%-10s / %s / %s", username, u.Password, strings.Join(u.Roles, ", ")))
		}
	}
	return out
}
