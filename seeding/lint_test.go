package seeding_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"formwork/engine"
	"formwork/seeding"
)

var (
	realOnce sync.Once
	realCat  *engine.Catalogue
	realErr  error
)

func realMenu(t *testing.T) *engine.Menu {
	t.Helper()
	realOnce.Do(func() { realCat, realErr = engine.Load(os.DirFS("..")) })
	if realErr != nil {
		t.Fatal(realErr)
	}
	return realCat.Menu
}

func errorsOf(ps []engine.Problem) []string {
	var out []string
	for _, p := range ps {
		if p.Severity != "note" {
			out = append(out, p.String())
		}
	}
	return out
}

// The seeds of the repository: every menu code maps to a page, every
// approver holds the to-do and done lists (finance01 approves company 1000's
// claims up to 10,000 at the second step).
func TestLintRealSeeds(t *testing.T) {
	if errs := errorsOf(seeding.Lint(os.DirFS(filepath.Join("..", "seeds")), realMenu(t))); len(errs) > 0 {
		t.Errorf("seeds lint:\n%s", strings.Join(errs, "\n"))
	}
}

const lintUsers = `
roles:
  - {id: employee, title: {zh: 员工, en: Employee}, documents: own, menus: [MY, main, YG], except: [MY00003, MY00004, backlog, haveDone]}
  - {id: approver, title: {zh: 审批人, en: Approver}, documents: own, menus: [MY, main]}
  - {id: admin, title: {zh: 管理员, en: Admin}, documents: all, menus: ["*"]}
users:
  - {username: emp, password: x, roles: [employee]}
  - {username: boss, password: x, roles: [employee, approver]}
  - {username: root, password: x, roles: [admin]}
`

const lintMenus = `
current:
  - code: MY
    title: {zh: 我的, en: Mine}
    path: /MY
    items:
      - [MY00003, 待我审批, Pending]
      - [MY00004, 我已审批, Approved]
  - code: main
    title: {zh: 我的报账, en: Mine}
    path: /main
    items:
      - [backlog, 待办, To-do]
      - [haveDone, 已办, Done]
  - code: YG
    title: {zh: 员工报销, en: Employee}
    path: /YG
    open: {view: formList, by: docType}
    items:
      - [YG00001, 员工报销, Employee claims]
      - [BE, 员工费用报销, Employee expense claim]
`

func TestLintSeeds(t *testing.T) {
	tests := []struct {
		name             string
		menus, approvers string
		want             string // a line of the errors; "" for none
	}{
		{name: "fine", menus: lintMenus, approvers: "approvers:\n  - {task1Approver: boss, task2Approver: root}\n"},
		{name: "dangling code", menus: lintMenus + "  - code: SL\n    title: {zh: 差旅, en: Travel}\n    path: /SL\n    items:\n      - [SL99999, 无, Nothing]\n",
			want: "seeds/menus.yaml:26:1: menu code SL99999 of group SL maps to nothing in schemas/_menu.yaml"},
		{name: "group names a missing type", menus: lintMenus + "      - [NOPE, 无, Nothing]\n",
			want: "seeds/menus.yaml:22:1: menu group YG lists NOPE, which is neither a document type of its group nor a page in schemas/_menu.yaml"},
		{name: "type of another group", menus: lintMenus + "      - [AA, 预付款, Prepayment]\n",
			want: "menu group YG lists AA"},
		{name: "approver without the to-do list", menus: lintMenus, approvers: "approvers:\n  - {task1Approver: boss, task2Approver: emp}\n",
			want: "seeds/users.yaml: emp can be assigned an approval task (approvers.yaml row 1) but no role of theirs holds the to-do and done lists"},
		{name: "approver who is no user", menus: lintMenus, approvers: "approvers:\n  - {task1Approver: ghost}\n",
			want: "approver row 1 names ghost, who is no user of users.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"menus.yaml": {Data: []byte(tt.menus)}, "users.yaml": {Data: []byte(lintUsers)}}
			if tt.approvers != "" {
				fsys["approvers.yaml"] = &fstest.MapFile{Data: []byte(tt.approvers)}
			}
			errs := errorsOf(seeding.Lint(fsys, realMenu(t)))
			if tt.want == "" {
				if len(errs) > 0 {
					t.Errorf("want no errors, got\n%s", strings.Join(errs, "\n"))
				}
				return
			}
			if len(errs) != 1 || !strings.Contains(errs[0], tt.want) {
				t.Errorf("want one error containing %q, got\n%s", tt.want, strings.Join(errs, "\n"))
			}
		})
	}
}
