package server

import (
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// menuTreeHandler: GET /api/galaxycommon/menu/tree[?variant=current|legacy].
// The menu groups and items the user may open, in display order; without
// variant, the server's (Config.MenuVariant).
func (s *Server) menuTreeHandler(c echo.Context) error {
	variant := c.QueryParam("variant")
	switch variant {
	case "":
		variant = s.cfg.MenuVariant
	case menuCurrent, menuLegacy:
	default:
		return engine.Errorf(engine.EINVALID, "variant", "unknown menu variant %q (current or legacy)", clipText(variant, 20))
	}
	ctx := c.Request().Context()
	items, err := s.loadMenus(ctx)
	if err != nil {
		return err
	}
	menus, err := s.permittedMenus(ctx, CurrentUser(c))
	if err != nil {
		return err
	}
	tree := menuTree(items, variant, menus, lang(c))
	if tree == nil {
		tree = []*menuNode{}
	}
	return ok(c, tree)
}
