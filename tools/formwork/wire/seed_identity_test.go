package wire_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/tools/formwork/wire"

	"golang.org/x/crypto/bcrypt"
)

// The seeds: serve loads identities first, then the demo documents, each
// made by its reimburser; broken seeds are errors that name the problem and
// load nothing.

func TestSeedLoadsIdentitiesThenDocuments(t *testing.T) {
	db := openSQLite(t)
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: db, PasswordCost: bcrypt.MinCost})
	seeds := os.DirFS(filepath.Join("..", "..", "..", "seeds"))
	got, err := srv.Seed(context.Background(), seeds)
	if err != nil {
		t.Fatal(err)
	}
	if got.Identity.Users != 4 || got.Identity.Roles != 4 || got.Identity.Menus < 200 || got.Documents != 5 {
		t.Errorf("seeded %+v, want 4 users, 4 roles, the menus and 5 documents", got)
	}
	var makers []string
	db.Table("documents").Order("business_id").Pluck("create_by", &makers)
	if strings.Join(makers, " ") != "employee01 employee01 employee01 employee01 employee01" {
		t.Errorf("makers of the demo documents: %v", makers)
	}
	logins := srv.DemoLogins(context.Background(), seeds)
	if got, want := strings.Join(logins, "\n"), "employee01 / demo123 / employee\nmanager01  / demo123 / approver\nfinance01  / demo123 / finance, approver\nadmin      / demo123 / admin"; got != want {
		t.Errorf("demo logins:\n%s\nwant:\n%s", got, want)
	}
	again, err := srv.Seed(context.Background(), seeds)
	if err != nil || again.Identity.Users != 0 || again.Documents != 0 {
		t.Errorf("a second start seeded %+v (%v), want nothing", again, err)
	}
	db.Table("users").Where("username = ?", "manager01").Update("password_hash", "$2a$04$changed")
	if logins := srv.DemoLogins(context.Background(), seeds); len(logins) != 3 {
		t.Errorf("a changed password is still printed: %v", logins)
	}
}

func TestBrokenIdentitySeeds(t *testing.T) {
	menus := "current:\n  - {code: YG, title: {zh: 员工报销, en: Employee}, path: /YG, items: [[YG00001, 员工报销, Claim]]}\n"
	user := "users:\n  - {username: u1, password: p, roles: [employee]}\n"
	role := func(menu string) string {
		return "roles:\n  - {id: employee, title: {zh: 员工, en: Employee}, documents: own, menus: [" + menu + "]}\n"
	}
	for name, c := range map[string]struct{ menus, users, want string }{
		"an unknown menu in a role":  {menus, role("XX") + user, `role employee names menu "XX"`},
		"an unknown role of a user":  {menus, role("YG") + "users:\n  - {username: u1, roles: [boss]}\n", `has role "boss"`},
		"a menu code used twice":     {menus + "  - {code: YG00001, title: {zh: x, en: x}, path: /X}\n", role("YG"), `menu code "YG00001" is empty or used twice`},
		"a misspelt key":             {menus, role("YG") + "users:\n  - {usrname: u1}\n", "field usrname not found"},
		"a bad document scope":       {menus, "roles:\n  - {id: e, title: {zh: e, en: e}, documents: mine, menus: [YG]}\n", `documents must be own, company or all, not "mine"`},
		"a delegation of a stranger": {menus, role("YG") + user + "delegations:\n  - {authorBy: u1, authorTo: u9, authorStatus: \"1\", activeFrom: 2026-01-01, activeTo: 2026-12-31}\n", "names an unknown user"},
	} {
		t.Run(name, func(t *testing.T) {
			db := openSQLite(t)
			srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: db, PasswordCost: bcrypt.MinCost})
			_, err := srv.SeedIdentity(context.Background(), fstest.MapFS{
				"menus.yaml": {Data: []byte(c.menus)}, "users.yaml": {Data: []byte(c.users)},
			})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			var n int64
			db.Table("menu_items").Count(&n)
			if n != 0 {
				t.Errorf("%d menu items loaded from broken seeds, want none", n)
			}
		})
	}
}
