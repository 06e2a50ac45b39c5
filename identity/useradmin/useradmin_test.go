package useradmin

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"formwork/engine"
	"formwork/identity"
)

// fakeStore keeps users, their grants, the roles and the events in memory.
type fakeStore struct {
	users     map[string]identity.User
	companies map[string][]string
	roles     map[string][]string // username -> role ids
	defs      map[string]identity.Role
	grants    map[string][]string // role id -> menu codes
	events    []Event
	ended     []string
	// raceSave moves a user's version on just before SaveUser, as another
	// administrator's change would.
	raceSave bool
}

func newFake() *fakeStore {
	return &fakeStore{
		users:     map[string]identity.User{"admin": {Username: "admin", EmpName: "Admin", CompanyCode: "1000", Status: identity.StatusActive, Version: 1}},
		companies: map[string][]string{"admin": {"1000"}},
		roles:     map[string][]string{"admin": {"admin"}},
		defs: map[string]identity.Role{"admin": {ID: "admin", AllMenus: true, DocumentScope: identity.ScopeAll},
			"employee": {ID: "employee", DocumentScope: identity.ScopeOwn}, "finance": {ID: "finance", DocumentScope: identity.ScopeCompany}},
		grants: map[string][]string{"employee": {"MY", "MY00001"}},
	}
}

// fakeMenus is a current tree of two groups and a legacy group.
var fakeMenus = []identity.MenuItem{
	{Variant: identity.MenuCurrent, Code: "MY"}, {Variant: identity.MenuCurrent, Code: "MY00001", ParentCode: "MY"},
	{Variant: identity.MenuCurrent, Code: "MY00003", ParentCode: "MY"},
	{Variant: identity.MenuCurrent, Code: "cfg"}, {Variant: identity.MenuCurrent, Code: "userManage", ParentCode: "cfg"},
	{Variant: identity.MenuCurrent, Code: "logQuery", ParentCode: "cfg"}, {Variant: identity.MenuLegacy, Code: "payables"},
}

func (f *fakeStore) User(_ context.Context, u string) (*identity.User, error) {
	if x, ok := f.users[u]; ok {
		return &x, nil
	}
	return nil, nil
}
func (f *fakeStore) UserCompanies(_ context.Context, u string) ([]string, error) {
	return f.companies[u], nil
}
func (f *fakeStore) UserRoles(_ context.Context, u string) ([]identity.Role, error) {
	var out []identity.Role
	for _, r := range f.roles[u] {
		out = append(out, f.defs[r])
	}
	return out, nil
}
func (f *fakeStore) SearchUsers(_ context.Context, q Query) (int64, []identity.User, error) {
	var all []identity.User
	for _, u := range f.users {
		if strings.Contains(u.Username+u.EmpName, q.Q) {
			all = append(all, u)
		}
	}
	slices.SortFunc(all, func(a, b identity.User) int { return strings.Compare(a.Username, b.Username) })
	from := min((q.Page-1)*q.PageSize, len(all))
	return int64(len(all)), all[from:min(from+q.PageSize, len(all))], nil
}
func (f *fakeStore) Roles(context.Context) ([]identity.Role, error) {
	var out []identity.Role
	for _, r := range f.defs {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b identity.Role) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}
func (f *fakeStore) RoleMenuCodes(context.Context) (map[string][]string, error) {
	return f.grants, nil
}
func (f *fakeStore) SaveUser(_ context.Context, ch Change) error {
	had, exists := f.users[ch.User.Username]
	switch {
	case ch.Create && exists:
		return ErrExists
	case !ch.Create && !exists:
		return ErrNotFound
	case !ch.Create && (had.Version != ch.Version || f.raceSave):
		return ErrStale
	}
	f.users[ch.User.Username] = ch.User
	f.companies[ch.User.Username], f.roles[ch.User.Username] = ch.Companies, ch.Roles
	f.events = append(f.events, ch.Event)
	return nil
}
func (f *fakeStore) SetPassword(_ context.Context, u, hash string, ev Event) error {
	x, ok := f.users[u]
	if !ok {
		return ErrNotFound
	}
	x.PasswordHash = hash
	f.users[u] = x
	f.ended = append(f.ended, u)
	f.events = append(f.events, ev)
	return nil
}
func (f *fakeStore) Menus(context.Context) ([]identity.MenuItem, error) { return fakeMenus, nil }
func (f *fakeStore) RoleHolders(_ context.Context, id string) ([]string, error) {
	var out []string
	for u, rs := range f.roles {
		if slices.Contains(rs, id) {
			out = append(out, u)
		}
	}
	slices.Sort(out)
	return out, nil
}
func (f *fakeStore) SaveRole(_ context.Context, ch RoleChange) error {
	_, exists := f.defs[ch.Role.ID]
	switch {
	case ch.Create && exists:
		return ErrExists
	case !ch.Create && !exists:
		return ErrNotFound
	}
	f.defs[ch.Role.ID], f.grants[ch.Role.ID] = ch.Role, ch.Menus
	f.events = append(f.events, ch.Event)
	return nil
}
func (f *fakeStore) DeleteRole(ctx context.Context, id string, ev Event) error {
	if _, ok := f.defs[id]; !ok {
		return ErrNotFound
	}
	if held, _ := f.RoleHolders(ctx, id); len(held) > 0 {
		return ErrHeld
	}
	delete(f.defs, id)
	delete(f.grants, id)
	f.events = append(f.events, ev)
	return nil
}

type forgetful struct{ forgotten []string }

func (f *forgetful) Forget(u ...string) { f.forgotten = append(f.forgotten, u...) }

func newService(store *fakeStore, forget *forgetful) *Service {
	return NewService(store, forget, Config{PasswordCost: 4, Now: func() time.Time { return time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) },
		CompanyExists: func(_ context.Context, code string) (bool, error) { return code == "1000" || code == "2000", nil }})
}

// refusedAt is the path and English message of an engine refusal.
func refusedAt(t *testing.T, err error) (string, string) {
	t.Helper()
	var ee *engine.Error
	if !errors.As(err, &ee) {
		t.Fatalf("want a refusal, got %v", err)
	}
	return ee.Path, ee.In("en")
}

func active(b bool) *bool { return &b }

func TestCreateAndChangeUsers(t *testing.T) {
	store, forget := newFake(), &forgetful{}
	svc := newService(store, forget)
	ctx := context.Background()
	in := AccountInput{Username: " LiSi ", EmpName: "李四", CompanyCode: "1000", Companies: []string{"2000", "1000", " "}, Roles: []string{"finance", "employee", "finance"}}
	got, err := svc.Create(ctx, "admin", in)
	if err != nil {
		t.Fatal(err)
	}
	if got.Username != "lisi" || !got.Active || got.HasPassword || strings.Join(got.Roles, ",") != "employee,finance" || strings.Join(got.Companies, ",") != "1000,2000" {
		t.Errorf("created %+v", got)
	}
	if ev := store.events[0]; ev.Actor != "admin" || ev.Action != ActionCreate || ev.Subject != "lisi" || !strings.Contains(ev.Detail, "roles=employee,finance") {
		t.Errorf("event %+v", ev)
	}
	if !slices.Contains(forget.forgotten, "lisi") {
		t.Error("the identity cache is not told")
	}
	changed, err := svc.Update(ctx, "admin", "lisi", AccountInput{EmpName: "李四四", CompanyCode: "1000", Roles: []string{"employee"}, Active: active(false), Version: 1})
	if err != nil {
		t.Fatal(err)
	}
	if changed.Active || changed.EmpName != "李四四" || strings.Join(changed.Roles, ",") != "employee" {
		t.Errorf("changed %+v", changed)
	}
	if d := store.events[1].Detail; !strings.Contains(d, "empName: 李四 → 李四四") || !strings.Contains(d, "status: 1 → 0") || !strings.Contains(d, "roles: employee,finance → employee") {
		t.Errorf("update detail %q", d)
	}
	page, err := svc.List(ctx, Query{Q: "li", PageSize: 1})
	if err != nil || page.Total != 1 || page.Rows[0].Username != "lisi" {
		t.Errorf("list: %+v %v", page, err)
	}
}

func TestUserRefusals(t *testing.T) {
	store := newFake()
	svc := newService(store, &forgetful{})
	ctx := context.Background()
	good := AccountInput{Username: "wangwu", EmpName: "王五", CompanyCode: "1000", Roles: []string{"employee"}}
	if _, err := svc.Create(ctx, "admin", good); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		err       error
		path, msg string
	}{
		{"duplicate", second(svc.Create(ctx, "admin", good)), "username", "exists already"},
		{"unknown role", second(svc.Create(ctx, "admin", with(good, func(in *AccountInput) { in.Username, in.Roles = "x1", []string{"employee", "boss"} }))), "roles[1]", "there is no role boss"},
		{"no role", second(svc.Create(ctx, "admin", with(good, func(in *AccountInput) { in.Username, in.Roles = "x2", nil }))), "roles", "at least one role"},
		{"bad username", second(svc.Create(ctx, "admin", with(good, func(in *AccountInput) { in.Username = "li si" }))), "username", "lower-case letters"},
		{"unknown company", second(svc.Create(ctx, "admin", with(good, func(in *AccountInput) { in.Username, in.CompanyCode = "x3", "9999" }))), "compId", "Company 9999 does not exist"},
		{"unknown further company", second(svc.Create(ctx, "admin", with(good, func(in *AccountInput) { in.Username, in.Companies = "x6", []string{"2000", "8888"} }))), "companies[1]", "Company 8888 does not exist"},
		{"no name", second(svc.Create(ctx, "admin", with(good, func(in *AccountInput) { in.Username, in.EmpName = "x4", " " }))), "empName", "enter the name"},
		{"weak first password", second(svc.Create(ctx, "admin", with(good, func(in *AccountInput) { in.Username, in.Password, in.PasswordConfirm = "x5", "short1", "short1" }))), "password", "at least 8 characters"},
		{"deactivate oneself", second(svc.Update(ctx, "admin", "admin", AccountInput{EmpName: "Admin", CompanyCode: "1000", Roles: []string{"admin"}, Active: active(false), Version: 1})), "active", "your own account"},
		{"no version", second(svc.Update(ctx, "admin", "wangwu", with(good, func(in *AccountInput) { in.Username = "" }))), "version", "send the version"},
		{"stale version", second(svc.Update(ctx, "admin", "wangwu", with(good, func(in *AccountInput) { in.Username, in.Version = "", 7 }))), "version", "changed meanwhile"},
		{"rename", second(svc.Update(ctx, "admin", "wangwu", with(good, func(in *AccountInput) { in.Username = "wang6" }))), "username", "cannot be changed"},
		{"password by update", second(svc.Update(ctx, "admin", "wangwu", with(good, func(in *AccountInput) { in.Username, in.Password = "", "Secret2024" }))), "password", "reset password"},
		{"no such user", second(svc.Update(ctx, "admin", "nobody", good)), "username", "there is no user nobody"},
	}
	for _, c := range cases {
		path, msg := refusedAt(t, c.err)
		if path != c.path || !strings.Contains(msg, c.msg) {
			t.Errorf("%s: refused at %q with %q, want %q with %q", c.name, path, msg, c.path, c.msg)
		}
	}
	if len(store.events) != 1 {
		t.Errorf("%d events, want only the one good create", len(store.events))
	}
}

func TestResetPassword(t *testing.T) {
	store := newFake()
	svc := newService(store, &forgetful{})
	ctx := context.Background()
	for _, c := range []struct{ pw, confirm, path, msg string }{
		{"abcdefgh", "abcdefgh", "password", "letters and digits"},
		{"12345678", "12345678", "password", "letters and digits"},
		{"Admin2024x", "Admin2024x", "password", "does not contain the username"},
		{"Short1", "Short1", "password", "at least 8"},
		{strings.Repeat("a1", 40), strings.Repeat("a1", 40), "password", "72 bytes"},
		{"Secret2024", "Secret2025", "passwordConfirm", "differ"},
	} {
		path, msg := refusedAt(t, svc.ResetPassword(ctx, "admin", "admin", PasswordInput{c.pw, c.confirm}))
		if path != c.path || !strings.Contains(msg, c.msg) {
			t.Errorf("%q/%q: refused at %q with %q", c.pw, c.confirm, path, msg)
		}
	}
	if err := svc.ResetPassword(ctx, "admin", "admin", PasswordInput{"Secret2024", "Secret2024"}); err != nil {
		t.Fatal(err)
	}
	if !identity.PasswordMatches(store.users["admin"].PasswordHash, "Secret2024") || len(store.ended) != 1 {
		t.Errorf("the password is not set as login expects, or the sessions did not end (%v)", store.ended)
	}
	if ev := store.events[0]; ev.Action != ActionResetPassword || strings.Contains(ev.Detail, "Secret2024") {
		t.Errorf("event %+v", ev)
	}
	roles, err := svc.Roles(ctx)
	if err != nil || len(roles) != 3 || strings.Join(roles[1].Menus, ",") != "MY,MY00001" || roles[2].Menus == nil {
		t.Errorf("roles %+v %v", roles, err)
	}
}

func second[T any](_ T, err error) error { return err }

func with(in AccountInput, edit func(*AccountInput)) AccountInput {
	edit(&in)
	return in
}

func TestStaleUserUpdate(t *testing.T) {
	store := newFake()
	svc := newService(store, &forgetful{})
	ctx := context.Background()
	in := AccountInput{Username: "zhao", EmpName: "赵", CompanyCode: "1000", Roles: []string{"employee"}}
	made, err := svc.Create(ctx, "admin", in)
	if err != nil || made.Version != 1 {
		t.Fatalf("created %+v %v", made, err)
	}
	in.Username, in.Version, in.EmpName = "", made.Version, "赵一"
	first, err := svc.Update(ctx, "admin", "zhao", in)
	if err != nil || first.Version != 2 || first.EmpName != "赵一" {
		t.Fatalf("first update %+v %v", first, err)
	}
	// a second administrator who read version 1 is refused, the user keeps the first change
	in.EmpName = "赵二"
	var ee *engine.Error
	if _, err := svc.Update(ctx, "admin", "zhao", in); !errors.As(err, &ee) || ee.Code != engine.ECONFLICT || ee.Path != "version" {
		t.Fatalf("stale update: %v", err)
	}
	if store.users["zhao"].EmpName != "赵一" {
		t.Errorf("the stale update was stored: %+v", store.users["zhao"])
	}
	// a change that slips in between the read and the write is refused by the store and said the same way
	in.Version, store.raceSave = 2, true
	if _, err := svc.Update(ctx, "admin", "zhao", in); !errors.As(err, &ee) || ee.Code != engine.ECONFLICT || ee.Path != "version" {
		t.Fatalf("raced update: %v", err)
	}
	if n := len(store.events); n != 2 {
		t.Errorf("%d events, want create and one update", n)
	}
}

func TestRoles(t *testing.T) {
	store, forget := newFake(), &forgetful{}
	svc := newService(store, forget)
	ctx := context.Background()
	made, err := svc.CreateRole(ctx, "admin", RoleInput{ID: "auditor", Title: engine.Text{"zh": " 审计 ", "en": "Auditor", "th": "ผู้ตรวจสอบ"},
		DocumentScope: identity.ScopeCompany, Menus: []string{"MY", "cfg"}, Except: []string{"MY00003", "userManage"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(made.Menus, ",") != "MY,MY00001,cfg,logQuery" || made.Title["zh"] != "审计" || len(made.Holders) != 0 {
		t.Errorf("created %+v", made)
	}
	if ev := store.events[0]; ev.Action != ActionCreateRole || ev.Subject != "role:auditor" || ev.Kind != KindUser ||
		!strings.Contains(ev.Detail, "menus+=MY,MY00001,cfg,logQuery") {
		t.Errorf("event %+v", ev)
	}
	// a holder is forgotten by the identity cache when the role changes
	if _, err := svc.Create(ctx, "admin", AccountInput{Username: "sun", EmpName: "孙", CompanyCode: "1000", Roles: []string{"auditor"}}); err != nil {
		t.Fatal(err)
	}
	forget.forgotten = nil
	changed, err := svc.UpdateRole(ctx, "admin", "auditor", RoleInput{Title: engine.Text{"zh": "审计员"}, DocumentScope: identity.ScopeAll,
		Menus: []string{"MY00001", "logQuery"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(changed.Menus, ",") != "MY00001,logQuery" || changed.DocumentScope != identity.ScopeAll || strings.Join(changed.Holders, ",") != "sun" {
		t.Errorf("changed %+v", changed)
	}
	if strings.Join(forget.forgotten, ",") != "sun" {
		t.Errorf("forgotten %v, want sun", forget.forgotten)
	}
	if d := store.events[len(store.events)-1].Detail; !strings.Contains(d, "title.zh: 审计 → 审计员") || !strings.Contains(d, "menus-=MY,cfg") ||
		!strings.Contains(d, "documentScope: company → all") {
		t.Errorf("update detail %q", d)
	}
	events := len(store.events)
	cases := []struct {
		name      string
		err       error
		path, msg string
	}{
		{"unknown menu", second(svc.CreateRole(ctx, "admin", RoleInput{ID: "x", Title: engine.Text{"zh": "X"}, DocumentScope: "own", Menus: []string{"MY", "NOPE"}})), "menus[1]", "there is no menu NOPE"},
		{"unknown except", second(svc.CreateRole(ctx, "admin", RoleInput{ID: "x", Title: engine.Text{"zh": "X"}, DocumentScope: "own", Menus: []string{"MY"}, Except: []string{"payables"}})), "except[0]", "there is no menu payables"},
		{"no menu", second(svc.CreateRole(ctx, "admin", RoleInput{ID: "x", Title: engine.Text{"zh": "X"}, DocumentScope: "own", Menus: []string{"MY"}, Except: []string{"MY"}})), "menus", "at least one menu"},
		{"bad id", second(svc.CreateRole(ctx, "admin", RoleInput{ID: "Bad id", Title: engine.Text{"zh": "X"}, DocumentScope: "own", Menus: []string{"MY"}})), "id", "lower-case letter"},
		{"no title", second(svc.CreateRole(ctx, "admin", RoleInput{ID: "x", Title: engine.Text{"en": "X"}, DocumentScope: "own", Menus: []string{"MY"}})), "title.zh", "Chinese"},
		{"bad scope", second(svc.CreateRole(ctx, "admin", RoleInput{ID: "x", Title: engine.Text{"zh": "X"}, DocumentScope: "mine", Menus: []string{"MY"}})), "documentScope", "own, company or all"},
		{"exists", second(svc.CreateRole(ctx, "admin", RoleInput{ID: "employee", Title: engine.Text{"zh": "X"}, DocumentScope: "own", Menus: []string{"MY"}})), "id", "exists already"},
		{"rename", second(svc.UpdateRole(ctx, "admin", "auditor", RoleInput{ID: "audit2", Title: engine.Text{"zh": "X"}, DocumentScope: "own", Menus: []string{"MY"}})), "id", "cannot be changed"},
		{"no such role", second(svc.UpdateRole(ctx, "admin", "nope", RoleInput{Title: engine.Text{"zh": "X"}, DocumentScope: "own", Menus: []string{"MY"}})), "id", "there is no role nope"},
		{"lock oneself out", second(svc.UpdateRole(ctx, "admin", "admin", RoleInput{Title: engine.Text{"zh": "管理员"}, DocumentScope: "all", Menus: []string{"MY"}})), "menus", "no longer open user management"},
		{"delete held", svc.DeleteRole(ctx, "admin", "auditor"), "id", "these users hold it: sun"},
		{"delete unknown", svc.DeleteRole(ctx, "admin", "nope"), "id", "there is no role nope"},
	}
	for _, c := range cases {
		path, msg := refusedAt(t, c.err)
		if path != c.path || !strings.Contains(msg, c.msg) {
			t.Errorf("%s: refused at %q with %q, want %q with %q", c.name, path, msg, c.path, c.msg)
		}
	}
	if len(store.events) != events {
		t.Errorf("refusals recorded %d events", len(store.events)-events)
	}
	// the admin role may change while it keeps user management
	if _, err := svc.UpdateRole(ctx, "admin", "admin", RoleInput{Title: engine.Text{"zh": "管理员"}, DocumentScope: "all", Menus: []string{"cfg"}}); err != nil {
		t.Errorf("admin keeps userManage through cfg: %v", err)
	}
	// once nobody holds it, the role goes
	if _, err := svc.Update(ctx, "admin", "sun", AccountInput{EmpName: "孙", CompanyCode: "1000", Roles: []string{"employee"}, Version: 1}); err != nil {
		t.Fatal(err)
	}
	if err := svc.DeleteRole(ctx, "admin", "auditor"); err != nil {
		t.Fatal(err)
	}
	if _, ok := store.defs["auditor"]; ok || store.events[len(store.events)-1].Action != ActionDeleteRole {
		t.Error("the role is still there, or its deletion is no event")
	}
}
