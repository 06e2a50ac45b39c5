package identity

import (
	"context"
	"fmt"
)

// What the other business areas ask about people: the approval workflow
// (process.People) and who may file or open a document (documents.People).

// Delegators are the usernames username may act for today.
func (s *Service) Delegators(ctx context.Context, username string) ([]string, error) {
	ds, err := s.ActiveDelegators(ctx, username)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.AuthorBy
	}
	return out, nil
}

// IsActiveUser reports whether username is a user who may sign in.
func (s *Service) IsActiveUser(ctx context.Context, username string) (bool, error) {
	id, err := s.Identity(ctx, username)
	if err != nil || id == nil {
		return false, err
	}
	return id.User.Status == StatusActive, nil
}

// WorksFor reports whether username is a user of company.
func (s *Service) WorksFor(ctx context.Context, username, company string) (bool, error) {
	id, err := s.Identity(ctx, username)
	if err != nil || id == nil {
		return false, err
	}
	return id.WorksFor(company), nil
}

// DisplayNames are the display names of users, read at once; a user
// without one is left out.
func (s *Service) DisplayNames(ctx context.Context, usernames []string) (map[string]string, error) {
	names, err := s.store.EmpNames(ctx, usernames)
	if err != nil {
		return nil, fmt.Errorf("look up names: %w", err)
	}
	return names, nil
}

// Empty reports whether there is no user yet (seeding fills it then).
func (s *Service) Empty(ctx context.Context) (bool, error) {
	n, err := s.store.CountUsers(ctx)
	return n == 0, err
}
