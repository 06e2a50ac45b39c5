package httpapi

import "github.com/labstack/echo/v4"

// menuTreeHandler: GET /api/galaxycommon/menu/tree[?variant=current|legacy].
// The menu groups and items the user may open, in display order; without
// variant, the server's (Config.MenuVariant).
func (s *Server) menuTreeHandler(c echo.Context) error {
	tree, err := s.idn.MenuTree(c.Request().Context(), CurrentUser(c), c.QueryParam("variant"), lang(c))
	if err != nil {
		return err
	}
	return ok(c, tree)
}
