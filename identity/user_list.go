package identity

import (
	"context"
	"fmt"
)

// UserEntry is a user as the user list shows it: never the password hash.
type UserEntry struct {
	Username    string   `json:"username"`
	EmpID       string   `json:"empId"`
	EmpNo       string   `json:"empNo"`
	EmpName     string   `json:"empName"`
	CompanyCode string   `json:"compId"`
	DeptID      string   `json:"deptId"`
	Status      string   `json:"status"`
	Roles       []string `json:"roles"`
	Companies   []string `json:"companies"`
}

// ListUsers lists every user with roles and companies, by username
// (configuration centre, user management).
func (s *Service) ListUsers(ctx context.Context) ([]UserEntry, error) {
	users, err := s.store.Users(ctx)
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	out := []UserEntry{}
	for _, u := range users {
		id, err := s.Identity(ctx, u.Username)
		if err != nil {
			return nil, err
		}
		if id == nil {
			continue // removed meanwhile
		}
		e := UserEntry{Username: u.Username, EmpID: u.EmpID, EmpNo: u.EmpNo, EmpName: u.EmpName, CompanyCode: u.CompanyCode,
			DeptID: u.DeptID, Status: u.Status, Roles: []string{}, Companies: id.Companies}
		for _, r := range id.Roles {
			e.Roles = append(e.Roles, r.ID)
		}
		out = append(out, e)
	}
	return out, nil
}
