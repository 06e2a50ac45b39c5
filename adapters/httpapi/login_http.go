package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"formwork/engine"
	"formwork/identity"

	"github.com/labstack/echo/v4"
)

// Login answer codes (HTTP 200 each: the web reads the code and shows the
// message of a refusal, navigation-and-access.md 7 and 8).
const loginOK = "200"

// loginCodes are the answer codes of the reasons of a refused login.
var loginCodes = map[string]string{
	identity.RefusedCredentials: "401", // wrong credentials, unknown single sign-on user, invalid ticket
	identity.RefusedLocked:      "429", // too many failures: locked for a while
	identity.RefusedUnavailable: "503", // single sign-on not configured or its server unreachable
}

var loginSuccess = engine.Text{"zh": "登录成功", "en": "login success", "th": "เข้าสู่ระบบสำเร็จ"}

// loginData is a successful login's data.
type loginData struct {
	Token           string               `json:"token"`
	ExpiresAt       time.Time            `json:"expiresAt"`
	MenuPermissions []*identity.MenuNode `json:"menuPermissions"`
	User            map[string]any       `json:"user"`
}

// answerLogin answers a login: code "200", the token, the menus and the
// current user; or a refusal's code and message, nothing else.
func answerLogin(c echo.Context, in *identity.SignIn, err error) error {
	var refusal *identity.Refusal
	if errors.As(err, &refusal) {
		return c.JSON(http.StatusOK, envelope{Code: loginCodes[refusal.Reason], Message: refusal.Text.In(lang(c))})
	}
	if err != nil {
		return err
	}
	data := loginData{Token: in.Token, ExpiresAt: in.Session.ExpiresAt, MenuPermissions: in.Menus, User: in.Profile}
	return c.JSON(http.StatusOK, envelope{Code: loginOK, Message: loginSuccess.In(lang(c)), Data: data})
}

// loginWithPassword: POST /api/galaxycommon/login/auth {username, password}.
// The client address counts the failures of one source (behind a proxy on
// a private network, the address it forwards in X-Forwarded-For).
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
		return engine.Refuse(engine.EINVALID, "", engine.Text{
			"zh": `请以JSON发送用户名和密码：{"username": "...", "password": "..."}`,
			"en": `send the credentials as JSON: {"username": "...", "password": "..."}`,
			"th": `ส่งชื่อผู้ใช้และรหัสผ่านเป็น JSON: {"username": "...", "password": "..."}`,
		})
	}
	login := identity.PasswordLogin{Source: c.RealIP(), Lang: lang(c)}
	if in.Username != nil && in.Password != nil {
		login.Username, login.Password = *in.Username, *in.Password
	}
	signIn, err := s.idn.LoginWithPassword(c.Request().Context(), login)
	return answerLogin(c, signIn, err)
}

// logout: GET /api/galaxyform/cas/logout. Ends the session; its token opens
// nothing afterwards. With single sign-on, data.casLogoutUrl is where the
// browser ends the single sign-on session too.
func (s *Server) logout(c echo.Context) error {
	if err := s.idn.Logout(c.Request().Context(), CurrentUser(c)); err != nil {
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
	out := map[string]any{"casLoginUrl": "", "passwordLogin": true, "menuVariant": s.idn.MenuVariant()}
	if s.cfg.CAS.ServerURL != "" {
		out["casLoginUrl"] = strings.TrimRight(s.cfg.CAS.ServerURL, "/") + "/login?service=" + url.QueryEscape(s.cfg.CAS.ServiceURL)
	}
	return ok(c, out)
}

// health: GET /api/formwork/health (public): up, and which optional
// converters (soffice, tesseract, pdftoppm) were found at start.
func (s *Server) health(c echo.Context) error {
	converters := map[string]bool{}
	if s.files != nil {
		converters = s.files.Tools()
	}
	return ok(c, map[string]any{"status": "up", "converters": converters})
}
