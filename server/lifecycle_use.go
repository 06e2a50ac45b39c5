package server

import (
	"fmt"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// nextState asks the lifecycle where action leads a document of family in
// state; last tells whether the task being completed is the route's last.
// An action the lifecycle does not allow from that state is ECONFLICT (409)
// naming the state and the states it is allowed from.
func (s *Server) nextState(_ echo.Context, businessID, family, state, action string, last bool) (string, error) {
	return s.lifecycleNext(businessID, family, state, action, last)
}

// lifecycleNext is nextState without a request: its refusal is in every
// language.
func (s *Server) lifecycleNext(businessID, family, state, action string, last bool) (string, error) {
	lc := s.Lifecycle()
	to, err := lc.Next(family, state, action, last)
	if err == nil || engine.ErrorCode(err) != engine.ECONFLICT {
		return to, err
	}
	a := lc.Action(family, action)
	msg := engine.Text{}
	for _, l := range []string{"zh", "en", "th"} {
		var from []string
		for _, f := range a.From {
			from = append(from, s.stateTitle(f, l))
		}
		switch l {
		case "zh":
			msg[l] = fmt.Sprintf("单据%s当前状态为%s，不能%s（仅%s时可以）", businessID, s.stateTitle(state, l), a.Title.In(l), strings.Join(from, "、"))
		case "en":
			msg[l] = fmt.Sprintf("document %s is %s: %s is possible only when it is %s", businessID, s.stateTitle(state, l), a.Title.In(l), strings.Join(from, " or "))
		case "th":
			msg[l] = fmt.Sprintf("เอกสาร %s อยู่ในสถานะ %s: ทำรายการ %s ได้เฉพาะเมื่ออยู่ในสถานะ %s", businessID, s.stateTitle(state, l), a.Title.In(l), strings.Join(from, " หรือ "))
		}
	}
	return "", engine.Refuse(engine.ECONFLICT, "status", msg)
}

// stateTitle is a state's title in lang, or its key.
func (s *Server) stateTitle(state, lang string) string {
	if st := s.Lifecycle().States[state]; st != nil {
		if t := st.Title.In(lang); t != "" {
			return t
		}
	}
	return state
}

// actionTitle is an action's title in lang, or its key.
func (s *Server) actionTitle(family, action, lang string) string {
	if a := s.Lifecycle().Action(family, action); a != nil {
		if t := a.Title.In(lang); t != "" {
			return t
		}
	}
	return action
}
