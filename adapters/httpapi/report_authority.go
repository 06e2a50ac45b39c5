package httpapi

import "github.com/labstack/echo/v4"

// selectReportAuthority: GET /api/galaxyreport/rptAuth/selectByUserId?
// companyCode=&rptType=&userId=. The entries of the user (default: the
// signed-in one; another user's only for administrators) in the company
// (default: the X-company context), of the report type when one is given.
func (s *Server) selectReportAuthority(c echo.Context) error {
	out, err := s.idn.ReportAuthorities(c.Request().Context(), CurrentUser(c),
		c.QueryParam("userId"), c.QueryParam("companyCode"), c.QueryParam("rptType"))
	if err != nil {
		return err
	}
	return ok(c, out)
}
