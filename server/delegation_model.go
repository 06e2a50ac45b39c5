package server

import (
	"context"
	"fmt"
	"time"
)

// Delegation lets AuthorTo (the delegate) file documents for AuthorBy (the
// delegator) while AuthorStatus is "1" and today is within ActiveFrom to
// ActiveTo, both days included (navigation-and-access.md 3.4, the proxy
// authorisation of the menu /main proxyAuthCfgView). Dates are yyyy-MM-dd.
type Delegation struct {
	ID           uint      `gorm:"primaryKey" json:"id"`
	AuthorBy     string    `gorm:"size:64;not null;index" json:"authorBy"`
	AuthorTo     string    `gorm:"size:64;not null;index" json:"authorTo"`
	AuthorStatus string    `gorm:"size:1;not null" json:"authorStatus"` // delegationActive or "0"
	ActiveFrom   string    `gorm:"size:10;not null" json:"activeFrom"`
	ActiveTo     string    `gorm:"size:10;not null" json:"activeTo"`
	CreateBy     string    `gorm:"size:64" json:"createBy"`
	CreatedAt    time.Time `json:"-"`
	UpdatedAt    time.Time `json:"-"`
}

// delegationActive is the authorStatus of a delegation in force (the
// spec's proxy-auth enumeration: 1, 0).
const delegationActive = "1"

// delegator is a person the user may file for today.
type delegator struct {
	AuthorBy    string `json:"authorBy"`
	AuthorByTxt string `json:"authorByTxt"`
	ActiveFrom  string `json:"activeFrom"`
	ActiveTo    string `json:"activeTo"`
}

// today is the date delegations are judged by, in the server's time zone.
func (s *Server) today() string { return s.now().Format("2006-01-02") }

// isDelegate reports whether delegate may act for delegator today.
func (s *Server) isDelegate(ctx context.Context, delegate, delegatorName string) (bool, error) {
	if delegate == "" || delegatorName == "" || delegate == delegatorName {
		return false, nil
	}
	today := s.today()
	var n int64
	err := s.db.WithContext(ctx).Model(&Delegation{}).
		Where("author_to = ? AND author_by = ? AND author_status = ? AND active_from <= ? AND active_to >= ?", delegate, delegatorName, delegationActive, today, today).
		Count(&n).Error
	if err != nil {
		return false, fmt.Errorf("look up delegation: %w", err)
	}
	return n > 0, nil
}

// activeDelegators lists who the user may file for today.
func (s *Server) activeDelegators(ctx context.Context, username string) ([]delegator, error) {
	today := s.today()
	var list []Delegation
	err := s.db.WithContext(ctx).
		Where("author_to = ? AND author_status = ? AND active_from <= ? AND active_to >= ?", username, delegationActive, today, today).
		Order("author_by").Find(&list).Error
	if err != nil {
		return nil, fmt.Errorf("look up delegations: %w", err)
	}
	out := []delegator{}
	for _, d := range list {
		out = append(out, delegator{AuthorBy: d.AuthorBy, AuthorByTxt: s.empName(ctx, d.AuthorBy), ActiveFrom: d.ActiveFrom, ActiveTo: d.ActiveTo})
	}
	return out, nil
}

// empName is a user's display name, or the username when unknown.
func (s *Server) empName(ctx context.Context, username string) string {
	var names []string
	s.db.WithContext(ctx).Model(&User{}).Where("username = ?", username).Limit(1).Pluck("emp_name", &names)
	if len(names) == 0 || names[0] == "" {
		return username
	}
	return names[0]
}
