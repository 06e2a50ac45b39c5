package identitydb

import (
	"context"

	"gorm.io/gorm"
)

// IdentityRevision is the one row (ID 1) of identity_revisions: a count of
// the changes that a replica's identity cache may hold stale (a session
// ended, a user, password, role, company assignment or delegation
// changed). Each such write moves it in its own transaction; every replica
// reads it now and then and forgets its cache when it moved
// (identity.Config.RevisionEvery).
type IdentityRevision struct {
	ID       uint  `gorm:"primaryKey;autoIncrement:false"`
	Revision int64 `gorm:"not null"`
}

// bumpRevision moves the identity revision, in tx.
func bumpRevision(tx *gorm.DB) error {
	return tx.Exec(`INSERT INTO identity_revisions (id, revision) VALUES (1, 1)
		ON CONFLICT (id) DO UPDATE SET revision = identity_revisions.revision + 1`).Error
}

// IdentityRevision implements identity.SessionStore: 0 before any change.
func (s *IdentityStore) IdentityRevision(ctx context.Context) (int64, error) {
	var revs []int64
	err := s.db.WithContext(ctx).Model(&IdentityRevision{}).Where("id = 1").Limit(1).Pluck("revision", &revs).Error
	if err != nil || len(revs) == 0 {
		return 0, err
	}
	return revs[0], nil
}
