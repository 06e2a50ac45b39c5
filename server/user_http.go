package server

import (
	"context"
	"fmt"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// dictionary is the names of codes, by dictionary and code.
type dictionary map[string]map[string]engine.Text

func (s *Server) loadDictionary(ctx context.Context) (dictionary, error) {
	var entries []DictionaryEntry
	if err := s.db.WithContext(ctx).Find(&entries).Error; err != nil {
		return nil, fmt.Errorf("load dictionary: %w", err)
	}
	d := dictionary{}
	for _, e := range entries {
		if d[e.DicID] == nil {
			d[e.DicID] = map[string]engine.Text{}
		}
		t := engine.Text{"zh": e.Zh, "en": e.En}
		if e.Th != "" {
			t["th"] = e.Th
		}
		d[e.DicID][e.Code] = t
	}
	return d, nil
}

// name is the code's name in lang, or the code itself when the dictionary
// has none.
func (d dictionary) name(dic, code, lang string) string {
	if t, ok := d[dic][code]; ok {
		return t.In(lang)
	}
	return code
}

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
