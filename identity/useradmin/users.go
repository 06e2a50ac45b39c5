package useradmin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"formwork/engine"
	"formwork/identity"
)

// Account is a user as user management shows it: never a password or its
// hash, only whether one is set.
type Account struct {
	Username    string    `json:"username"`
	EmpName     string    `json:"empName"`
	EmpID       string    `json:"empId"`
	EmpNo       string    `json:"empNo"`
	Email       string    `json:"email"`
	Phone       string    `json:"phone"`
	CompanyCode string    `json:"compId"`
	DeptID      string    `json:"deptId"`
	CostCenter  string    `json:"costCenter"`
	Active      bool      `json:"active"`
	HasPassword bool      `json:"hasPassword"`
	Roles       []string  `json:"roles"`
	Companies   []string  `json:"companies"`
	UpdatedAt   time.Time `json:"updatedAt"`
	// Version is raised by every change; an update sends the one it read.
	Version int64 `json:"version"`
}

// AccountPage is a page of users and how many match.
type AccountPage struct {
	Total int64     `json:"total"`
	Rows  []Account `json:"rows"`
}

// AccountInput is a user as an administrator writes it. The username is set when
// the user is created and never changed; Active nil keeps the status (a new
// user is active). An update sends the Version it read: when the user has
// changed since, the update is refused (ECONFLICT at version). Password and PasswordConfirm may set the first password
// when the user is created (both or neither); later, ResetPassword does.
type AccountInput struct {
	Username        string   `json:"username,omitempty"`
	EmpName         string   `json:"empName"`
	EmpID           string   `json:"empId"`
	EmpNo           string   `json:"empNo,omitempty"`
	Email           string   `json:"email,omitempty"`
	Phone           string   `json:"phone,omitempty"`
	CompanyCode     string   `json:"compId"`
	DeptID          string   `json:"deptId,omitempty"`
	CostCenter      string   `json:"costCenter,omitempty"`
	Companies       []string `json:"companies,omitempty"`
	Roles           []string `json:"roles"`
	Active          *bool    `json:"active,omitempty"`
	Password        string   `json:"password,omitempty"`
	PasswordConfirm string   `json:"passwordConfirm,omitempty"`
	Version         int64    `json:"version,omitempty"`
}

// PasswordInput is a new password, typed twice.
type PasswordInput struct {
	Password        string `json:"password"`
	PasswordConfirm string `json:"passwordConfirm"`
}

// Page sizes of the user list.
const (
	DefaultPageSize = 20
	MaxPageSize     = 200
)

// List answers a page of users with their roles and companies.
func (s *Service) List(ctx context.Context, q Query) (*AccountPage, error) {
	if err := checkPage(&q); err != nil {
		return nil, err
	}
	q.Q = strings.TrimSpace(q.Q)
	total, users, err := s.store.SearchUsers(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	out := &AccountPage{Total: total, Rows: make([]Account, 0, len(users))}
	for _, u := range users {
		e, err := s.entry(ctx, u)
		if err != nil {
			return nil, err
		}
		out.Rows = append(out.Rows, *e)
	}
	return out, nil
}

func checkPage(q *Query) error {
	if q.Page == 0 {
		q.Page = 1
	}
	if q.PageSize == 0 {
		q.PageSize = DefaultPageSize
	}
	if q.Page < 1 {
		return engine.Refuse(engine.EINVALID, "page", engine.Text{"zh": "页码必须大于等于1", "en": "page must be 1 or more", "th": "หมายเลขหน้าต้องมีค่าตั้งแต่ 1 ขึ้นไป"})
	}
	if q.PageSize < 1 || q.PageSize > MaxPageSize {
		return engine.Refuse(engine.EINVALID, "pageSize", engine.Text{
			"zh": fmt.Sprintf("每页条数必须在1到%d之间", MaxPageSize),
			"en": fmt.Sprintf("pageSize must be 1 to %d", MaxPageSize),
			"th": fmt.Sprintf("จำนวนรายการต่อหน้าต้องอยู่ระหว่าง 1 ถึง %d", MaxPageSize)})
	}
	if q.Status != "" && q.Status != identity.StatusActive && q.Status != statusLeft {
		return engine.Refuse(engine.EINVALID, "status", engine.Text{"zh": "状态必须是1（在职）或0（停用）", "en": "status must be 1 (active) or 0 (inactive)", "th": "สถานะต้องเป็น 1 (ใช้งาน) หรือ 0 (ระงับ)"})
	}
	return nil
}

// statusLeft is the status of a deactivated user.
const statusLeft = "0"

// Get answers one user; nil when there is none.
func (s *Service) Get(ctx context.Context, username string) (*Account, error) {
	u, err := s.store.User(ctx, strings.ToLower(strings.TrimSpace(username)))
	if err != nil || u == nil {
		return nil, err
	}
	return s.entry(ctx, *u)
}

func (s *Service) entry(ctx context.Context, u identity.User) (*Account, error) {
	companies, err := s.store.UserCompanies(ctx, u.Username)
	if err != nil {
		return nil, err
	}
	roles, err := s.store.UserRoles(ctx, u.Username)
	if err != nil {
		return nil, err
	}
	e := &Account{Username: u.Username, EmpName: u.EmpName, EmpID: u.EmpID, EmpNo: u.EmpNo, Email: u.Email, Phone: u.Phone,
		CompanyCode: u.CompanyCode, DeptID: u.DeptID, CostCenter: u.CostCenter, Active: u.Status == identity.StatusActive,
		HasPassword: u.PasswordHash != "", Roles: []string{}, Companies: []string{}, UpdatedAt: u.UpdatedAt, Version: u.Version}
	for _, r := range roles {
		e.Roles = append(e.Roles, r.ID)
	}
	e.Companies = append(e.Companies, companies...)
	return e, nil
}

// Create adds a user; admin is who does it.
func (s *Service) Create(ctx context.Context, admin string, in AccountInput) (*Account, error) {
	in.Username = strings.ToLower(strings.TrimSpace(in.Username))
	if err := checkUsername(in.Username); err != nil {
		return nil, err
	}
	if err := s.checkInput(ctx, &in); err != nil {
		return nil, err
	}
	now := s.cfg.Now().UTC()
	u := identity.User{Username: in.Username, Status: identity.StatusActive, CreateBy: admin, CreatedAt: now, UpdatedAt: now, Version: 1}
	if in.Active != nil && !*in.Active {
		u.Status = statusLeft
	}
	apply(&u, in)
	if in.Password != "" || in.PasswordConfirm != "" {
		hash, err := s.hash(in.Username, PasswordInput{in.Password, in.PasswordConfirm})
		if err != nil {
			return nil, err
		}
		u.PasswordHash = hash
	}
	ch := Change{Create: true, User: u, Companies: in.Companies, Roles: in.Roles, Event: Event{At: now, Kind: KindUser, Actor: admin,
		Action: ActionCreate, Subject: u.Username, Detail: describe(nil, nil, &u, in.Roles, in.Companies)}}
	if err := s.store.SaveUser(ctx, ch); err != nil {
		if errors.Is(err, ErrExists) {
			return nil, engine.Refuse(engine.ECONFLICT, "username", engine.Text{
				"zh": "用户名" + u.Username + "已存在", "en": "the username " + u.Username + " exists already",
				"th": "ชื่อผู้ใช้ " + u.Username + " มีอยู่แล้ว"})
		}
		return nil, fmt.Errorf("create user: %w", err)
	}
	s.forget.Forget(u.Username)
	return s.Get(ctx, u.Username)
}

// Update changes a user's names, company, companies, roles and status,
// never the username or the password; admin is who does it and may not
// deactivate themselves.
func (s *Service) Update(ctx context.Context, admin, username string, in AccountInput) (*Account, error) {
	old, err := s.store.User(ctx, strings.ToLower(strings.TrimSpace(username)))
	if err != nil {
		return nil, err
	}
	if old == nil {
		return nil, noSuchUser(username)
	}
	if in.Username != "" && in.Username != old.Username {
		return nil, engine.Refuse(engine.ECHECK, "username", engine.Text{"zh": "用户名不能修改", "en": "the username cannot be changed", "th": "เปลี่ยนชื่อผู้ใช้ไม่ได้"})
	}
	if in.Password != "" || in.PasswordConfirm != "" {
		return nil, engine.Refuse(engine.ECHECK, "password", engine.Text{"zh": "请用“重置密码”修改密码", "en": "set a password with reset password, not here", "th": "โปรดตั้งรหัสผ่านด้วยการรีเซ็ตรหัสผ่าน ไม่ใช่ที่นี่"})
	}
	if in.Version < 1 {
		return nil, engine.Refuse(engine.EINVALID, "version", engine.Text{"zh": "请发送读取到的用户版本号（version，从1开始的整数）",
			"en": "send the version of the user you read (version, a whole number from 1)",
			"th": "กรุณาส่งเวอร์ชันของผู้ใช้ที่อ่านมา (version เป็นจำนวนเต็มตั้งแต่ 1)"})
	}
	if in.Version != old.Version {
		return nil, staleUser(old.Username)
	}
	if err := s.checkInput(ctx, &in); err != nil {
		return nil, err
	}
	u := *old
	if in.Active != nil {
		u.Status = statusLeft
		if *in.Active {
			u.Status = identity.StatusActive
		}
	}
	if u.Username == admin && u.Status != identity.StatusActive {
		return nil, engine.Refuse(engine.ECHECK, "active", engine.Text{"zh": "不能停用自己的账号", "en": "you cannot deactivate your own account", "th": "คุณระงับบัญชีของตนเองไม่ได้"})
	}
	apply(&u, in)
	u.UpdatedAt = s.cfg.Now().UTC()
	oldRoles, oldCompanies, err := s.rolesAndCompanies(ctx, old.Username)
	if err != nil {
		return nil, err
	}
	u.Version = in.Version + 1
	ch := Change{Version: in.Version, User: u, Companies: in.Companies, Roles: in.Roles, Event: Event{At: u.UpdatedAt, Kind: KindUser, Actor: admin,
		Action: ActionUpdate, Subject: u.Username}}
	ch.Event.Detail = describe(old, &changeOf{oldRoles, oldCompanies}, &u, in.Roles, in.Companies)
	if err := s.store.SaveUser(ctx, ch); err != nil {
		switch {
		case errors.Is(err, ErrNotFound):
			return nil, noSuchUser(username)
		case errors.Is(err, ErrStale):
			return nil, staleUser(u.Username)
		}
		return nil, fmt.Errorf("change user: %w", err)
	}
	s.forget.Forget(u.Username)
	return s.Get(ctx, u.Username)
}

func (s *Service) rolesAndCompanies(ctx context.Context, username string) (roles, companies []string, err error) {
	rs, err := s.store.UserRoles(ctx, username)
	if err != nil {
		return nil, nil, err
	}
	for _, r := range rs {
		roles = append(roles, r.ID)
	}
	companies, err = s.store.UserCompanies(ctx, username)
	return roles, companies, err
}

// ResetPassword sets a user's new password (typed twice); every session of
// the user ends. admin is who does it.
func (s *Service) ResetPassword(ctx context.Context, admin, username string, in PasswordInput) error {
	u, err := s.store.User(ctx, strings.ToLower(strings.TrimSpace(username)))
	if err != nil {
		return err
	}
	if u == nil {
		return noSuchUser(username)
	}
	hash, err := s.hash(u.Username, in)
	if err != nil {
		return err
	}
	ev := Event{At: s.cfg.Now().UTC(), Kind: KindUser, Actor: admin, Action: ActionResetPassword, Subject: u.Username,
		Detail: "password set; sessions ended"}
	if err := s.store.SetPassword(ctx, u.Username, hash, ev); err != nil {
		if errors.Is(err, ErrNotFound) {
			return noSuchUser(username)
		}
		return fmt.Errorf("reset password: %w", err)
	}
	s.forget.Forget(u.Username)
	return nil
}

// staleUser refuses a change made to a version of a user that is no longer
// the latest, as master data refuses a stale record.
func staleUser(username string) error {
	return engine.Refuse(engine.ECONFLICT, "version", engine.Text{"zh": "用户" + username + "已被他人修改，请刷新后重试",
		"en": "the user " + username + " was changed meanwhile: reload it and try again",
		"th": "ผู้ใช้ " + username + " ถูกแก้ไขไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง"})
}

func noSuchUser(username string) error {
	name := engine.Clip(username, 64)
	return engine.Refuse(engine.ENOTFOUND, "username", engine.Text{"zh": "用户" + name + "不存在", "en": "there is no user " + name,
		"th": "ไม่มีผู้ใช้ " + name})
}

// hash checks a new password against the rule and its confirmation, and
// hashes it as login expects.
func (s *Service) hash(username string, in PasswordInput) (string, error) {
	if err := CheckPassword(username, in.Password); err != nil {
		return "", err
	}
	if in.Password != in.PasswordConfirm {
		return "", engine.Refuse(engine.ECHECK, "passwordConfirm", engine.Text{"zh": "两次输入的密码不一致", "en": "the two passwords differ", "th": "รหัสผ่านทั้งสองครั้งไม่ตรงกัน"})
	}
	return identity.HashPassword(in.Password, s.cfg.PasswordCost)
}

// apply copies what an administrator may change onto u.
func apply(u *identity.User, in AccountInput) {
	u.EmpName, u.EmpID, u.EmpNo, u.Email, u.Phone = in.EmpName, in.EmpID, in.EmpNo, in.Email, in.Phone
	u.CompanyCode, u.DeptID, u.CostCenter = in.CompanyCode, in.DeptID, in.CostCenter
}

// changeOf is what a user had before a change beside the user row.
type changeOf struct{ roles, companies []string }

// describe says in the audit event what a create or an update did: the
// fields set (create) or changed (update), never the password.
func describe(old *identity.User, before *changeOf, u *identity.User, roles, companies []string) string {
	c := changes{create: old == nil}
	field := c.field
	var o identity.User
	if old != nil {
		o = *old
	}
	field("empName", o.EmpName, u.EmpName)
	field("empId", o.EmpID, u.EmpID)
	field("empNo", o.EmpNo, u.EmpNo)
	field("email", o.Email, u.Email)
	field("phone", o.Phone, u.Phone)
	field("compId", o.CompanyCode, u.CompanyCode)
	field("deptId", o.DeptID, u.DeptID)
	field("costCenter", o.CostCenter, u.CostCenter)
	field("status", o.Status, u.Status)
	var b changeOf
	if before != nil {
		b = *before
	}
	field("roles", strings.Join(b.roles, ","), strings.Join(roles, ","))
	field("companies", strings.Join(b.companies, ","), strings.Join(companies, ","))
	if old == nil && u.PasswordHash != "" {
		c.parts = append(c.parts, "password set")
	}
	return c.String()
}

// changes is what an audit event says a create or an update did: each
// field set (create) or changed (update), "no change" when nothing did.
type changes struct {
	create bool
	parts  []string
}

// field notes a field's value: set on a create, was → is on an update.
func (c *changes) field(name, was, is string) {
	switch {
	case c.create && is != "":
		c.parts = append(c.parts, name+"="+is)
	case !c.create && was != is:
		c.parts = append(c.parts, name+": "+was+" → "+is)
	}
}

func (c *changes) String() string {
	if len(c.parts) == 0 {
		return "no change"
	}
	return strings.Join(c.parts, "; ")
}

// sortedUnique sorts a list and drops repeats and blanks.
func sortedUnique(in []string) []string {
	out := []string{}
	for _, v := range in {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
