package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strings"
	"time"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// Login answer codes (HTTP 200 each: the web reads the code and shows the
// message of a refusal, navigation-and-access.md 7 and 8).
const (
	loginOK          = "200"
	loginRefused     = "401" // wrong credentials, unknown single sign-on user, invalid ticket
	loginLocked      = "429" // too many failures: locked for a while
	loginUnavailable = "503" // single sign-on not configured or its server unreachable
)

// maxUsernameLength is the longest username looked up; longer ones are
// refused like a wrong password.
const maxUsernameLength = 64

// loginData is a successful login's data.
type loginData struct {
	Token           string         `json:"token"`
	ExpiresAt       time.Time      `json:"expiresAt"`
	MenuPermissions []*menuNode    `json:"menuPermissions"`
	User            map[string]any `json:"user"`
}

// refuseLogin answers a refused login: the code and message, nothing else.
func refuseLogin(c echo.Context, code, message string) error {
	return c.JSON(http.StatusOK, envelope{Code: code, Message: message})
}

// loginWithPassword: POST /api/galaxycommon/login/auth {username, password}.
// The password is never logged or stored; only its bcrypt hash is kept.
func (s *Server) loginWithPassword(c echo.Context) error {
	var in struct {
		Username *string `json:"username"`
		Password *string `json:"password"`
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&in); err != nil || dec.More() {
		return engine.Errorf(engine.EINVALID, "", `send the credentials as JSON: {"username": "...", "password": "..."}`)
	}
	if in.Username == nil || in.Password == nil || strings.TrimSpace(*in.Username) == "" || *in.Password == "" {
		return refuseLogin(c, loginRefused, say(c, "请输入用户名和密码", "Enter your username and password"))
	}
	username := strings.ToLower(strings.TrimSpace(*in.Username))
	wrong := say(c, "用户名或密码错误", "Wrong username or password")
	if len(username) > maxUsernameLength {
		passwordMatches("", *in.Password) // as slow as any other refusal
		return refuseLogin(c, loginRefused, wrong)
	}
	ctx := c.Request().Context()
	if until, err := s.lockout.lockedUntil(ctx, username); err != nil {
		return err
	} else if !until.IsZero() {
		return refuseLogin(c, loginLocked, s.lockedMessage(c, until))
	}
	id, err := s.identityOf(ctx, username)
	if err != nil {
		return err
	}
	hash := ""
	if id != nil {
		hash = id.User.PasswordHash
	}
	if !passwordMatches(hash, *in.Password) {
		left, err := s.lockout.fail(ctx, username)
		if err != nil {
			return err
		}
		if left == 0 {
			return refuseLogin(c, loginLocked, s.lockedMessage(c, s.now().Add(lockoutPeriod)))
		}
		return refuseLogin(c, loginRefused, wrong+say(c,
			fmt.Sprintf("（再错%d次将锁定%d分钟）", left, int(lockoutPeriod.Minutes())),
			fmt.Sprintf(" (%d more failures lock it for %d minutes)", left, int(lockoutPeriod.Minutes()))))
	}
	if id.User.Status != userStatusActive {
		return refuseLogin(c, loginRefused, say(c, "登录人员无效：该账号已停用", "This account is disabled"))
	}
	if err := s.lockout.succeed(ctx, username); err != nil {
		return err
	}
	return s.startSession(c, id, loginPassword)
}

// lockedMessage tells how long the lock lasts, in whole minutes rounded up.
func (s *Server) lockedMessage(c echo.Context, until time.Time) string {
	minutes := int(math.Ceil(until.Sub(s.now()).Minutes()))
	minutes = max(minutes, 1)
	return say(c,
		fmt.Sprintf("登录失败次数过多，账号已锁定，请%d分钟后再试", minutes),
		fmt.Sprintf("Too many failed logins: this account is locked, try again in %d minutes", minutes))
}

// startSession opens a session for a signed-in user and answers the login:
// code "200", the token, the menus and the current user.
func (s *Server) startSession(c echo.Context, id *Identity, loginType string) error {
	ctx := c.Request().Context()
	token, sess, err := s.sessions.issue(ctx, id.User.Username, id.User.CompanyCode, loginType)
	if err != nil {
		return err
	}
	id.Session, id.Company = sess, sess.CompanyCode
	items, err := s.loadMenus(ctx)
	if err != nil {
		return err
	}
	menus, err := s.permittedMenus(ctx, id)
	if err != nil {
		return err
	}
	user, err := s.currentUserView(c, id)
	if err != nil {
		return err
	}
	data := loginData{Token: token, ExpiresAt: sess.ExpiresAt, User: user,
		MenuPermissions: flatMenus(menuTree(items, s.cfg.MenuVariant, menus, lang(c)))}
	return c.JSON(http.StatusOK, envelope{Code: loginOK, Message: say(c, "登录成功", "login success"), Data: data})
}

// logout: GET /api/galaxyform/cas/logout. Ends the session; its token opens
// nothing afterwards. With single sign-on, data.casLogoutUrl is where the
// browser ends the single sign-on session too.
func (s *Server) logout(c echo.Context) error {
	id := CurrentUser(c)
	if err := s.sessions.end(c.Request().Context(), id.Session); err != nil {
		return err
	}
	out := map[string]string{}
	if s.cfg.CAS.ServerURL != "" {
		out["casLogoutUrl"] = strings.TrimRight(s.cfg.CAS.ServerURL, "/") + "/logout?service=" + url.QueryEscape(s.cfg.CAS.ServiceURL)
	}
	return ok(c, out)
}

// loginOptions: GET /api/galaxycommon/login/options (public). How this
// server lets people in: data.casLoginUrl (empty without single sign-on),
// data.passwordLogin, data.menuVariant.
func (s *Server) loginOptions(c echo.Context) error {
	out := map[string]any{"casLoginUrl": "", "passwordLogin": true, "menuVariant": s.cfg.MenuVariant}
	if s.cfg.CAS.ServerURL != "" {
		out["casLoginUrl"] = strings.TrimRight(s.cfg.CAS.ServerURL, "/") + "/login?service=" + url.QueryEscape(s.cfg.CAS.ServiceURL)
	}
	return ok(c, out)
}

// health: GET /api/formwork/health (public).
func (s *Server) health(c echo.Context) error {
	return ok(c, map[string]string{"status": "up"})
}
