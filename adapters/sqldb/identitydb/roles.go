package identitydb

import (
	"context"

	"formwork/identity/useradmin"

	"gorm.io/gorm"
)

// The roles' part of useradmin.Store: roles created, changed and deleted by
// an administrator, each with its audit event in the same transaction.

// RoleHolders implements useradmin.RoleStore.
func (s *IdentityStore) RoleHolders(ctx context.Context, roleID string) ([]string, error) {
	var out []string
	err := s.db.WithContext(ctx).Model(&UserRole{}).Where("role_id = ?", roleID).Order("login_id").Pluck("login_id", &out).Error
	return out, err
}

// SaveRole implements useradmin.RoleStore.
func (s *IdentityStore) SaveRole(ctx context.Context, ch useradmin.RoleChange) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		row := Role(ch.Role)
		if ch.Create {
			if err := insertNew(tx, &row); err != nil {
				return err
			}
		} else {
			res := tx.Model(&Role{}).Where("id = ?", row.ID).Updates(map[string]any{"title_zh": row.TitleZh, "title_en": row.TitleEn,
				"title_th": row.TitleTh, "document_scope": row.DocumentScope, "all_menus": row.AllMenus})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				return useradmin.ErrNotFound
			}
			if err := tx.Where("role_id = ?", row.ID).Delete(&RoleMenu{}).Error; err != nil {
				return err
			}
		}
		if len(ch.Menus) > 0 {
			menus := make([]RoleMenu, len(ch.Menus))
			for i, code := range ch.Menus {
				menus[i] = RoleMenu{RoleID: row.ID, MenuCode: code}
			}
			if err := tx.CreateInBatches(menus, 200).Error; err != nil {
				return err
			}
		}
		return recordChange(tx, ch.Event)
	})
}

// DeleteRole implements useradmin.RoleStore.
func (s *IdentityStore) DeleteRole(ctx context.Context, id string, ev useradmin.Event) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var held int64
		if err := tx.Model(&UserRole{}).Where("role_id = ?", id).Count(&held).Error; err != nil {
			return err
		}
		if held > 0 {
			return useradmin.ErrHeld
		}
		if err := tx.Where("role_id = ?", id).Delete(&RoleMenu{}).Error; err != nil {
			return err
		}
		res := tx.Where("id = ?", id).Delete(&Role{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return useradmin.ErrNotFound
		}
		return recordChange(tx, ev)
	})
}
