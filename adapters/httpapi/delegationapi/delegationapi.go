// Package delegationapi is the HTTP handlers of proxy authorisation (代理制单授权):
// the delegations a user gave or received, and saving one. The rules live in
// the identity package.
package delegationapi

import (
	"bytes"
	"encoding/json"
	"io"

	"formwork/adapters/httpapi/kit"
	"formwork/engine"
	"formwork/identity"

	"github.com/labstack/echo/v4"
)

// API is the delegations' handlers.
type API struct{ identity *identity.Service }

// New builds the handlers on the identity service.
func New(s *identity.Service) *API { return &API{identity: s} }

// Routes are the delegations' routes: the holders of the proxy-authorisation menus.
func (a *API) Routes() []kit.Route {
	access := kit.Menu("proxyAuthCfgView", "proxyAuthCfg", "BVAuth")
	return []kit.Route{
		{Method: "GET", Path: "/api/galaxyform/proxyAuth/list", Access: access, Handle: a.list},
		{Method: "POST", Path: "/api/galaxyform/proxyAuth/save", Access: access, Handle: a.save},
	}
}

// list: GET /api/galaxyform/proxyAuth/list. The delegations the user gave
// or received (every one for administrators).
func (a *API) list(c echo.Context) error {
	list, err := a.identity.ListDelegations(c.Request().Context(), kit.CurrentUser(c))
	if err != nil {
		return err
	}
	return kit.OK(c, list)
}

// save: POST /api/galaxyform/proxyAuth/save {id?, authorBy?, authorTo,
// authorStatus, activeFrom, activeTo} (identity.Service.SaveDelegation).
func (a *API) save(c echo.Context) error {
	var in identity.DelegationInput
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil || dec.More() {
		const example = `{"authorTo": "...", "authorStatus": "1", "activeFrom": "yyyy-MM-dd", "activeTo": "yyyy-MM-dd"}`
		return engine.Refuse(engine.EINVALID, "", engine.Text{
			"zh": "请以JSON发送代理授权：" + example,
			"en": "send the delegation as JSON: " + example,
			"th": "ส่งการมอบอำนาจเป็น JSON: " + example,
		})
	}
	saved, err := a.identity.SaveDelegation(c.Request().Context(), kit.CurrentUser(c), in)
	if err != nil {
		return err
	}
	return kit.OK(c, saved)
}
