package identity

import (
	"context"
	"errors"
	"strings"

	"formwork/engine"
)

// Errors of a TicketValidator.
var (
	ErrTicketRefused  = errors.New("single sign-on: the server refused the ticket")
	ErrSSOUnreachable = errors.New("single sign-on: the server cannot be reached")
	ErrSSOUnreadable  = errors.New("single sign-on: the server's answer cannot be read")
)

// maxTicketLength bounds a single sign-on ticket.
const maxTicketLength = 2048

var (
	ssoNotConfigured = engine.Text{"zh": "未配置单点登录，请使用用户名和密码登录", "en": "Single sign-on is not configured: sign in with username and password",
		"th": "ยังไม่ได้ตั้งค่าการลงชื่อเข้าใช้ครั้งเดียว โปรดเข้าสู่ระบบด้วยชื่อผู้ใช้และรหัสผ่าน"}
	ticketMissing = engine.Text{"zh": "缺少单点登录票据：单点登录服务会以 ?ticket= 传回", "en": "ticket is missing: the single sign-on server sends it back as ?ticket=",
		"th": "ไม่มี ticket: เซิร์ฟเวอร์ลงชื่อเข้าใช้ครั้งเดียวจะส่งกลับมาเป็น ?ticket="}
	ticketTooLong = engine.Text{"zh": "单点登录票据过长", "en": "ticket is too long", "th": "ticket ยาวเกินไป"}
	ticketForeign = engine.Text{"zh": "单点登录票据不是为本系统签发的", "en": "The single sign-on ticket was not issued for this portal",
		"th": "ticket ของการลงชื่อเข้าใช้ครั้งเดียวไม่ได้ออกให้กับพอร์ทัลนี้"}
	ticketInvalid = engine.Text{"zh": "单点登录票据无效或已过期，请重新登录", "en": "The single sign-on ticket is invalid or expired: sign in again",
		"th": "ticket ของการลงชื่อเข้าใช้ครั้งเดียวไม่ถูกต้องหรือหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้ง"}
	ssoUnreachable = engine.Text{"zh": "单点登录服务暂不可用，请稍后再试", "en": "The single sign-on server cannot be reached: try again later",
		"th": "ไม่สามารถติดต่อเซิร์ฟเวอร์ลงชื่อเข้าใช้ครั้งเดียวได้ โปรดลองใหม่ภายหลัง"}
	ssoUnreadable = engine.Text{"zh": "单点登录服务应答异常，请稍后再试", "en": "The single sign-on server gave an unreadable answer: try again later",
		"th": "เซิร์ฟเวอร์ลงชื่อเข้าใช้ครั้งเดียวตอบกลับในรูปแบบที่อ่านไม่ได้ โปรดลองใหม่ภายหลัง"}
)

// LoginWithTicket signs a user in with a single sign-on ticket issued for
// service (empty: the configured ServiceURL) and opens a session, like
// LoginWithPassword. A ticket issued for any service but ServiceURL
// (optionally with a query) is refused without asking the server, so that a
// ticket meant for another application cannot open a formwork session. A
// refused login is a *Refusal; a missing or oversized ticket is EINVALID.
func (s *Service) LoginWithTicket(ctx context.Context, ticket, service, lang string) (*SignIn, error) {
	if s.cfg.Tickets == nil || s.cfg.ServiceURL == "" {
		return nil, &Refusal{RefusedUnavailable, ssoNotConfigured}
	}
	ticket = strings.TrimSpace(ticket)
	switch {
	case ticket == "":
		return nil, engine.Refuse(engine.EINVALID, "ticket", ticketMissing)
	case len(ticket) > maxTicketLength:
		return nil, engine.Refuse(engine.EINVALID, "ticket", ticketTooLong)
	}
	service = strings.TrimSpace(service)
	if service == "" {
		service = s.cfg.ServiceURL
	}
	if service != s.cfg.ServiceURL && !strings.HasPrefix(service, s.cfg.ServiceURL+"?") {
		return nil, &Refusal{RefusedCredentials, ticketForeign}
	}
	user, err := s.cfg.Tickets.ValidateTicket(ctx, ticket, service)
	switch {
	case errors.Is(err, ErrTicketRefused):
		return nil, &Refusal{RefusedCredentials, ticketInvalid}
	case errors.Is(err, ErrSSOUnreachable):
		return nil, &Refusal{RefusedUnavailable, ssoUnreachable}
	case errors.Is(err, ErrSSOUnreadable):
		return nil, &Refusal{RefusedUnavailable, ssoUnreadable}
	case err != nil:
		return nil, err
	}
	username := strings.ToLower(strings.TrimSpace(user))
	if username == "" {
		return nil, &Refusal{RefusedCredentials, ticketInvalid}
	}
	u, err := s.store.User(ctx, username)
	if err != nil {
		return nil, err
	}
	if u == nil || u.Status != StatusActive {
		name := engine.Clip(username, 64)
		return nil, &Refusal{RefusedCredentials, engine.Text{
			"zh": "登录人员无效：" + name + "不是本系统的有效用户",
			"en": "Login person invalid: " + name + " is no active user of this portal",
			"th": "ผู้เข้าสู่ระบบไม่ถูกต้อง: " + name + " ไม่ใช่ผู้ใช้ที่ใช้งานอยู่ของพอร์ทัลนี้",
		}}
	}
	return s.startSession(ctx, u, LoginCAS, lang)
}
