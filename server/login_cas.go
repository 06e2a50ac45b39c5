package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// CASConfig is the single sign-on server (CAS protocol 2/3) formwork trusts.
// ServerURL is the CAS base (https://cas.example.com/cas); ServiceURL is
// formwork's own page the CAS server sends the browser back to with a
// ticket (https://portal.example.com/sso). Both must be set for single
// sign-on. A service sent with a ticket must be ServiceURL, optionally with
// a query: a ticket issued for any other service is refused, so a ticket
// meant for another application cannot open a formwork session.
type CASConfig struct {
	ServerURL  string
	ServiceURL string
	Client     *http.Client // nil: a client with a 10-second timeout
}

// loginWithTicket: GET /api/galaxycommon/login/cas?ticket=...&service=...
// Validates the ticket with the CAS server (serviceValidate), maps the CAS
// user to a formwork user by username and answers like login/auth.
func (s *Server) loginWithTicket(c echo.Context) error {
	signIn, err := s.idn.LoginWithTicket(c.Request().Context(), c.QueryParam("ticket"), c.QueryParam("service"), lang(c))
	return answerLogin(c, signIn, err)
}
