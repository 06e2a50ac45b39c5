package httpapi

import (
	"github.com/labstack/echo/v4"
)

// currentUser: GET /api/galaxycommon/user/current (identity.Service.Profile).
func (s *Server) currentUser(c echo.Context) error {
	view, err := s.idn.Profile(c.Request().Context(), CurrentUser(c), lang(c))
	if err != nil {
		return err
	}
	return ok(c, view)
}

// queryPermission: POST /api/galaxycommon/searchhelp/queryPermission. The
// user's permissions, one entry per permissionType and permissionId (the
// web keeps them as allPermissions).
func (s *Server) queryPermission(c echo.Context) error {
	perms, err := s.idn.Permissions(c.Request().Context(), CurrentUser(c), lang(c))
	if err != nil {
		return err
	}
	return ok(c, perms)
}

// listUsers: GET /api/galaxycommon/user/list (configuration centre, user
// management).
func (s *Server) listUsers(c echo.Context) error {
	users, err := s.idn.ListUsers(c.Request().Context())
	if err != nil {
		return err
	}
	return ok(c, users)
}
