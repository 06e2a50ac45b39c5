package httpapi

import (
	"bytes"
	"encoding/json"
	"io"

	"formwork/engine"
	"formwork/identity"

	"github.com/labstack/echo/v4"
)

// listDelegations: GET /api/galaxyform/proxyAuth/list. The delegations the
// user gave or received (every one for administrators).
func (s *Server) listDelegations(c echo.Context) error {
	list, err := s.idn.ListDelegations(c.Request().Context(), CurrentUser(c))
	if err != nil {
		return err
	}
	return ok(c, list)
}

// saveDelegation: POST /api/galaxyform/proxyAuth/save {id?, authorBy?,
// authorTo, authorStatus, activeFrom, activeTo} (identity.Service.SaveDelegation).
func (s *Server) saveDelegation(c echo.Context) error {
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
	saved, err := s.idn.SaveDelegation(c.Request().Context(), CurrentUser(c), in)
	if err != nil {
		return err
	}
	return ok(c, saved)
}
