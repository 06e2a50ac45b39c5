package identitydb

import (
	"context"
	"fmt"
	"formwork/adapters/sqldb/sqlq"
	"time"

	"formwork/identity"
	"formwork/identity/useradmin"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// The user administration's part of the identity store (useradmin.Store)
// and the lockouts the identity service records.

var _ useradmin.Store = (*IdentityStore)(nil)

// SearchUsers implements useradmin.Store.
func (s *IdentityStore) SearchUsers(ctx context.Context, q useradmin.Query) (int64, []identity.User, error) {
	db := s.db.WithContext(ctx).Model(&User{})
	if q.Q != "" {
		p := sqlq.Contains(q.Q)
		db = db.Where(`(LOWER(username) LIKE ? ESCAPE '\' OR LOWER(emp_name) LIKE ? ESCAPE '\' OR LOWER(emp_id) LIKE ? ESCAPE '\' OR LOWER(email) LIKE ? ESCAPE '\')`, p, p, p, p)
	}
	if q.Status != "" {
		db = db.Where("status = ?", q.Status)
	}
	if q.Role != "" {
		db = db.Where("username IN (?)", s.db.Model(&UserRole{}).Select("login_id").Where("role_id = ?", q.Role))
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []User
	if err := db.Order("username").Offset((q.Page - 1) * q.PageSize).Limit(q.PageSize).Find(&rows).Error; err != nil {
		return 0, nil, err
	}
	out := make([]identity.User, len(rows))
	for i, r := range rows {
		out[i] = identity.User(r)
	}
	return total, out, nil
}

// Roles implements useradmin.Store.
func (s *IdentityStore) Roles(ctx context.Context) ([]identity.Role, error) {
	var rows []Role
	if err := s.db.WithContext(ctx).Order("id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]identity.Role, len(rows))
	for i, r := range rows {
		out[i] = identity.Role(r)
	}
	return out, nil
}

// RoleMenuCodes implements useradmin.Store.
func (s *IdentityStore) RoleMenuCodes(ctx context.Context) (map[string][]string, error) {
	var rows []RoleMenu
	if err := s.db.WithContext(ctx).Order("role_id, menu_code").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, r := range rows {
		out[r.RoleID] = append(out[r.RoleID], r.MenuCode)
	}
	return out, nil
}

// insertNew inserts row, a user or a role: useradmin.ErrExists when one
// with its key is there already.
func insertNew(tx *gorm.DB, row any) error {
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(row)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return useradmin.ErrExists
	}
	return nil
}

// SaveUser implements useradmin.Store.
func (s *IdentityStore) SaveUser(ctx context.Context, ch useradmin.Change) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		row := User(ch.User)
		if ch.Create {
			if err := insertNew(tx, &row); err != nil {
				return err
			}
		} else {
			res := tx.Model(&User{}).Where("username = ? AND version = ?", row.Username, ch.Version).Updates(map[string]any{
				"emp_name": row.EmpName, "emp_id": row.EmpID, "emp_no": row.EmpNo, "email": row.Email, "phone": row.Phone,
				"company_code": row.CompanyCode, "dept_id": row.DeptID, "cost_center": row.CostCenter, "status": row.Status,
				"updated_at": row.UpdatedAt, "version": row.Version})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				return missingOrStale(tx, row.Username)
			}
		}
		if err := replaceGrants(tx, row.Username, row.EmpName, ch.Companies, ch.Roles); err != nil {
			return err
		}
		return recordChange(tx, ch.Event)
	})
}

// missingOrStale says why a user's change changed no row: ErrNotFound when
// there is no such user, else ErrStale (its version moved on).
func missingOrStale(tx *gorm.DB, username string) error {
	var n int64
	if err := tx.Model(&User{}).Where("username = ?", username).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return useradmin.ErrNotFound
	}
	return useradmin.ErrStale
}

// replaceGrants sets a user's companies and roles to exactly these.
func replaceGrants(tx *gorm.DB, username, empName string, companies, roles []string) error {
	if err := tx.Where("username = ?", username).Delete(&UserCompany{}).Error; err != nil {
		return err
	}
	if err := tx.Where("login_id = ?", username).Delete(&UserRole{}).Error; err != nil {
		return err
	}
	for _, c := range companies {
		if err := tx.Create(&UserCompany{Username: username, CompanyCode: c}).Error; err != nil {
			return err
		}
	}
	for _, r := range roles {
		if err := tx.Create(&UserRole{LoginID: username, EmpName: empName, RoleID: r}).Error; err != nil {
			return err
		}
	}
	return nil
}

// SetPassword implements useradmin.Store.
func (s *IdentityStore) SetPassword(ctx context.Context, username, hash string, ev useradmin.Event) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&User{}).Where("username = ?", username).Updates(map[string]any{"password_hash": hash, "updated_at": ev.At.UTC()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return useradmin.ErrNotFound
		}
		if err := tx.Model(&Session{}).Where("username = ? AND ended_at IS NULL", username).Update("ended_at", ev.At.UTC()).Error; err != nil {
			return err
		}
		return recordChange(tx, ev)
	})
}

// RecordLockout implements identity.AttemptStore.
func (s *IdentityStore) RecordLockout(ctx context.Context, username string, at, until time.Time) error {
	ev := useradmin.Event{At: at, Kind: useradmin.KindLockout, Actor: username, Action: "locked", Subject: username,
		Detail: "locked until " + until.UTC().Format(time.RFC3339)}
	if err := s.db.WithContext(ctx).Create(identityEventRow(ev)).Error; err != nil {
		return fmt.Errorf("record lockout: %w", err)
	}
	return nil
}

// recordChange keeps the event of a change of users or roles and moves the
// identity revision, in tx.
func recordChange(tx *gorm.DB, ev useradmin.Event) error {
	if err := tx.Create(identityEventRow(ev)).Error; err != nil {
		return err
	}
	return bumpRevision(tx)
}

func identityEventRow(ev useradmin.Event) *IdentityEvent {
	return &IdentityEvent{At: ev.At.UTC(), Kind: ev.Kind, Actor: ev.Actor, Action: ev.Action, Subject: ev.Subject,
		Detail: clip(ev.Detail, 2000)}
}

// clip cuts s to at most n bytes at a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && (s[n]&0xC0) == 0x80 {
		n--
	}
	return s[:n]
}
