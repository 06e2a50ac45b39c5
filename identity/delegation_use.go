package identity

import (
	"context"
	"fmt"
	"strings"
	"time"

	"formwork/engine"
)

// loadDelegators reads whom username may file for on day.
func (s *Service) loadDelegators(ctx context.Context, username, day string) ([]Delegator, error) {
	list, err := s.store.ActiveDelegations(ctx, username, day)
	if err != nil {
		return nil, fmt.Errorf("look up delegations: %w", err)
	}
	out := []Delegator{}
	for _, d := range list {
		out = append(out, Delegator{AuthorBy: d.AuthorBy, AuthorByTxt: s.EmpName(ctx, d.AuthorBy), ActiveFrom: d.ActiveFrom, ActiveTo: d.ActiveTo})
	}
	return out, nil
}

// ActiveDelegators lists whom username may file documents for today.
func (s *Service) ActiveDelegators(ctx context.Context, username string) ([]Delegator, error) {
	a, err := s.account(ctx, username)
	if err != nil {
		return nil, err
	}
	if a == nil {
		return []Delegator{}, nil
	}
	return a.delegators, nil
}

// IsDelegate reports whether delegate may act for delegator today.
func (s *Service) IsDelegate(ctx context.Context, delegate, delegator string) (bool, error) {
	if delegate == "" || delegator == "" || delegate == delegator {
		return false, nil
	}
	ds, err := s.ActiveDelegators(ctx, delegate)
	if err != nil {
		return false, err
	}
	for _, d := range ds {
		if d.AuthorBy == delegator {
			return true, nil
		}
	}
	return false, nil
}

// view is a delegation with display names, in force or not on day.
func (s *Service) view(ctx context.Context, d Delegation, day string) DelegationView {
	return DelegationView{Delegation: d, AuthorByTxt: s.EmpName(ctx, d.AuthorBy), AuthorToTxt: s.EmpName(ctx, d.AuthorTo), Active: d.activeOn(day)}
}

// ListDelegations lists the delegations the user gave or received (every
// one for administrators), by id.
func (s *Service) ListDelegations(ctx context.Context, id *Identity) ([]DelegationView, error) {
	of := id.Username()
	if id.Scope() == ScopeAll {
		of = ""
	}
	list, err := s.store.Delegations(ctx, of)
	if err != nil {
		return nil, fmt.Errorf("list delegations: %w", err)
	}
	out := []DelegationView{}
	today := s.Today()
	for _, d := range list {
		out = append(out, s.view(ctx, d, today))
	}
	return out, nil
}

// DelegationInput is a delegation to save: with ID, a change of that one.
// AuthorBy empty is the signed-in user.
type DelegationInput struct {
	ID           uint   `json:"id"`
	AuthorBy     string `json:"authorBy"`
	AuthorTo     string `json:"authorTo"`
	AuthorStatus string `json:"authorStatus"`
	ActiveFrom   string `json:"activeFrom"`
	ActiveTo     string `json:"activeTo"`
}

// SaveDelegation lets in.AuthorTo file documents for in.AuthorBy (the
// signed-in user; only an administrator may name another) from ActiveFrom
// to ActiveTo. With an ID it changes that delegation, which must be the
// user's own (ENOTFOUND otherwise). Both must be active users; bad input is
// EINVALID naming the field. The delegate may act at once: the identity
// cache forgets both.
func (s *Service) SaveDelegation(ctx context.Context, id *Identity, in DelegationInput) (*DelegationView, error) {
	by := strings.ToLower(strings.TrimSpace(in.AuthorBy))
	if by == "" {
		by = id.Username()
	}
	if by != id.Username() && id.Scope() != ScopeAll {
		return nil, engine.Refuse(engine.EFORBIDDEN, "authorBy", engine.Text{"zh": "只能授权他人代理本人制单",
			"en": "you may only let others file documents for yourself", "th": "คุณมอบอำนาจให้ผู้อื่นจัดทำเอกสารแทนได้เฉพาะในนามของคุณเองเท่านั้น"})
	}
	to := strings.ToLower(strings.TrimSpace(in.AuthorTo))
	if err := s.checkDelegation(ctx, by, to, in); err != nil {
		return nil, err
	}
	d := Delegation{AuthorBy: by, AuthorTo: to, AuthorStatus: in.AuthorStatus, ActiveFrom: in.ActiveFrom, ActiveTo: in.ActiveTo, CreateBy: id.Username()}
	changed := []string{by, to}
	if in.ID != 0 {
		stored, err := s.store.Delegation(ctx, in.ID)
		if err != nil {
			return nil, fmt.Errorf("load delegation: %w", err)
		}
		if stored == nil || stored.AuthorBy != id.Username() && id.Scope() != ScopeAll {
			return nil, engine.Refuse(engine.ENOTFOUND, "id", engine.Text{"zh": fmt.Sprintf("没有您的代理授权%d", in.ID),
				"en": fmt.Sprintf("no delegation %d of yours", in.ID), "th": fmt.Sprintf("ไม่พบการมอบอำนาจหมายเลข %d ของคุณ", in.ID)})
		}
		d.ID, d.CreateBy, d.CreatedAt = stored.ID, stored.CreateBy, stored.CreatedAt
		changed = append(changed, stored.AuthorBy, stored.AuthorTo)
	}
	if err := s.store.SaveDelegation(ctx, &d); err != nil {
		return nil, fmt.Errorf("save delegation: %w", err)
	}
	s.cache.forget(changed...)
	v := s.view(ctx, d, s.Today())
	return &v, nil
}

// checkDelegation checks the fields of a delegation by -> to.
func (s *Service) checkDelegation(ctx context.Context, by, to string, in DelegationInput) error {
	switch {
	case to == "":
		return engine.Refuse(engine.EINVALID, "authorTo", engine.Text{"zh": fmt.Sprintf("请填写代理人authorTo：谁可以为%s制单？", by),
			"en": fmt.Sprintf("authorTo is missing: who may file documents for %s?", by), "th": fmt.Sprintf("ไม่ได้ระบุ authorTo: ใครจัดทำเอกสารแทน %s ได้?", by)})
	case to == by:
		return engine.Refuse(engine.EINVALID, "authorTo", engine.Text{"zh": fmt.Sprintf("代理人不能是%s本人", by),
			"en": fmt.Sprintf("a delegate must be someone else than %s", by), "th": fmt.Sprintf("ผู้รับมอบอำนาจต้องเป็นคนอื่นที่ไม่ใช่ %s", by)})
	case in.AuthorStatus != DelegationActive && in.AuthorStatus != "0":
		return engine.Refuse(engine.EINVALID, "authorStatus", engine.Text{"zh": "authorStatus应为1（生效）或0（撤销）",
			"en": "authorStatus must be 1 (in force) or 0 (withdrawn)", "th": "authorStatus ต้องเป็น 1 (มีผล) หรือ 0 (ยกเลิก)"})
	}
	for _, who := range []struct{ path, name string }{{"authorBy", by}, {"authorTo", to}} {
		u, err := s.store.User(ctx, who.name)
		if err != nil {
			return err
		}
		if u == nil || u.Status != StatusActive {
			name := engine.Clip(who.name, 64)
			return engine.Refuse(engine.EINVALID, who.path, engine.Text{"zh": name + "不是有效用户",
				"en": name + " is no active user", "th": name + " ไม่ใช่ผู้ใช้ที่ใช้งานอยู่"})
		}
	}
	for _, d := range []struct{ path, value string }{{"activeFrom", in.ActiveFrom}, {"activeTo", in.ActiveTo}} {
		if _, err := time.Parse("2006-01-02", d.value); err != nil {
			v := engine.Clip(d.value, 20)
			return engine.Refuse(engine.EINVALID, d.path, engine.Text{"zh": fmt.Sprintf("%s应为日期yyyy-MM-dd，而不是%q", d.path, v),
				"en": fmt.Sprintf("%s must be a date yyyy-MM-dd, not %q", d.path, v), "th": fmt.Sprintf("%s ต้องเป็นวันที่ yyyy-MM-dd ไม่ใช่ %q", d.path, v)})
		}
	}
	if in.ActiveTo < in.ActiveFrom {
		return engine.Refuse(engine.EINVALID, "activeTo", engine.Text{"zh": fmt.Sprintf("结束日期activeTo %s早于开始日期activeFrom %s", in.ActiveTo, in.ActiveFrom),
			"en": fmt.Sprintf("activeTo %s is before activeFrom %s", in.ActiveTo, in.ActiveFrom), "th": fmt.Sprintf("activeTo %s อยู่ก่อน activeFrom %s", in.ActiveTo, in.ActiveFrom)})
	}
	return nil
}
