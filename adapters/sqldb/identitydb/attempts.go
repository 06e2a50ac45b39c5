package identitydb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"formwork/identity"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ReserveAttempt implements identity.AttemptStore. The check and the count
// are one UPDATE of the subject's login_attempts row whose WHERE says "not
// locked and under the limit": PostgreSQL re-checks that condition on the
// row as the previous writer left it and SQLite has one writer, so
// concurrent attempts, from any number of server replicas, count one after
// the other and no more than the limit get through. Times are stored in UTC
// so that SQLite compares them as text correctly.
func (s *IdentityStore) ReserveAttempt(ctx context.Context, kind, subject string, rule identity.LockRule, now time.Time) (identity.Reservation, error) {
	// a row forgotten between the count and the read (by an earlier
	// version's ClearAttempts, or by hand) is made again and counted in
	for range 3 {
		r, err := s.reserveAttempt(ctx, kind, subject, rule, now)
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return r, err
		}
	}
	return identity.Reservation{}, fmt.Errorf("count login attempts: the row of %s %q kept being forgotten", kind, subject)
}

func (s *IdentityStore) reserveAttempt(ctx context.Context, kind, subject string, rule identity.LockRule, now time.Time) (identity.Reservation, error) {
	db := s.db.WithContext(ctx)
	now = now.UTC()
	cutoff := now.Add(-rule.Window)
	// the row, at zero in a window beginning now, when the subject has none
	// (not in an expired window: a concurrent attempt with an earlier clock
	// could count in it and then see its count reset)
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).
		Create(&LoginAttempt{Kind: kind, Subject: subject, WindowStart: now}).Error; err != nil {
		return identity.Reservation{}, fmt.Errorf("count login attempts: %w", err)
	}
	// a window that is over (and its lock, if over too) starts again
	if err := db.Exec(`UPDATE login_attempts SET attempts = 0, window_start = ?, locked_until = NULL
		WHERE kind = ? AND subject = ? AND window_start <= ? AND (locked_until IS NULL OR locked_until <= ?)`,
		now, kind, subject, cutoff, now).Error; err != nil {
		return identity.Reservation{}, fmt.Errorf("count login attempts: %w", err)
	}
	var counted []int
	err := db.Raw(`UPDATE login_attempts SET attempts = attempts + 1,
			locked_until = CASE WHEN attempts + 1 >= ? THEN ? ELSE locked_until END
		WHERE kind = ? AND subject = ? AND attempts < ? AND (locked_until IS NULL OR locked_until <= ?)
		RETURNING attempts`,
		rule.Limit, now.Add(rule.Period), kind, subject, rule.Limit, now).Scan(&counted).Error
	if err != nil {
		return identity.Reservation{}, fmt.Errorf("count login attempts: %w", err)
	}
	if len(counted) == 1 {
		r := identity.Reservation{OK: true, Attempts: counted[0]}
		if r.Attempts >= rule.Limit {
			r.Until = now.Add(rule.Period)
		}
		return r, nil
	}
	var row LoginAttempt
	if err := db.Where("kind = ? AND subject = ?", kind, subject).Take(&row).Error; err != nil {
		return identity.Reservation{}, fmt.Errorf("read login attempts: %w", err)
	}
	until := row.WindowStart.Add(rule.Window) // full: a lock shorter than the window ended before it
	if row.LockedUntil != nil && row.LockedUntil.After(until) {
		until = *row.LockedUntil
	}
	return identity.Reservation{Attempts: row.Attempts, Until: until}, nil
}

// ReleaseAttempt implements identity.AttemptStore.
func (s *IdentityStore) ReleaseAttempt(ctx context.Context, kind, subject string, rule identity.LockRule) error {
	err := s.db.WithContext(ctx).Exec(`UPDATE login_attempts SET attempts = attempts - 1,
			locked_until = CASE WHEN attempts - 1 < ? THEN NULL ELSE locked_until END
		WHERE kind = ? AND subject = ? AND attempts > 0`, rule.Limit, kind, subject).Error
	if err != nil {
		return fmt.Errorf("uncount login attempt: %w", err)
	}
	return nil
}

// ClearAttempts implements identity.AttemptStore.
func (s *IdentityStore) ClearAttempts(ctx context.Context, kind, subject string) error {
	db := s.db.WithContext(ctx)
	// the row stays (at zero, unlocked): attempts of the subject counting at
	// the same moment find it
	if err := db.Model(&LoginAttempt{}).Where("kind = ? AND subject = ?", kind, subject).
		Updates(map[string]any{"attempts": 0, "locked_until": nil}).Error; err != nil {
		return fmt.Errorf("forget login attempts: %w", err)
	}
	if kind == identity.AttemptUser {
		if err := db.Where("username = ?", subject).Delete(&LoginFailure{}).Error; err != nil {
			return fmt.Errorf("forget failed logins: %w", err)
		}
	}
	return nil
}

// RecordFailure implements identity.AttemptStore.
func (s *IdentityStore) RecordFailure(ctx context.Context, username string, at time.Time) error {
	if err := s.db.WithContext(ctx).Create(&LoginFailure{Username: username, FailedAt: at.UTC()}).Error; err != nil {
		return fmt.Errorf("record failed login: %w", err)
	}
	return nil
}
