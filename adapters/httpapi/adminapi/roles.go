package adminapi

import (
	"formwork/adapters/httpapi/kit"
	"formwork/identity/useradmin"

	"github.com/labstack/echo/v4"
)

const roleExample = `{"id":"auditor","title":{"zh":"审计","en":"Auditor","th":"ผู้ตรวจสอบ"},"documentScope":"company","menus":["MY","cfg"],"except":["userManage"]}`

// createRole: POST /api/formwork/admin/roles (201).
func (h *Handlers) createRole(c echo.Context) error {
	var in useradmin.RoleInput
	if err := kit.ReadJSON(c, &in, true, roleExample); err != nil {
		return err
	}
	r, err := h.users.CreateRole(c.Request().Context(), kit.CurrentUser(c).Username(), in)
	if err != nil {
		return refusal(c, err)
	}
	return kit.Created(c, r)
}

// getRole: GET /api/formwork/admin/roles/:id.
func (h *Handlers) getRole(c echo.Context) error {
	id := pathParam(c, "id")
	r, err := h.users.Role(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if r == nil {
		return refusal(c, useradmin.NoSuchRole(id))
	}
	return kit.OK(c, r)
}

// updateRole: PUT /api/formwork/admin/roles/:id.
func (h *Handlers) updateRole(c echo.Context) error {
	var in useradmin.RoleInput
	if err := kit.ReadJSON(c, &in, true, roleExample); err != nil {
		return err
	}
	r, err := h.users.UpdateRole(c.Request().Context(), kit.CurrentUser(c).Username(), pathParam(c, "id"), in)
	if err != nil {
		return refusal(c, err)
	}
	return kit.OK(c, r)
}

// deleteRole: DELETE /api/formwork/admin/roles/:id.
func (h *Handlers) deleteRole(c echo.Context) error {
	id := pathParam(c, "id")
	if err := h.users.DeleteRole(c.Request().Context(), kit.CurrentUser(c).Username(), id); err != nil {
		return refusal(c, err)
	}
	return kit.OK(c, useradmin.RoleRemoved{ID: id, Removed: true})
}
