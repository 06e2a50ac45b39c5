package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// Identity is the signed-in user of a request: who, by which session, in
// which company context, with which roles.
type Identity struct {
	User      User
	Session   *Session
	Company   string   // the company context: X-company, else the session's
	Companies []string // every company the user may work for
	Roles     []Role

	menus map[string]bool // permitted menu codes, read on first use
}

// Username is the signed-in user's login name.
func (id *Identity) Username() string { return id.User.Username }

// Scope is the widest document scope of the user's roles (scopeOwn,
// scopeCompany or scopeAll).
func (id *Identity) Scope() string {
	scope := scopeOwn
	for _, r := range id.Roles {
		switch {
		case r.DocumentScope == scopeAll:
			return scopeAll
		case r.DocumentScope == scopeCompany:
			scope = scopeCompany
		}
	}
	return scope
}

// WorksFor reports whether company is one of the user's.
func (id *Identity) WorksFor(company string) bool { return slices.Contains(id.Companies, company) }

const identityKey = "formwork.identity"

// CurrentUser returns the signed-in user of a request that passed the
// session check, or nil on a public route.
func CurrentUser(c echo.Context) *Identity {
	id, _ := c.Get(identityKey).(*Identity)
	return id
}

// codeNotLoggedIn is the spec's "not logged in" code (navigation-and-access.md 8).
const codeNotLoggedIn = "400"

// notLoggedIn answers HTTP 401 with the spec's body; the web logs out on it.
func notLoggedIn(c echo.Context) error {
	return c.JSON(http.StatusUnauthorized, envelope{Code: codeNotLoggedIn, Message: "not logged in!"})
}

// maxTokenLength bounds a token header; longer values are not looked up.
const maxTokenLength = 1024

// requireSession lets a request through only with a live session, and puts
// the user in the context (CurrentUser).
func (s *Server) requireSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := s.authenticate(c)
		if err != nil {
			return err
		}
		if id == nil {
			return notLoggedIn(c)
		}
		c.Set(identityKey, id)
		return next(c)
	}
}

// requireMenu lets a request through only when the user may open one of the
// menu codes. It runs after requireSession.
func (s *Server) requireMenu(codes ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := CurrentUser(c)
			menus, err := s.permittedMenus(c.Request().Context(), id)
			if err != nil {
				return err
			}
			for _, code := range codes {
				if menus[code] {
					return next(c)
				}
			}
			return engine.Errorf(engine.EFORBIDDEN, "", "%s", say(c,
				"您没有菜单"+strings.Join(codes, "或")+"的权限",
				"you may not use this: it needs the menu "+strings.Join(codes, " or ")))
		}
	}
}

// alternateTokenHeaders are the headers of the alternate logins, in the
// order they are tried when no X-token is sent.
var alternateTokenHeaders = []string{"mmdlToken", "k2token", "ssctoken"}

// authenticate resolves the request's session: X-token, else one of the
// alternate-login headers (resolved through the trusted source systems). It
// returns nil, nil when there is no live session; an error only for a
// company the user does not work for (403) or a database failure.
func (s *Server) authenticate(c echo.Context) (*Identity, error) {
	ctx := c.Request().Context()
	h := c.Request().Header
	var sess *Session
	if token := strings.TrimSpace(h.Get("X-token")); token != "" {
		if len(token) > maxTokenLength {
			return nil, nil
		}
		found, err := s.sessions.find(ctx, token)
		if err != nil || found == nil || found.SourceSystem != "" {
			return nil, err // a trusted source's token is no X-token
		}
		sess = found
	} else {
		for _, header := range alternateTokenHeaders {
			token := strings.TrimSpace(h.Get(header))
			if token == "" {
				continue
			}
			if len(token) > maxTokenLength {
				return nil, nil
			}
			found, err := s.alternateSession(ctx, header, token)
			if err != nil || found == nil {
				return nil, err
			}
			sess = found
			break
		}
	}
	if sess == nil || !s.sessions.live(sess) {
		return nil, nil
	}
	id, err := s.identityOf(ctx, sess.Username)
	if err != nil || id == nil {
		return nil, err
	}
	if id.User.Status != userStatusActive {
		_ = s.sessions.end(ctx, sess)
		return nil, nil
	}
	if err := s.sessions.touch(ctx, sess); err != nil {
		return nil, err
	}
	id.Session = sess
	id.Company = sess.CompanyCode
	if company := strings.TrimSpace(h.Get("X-company")); company != "" {
		if !id.WorksFor(company) {
			return nil, engine.Errorf(engine.EFORBIDDEN, "X-company", "%s", say(c,
				fmt.Sprintf("您不属于公司%s，不能在该公司下操作", clipText(company, 20)),
				fmt.Sprintf("you do not work for company %s (X-company): pick one of %s", clipText(company, 20), strings.Join(id.Companies, ", "))))
		}
		id.Company = company
	}
	if id.Company == "" {
		id.Company = id.User.CompanyCode
	}
	return id, nil
}

// identityOf loads a user with companies and roles; nil when there is no
// such user.
func (s *Server) identityOf(ctx context.Context, username string) (*Identity, error) {
	db := s.db.WithContext(ctx)
	var u User
	err := db.Where("username = ?", username).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load user: %w", err)
	}
	id := &Identity{User: u}
	if err := db.Model(&UserCompany{}).Where("username = ?", username).Order("company_code").Pluck("company_code", &id.Companies).Error; err != nil {
		return nil, fmt.Errorf("load user companies: %w", err)
	}
	if u.CompanyCode != "" && !id.WorksFor(u.CompanyCode) {
		id.Companies = append([]string{u.CompanyCode}, id.Companies...)
	}
	err = db.Where("id IN (?)", db.Model(&UserRole{}).Select("role_id").Where("login_id = ?", username)).Order("id").Find(&id.Roles).Error
	if err != nil {
		return nil, fmt.Errorf("load user roles: %w", err)
	}
	return id, nil
}

// say picks the request's language: Chinese unless English was asked for.
func say(c echo.Context, zh, en string) string {
	if lang(c) == "en" {
		return en
	}
	return zh
}

// clipText shortens a value echoed into a message.
func clipText(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
