// Package identity is who is signed in and what they may do: users, roles,
// sessions, login (password, single sign-on, trusted source systems) and
// its lockout, delegation, report authority, menus and permissions
// (navigation-and-access.md 3, 6, 7). It reaches the database through Store
// and the single sign-on server through TicketValidator; it knows neither
// HTTP nor SQL.
package identity

import (
	"slices"
	"strings"
	"time"

	"formwork/engine"
)

// User is a person who signs in (navigation-and-access.md 3.1). The
// username is the spec's uniquename and logonId; it is kept in lower case.
// The password is only ever stored as a bcrypt hash.
type User struct {
	ID           uint
	Username     string
	PasswordHash string
	EmpID        string
	EmpNo        string
	EmpName      string
	Nickname     string
	Email        string
	Phone        string
	CompanyCode  string // the main company: compId
	DeptID       string
	HisDept      string
	CostCenter   string
	EmpLevel     string
	MainJob      string
	Status       string // StatusActive or "0" (left)
	Currency     string
	BusPlate     string
	HeadImgURL   string
	CreateBy     string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	Version      int64 // raised by every change of user management: a change made to an older one is refused
}

// StatusActive is the status of a person who may sign in.
const StatusActive = "1"

// MaxUsernameLength is the longest username there is; longer ones are
// refused like a wrong password.
const MaxUsernameLength = 64

// Role is a named set of menus and a document scope.
type Role struct {
	ID            string
	TitleZh       string
	TitleEn       string
	TitleTh       string
	DocumentScope string // ScopeOwn, ScopeCompany or ScopeAll
	AllMenus      bool
}

// Title is the role's name in every language.
func (r Role) Title() engine.Text {
	return engine.Text{"zh": r.TitleZh, "en": r.TitleEn, "th": r.TitleTh}
}

// Document scopes of a role: whose documents its holders may open.
const (
	ScopeOwn     = "own"     // their own, their delegators', their to-do list
	ScopeCompany = "company" // and every document of their companies (finance staff)
	ScopeAll     = "all"     // every document (administrators)
)

// UserRole is the spec's user-role record (loginId, empName, roleId).
type UserRole struct {
	LoginID string `json:"loginId"`
	EmpName string `json:"empName"`
	RoleID  string `json:"roleId"`
}

// Identity is a signed-in user: who, by which session, in which company
// context, with which roles and menus. Companies, Roles and Menus are
// shared with the identity cache: read them, never change them.
type Identity struct {
	User      User
	Session   *Session
	Company   string          // the company context: X-company, else the session's, else the main one
	Companies []string        // every company the user may work for, the main one included
	Roles     []Role          // sorted by id
	Menus     map[string]bool // the menu codes the user may open
}

// Username is the user's login name.
func (id *Identity) Username() string { return id.User.Username }

// Scope is the widest document scope of the user's roles (ScopeOwn,
// ScopeCompany or ScopeAll).
func (id *Identity) Scope() string {
	scope := ScopeOwn
	for _, r := range id.Roles {
		switch r.DocumentScope {
		case ScopeAll:
			return ScopeAll
		case ScopeCompany:
			scope = ScopeCompany
		}
	}
	return scope
}

// WorksFor reports whether company is one of the user's.
func (id *Identity) WorksFor(company string) bool { return slices.Contains(id.Companies, company) }

// MayOpen reports whether the user may open one of the menu codes.
func (id *Identity) MayOpen(codes ...string) bool {
	for _, c := range codes {
		if id.Menus[c] {
			return true
		}
	}
	return false
}

// RequireMenu is nil when the user may open one of the menu codes, else
// EFORBIDDEN naming them.
func (id *Identity) RequireMenu(codes ...string) error {
	if id.MayOpen(codes...) {
		return nil
	}
	return engine.Refuse(engine.EFORBIDDEN, "", engine.Text{
		"zh": "您没有菜单" + strings.Join(codes, "或") + "的权限",
		"en": "you may not use this: it needs the menu " + strings.Join(codes, " or "),
		"th": "คุณใช้งานส่วนนี้ไม่ได้: ต้องมีสิทธิ์เมนู " + strings.Join(codes, " หรือ "),
	})
}
