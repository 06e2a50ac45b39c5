// Package advanceapi is the HTTP handlers of the user's advances (MY00010
// 我的借款/预付/预提): the list and an advance's movements. Handlers parse,
// call one use case of the advances service and answer; the rules live in
// the advances package.
package advanceapi

import (
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/advances"

	"github.com/labstack/echo/v4"
)

// API is the advances' handlers.
type API struct{ advances *advances.Service }

// New builds the handlers on the advances service.
func New(s *advances.Service) *API { return &API{advances: s} }

// Routes are the advances' routes: everyone with the menu MY00010.
func (a *API) Routes() []kit.Route {
	access := kit.Menu("MY00010")
	return []kit.Route{
		{Method: "GET", Path: "/api/formwork/advances", Access: access, Handle: a.list},
		{Method: "GET", Path: "/api/formwork/advances/:businessId/movements", Access: access, Handle: a.movements},
	}
}

// list: GET /api/formwork/advances?kind=&status=
func (a *API) list(c echo.Context) error {
	rows, err := a.advances.List(c.Request().Context(), kit.CurrentUser(c).Username(),
		strings.TrimSpace(c.QueryParam("kind")), strings.TrimSpace(c.QueryParam("status")))
	if err != nil {
		return err
	}
	out := make([]contract.AdvanceView, len(rows))
	for i, r := range rows {
		out[i] = contract.ViewOfAdvance(r)
	}
	return kit.OK(c, out)
}

// movements: GET /api/formwork/advances/:businessId/movements
func (a *API) movements(c echo.Context) error {
	lines, moves, err := a.advances.Movements(c.Request().Context(), kit.CurrentUser(c).Username(), strings.TrimSpace(c.Param("businessId")))
	if err != nil {
		return err
	}
	if moves == nil {
		moves = []advances.Movement{}
	}
	out := contract.AdvanceMovements{Advance: contract.ViewOfAdvance(advances.Total(lines)), Movements: moves}
	if len(lines) > 1 || lines[0].Item != "" {
		for _, l := range lines {
			out.Lines = append(out.Lines, contract.ViewOfAdvance(l))
		}
	}
	return kit.OK(c, out)
}
