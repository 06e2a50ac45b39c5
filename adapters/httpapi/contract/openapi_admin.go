package contract

import (
	"formwork/adapters/httpapi/adminapi"
	"formwork/identity/useradmin"
	"formwork/logbook"
	"formwork/masterdata/audit"
)

// The configuration centre's administration routes (adminapi), kept apart
// from apiDocs' literal so that areas add theirs without touching one map.
func init() {
	for route, d := range adminDocs {
		apiDocs[route] = d
	}
}

var adminDocs = map[string]apiDoc{
	"GET " + adminapi.UsersPath:     {Tag: "configuration", Summary: "A page of users with roles and companies (user management): q searches username, name, employee id and e-mail; status 1 or 0; role a role id. Never a password.", Query: []string{"q", "status", "role", "page", "pageSize"}, Response: useradmin.AccountPage{}},
	"POST " + adminapi.UsersPath:    {Tag: "configuration", Summary: "Create a user (201): username (never changed later), names, company, companies, roles (at least one, each existing), active; optionally a first password typed twice. 409 when the username exists, 422 naming the field when refused (data.path).", Request: useradmin.AccountInput{}, Response: useradmin.Account{}, Created: true, Refusals: refusedOrStale},
	"GET " + adminapi.UserPath:      {Tag: "configuration", Summary: "One user.", Response: useradmin.Account{}, Refusals: notFound},
	"PUT " + adminapi.UserPath:      {Tag: "configuration", Summary: "Change a user's names, company, companies, roles and status (not the username, not the password) at the version read (409 ECONFLICT at version when the user changed meanwhile); an administrator cannot deactivate themselves.", Request: useradmin.AccountInput{}, Response: useradmin.Account{}, Refusals: refusedOrStale},
	"POST " + adminapi.PasswordPath: {Tag: "configuration", Summary: "Set a user's new password, typed twice; it must follow the password rule. Every session of the user ends. The answer never holds the password.", Request: useradmin.PasswordInput{}, Response: adminapi.PasswordReset{}, Refusals: refused},
	"GET " + adminapi.RolesPath:     {Tag: "configuration", Summary: "Every role with the menu codes it grants and the users who hold it.", Response: []useradmin.RoleView{}},
	"POST " + adminapi.RolesPath:    {Tag: "configuration", Summary: "Create a role (201): id (never changed later), title (zh required), documentScope own, company or all, menus granted (a group grants its items) and except (taken away again), or allMenus. An unknown menu code is 422 at menus[i] or except[i]; 409 when the id exists. An audit event of user administration.", Request: useradmin.RoleInput{}, Response: useradmin.RoleView{}, Created: true, Refusals: refusedOrStale},
	"GET " + adminapi.RolePath:      {Tag: "configuration", Summary: "One role with its menus and holders.", Response: useradmin.RoleView{}, Refusals: notFound},
	"PUT " + adminapi.RolePath:      {Tag: "configuration", Summary: "Change a role's title, document scope and menus (not its id); its holders' menus change at their next request. An administrator cannot take user management away from themselves (422 at menus).", Request: useradmin.RoleInput{}, Response: useradmin.RoleView{}, Refusals: refused},
	"DELETE " + adminapi.RolePath:   {Tag: "configuration", Summary: "Delete a role no user holds; 409 naming the users who hold it.", Response: useradmin.RoleRemoved{}, Refusals: refusedOrStale},
	"GET " + adminapi.LogsPath:      {Tag: "configuration", Summary: "A page of the server's log, newest first: sign-ins, sign-in failures, lockouts, user administration, document transitions and master-data changes. kind one of signin, signinFailure, lockout, user, document, masterdata; user a username; from and to days (YYYY-MM-DD, both included); q text in the user, subject, action or detail.", Query: []string{"kind", "user", "from", "to", "q", "page", "pageSize"}, Response: logbook.LogPage{}},
	"GET " + adminapi.BoardPath:     {Tag: "configuration", Summary: "Every master-data type the user may read with its records, active records, revision and last change (master-data sync).", Response: []audit.MasterDataBoardRow{}},
	"GET " + adminapi.ChangesPath:   {Tag: "configuration", Summary: "A page of master-data changes, of a type or of every type, newest first, each with the fields it changed (data modification).", Query: []string{"type", "key", "page", "pageSize"}, Response: audit.MasterDataChangePage{}, Refusals: notFound},
}
