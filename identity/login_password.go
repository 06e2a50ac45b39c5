package identity

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"formwork/engine"
)

// Lockout. UserLock: this many passwords of one username found wrong
// within the window lock that username for the period. While locked, even
// the right password is refused and attempts are not counted (so that
// someone guessing cannot keep the owner out for longer). Unknown usernames
// are counted like known ones: the answer never tells whether a name
// exists. SourceLock does the same per client address, over every username
// it tries, so that one address cannot guess through many accounts; its
// period is short because many people may share an address (a proxy, a
// NAT), and the lock of an address locks them all out.
//
// An attempt is counted before its password is compared, in one atomic
// step with the check (AttemptStore.ReserveAttempt), so that a burst of
// concurrent guesses cannot have more passwords compared than the limit,
// whatever the number of server replicas; an attempt that turns out right
// is uncounted again.
var (
	UserLock   = LockRule{Limit: 5, Window: 15 * time.Minute, Period: 15 * time.Minute}
	SourceLock = LockRule{Limit: 30, Window: time.Minute, Period: time.Minute}
)

// Refusal is a login refused: why (Reason) and what the person reads.
type Refusal struct {
	Reason string
	Text   engine.Text
}

func (r *Refusal) Error() string { return "login refused: " + r.Text.In("en") }

// Reasons of a Refusal.
const (
	RefusedCredentials = "credentials" // wrong credentials, unknown or disabled person, invalid ticket
	RefusedLocked      = "locked"      // too many failures: locked for a while
	RefusedUnavailable = "unavailable" // single sign-on not configured or its server unreachable
)

// PasswordLogin is a login with username and password from a client
// address (Source, may be empty), answered in Lang.
type PasswordLogin struct {
	Username, Password, Source, Lang string
}

var (
	askCredentials = engine.Text{"zh": "请输入用户名和密码", "en": "Enter your username and password", "th": "กรุณากรอกชื่อผู้ใช้และรหัสผ่าน"}
	wrongPassword  = engine.Text{"zh": "用户名或密码错误", "en": "Wrong username or password", "th": "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง"}
	disabledUser   = engine.Text{"zh": "登录人员无效：该账号已停用", "en": "This account is disabled", "th": "ผู้เข้าสู่ระบบไม่ถูกต้อง: บัญชีนี้ถูกระงับแล้ว"}
)

// LoginWithPassword signs a user in with username and password and opens
// a session. A refused login is a *Refusal; the password is never logged
// or stored.
func (s *Service) LoginWithPassword(ctx context.Context, in PasswordLogin) (*SignIn, error) {
	username := strings.ToLower(strings.TrimSpace(in.Username))
	if username == "" || in.Password == "" {
		return nil, &Refusal{RefusedCredentials, askCredentials}
	}
	if len(username) > MaxUsernameLength {
		PasswordMatches("", in.Password) // as slow as any other refusal
		return nil, &Refusal{RefusedCredentials, wrongPassword}
	}
	now := s.now()
	release, err := s.reserveSource(ctx, in.Source, now)
	if err != nil {
		return nil, err
	}
	r, err := s.store.ReserveAttempt(ctx, AttemptUser, username, UserLock, now)
	if err != nil {
		return nil, err
	}
	if !r.OK {
		if err := release(); err != nil {
			return nil, err
		}
		return nil, s.locked(accountLocked, r.Until)
	}
	u, err := s.store.User(ctx, username)
	if err != nil {
		return nil, err
	}
	hash := ""
	if u != nil {
		hash = u.PasswordHash
	}
	if !PasswordMatches(hash, in.Password) {
		return nil, s.wrongPassword(ctx, username, r)
	}
	if err := release(); err != nil {
		return nil, err
	}
	if err := s.store.ClearAttempts(ctx, AttemptUser, username); err != nil {
		return nil, err
	}
	if u.Status != StatusActive {
		return nil, &Refusal{RefusedCredentials, disabledUser}
	}
	return s.startSession(ctx, u, LoginPassword, in.Lang)
}

// reserveSource counts an attempt of the client address, refusing it when
// the address is locked; release uncounts it (the attempt did not fail, or
// was refused for the username before its password was compared).
func (s *Service) reserveSource(ctx context.Context, source string, now time.Time) (release func() error, err error) {
	if source == "" {
		return func() error { return nil }, nil
	}
	r, err := s.store.ReserveAttempt(ctx, AttemptSource, source, SourceLock, now)
	if err != nil {
		return nil, err
	}
	if !r.OK {
		return nil, s.locked(sourceLocked, r.Until)
	}
	return func() error { return s.store.ReleaseAttempt(ctx, AttemptSource, source, SourceLock) }, nil
}

// wrongPassword records a password found wrong and refuses, saying how many
// attempts are left before the lock (r counted this one).
func (s *Service) wrongPassword(ctx context.Context, username string, r Reservation) error {
	if err := s.store.RecordFailure(ctx, username, s.now()); err != nil {
		return err
	}
	left := UserLock.Limit - r.Attempts
	if left <= 0 {
		if err := s.store.RecordLockout(ctx, username, s.now(), r.Until); err != nil {
			return err
		}
		return s.locked(accountLocked, r.Until)
	}
	minutes := int(UserLock.Period.Minutes())
	return &Refusal{RefusedCredentials, engine.Text{
		"zh": wrongPassword["zh"] + fmt.Sprintf("（再错%d次将锁定%d分钟）", left, minutes),
		"en": wrongPassword["en"] + fmt.Sprintf(" (%d more failures lock it for %d minutes)", left, minutes),
		"th": wrongPassword["th"] + fmt.Sprintf(" (ผิดอีก %d ครั้งจะถูกล็อก %d นาที)", left, minutes),
	}}
}

var (
	accountLocked = engine.Text{
		"zh": "登录失败次数过多，账号已锁定，请%d分钟后再试",
		"en": "Too many failed logins: this account is locked, try again in %d minutes",
		"th": "เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป บัญชีนี้ถูกล็อก โปรดลองใหม่ในอีก %d นาที",
	}
	sourceLocked = engine.Text{
		"zh": "来自您网络地址的登录失败次数过多，请%d分钟后再试",
		"en": "Too many failed logins from your network address: try again in %d minutes",
		"th": "เข้าสู่ระบบไม่สำเร็จจากที่อยู่เครือข่ายของคุณหลายครั้งเกินไป โปรดลองใหม่ในอีก %d นาที",
	}
)

// locked refuses a locked login, saying how long the lock lasts in whole
// minutes rounded up (at least 1).
func (s *Service) locked(msg engine.Text, until time.Time) *Refusal {
	minutes := max(int(math.Ceil(until.Sub(s.now()).Minutes())), 1)
	out := engine.Text{}
	for lang, format := range msg {
		out[lang] = fmt.Sprintf(format, minutes)
	}
	return &Refusal{RefusedLocked, out}
}
