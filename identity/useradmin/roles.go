package useradmin

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"formwork/engine"
	"formwork/identity"
)

// Roles are edited here as users are: an administrator creates a role,
// changes its title, document scope and menus, and deletes a role no user
// holds. Every change is an audit event of the user administration (kind
// user, subject "role:<id>"), and the identity cache forgets the holders of
// a changed role so that their menus change at their next request.

// RoleStore is the roles' part of Store.
type RoleStore interface {
	// Menus lists every menu item by variant, then display order.
	Menus(ctx context.Context) ([]identity.MenuItem, error)
	// RoleHolders lists the usernames that hold a role, sorted.
	RoleHolders(ctx context.Context, roleID string) ([]string, error)
	// SaveRole creates (ch.Create) or changes a role with exactly
	// ch.Menus, and records ch.Event, in one transaction. Creating an id
	// that exists is ErrExists; changing one that does not, ErrNotFound.
	SaveRole(ctx context.Context, ch RoleChange) error
	// DeleteRole removes a role and its menus and records ev, in one
	// transaction: ErrNotFound when there is no such role, ErrHeld when a
	// user holds it.
	DeleteRole(ctx context.Context, id string, ev Event) error
}

// RoleChange is a role created or changed with every menu code it grants
// afterwards (none for a role with AllMenus), and the event that says so.
type RoleChange struct {
	Create bool
	Role   identity.Role
	Menus  []string
	Event  Event
}

// RoleView is a role with the menu codes it grants.
type RoleView struct {
	ID            string      `json:"id"`
	Title         engine.Text `json:"title"`
	DocumentScope string      `json:"documentScope"`
	AllMenus      bool        `json:"allMenus"`
	Menus         []string    `json:"menus"`
	// Holders are the usernames that hold the role.
	Holders []string `json:"holders"`
}

// RoleInput is a role as an administrator writes it. Menus are the codes
// granted (a menu group grants every item of it), Except the codes taken
// away again; AllMenus grants every menu, now and to come. The id is set
// when the role is created and never changed.
type RoleInput struct {
	ID            string      `json:"id,omitempty"`
	Title         engine.Text `json:"title"`
	DocumentScope string      `json:"documentScope"`
	AllMenus      bool        `json:"allMenus,omitempty"`
	Menus         []string    `json:"menus"`
	Except        []string    `json:"except,omitempty"`
}

// RoleRemoved is the answer of a role deleted.
type RoleRemoved struct {
	ID      string `json:"id"`
	Removed bool   `json:"removed"`
}

// ManageMenu is the menu of user management: an administrator may not take
// it away from themselves.
const ManageMenu = "userManage"

var roleIDRe = regexp.MustCompile(`^[a-z][A-Za-z0-9_-]{0,39}$`)

// Roles lists every role with its menus and holders, by id.
func (s *Service) Roles(ctx context.Context) ([]RoleView, error) {
	roles, err := s.store.Roles(ctx)
	if err != nil {
		return nil, fmt.Errorf("list roles: %w", err)
	}
	menus, err := s.store.RoleMenuCodes(ctx)
	if err != nil {
		return nil, fmt.Errorf("list role menus: %w", err)
	}
	out := make([]RoleView, len(roles))
	for i, r := range roles {
		if out[i], err = s.roleView(ctx, r, menus[r.ID]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Service) roleView(ctx context.Context, r identity.Role, menus []string) (RoleView, error) {
	holders, err := s.store.RoleHolders(ctx, r.ID)
	if err != nil {
		return RoleView{}, fmt.Errorf("list the holders of role %s: %w", r.ID, err)
	}
	v := RoleView{ID: r.ID, Title: r.Title(), DocumentScope: r.DocumentScope, AllMenus: r.AllMenus, Menus: slices.Clip(menus),
		Holders: holders}
	if v.Menus == nil {
		v.Menus = []string{}
	}
	if v.Holders == nil {
		v.Holders = []string{}
	}
	return v, nil
}

// Role answers one role; nil when there is none.
func (s *Service) Role(ctx context.Context, id string) (*RoleView, error) {
	roles, err := s.store.Roles(ctx)
	if err != nil {
		return nil, fmt.Errorf("list roles: %w", err)
	}
	for _, r := range roles {
		if r.ID == id {
			menus, err := s.store.RoleMenuCodes(ctx)
			if err != nil {
				return nil, fmt.Errorf("list role menus: %w", err)
			}
			v, err := s.roleView(ctx, r, menus[r.ID])
			return &v, err
		}
	}
	return nil, nil
}

// CreateRole adds a role; admin is who does it.
func (s *Service) CreateRole(ctx context.Context, admin string, in RoleInput) (*RoleView, error) {
	in.ID = strings.TrimSpace(in.ID)
	if !roleIDRe.MatchString(in.ID) {
		return nil, engine.Refuse(engine.ECHECK, "id", engine.Text{
			"zh": "角色编码须以小写字母开头，最多40个字符，只能包含字母、数字、_ 和 -",
			"en": "a role id starts with a lower-case letter and has at most 40 letters, digits, _ and -",
			"th": "รหัสบทบาทต้องขึ้นต้นด้วยตัวพิมพ์เล็ก ยาวไม่เกิน 40 ตัวอักษร ประกอบด้วยตัวอักษร ตัวเลข _ และ - เท่านั้น"})
	}
	role, menus, err := s.checkRole(ctx, in)
	if err != nil {
		return nil, err
	}
	ch := RoleChange{Create: true, Role: role, Menus: menus, Event: s.roleEvent(admin, ActionCreateRole, role.ID,
		describeRole(nil, nil, role, menus))}
	if err := s.store.SaveRole(ctx, ch); err != nil {
		if errors.Is(err, ErrExists) {
			return nil, engine.Refuse(engine.ECONFLICT, "id", engine.Text{"zh": "角色" + role.ID + "已存在",
				"en": "the role " + role.ID + " exists already", "th": "บทบาท " + role.ID + " มีอยู่แล้ว"})
		}
		return nil, fmt.Errorf("create role: %w", err)
	}
	return s.Role(ctx, role.ID)
}

// UpdateRole changes a role's title, document scope and menus; admin is
// who does it and may not take user management away from themselves. The
// identity cache forgets the role's holders.
func (s *Service) UpdateRole(ctx context.Context, admin, id string, in RoleInput) (*RoleView, error) {
	old, err := s.Role(ctx, id)
	if err != nil {
		return nil, err
	}
	if old == nil {
		return nil, NoSuchRole(id)
	}
	if in.ID != "" && in.ID != old.ID {
		return nil, engine.Refuse(engine.ECHECK, "id", engine.Text{"zh": "角色编码不能修改", "en": "the role id cannot be changed",
			"th": "เปลี่ยนรหัสบทบาทไม่ได้"})
	}
	in.ID = old.ID
	role, menus, err := s.checkRole(ctx, in)
	if err != nil {
		return nil, err
	}
	if err := s.keepsManagement(ctx, admin, role, menus); err != nil {
		return nil, err
	}
	before := identity.Role{ID: old.ID, TitleZh: old.Title["zh"], TitleEn: old.Title["en"], TitleTh: old.Title["th"],
		DocumentScope: old.DocumentScope, AllMenus: old.AllMenus}
	ch := RoleChange{Role: role, Menus: menus, Event: s.roleEvent(admin, ActionUpdateRole, role.ID, describeRole(&before, old.Menus, role, menus))}
	if err := s.store.SaveRole(ctx, ch); err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, NoSuchRole(id)
		}
		return nil, fmt.Errorf("change role: %w", err)
	}
	holders, err := s.store.RoleHolders(ctx, role.ID)
	if err != nil {
		return nil, fmt.Errorf("list the holders of role %s: %w", role.ID, err)
	}
	s.forget.Forget(holders...)
	return s.Role(ctx, role.ID)
}

// DeleteRole removes a role no user holds; a role someone holds is refused
// naming them. admin is who does it.
func (s *Service) DeleteRole(ctx context.Context, admin, id string) error {
	old, err := s.Role(ctx, id)
	if err != nil {
		return err
	}
	if old == nil {
		return NoSuchRole(id)
	}
	if len(old.Holders) > 0 {
		return roleHeld(old.ID, old.Holders)
	}
	ev := s.roleEvent(admin, ActionDeleteRole, old.ID, "deleted")
	switch err := s.store.DeleteRole(ctx, old.ID, ev); {
	case errors.Is(err, ErrNotFound):
		return NoSuchRole(id)
	case errors.Is(err, ErrHeld): // given to a user meanwhile
		holders, herr := s.store.RoleHolders(ctx, old.ID)
		if herr != nil {
			return fmt.Errorf("list the holders of role %s: %w", old.ID, herr)
		}
		return roleHeld(old.ID, holders)
	case err != nil:
		return fmt.Errorf("delete role: %w", err)
	}
	return nil
}

func (s *Service) roleEvent(admin, action, id, detail string) Event {
	return Event{At: s.cfg.Now().UTC(), Kind: KindUser, Actor: admin, Action: action, Subject: "role:" + id, Detail: detail}
}

// checkRole checks and tidies what an administrator wrote of a role and
// answers it with the menu codes it grants: the granted codes with the
// items of granted groups, less the excepted codes (and their groups'
// items), sorted.
func (s *Service) checkRole(ctx context.Context, in RoleInput) (identity.Role, []string, error) {
	title := engine.Text{}
	for _, l := range []string{"zh", "en", "th"} {
		title[l] = strings.TrimSpace(in.Title[l])
		if utf8.RuneCountInString(title[l]) > 100 {
			return identity.Role{}, nil, engine.Refuse(engine.ECHECK, "title."+l, engine.Text{"zh": "角色名称最多100个字符",
				"en": "a role title has at most 100 characters", "th": "ชื่อบทบาทมีได้ไม่เกิน 100 ตัวอักษร"})
		}
	}
	if title["zh"] == "" {
		return identity.Role{}, nil, required("title.zh", engine.Text{"zh": "角色名称（中文）", "en": "the role's title in Chinese",
			"th": "ชื่อบทบาทภาษาจีน"})
	}
	switch in.DocumentScope {
	case identity.ScopeOwn, identity.ScopeCompany, identity.ScopeAll:
	default:
		return identity.Role{}, nil, engine.Refuse(engine.ECHECK, "documentScope", engine.Text{
			"zh": "单据范围须为 own（本人）、company（所属公司）或 all（全部）",
			"en": "documentScope is own, company or all", "th": "documentScope ต้องเป็น own, company หรือ all"})
	}
	role := identity.Role{ID: in.ID, TitleZh: title["zh"], TitleEn: title["en"], TitleTh: title["th"], DocumentScope: in.DocumentScope,
		AllMenus: in.AllMenus}
	items, err := s.store.Menus(ctx)
	if err != nil {
		return identity.Role{}, nil, fmt.Errorf("list menus: %w", err)
	}
	menus, err := ExpandMenus(items, in.Menus, in.Except)
	if err != nil || role.AllMenus {
		return role, nil, err
	}
	if len(menus) == 0 {
		return identity.Role{}, nil, required("menus", engine.Text{"zh": "至少一个菜单", "en": "at least one menu",
			"th": "อย่างน้อยหนึ่งเมนู"})
	}
	return role, menus, nil
}

// ExpandMenus is the menu codes granted by codes less except, as the seeds
// expand a role: a group code stands for itself and its items. A code that
// is no menu of the current tree is refused at menus[i] or except[i].
func ExpandMenus(items []identity.MenuItem, codes, except []string) ([]string, error) {
	known := map[string]bool{}
	groupItems := map[string][]string{}
	for _, m := range items {
		if m.Variant != identity.MenuCurrent {
			continue
		}
		known[m.Code] = true
		if m.ParentCode != "" {
			groupItems[m.ParentCode] = append(groupItems[m.ParentCode], m.Code)
		}
	}
	grant := map[string]bool{}
	for _, list := range []struct {
		name  string
		codes []string
		on    bool
	}{{"menus", codes, true}, {"except", except, false}} {
		for i, c := range list.codes {
			if c = strings.TrimSpace(c); !known[c] {
				name := engine.Clip(c, 60)
				return nil, engine.Refuse(engine.ECHECK, fmt.Sprintf("%s[%d]", list.name, i), engine.Text{
					"zh": "菜单" + name + "不存在", "en": "there is no menu " + name, "th": "ไม่มีเมนู " + name})
			}
			grant[c] = list.on
			for _, item := range groupItems[c] {
				grant[item] = list.on
			}
		}
	}
	out := []string{}
	for _, c := range identity.SortedCodes(grant) {
		if grant[c] {
			out = append(out, c)
		}
	}
	return out, nil
}

// keepsManagement refuses a change of a role after which admin could no
// longer open user management.
func (s *Service) keepsManagement(ctx context.Context, admin string, changed identity.Role, menus []string) error {
	held, err := s.store.UserRoles(ctx, admin)
	if err != nil {
		return fmt.Errorf("list the roles of %s: %w", admin, err)
	}
	if !slices.ContainsFunc(held, func(r identity.Role) bool { return r.ID == changed.ID }) {
		return nil
	}
	if changed.AllMenus || slices.Contains(menus, ManageMenu) {
		return nil
	}
	granted, err := s.store.RoleMenuCodes(ctx)
	if err != nil {
		return fmt.Errorf("list role menus: %w", err)
	}
	for _, r := range held {
		if r.ID != changed.ID && (r.AllMenus || slices.Contains(granted[r.ID], ManageMenu)) {
			return nil
		}
	}
	return engine.Refuse(engine.ECHECK, "menus", engine.Text{
		"zh": "您持有角色" + changed.ID + "：修改后您将无法再打开用户管理（" + ManageMenu + "）",
		"en": "you hold the role " + changed.ID + ": after this change you could no longer open user management (" + ManageMenu + ")",
		"th": "คุณมีบทบาท " + changed.ID + ": หลังการแก้ไขนี้คุณจะเปิดการจัดการผู้ใช้ (" + ManageMenu + ") ไม่ได้อีก"})
}

// NoSuchRole refuses naming a role that does not exist.
func NoSuchRole(id string) error {
	name := engine.Clip(id, 40)
	return engine.Refuse(engine.ENOTFOUND, "id", engine.Text{"zh": "角色" + name + "不存在", "en": "there is no role " + name,
		"th": "ไม่มีบทบาท " + name})
}

// roleHeld refuses deleting a role users hold, naming the first ten.
func roleHeld(id string, holders []string) error {
	shown := holders
	more := ""
	if len(shown) > 10 {
		shown, more = shown[:10], fmt.Sprintf(" (+%d)", len(holders)-10)
	}
	list := strings.Join(shown, ", ") + more
	return engine.Refuse(engine.ECONFLICT, "id", engine.Text{
		"zh": "角色" + id + "仍被以下用户持有，不能删除：" + list,
		"en": "the role " + id + " cannot be deleted: these users hold it: " + list,
		"th": "ลบบทบาท " + id + " ไม่ได้ เนื่องจากผู้ใช้ต่อไปนี้ยังมีบทบาทนี้: " + list})
}

// describeRole says in the audit event what a create or an update of a
// role did.
func describeRole(old *identity.Role, oldMenus []string, r identity.Role, menus []string) string {
	c := changes{create: old == nil}
	field := c.field
	var o identity.Role
	if old != nil {
		o = *old
	}
	field("title.zh", o.TitleZh, r.TitleZh)
	field("title.en", o.TitleEn, r.TitleEn)
	field("title.th", o.TitleTh, r.TitleTh)
	field("documentScope", o.DocumentScope, r.DocumentScope)
	field("allMenus", fmt.Sprint(o.AllMenus), fmt.Sprint(r.AllMenus))
	var added, removed []string
	for _, m := range menus {
		if !slices.Contains(oldMenus, m) {
			added = append(added, m)
		}
	}
	for _, m := range oldMenus {
		if !slices.Contains(menus, m) {
			removed = append(removed, m)
		}
	}
	if len(added) > 0 {
		c.parts = append(c.parts, "menus+="+strings.Join(added, ","))
	}
	if len(removed) > 0 {
		c.parts = append(c.parts, "menus-="+strings.Join(removed, ","))
	}
	return c.String()
}
