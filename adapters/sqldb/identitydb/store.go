package identitydb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"formwork/identity"

	"gorm.io/gorm"
)

// IdentityStore keeps users, sessions, login attempts and delegations: it
// implements identity.Store and seeding.IdentityStore.
type IdentityStore struct {
	db *gorm.DB
}

// NewIdentityStore is the identity store on db.
func NewIdentityStore(db *gorm.DB) *IdentityStore { return &IdentityStore{db: db} }

var _ identity.Store = (*IdentityStore)(nil)

// User implements identity.AccountStore.
func (s *IdentityStore) User(ctx context.Context, username string) (*identity.User, error) {
	var row User
	err := s.db.WithContext(ctx).Where("username = ?", username).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load user: %w", err)
	}
	u := identity.User(row)
	return &u, nil
}

// Users implements identity.AccountStore.
func (s *IdentityStore) Users(ctx context.Context) ([]identity.User, error) {
	var rows []User
	if err := s.db.WithContext(ctx).Order("username").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	out := make([]identity.User, len(rows))
	for i, r := range rows {
		out[i] = identity.User(r)
	}
	return out, nil
}

// UserCompanies implements identity.AccountStore.
func (s *IdentityStore) UserCompanies(ctx context.Context, username string) ([]string, error) {
	var out []string
	err := s.db.WithContext(ctx).Model(&UserCompany{}).Where("username = ?", username).Order("company_code").Pluck("company_code", &out).Error
	if err != nil {
		return nil, fmt.Errorf("load user companies: %w", err)
	}
	return out, nil
}

// UserRoles implements identity.AccountStore.
func (s *IdentityStore) UserRoles(ctx context.Context, username string) ([]identity.Role, error) {
	db := s.db.WithContext(ctx)
	var rows []Role
	err := db.Where("id IN (?)", db.Model(&UserRole{}).Select("role_id").Where("login_id = ?", username)).Order("id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("load user roles: %w", err)
	}
	out := make([]identity.Role, len(rows))
	for i, r := range rows {
		out[i] = identity.Role(r)
	}
	return out, nil
}

// RoleMenus implements identity.AccountStore.
func (s *IdentityStore) RoleMenus(ctx context.Context, roleIDs []string) ([]string, error) {
	var out []string
	if len(roleIDs) == 0 {
		return out, nil
	}
	if err := s.db.WithContext(ctx).Model(&RoleMenu{}).Where("role_id IN ?", roleIDs).Distinct().Pluck("menu_code", &out).Error; err != nil {
		return nil, fmt.Errorf("load role menus: %w", err)
	}
	return out, nil
}

// Menus implements identity.AccountStore.
func (s *IdentityStore) Menus(ctx context.Context) ([]identity.MenuItem, error) {
	var rows []MenuItem
	if err := s.db.WithContext(ctx).Order("variant, sort, code").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load menus: %w", err)
	}
	out := make([]identity.MenuItem, len(rows))
	for i, r := range rows {
		out[i] = identity.MenuItem(r)
	}
	return out, nil
}

// EmpName implements identity.AccountStore.
func (s *IdentityStore) EmpName(ctx context.Context, username string) (string, error) {
	var names []string
	if err := s.db.WithContext(ctx).Model(&User{}).Where("username = ?", username).Limit(1).Pluck("emp_name", &names).Error; err != nil {
		return "", fmt.Errorf("look up name: %w", err)
	}
	if len(names) == 0 {
		return "", nil
	}
	return names[0], nil
}

// EmpNames implements identity.AccountStore.
func (s *IdentityStore) EmpNames(ctx context.Context, usernames []string) (map[string]string, error) {
	var found []User
	if err := s.db.WithContext(ctx).Select("username, emp_name").Where("username IN ?", usernames).Find(&found).Error; err != nil {
		return nil, fmt.Errorf("look up names: %w", err)
	}
	names := make(map[string]string, len(found))
	for _, u := range found {
		if u.EmpName != "" {
			names[u.Username] = u.EmpName
		}
	}
	return names, nil
}

// CountUsers implements identity.AccountStore.
func (s *IdentityStore) CountUsers(ctx context.Context) (int64, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&User{}).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count users: %w", err)
	}
	return n, nil
}

// ReportAuthorities implements identity.AccountStore.
func (s *IdentityStore) ReportAuthorities(ctx context.Context, userID, company, rptType string) ([]identity.ReportAuthority, error) {
	q := s.db.WithContext(ctx).Where("user_id = ?", userID)
	if company != "" {
		q = q.Where("company_code = ?", company)
	}
	if rptType != "" {
		q = q.Where("rpt_type = ?", rptType)
	}
	var rows []ReportAuthority
	if err := q.Order("rpt_type, company_code").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]identity.ReportAuthority, len(rows))
	for i, r := range rows {
		out[i] = identity.ReportAuthority(r)
	}
	return out, nil
}

// CreateSession implements identity.SessionStore.
func (s *IdentityStore) CreateSession(ctx context.Context, sess *identity.Session) error {
	row := Session(*sess)
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return err
	}
	sess.ID = row.ID
	return nil
}

// SessionByTokenHash implements identity.SessionStore.
func (s *IdentityStore) SessionByTokenHash(ctx context.Context, hash string) (*identity.Session, error) {
	var row Session
	err := s.db.WithContext(ctx).Where("token_hash = ?", hash).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	sess := identity.Session(row)
	return &sess, nil
}

// ExtendSession implements identity.SessionStore.
func (s *IdentityStore) ExtendSession(ctx context.Context, id uint, expiresAt time.Time) error {
	return s.db.WithContext(ctx).Model(&Session{}).Where("id = ?", id).Update("expires_at", expiresAt.UTC()).Error
}

// EndSession implements identity.SessionStore.
func (s *IdentityStore) EndSession(ctx context.Context, id uint, at time.Time) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Session{}).Where("id = ? AND ended_at IS NULL", id).Update("ended_at", at.UTC())
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return bumpRevision(tx)
	})
}

// ActiveDelegations implements identity.DelegationStore.
func (s *IdentityStore) ActiveDelegations(ctx context.Context, username, day string) ([]identity.Delegation, error) {
	var rows []Delegation
	err := s.db.WithContext(ctx).
		Where("author_to = ? AND author_status = ? AND active_from <= ? AND active_to >= ?", username, identity.DelegationActive, day, day).
		Order("author_by").Find(&rows).Error
	return delegations(rows), err
}

// Delegations implements identity.DelegationStore.
func (s *IdentityStore) Delegations(ctx context.Context, username string) ([]identity.Delegation, error) {
	q := s.db.WithContext(ctx).Order("id")
	if username != "" {
		q = q.Where("author_by = ? OR author_to = ?", username, username)
	}
	var rows []Delegation
	err := q.Find(&rows).Error
	return delegations(rows), err
}

func delegations(rows []Delegation) []identity.Delegation {
	out := make([]identity.Delegation, len(rows))
	for i, r := range rows {
		out[i] = identity.Delegation(r)
	}
	return out
}

// Delegation implements identity.DelegationStore.
func (s *IdentityStore) Delegation(ctx context.Context, id uint) (*identity.Delegation, error) {
	var row Delegation
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	d := identity.Delegation(row)
	return &d, nil
}

// SaveDelegation implements identity.DelegationStore.
func (s *IdentityStore) SaveDelegation(ctx context.Context, d *identity.Delegation) error {
	row := Delegation(*d)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Save(&row).Error; err != nil {
			return err
		}
		return bumpRevision(tx)
	})
	if err != nil {
		return err
	}
	*d = identity.Delegation(row)
	return nil
}
