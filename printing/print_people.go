package printing

import (
	"context"

	"formwork/engine"
)

// UserNames gives a user's display name, or the username when there is
// none (identity.Service does).
type UserNames interface {
	EmpName(ctx context.Context, username string) string
}

// PeopleOf names people as the print view shows them: by the employee
// who signs in as the username (employees), else by the user's display
// name, the same in every language (users).
func PeopleOf(employees People, users UserNames) People {
	return people{employees: employees, users: users}
}

type people struct {
	employees People
	users     UserNames
}

func (p people) PersonName(ctx context.Context, username string) (engine.Text, error) {
	t, err := p.employees.PersonName(ctx, username)
	if err != nil || t != nil {
		return t, err
	}
	if n := p.users.EmpName(ctx, username); n != username {
		return engine.Text{"zh": n, "en": n, "th": n}, nil // one name in every language
	}
	return nil, nil
}
