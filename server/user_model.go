package server

import "time"

// User is a person who signs in (navigation-and-access.md 3.1). The
// username is the spec's uniquename and logonId; it is kept in lower case.
// The password is only ever stored as a bcrypt hash.
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
	CompanyCode  string `gorm:"size:20"` // the main company: compId
	DeptID       string `gorm:"size:40"`
	HisDept      string `gorm:"size:40"`
	CostCenter   string `gorm:"size:20"`
	EmpLevel     string `gorm:"size:20"`
	MainJob      string `gorm:"size:100"`
	Status       string `gorm:"size:2;not null"` // userStatusActive or "0" (left)
	Currency     string `gorm:"size:3"`
	BusPlate     string `gorm:"size:20"`
	HeadImgURL   string `gorm:"size:400"`
	CreateBy     string `gorm:"size:64"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// userStatusActive is the status of a person who may sign in.
const userStatusActive = "1"

// UserCompany is a company a user may work for (the X-company context); the
// main company is one of them.
type UserCompany struct {
	Username    string `gorm:"primaryKey;size:64"`
	CompanyCode string `gorm:"primaryKey;size:20"`
}

// Role is a named set of menus and a document scope.
type Role struct {
	ID            string `gorm:"primaryKey;size:40"`
	TitleZh       string `gorm:"size:100"`
	TitleEn       string `gorm:"size:100"`
	TitleTh       string `gorm:"size:100"`
	DocumentScope string `gorm:"size:10;not null"` // scopeOwn, scopeCompany or scopeAll
	AllMenus      bool   `gorm:"not null"`
}

// Document scopes of a role: whose documents its holders may open.
const (
	scopeOwn     = "own"     // their own, their delegators', their to-do list
	scopeCompany = "company" // and every document of their companies (finance staff)
	scopeAll     = "all"     // every document (administrators)
)

// RoleMenu grants one menu code to a role (groups are expanded to their
// items when the seeds load).
type RoleMenu struct {
	RoleID   string `gorm:"primaryKey;size:40"`
	MenuCode string `gorm:"primaryKey;size:60"`
}

// UserRole is the spec's user-role record (loginId, empName, roleId).
type UserRole struct {
	ID      uint   `gorm:"primaryKey" json:"-"`
	LoginID string `gorm:"size:64;not null;uniqueIndex:idx_user_roles_login_role" json:"loginId"`
	EmpName string `gorm:"size:100" json:"empName"`
	RoleID  string `gorm:"size:40;not null;uniqueIndex:idx_user_roles_login_role" json:"roleId"`
}
