package server

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Lockout: this many failed logins of one username within lockoutWindow
// lock that username for lockoutPeriod after the last of them. While locked,
// even the right password is refused and attempts are not counted (so that
// someone guessing cannot keep the owner out for longer). Unknown usernames
// are counted like known ones: the answer never tells whether a name exists.
const (
	lockoutFailures = 5
	lockoutWindow   = 15 * time.Minute
	lockoutPeriod   = 15 * time.Minute
)

// LoginFailure is one refused login of a username.
type LoginFailure struct {
	ID       uint      `gorm:"primaryKey"`
	Username string    `gorm:"size:64;not null;index:idx_login_failures_user_at,priority:1"`
	FailedAt time.Time `gorm:"not null;index:idx_login_failures_user_at,priority:2"`
}

// lockout counts failed logins.
type lockout struct {
	db  *gorm.DB
	now func() time.Time
}

// lockedUntil returns when the username's lock ends, or the zero time when
// it is not locked.
func (l *lockout) lockedUntil(ctx context.Context, username string) (time.Time, error) {
	now := l.now()
	var recent []LoginFailure
	err := l.db.WithContext(ctx).Where("username = ? AND failed_at > ?", username, now.Add(-lockoutWindow).UTC()).
		Order("failed_at DESC").Limit(lockoutFailures).Find(&recent).Error
	if err != nil {
		return time.Time{}, fmt.Errorf("look up failed logins: %w", err)
	}
	if len(recent) < lockoutFailures {
		return time.Time{}, nil
	}
	if until := recent[0].FailedAt.Add(lockoutPeriod); now.Before(until) {
		return until, nil
	}
	return time.Time{}, nil
}

// fail records a failed login and returns how many attempts are left
// before the lock (0: locked now).
func (l *lockout) fail(ctx context.Context, username string) (int, error) {
	now := l.now().UTC()
	if err := l.db.WithContext(ctx).Create(&LoginFailure{Username: username, FailedAt: now}).Error; err != nil {
		return 0, fmt.Errorf("record failed login: %w", err)
	}
	var n int64
	err := l.db.WithContext(ctx).Model(&LoginFailure{}).Where("username = ? AND failed_at > ?", username, now.Add(-lockoutWindow)).Count(&n).Error
	if err != nil {
		return 0, fmt.Errorf("count failed logins: %w", err)
	}
	return max(lockoutFailures-int(n), 0), nil
}

// succeed forgets a username's failures after a good login.
func (l *lockout) succeed(ctx context.Context, username string) error {
	return l.db.WithContext(ctx).Where("username = ?", username).Delete(&LoginFailure{}).Error
}
