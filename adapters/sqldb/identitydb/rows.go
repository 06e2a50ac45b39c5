package identitydb

import "time"

// The rows of the identity tables. Fields are those of the identity types
// (a struct conversion turns one into the other); names, tags and so the
// tables are those formwork has always used.

// User is a row of users (identity.User).
type User struct {
	ID           uint   `gorm:"primaryKey"`
	Username     string `gorm:"size:64;not null;uniqueIndex"`
	PasswordHash string `gorm:"size:100"`
	EmpID        string `gorm:"size:40;index"`
	EmpNo        string `gorm:"size:40"`
	EmpName      string `gorm:"size:100"`
	Nickname     string `gorm:"size:100"`
	Email        string `gorm:"size:200"`
	Phone        string `gorm:"size:40"`
	CompanyCode  string `gorm:"size:20"`
	DeptID       string `gorm:"size:40"`
	HisDept      string `gorm:"size:40"`
	CostCenter   string `gorm:"size:20"`
	EmpLevel     string `gorm:"size:20"`
	MainJob      string `gorm:"size:100"`
	Status       string `gorm:"size:2;not null"`
	Currency     string `gorm:"size:3"`
	BusPlate     string `gorm:"size:20"`
	HeadImgURL   string `gorm:"size:400"`
	CreateBy     string `gorm:"size:64"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
	Version      int64 `gorm:"not null;default:1"`
}

// UserCompany is a company a user may work for (the X-company context).
type UserCompany struct {
	Username    string `gorm:"primaryKey;size:64"`
	CompanyCode string `gorm:"primaryKey;size:20"`
}

// Role is a row of roles (identity.Role).
type Role struct {
	ID            string `gorm:"primaryKey;size:40"`
	TitleZh       string `gorm:"size:100"`
	TitleEn       string `gorm:"size:100"`
	TitleTh       string `gorm:"size:100"`
	DocumentScope string `gorm:"size:10;not null"`
	AllMenus      bool   `gorm:"not null"`
}

// RoleMenu grants one menu code to a role.
type RoleMenu struct {
	RoleID   string `gorm:"primaryKey;size:40"`
	MenuCode string `gorm:"primaryKey;size:60"`
}

// UserRole is the spec's user-role record (loginId, empName, roleId).
type UserRole struct {
	ID      uint   `gorm:"primaryKey"`
	LoginID string `gorm:"size:64;not null;uniqueIndex:idx_user_roles_login_role"`
	EmpName string `gorm:"size:100"`
	RoleID  string `gorm:"size:40;not null;uniqueIndex:idx_user_roles_login_role"`
}

// MenuItem is a row of menu_items (identity.MenuItem).
type MenuItem struct {
	Variant    string `gorm:"primaryKey;size:10"`
	Code       string `gorm:"primaryKey;size:60"`
	ParentCode string `gorm:"size:60"`
	Replaces   string `gorm:"size:60"`
	Path       string `gorm:"size:200;not null"`
	View       string `gorm:"size:40"`
	Query      string `gorm:"size:400"`
	TitleZh    string `gorm:"size:200"`
	TitleEn    string `gorm:"size:200"`
	TitleTh    string `gorm:"size:200"`
	Hidden     bool   `gorm:"not null"`
	Sort       int    `gorm:"not null"`
}

// Session is a row of sessions (identity.Session): the token's SHA-256,
// never the token.
type Session struct {
	ID           uint      `gorm:"primaryKey"`
	TokenHash    string    `gorm:"size:64;not null;uniqueIndex"`
	Username     string    `gorm:"size:64;not null;index"`
	CompanyCode  string    `gorm:"size:20"`
	LoginType    string    `gorm:"size:10;not null"`
	SourceSystem string    `gorm:"size:40"`
	CreatedAt    time.Time `gorm:"not null"`
	ExpiresAt    time.Time `gorm:"not null"`
	MaxExpiresAt time.Time `gorm:"not null"`
	Sliding      bool      `gorm:"not null"`
	EndedAt      *time.Time
}

// LoginFailure is one password found wrong: who, when.
type LoginFailure struct {
	ID       uint      `gorm:"primaryKey"`
	Username string    `gorm:"size:64;not null;index:idx_login_failures_user_at,priority:1"`
	FailedAt time.Time `gorm:"not null;index:idx_login_failures_user_at,priority:2"`
}

// LoginAttempt counts the login attempts of a subject (Kind "user": a
// username; "source": a client address) in the window that began at
// WindowStart, and says until when the subject is locked.
type LoginAttempt struct {
	Kind        string    `gorm:"primaryKey;size:10"`
	Subject     string    `gorm:"primaryKey;size:64"`
	Attempts    int       `gorm:"not null"`
	WindowStart time.Time `gorm:"not null"`
	LockedUntil *time.Time
}

// Delegation is a row of delegations (identity.Delegation).
type Delegation struct {
	ID           uint   `gorm:"primaryKey"`
	AuthorBy     string `gorm:"size:64;not null;index"`
	AuthorTo     string `gorm:"size:64;not null;index"`
	AuthorStatus string `gorm:"size:1;not null"`
	ActiveFrom   string `gorm:"size:10;not null"`
	ActiveTo     string `gorm:"size:10;not null"`
	CreateBy     string `gorm:"size:64"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// ReportAuthority is a row of report_authorities (identity.ReportAuthority).
type ReportAuthority struct {
	ID          uint   `gorm:"primaryKey"`
	RptType     string `gorm:"size:60;not null;uniqueIndex:idx_report_authorities_key"`
	UserID      string `gorm:"size:64;not null;uniqueIndex:idx_report_authorities_key"`
	CompanyCode string `gorm:"size:20;not null;uniqueIndex:idx_report_authorities_key"`
}

// IdentityEvent is an audit event of the identity area (useradmin.Event):
// a user created or changed, a password reset, a username locked.
type IdentityEvent struct {
	ID      int64     `gorm:"primaryKey;autoIncrement"`
	At      time.Time `gorm:"not null;index"`
	Kind    string    `gorm:"size:20;not null"`
	Actor   string    `gorm:"size:64;not null"`
	Action  string    `gorm:"size:20;not null"`
	Subject string    `gorm:"size:64;not null;index"`
	Detail  string    `gorm:"size:2000"`
}

// IdentityModels lists the identity row types, for migration.
func IdentityModels() []any {
	return []any{&User{}, &UserCompany{}, &Role{}, &RoleMenu{}, &UserRole{}, &MenuItem{},
		&Session{}, &LoginFailure{}, &LoginAttempt{}, &Delegation{}, &ReportAuthority{}, &IdentityEvent{}, &IdentityRevision{}}
}
