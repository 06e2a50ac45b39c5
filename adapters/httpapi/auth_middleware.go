package httpapi

import (
	"net/http"
	"strings"

	"formwork/adapters/httpapi/kit"
	"formwork/identity"

	"github.com/labstack/echo/v4"
)

// CurrentUser returns the signed-in user of a request that passed the
// session check, or nil on a public route.
var CurrentUser = kit.CurrentUser

// codeNotLoggedIn is the spec's "not logged in" code (navigation-and-access.md 8).
const codeNotLoggedIn = "400"

// notLoggedIn answers HTTP 401 with the spec's body; the web logs out on it.
func notLoggedIn(c echo.Context) error {
	return c.JSON(http.StatusUnauthorized, envelope{Code: codeNotLoggedIn, Message: "not logged in!"})
}

// credentialsOf reads what a request presents: X-token, else the first
// alternate-login header sent, and X-company.
func credentialsOf(h http.Header) identity.Credentials {
	cred := identity.Credentials{Token: strings.TrimSpace(h.Get("X-token")), Company: strings.TrimSpace(h.Get("X-company"))}
	if cred.Token != "" {
		return cred
	}
	for _, name := range identity.AlternateTokenHeaders {
		if token := strings.TrimSpace(h.Get(name)); token != "" {
			cred.AlternateHeader, cred.AlternateToken = name, token
			break
		}
	}
	return cred
}

// requireSession lets a request through only with a live session, and puts
// the user in the context (CurrentUser).
func (s *Server) requireSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := s.idn.Authenticate(c.Request().Context(), credentialsOf(c.Request().Header))
		if err != nil {
			return err
		}
		if id == nil {
			return notLoggedIn(c)
		}
		kit.SetCurrentUser(c, id)
		return next(c)
	}
}

// requireMenu lets a request through only when the user may open one of the
// menu codes. It runs after requireSession.
func (s *Server) requireMenu(codes ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if err := CurrentUser(c).RequireMenu(codes...); err != nil {
				return err
			}
			return next(c)
		}
	}
}
