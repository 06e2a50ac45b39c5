package process

import (
	"fmt"
	"strings"

	"formwork/engine"
)

// Lifecycle is the lifecycle in use.
func (s *Service) Lifecycle() *engine.Lifecycle { return s.lifecycle() }

// Next asks the lifecycle where action leads a document of family in
// state; last tells whether the task being completed is the route's last.
// An action the lifecycle does not allow from that state is ECONFLICT
// naming the state and the states it is allowed from.
func (s *Service) Next(businessID, family, state, action string, last bool) (string, error) {
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
			from = append(from, s.StateTitle(f, l))
		}
		switch l {
		case "zh":
			msg[l] = fmt.Sprintf("单据%s当前状态为%s，不能%s（仅%s时可以）", businessID, s.StateTitle(state, l), a.Title.In(l), strings.Join(from, "、"))
		case "en":
			msg[l] = fmt.Sprintf("document %s is %s: %s is possible only when it is %s", businessID, s.StateTitle(state, l), a.Title.In(l), strings.Join(from, " or "))
		case "th":
			msg[l] = fmt.Sprintf("เอกสาร %s อยู่ในสถานะ %s: ทำรายการ %s ได้เฉพาะเมื่ออยู่ในสถานะ %s", businessID, s.StateTitle(state, l), a.Title.In(l), strings.Join(from, " หรือ "))
		}
	}
	return "", engine.Refuse(engine.ECONFLICT, "status", msg)
}

// StateTitle is a state's title in lang, or its key.
func (s *Service) StateTitle(state, lang string) string {
	if st := s.Lifecycle().States[state]; st != nil {
		if t := st.Title.In(lang); t != "" {
			return t
		}
	}
	return state
}

// ActionTitle is an action's title in lang, or its key.
func (s *Service) ActionTitle(family, action, lang string) string {
	if a := s.Lifecycle().Action(family, action); a != nil {
		if t := a.Title.In(lang); t != "" {
			return t
		}
	}
	return action
}

// eventTitle is the title of an event's action: a lifecycle action's, or
// one of the events that are no lifecycle action.
func (s *Service) eventTitle(family, action, lang string) string {
	if t, ok := eventActionTitles[action]; ok {
		return t.In(lang)
	}
	return s.ActionTitle(family, action, lang)
}

var eventActionTitles = map[string]engine.Text{
	"create":       {"zh": "创建", "en": "Create", "th": "สร้าง"},
	actionPartEdit: {"zh": "审批中修改", "en": "Change in approval", "th": "แก้ไขระหว่างอนุมัติ"},
}

// StepTitle is the title of a task's step in lang.
func StepTitle(step, lang string) string { return stepTitles[step].In(lang) }

var stepTitles = map[string]engine.Text{
	"task1":        {"zh": "一级审批", "en": "First approval", "th": "อนุมัติขั้นที่หนึ่ง"},
	"task2":        {"zh": "二级审批", "en": "Second approval", "th": "อนุมัติขั้นที่สอง"},
	StepAddSign:    {"zh": "加签审批", "en": "Added approval", "th": "อนุมัติเพิ่มเติม"},
	StepSupplement: {"zh": "补充资料", "en": "Supplement", "th": "ส่งข้อมูลเพิ่มเติม"},
}

// actionPartEdit is the event action of a change under an open task; the
// document's state does not change.
const actionPartEdit = "partEdit"
