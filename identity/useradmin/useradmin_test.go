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

// fakeStore keeps users, their grants and the events in memory.
type fakeStore struct {
	users     map[string]identity.User
	companies map[string][]string
	roles     map[string][]string
	events    []Event
	ended     []string
}

func newFake() *fakeStore {
	return &fakeStore{
		users:     map[string]identity.User{"admin": {Username: "admin", EmpName: "Admin", CompanyCode: "1000", Status: identity.StatusActive}},
		companies: map[string][]string{"admin": {"1000"}},
		roles:     map[string][]string{"admin": {"admin"}},
	}
}

var allRoles = []identity.Role{{ID: "admin", AllMenus: true}, {ID: "employee"}, {ID: "finance"}}

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
		out = append(out, identity.Role{ID: r})
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
func (f *fakeStore) Roles(context.Context) ([]identity.Role, error) { return allRoles, nil }
func (f *fakeStore) RoleMenuCodes(context.Context) (map[string][]string, error) {
	return map[string][]string{"employee": {"MY", "MY00001"}}, nil
}
func (f *fakeStore) SaveUser(_ context.Context, ch Change) error {
	_, exists := f.users[ch.User.Username]
	switch {
	case ch.Create && exists:
		return ErrExists
	case !ch.Create && !exists:
		return ErrNotFound
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
	changed, err := svc.Update(ctx, "admin", "lisi", AccountInput{EmpName: "李四四", CompanyCode: "1000", Roles: []string{"employee"}, Active: active(false)})
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
		{"deactivate oneself", second(svc.Update(ctx, "admin", "admin", AccountInput{EmpName: "Admin", CompanyCode: "1000", Roles: []string{"admin"}, Active: active(false)})), "active", "your own account"},
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
