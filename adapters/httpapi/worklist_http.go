package httpapi

import (
	"formwork/process"

	"github.com/labstack/echo/v4"
)

// queryWorklist: POST /api/galaxyform/worklist/query with the worklist query
// (navigation-and-access.md 3.8) and list: draft, todo, applied, done or
// returned (process.Service.Worklist). Answers {list, total, pageSize,
// currentPage}, newest first unless orderBy and sorts say otherwise.
func (s *Server) queryWorklist(c echo.Context) error {
	var q struct {
		process.Query
		PageSize    int `json:"pageSize"`
		CurrentPage int `json:"currentPage"`
	}
	if err := readJSON(c, &q, true, `{"list": "todo", "types": ["EX02"], "quickRange": 30, "pageSize": 10, "currentPage": 1}`); err != nil {
		return err
	}
	pg, err := pageOf(q.PageSize, q.CurrentPage)
	if err != nil {
		return err
	}
	q.Limit, q.Offset = pg.size, pg.offset()
	items, total, err := s.process.Worklist(c.Request().Context(), CurrentUser(c), q.Query, lang(c))
	if err != nil {
		return err
	}
	return ok(c, pageAnswer{List: items, Total: total, PageSize: pg.size, CurrentPage: pg.current})
}
