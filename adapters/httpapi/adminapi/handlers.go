package adminapi

import (
	"formwork/adapters/httpapi/kit"
	"formwork/engine"
	"formwork/identity/useradmin"
	"formwork/logbook"
	"formwork/masterdata"

	"github.com/labstack/echo/v4"
)

const (
	userExample     = `{"username":"lisi","empName":"李四","empId":"E00009","compId":"1000","roles":["employee"],"active":true}`
	passwordExample = `{"password":"Secret2024","passwordConfirm":"Secret2024"}`
)

// listUsers: GET /api/formwork/admin/users?q=&status=&role=&page=&pageSize=.
func (h *Handlers) listUsers(c echo.Context) error {
	q := useradmin.Query{Q: c.QueryParam("q"), Status: c.QueryParam("status"), Role: c.QueryParam("role")}
	var err error
	if q.Page, q.PageSize, err = paging(c); err != nil {
		return err
	}
	page, err := h.users.List(c.Request().Context(), q)
	if err != nil {
		return refusal(c, err)
	}
	return kit.OK(c, page)
}

// getUser: GET /api/formwork/admin/users/:username.
func (h *Handlers) getUser(c echo.Context) error {
	name := usernameParam(c)
	u, err := h.users.Get(c.Request().Context(), name)
	if err != nil {
		return err
	}
	if u == nil {
		shown := engine.Clip(name, 64)
		return engine.Refuse(engine.ENOTFOUND, "username", engine.Text{"zh": "用户" + shown + "不存在", "en": "there is no user " + shown, "th": "ไม่มีผู้ใช้ " + shown})
	}
	return kit.OK(c, u)
}

// createUser: POST /api/formwork/admin/users (201).
func (h *Handlers) createUser(c echo.Context) error {
	var in useradmin.AccountInput
	if err := kit.ReadJSON(c, &in, true, userExample); err != nil {
		return err
	}
	u, err := h.users.Create(c.Request().Context(), kit.CurrentUser(c).Username(), in)
	if err != nil {
		return refusal(c, err)
	}
	return kit.Created(c, u)
}

// updateUser: PUT /api/formwork/admin/users/:username.
func (h *Handlers) updateUser(c echo.Context) error {
	var in useradmin.AccountInput
	if err := kit.ReadJSON(c, &in, true, userExample); err != nil {
		return err
	}
	u, err := h.users.Update(c.Request().Context(), kit.CurrentUser(c).Username(), usernameParam(c), in)
	if err != nil {
		return refusal(c, err)
	}
	return kit.OK(c, u)
}

// PasswordReset is the answer of a password reset: whose, and that their
// sessions ended. It never holds the password.
type PasswordReset struct {
	Username      string `json:"username"`
	SessionsEnded bool   `json:"sessionsEnded"`
}

// resetPassword: POST /api/formwork/admin/users/:username/password.
func (h *Handlers) resetPassword(c echo.Context) error {
	var in useradmin.PasswordInput
	if err := kit.ReadJSON(c, &in, true, passwordExample); err != nil {
		return err
	}
	name := usernameParam(c)
	if err := h.users.ResetPassword(c.Request().Context(), kit.CurrentUser(c).Username(), name, in); err != nil {
		return refusal(c, err)
	}
	return kit.OK(c, PasswordReset{Username: name, SessionsEnded: true})
}

// listRoles: GET /api/formwork/admin/roles.
func (h *Handlers) listRoles(c echo.Context) error {
	roles, err := h.users.Roles(c.Request().Context())
	if err != nil {
		return err
	}
	return kit.OK(c, roles)
}

// listLogs: GET /api/formwork/logs?kind=&user=&from=&to=&q=&page=&pageSize=.
func (h *Handlers) listLogs(c echo.Context) error {
	f := logbook.Filter{Kind: c.QueryParam("kind"), User: c.QueryParam("user"), From: c.QueryParam("from"), To: c.QueryParam("to"),
		Text: c.QueryParam("q")}
	var err error
	if f.Page, f.PageSize, err = paging(c); err != nil {
		return err
	}
	page, err := h.logs.List(c.Request().Context(), f)
	if err != nil {
		return refusal(c, err)
	}
	return kit.OK(c, page)
}

// board: GET /api/formwork/admin/masterdata/board.
func (h *Handlers) board(c echo.Context) error {
	rows, err := h.audit.Board(c.Request().Context(), actorOf(c))
	if err != nil {
		return err
	}
	return kit.OK(c, rows)
}

// changes: GET /api/formwork/admin/masterdata/changes?type=&key=&page=&pageSize=.
func (h *Handlers) changes(c echo.Context) error {
	q := masterdata.EventQuery{Type: c.QueryParam("type"), Key: c.QueryParam("key")}
	var err error
	if q.Page, q.PageSize, err = paging(c); err != nil {
		return err
	}
	page, err := h.audit.Changes(c.Request().Context(), actorOf(c), q)
	if err != nil {
		return err
	}
	return kit.OK(c, page)
}
