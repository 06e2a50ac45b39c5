package identity

import (
	"cmp"
	"context"
	"fmt"
	"sort"

	"formwork/engine"
)

// scopeNames name the document scopes.
var scopeNames = map[string]engine.Text{
	ScopeOwn:     {"zh": "本人及代理、待办单据", "en": "own, delegated and to-do documents", "th": "เอกสารของตนเอง ที่ได้รับมอบอำนาจ และที่รอดำเนินการ"},
	ScopeCompany: {"zh": "所属公司全部单据", "en": "every document of their companies", "th": "เอกสารทั้งหมดของบริษัทที่สังกัด"},
	ScopeAll:     {"zh": "全部单据", "en": "every document", "th": "เอกสารทั้งหมด"},
}

// Permissions lists a user's permissions in lang, sorted by permissionType,
// then permissionId. Types: menu (permissionUrl), role, company, report
// (companyCodes), delegation (activeFrom, activeTo: may file for
// permissionId) and documentScope.
func (s *Service) Permissions(ctx context.Context, id *Identity, lang string) ([]map[string]any, error) {
	name, err := s.names(ctx)
	if err != nil {
		return nil, err
	}
	items, err := s.menuItems(ctx)
	if err != nil {
		return nil, err
	}
	return s.permissions(ctx, id, lang, items, name)
}

func (s *Service) permissions(ctx context.Context, id *Identity, lang string, items []MenuItem, name NameOf) ([]map[string]any, error) {
	var out []map[string]any
	add := func(kind, pid, name string, extra map[string]any) {
		e := map[string]any{"permissionType": kind, "permissionId": pid, "permissionName": name}
		for k, v := range extra {
			e[k] = v
		}
		out = append(out, e)
	}
	seen := map[string]bool{}
	for _, m := range items {
		if id.Menus[m.Code] && !seen[m.Code] && m.Variant == MenuCurrent {
			seen[m.Code] = true
			extra := map[string]any{"permissionUrl": m.Path}
			if m.ParentCode != "" {
				extra["parentCode"] = m.ParentCode
			}
			add("menu", m.Code, m.Title().In(lang), extra)
		}
	}
	for _, r := range id.Roles {
		add("role", r.ID, r.Title().In(lang), nil)
	}
	for _, code := range id.Companies {
		add("company", code, name("company", code, lang), nil)
	}
	auths, err := s.store.ReportAuthorities(ctx, id.Username(), "", "")
	if err != nil {
		return nil, fmt.Errorf("load report authority: %w", err)
	}
	titles := menuTitles(items, lang)
	byType := map[string][]string{}
	var types []string
	for _, a := range auths {
		if byType[a.RptType] == nil {
			types = append(types, a.RptType)
		}
		byType[a.RptType] = append(byType[a.RptType], a.CompanyCode)
	}
	for _, t := range types {
		add("report", t, cmp.Or(titles[t], t), map[string]any{"companyCodes": byType[t]})
	}
	delegators, err := s.ActiveDelegators(ctx, id.Username())
	if err != nil {
		return nil, err
	}
	for _, d := range delegators {
		add("delegation", d.AuthorBy, d.AuthorByTxt, map[string]any{"activeFrom": d.ActiveFrom, "activeTo": d.ActiveTo})
	}
	add("documentScope", id.Scope(), scopeNames[id.Scope()].In(lang), nil)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a["permissionType"] != b["permissionType"] {
			return a["permissionType"].(string) < b["permissionType"].(string)
		}
		return a["permissionId"].(string) < b["permissionId"].(string)
	})
	return out, nil
}
