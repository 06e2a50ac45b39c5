package identity

import "time"

// Delegation lets AuthorTo (the delegate) file documents for AuthorBy (the
// delegator) while AuthorStatus is DelegationActive and today is within
// ActiveFrom to ActiveTo, both days included (navigation-and-access.md 3.4,
// the proxy authorisation of the menu /main proxyAuthCfgView). Dates are
// yyyy-MM-dd.
type Delegation struct {
	ID           uint      `json:"id"`
	AuthorBy     string    `json:"authorBy"`
	AuthorTo     string    `json:"authorTo"`
	AuthorStatus string    `json:"authorStatus"` // DelegationActive or "0"
	ActiveFrom   string    `json:"activeFrom"`
	ActiveTo     string    `json:"activeTo"`
	CreateBy     string    `json:"createBy"`
	CreatedAt    time.Time `json:"-"`
	UpdatedAt    time.Time `json:"-"`
}

// DelegationActive is the authorStatus of a delegation in force (the spec's
// proxy-auth enumeration: 1, 0).
const DelegationActive = "1"

// activeOn reports whether the delegation is in force on day (yyyy-MM-dd).
func (d *Delegation) activeOn(day string) bool {
	return d.AuthorStatus == DelegationActive && d.ActiveFrom <= day && day <= d.ActiveTo
}

// Delegator is a person the user may file documents for today.
type Delegator struct {
	AuthorBy    string `json:"authorBy"`
	AuthorByTxt string `json:"authorByTxt"`
	ActiveFrom  string `json:"activeFrom"`
	ActiveTo    string `json:"activeTo"`
}

// DelegationView is a delegation as answered: with display names and
// whether it is in force today.
type DelegationView struct {
	Delegation
	AuthorByTxt string `json:"authorByTxt"`
	AuthorToTxt string `json:"authorToTxt"`
	Active      bool   `json:"active"`
}
