package identitydb

import (
	"context"

	"formwork/identity"
	"formwork/seeding"

	"gorm.io/gorm"
)

// InTx implements seeding.IdentityStore: fn's writes are one transaction.
func (s *IdentityStore) InTx(ctx context.Context, fn func(tx seeding.IdentityTx) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := fn(identitySeedTx{tx}); err != nil {
			return err
		}
		return bumpRevision(tx)
	})
}

// identitySeedTx is the writes of seeding identities in a transaction.
type identitySeedTx struct{ db *gorm.DB }

func (t identitySeedTx) CreateMenuItems(items []identity.MenuItem) error {
	if len(items) == 0 {
		return nil
	}
	rows := make([]MenuItem, len(items))
	for i, m := range items {
		rows[i] = MenuItem(m)
	}
	return t.db.Create(&rows).Error
}

func (t identitySeedTx) CreateRole(r identity.Role, menus []string) error {
	row := Role(r)
	if err := t.db.Create(&row).Error; err != nil {
		return err
	}
	for _, code := range menus {
		if err := t.db.Create(&RoleMenu{RoleID: r.ID, MenuCode: code}).Error; err != nil {
			return err
		}
	}
	return nil
}

func (t identitySeedTx) CreateUser(u *identity.User, companies []string, roles []identity.UserRole) error {
	row := User(*u)
	if err := t.db.Create(&row).Error; err != nil {
		return err
	}
	*u = identity.User(row)
	for _, c := range companies {
		if err := t.db.Create(&UserCompany{Username: u.Username, CompanyCode: c}).Error; err != nil {
			return err
		}
	}
	for _, r := range roles {
		if err := t.db.Create(&UserRole{LoginID: r.LoginID, EmpName: r.EmpName, RoleID: r.RoleID}).Error; err != nil {
			return err
		}
	}
	return nil
}

func (t identitySeedTx) UserExists(username string) (bool, error) {
	var n int64
	err := t.db.Model(&User{}).Where("username = ?", username).Count(&n).Error
	return n > 0, err
}

func (t identitySeedTx) CreateReportAuthority(a identity.ReportAuthority) error {
	row := ReportAuthority(a)
	return t.db.Create(&row).Error
}

func (t identitySeedTx) CreateDelegation(d *identity.Delegation) error {
	row := Delegation(*d)
	if err := t.db.Create(&row).Error; err != nil {
		return err
	}
	*d = identity.Delegation(row)
	return nil
}
