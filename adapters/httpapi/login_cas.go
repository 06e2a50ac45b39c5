package httpapi

import "github.com/labstack/echo/v4"

// loginWithTicket: GET /api/galaxycommon/login/cas?ticket=...&service=...
// Validates the ticket with the CAS server (serviceValidate), maps the CAS
// user to a formwork user by username and answers like login/auth.
func (s *Server) loginWithTicket(c echo.Context) error {
	signIn, err := s.idn.LoginWithTicket(c.Request().Context(), c.QueryParam("ticket"), c.QueryParam("service"), lang(c))
	return answerLogin(c, signIn, err)
}
