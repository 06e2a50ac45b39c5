package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// delegationView is a delegation as answered, with display names and
// whether it is in force today.
type delegationView struct {
	Delegation
	AuthorByTxt string `json:"authorByTxt"`
	AuthorToTxt string `json:"authorToTxt"`
	Active      bool   `json:"active"`
}

// listDelegations: GET /api/galaxyform/proxyAuth/list. The delegations the
// user gave or received (every one for administrators).
func (s *Server) listDelegations(c echo.Context) error {
	id := CurrentUser(c)
	ctx := c.Request().Context()
	q := s.db.WithContext(ctx).Order("id")
	if id.Scope() != scopeAll {
		q = q.Where("author_by = ? OR author_to = ?", id.Username(), id.Username())
	}
	var list []Delegation
	if err := q.Find(&list).Error; err != nil {
		return fmt.Errorf("list delegations: %w", err)
	}
	out := []delegationView{}
	today := s.today()
	for _, d := range list {
		out = append(out, delegationView{Delegation: d, AuthorByTxt: s.empName(ctx, d.AuthorBy), AuthorToTxt: s.empName(ctx, d.AuthorTo),
			Active: d.AuthorStatus == delegationActive && d.ActiveFrom <= today && today <= d.ActiveTo})
	}
	return ok(c, out)
}

// saveDelegation: POST /api/galaxyform/proxyAuth/save {id?, authorBy?,
// authorTo, authorStatus, activeFrom, activeTo}. The delegator is the
// signed-in user; only an administrator may name another authorBy. With id,
// it changes that delegation (which must be the user's own).
func (s *Server) saveDelegation(c echo.Context) error {
	id := CurrentUser(c)
	ctx := c.Request().Context()
	var in struct {
		ID           uint   `json:"id"`
		AuthorBy     string `json:"authorBy"`
		AuthorTo     string `json:"authorTo"`
		AuthorStatus string `json:"authorStatus"`
		ActiveFrom   string `json:"activeFrom"`
		ActiveTo     string `json:"activeTo"`
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil || dec.More() {
		return engine.Errorf(engine.EINVALID, "", `send the delegation as JSON: {"authorTo": "...", "authorStatus": "1", "activeFrom": "yyyy-MM-dd", "activeTo": "yyyy-MM-dd"}`)
	}
	by := strings.ToLower(strings.TrimSpace(in.AuthorBy))
	if by == "" {
		by = id.Username()
	}
	if by != id.Username() && id.Scope() != scopeAll {
		return engine.Errorf(engine.EFORBIDDEN, "authorBy", "%s", say(c, "只能授权他人代理本人制单", "you may only let others file documents for yourself"))
	}
	to := strings.ToLower(strings.TrimSpace(in.AuthorTo))
	switch {
	case to == "":
		return engine.Errorf(engine.EINVALID, "authorTo", "authorTo is missing: who may file documents for %s?", by)
	case to == by:
		return engine.Errorf(engine.EINVALID, "authorTo", "a delegate must be someone else than %s", by)
	case in.AuthorStatus != delegationActive && in.AuthorStatus != "0":
		return engine.Errorf(engine.EINVALID, "authorStatus", "authorStatus must be 1 (in force) or 0 (withdrawn)")
	}
	for _, who := range []struct{ path, name string }{{"authorBy", by}, {"authorTo", to}} {
		if u, err := s.identityOf(ctx, who.name); err != nil {
			return err
		} else if u == nil || u.User.Status != userStatusActive {
			return engine.Errorf(engine.EINVALID, who.path, "%s is no active user", clipText(who.name, 64))
		}
	}
	for _, d := range []struct{ path, value string }{{"activeFrom", in.ActiveFrom}, {"activeTo", in.ActiveTo}} {
		if _, err := time.Parse("2006-01-02", d.value); err != nil {
			return engine.Errorf(engine.EINVALID, d.path, "%s must be a date yyyy-MM-dd, not %q", d.path, clipText(d.value, 20))
		}
	}
	if in.ActiveTo < in.ActiveFrom {
		return engine.Errorf(engine.EINVALID, "activeTo", "activeTo %s is before activeFrom %s", in.ActiveTo, in.ActiveFrom)
	}
	d := Delegation{AuthorBy: by, AuthorTo: to, AuthorStatus: in.AuthorStatus, ActiveFrom: in.ActiveFrom, ActiveTo: in.ActiveTo, CreateBy: id.Username()}
	if in.ID != 0 {
		var stored Delegation
		err := s.db.WithContext(ctx).Where("id = ?", in.ID).Take(&stored).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && stored.AuthorBy != id.Username() && id.Scope() != scopeAll {
			return engine.Errorf(engine.ENOTFOUND, "id", "no delegation %d of yours", in.ID)
		}
		if err != nil {
			return fmt.Errorf("load delegation: %w", err)
		}
		d.ID, d.CreateBy, d.CreatedAt = stored.ID, stored.CreateBy, stored.CreatedAt
	}
	if err := s.db.WithContext(ctx).Save(&d).Error; err != nil {
		return fmt.Errorf("save delegation: %w", err)
	}
	today := s.today()
	return ok(c, delegationView{Delegation: d, AuthorByTxt: s.empName(ctx, by), AuthorToTxt: s.empName(ctx, to),
		Active: d.AuthorStatus == delegationActive && d.ActiveFrom <= today && today <= d.ActiveTo})
}
