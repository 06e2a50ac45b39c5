// Package adminapi is the HTTP handlers of the configuration centre's
// administration pages: user management (userManage), the log query
// (logQuery), the master-data board (dataSync) and the master-data changes
// (dataModify). Each handler parses the request, calls one use case and
// answers; the route table (adapters/httpapi/routes.go) adds Routes.
package adminapi

import (
	"errors"
	"net/url"

	"formwork/adapters/httpapi/kit"
	"formwork/engine"
	"formwork/identity/useradmin"
	"formwork/logbook"
	"formwork/masterdata"
	"formwork/masterdata/audit"

	"github.com/labstack/echo/v4"
)

// Handlers are the administration handlers on their use cases.
type Handlers struct {
	users *useradmin.Service
	logs  *logbook.Service
	audit *audit.Service
}

// New builds the handlers; a nil service leaves its routes out.
func New(users *useradmin.Service, logs *logbook.Service, audit *audit.Service) *Handlers {
	return &Handlers{users: users, logs: logs, audit: audit}
}

// Paths of the administration routes.
const (
	UsersPath    = "/api/formwork/admin/users"
	UserPath     = "/api/formwork/admin/users/:username"
	PasswordPath = "/api/formwork/admin/users/:username/password"
	RolesPath    = "/api/formwork/admin/roles"
	RolePath     = "/api/formwork/admin/roles/:id"
	LogsPath     = "/api/formwork/logs"
	BoardPath    = "/api/formwork/admin/masterdata/board"
	ChangesPath  = "/api/formwork/admin/masterdata/changes"
)

// Routes are the administration routes with their access: each needs the
// menu of its page.
func (h *Handlers) Routes() []kit.Route {
	var out []kit.Route
	if h.users != nil {
		users := kit.Menu("userManage")
		out = append(out,
			kit.Route{Method: "GET", Path: UsersPath, Access: users, Handle: h.listUsers},
			kit.Route{Method: "POST", Path: UsersPath, Access: users, Handle: h.createUser},
			kit.Route{Method: "GET", Path: UserPath, Access: users, Handle: h.getUser},
			kit.Route{Method: "PUT", Path: UserPath, Access: users, Handle: h.updateUser},
			kit.Route{Method: "POST", Path: PasswordPath, Access: users, Handle: h.resetPassword},
			kit.Route{Method: "GET", Path: RolesPath, Access: users, Handle: h.listRoles},
			kit.Route{Method: "POST", Path: RolesPath, Access: users, Handle: h.createRole},
			kit.Route{Method: "GET", Path: RolePath, Access: users, Handle: h.getRole},
			kit.Route{Method: "PUT", Path: RolePath, Access: users, Handle: h.updateRole},
			kit.Route{Method: "DELETE", Path: RolePath, Access: users, Handle: h.deleteRole})
	}
	if h.logs != nil {
		out = append(out, kit.Route{Method: "GET", Path: LogsPath, Access: kit.Menu("logQuery"), Handle: h.listLogs})
	}
	if h.audit != nil {
		out = append(out,
			kit.Route{Method: "GET", Path: BoardPath, Access: kit.Menu("dataSync"), Handle: h.board},
			kit.Route{Method: "GET", Path: ChangesPath, Access: kit.Menu("dataModify"), Handle: h.changes})
	}
	return out
}

// FieldRefusal is the data of a refusal that concerns one field: its path
// in the request (username, roles[1], password, from).
type FieldRefusal struct {
	Path string `json:"path"`
}

// refusal answers a refused request with its message in the request's
// language and the field it concerns as data.
func refusal(c echo.Context, err error) error {
	var ee *engine.Error
	if errors.As(err, &ee) && ee.Path != "" {
		return kit.Fail(ee.Code, ee.Path, ee.In(kit.Lang(c)), FieldRefusal{Path: ee.Path})
	}
	return err
}

// paging reads page and pageSize.
func paging(c echo.Context) (page, size int, err error) {
	if page, err = kit.IntParam(c, "page"); err != nil {
		return 0, 0, err
	}
	size, err = kit.IntParam(c, "pageSize")
	return page, size, err
}

// usernameParam is the :username of the path, unescaped.
func usernameParam(c echo.Context) string { return pathParam(c, "username") }

// pathParam is a parameter of the path, unescaped.
func pathParam(c echo.Context, name string) string {
	v := c.Param(name)
	if u, err := url.PathUnescape(v); err == nil {
		return u
	}
	return v
}

// actorOf is the signed-in user as the master data knows them.
func actorOf(c echo.Context) masterdata.Actor {
	id := kit.CurrentUser(c)
	roles := make([]string, len(id.Roles))
	for i, r := range id.Roles {
		roles[i] = r.ID
	}
	return masterdata.Actor{Username: id.Username(), Roles: roles}
}
