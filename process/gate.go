package process

import (
	"context"
	"fmt"

	"formwork/documents"
	"formwork/engine"
)

// Action modes in which a document in approval may be changed, and by whom:
// the approver holding its open task edits what partedit, fssc and
// fsscPartedit allow (the field rules of the catalogue decide which
// fields); the applicant answering a supplement request edits in
// oaapplicant mode. Every other save of a document in approval is refused.
var approverEditModes = map[string]bool{"partedit": true, "fssc": true, "fsscPartedit": true}

const applicantEditMode = "oaapplicant"

// MaySave (documents.Gate) decides whether who may save the stored
// document now, and what the save is: the lifecycle action save or
// tempSave when the document's state allows it (draft, returned), else an
// edit under an open task (partEdit), allowed only in the modes above to
// the task's holder and only where the lifecycle allows the task's own
// action. Anything else is ECONFLICT naming the state.
func (s *Service) MaySave(ctx context.Context, who documents.Actor, rec *documents.Record, family, mode string, temp bool) (string, error) {
	action := saveAction(temp)
	if rec == nil {
		_, err := s.Next("", family, "draft", action, false)
		return action, err
	}
	_, err := s.Next(rec.BusinessID, family, rec.Status, action, false)
	if err == nil || temp || engine.ErrorCode(err) != engine.ECONFLICT {
		return action, err
	}
	task, terr := s.store.OpenTask(ctx, rec.BusinessID)
	if terr != nil || task == nil {
		return "", firstErr(terr, err)
	}
	taskAction := "approve"
	editMode := approverEditModes[mode]
	if task.Step == StepSupplement {
		taskAction, editMode = "supplement", mode == applicantEditMode
	}
	if !editMode {
		return "", err
	}
	if _, lcErr := s.Next(rec.BusinessID, family, rec.Status, taskAction, false); lcErr != nil {
		return "", err
	}
	holds, herr := s.holdsTask(ctx, who, task)
	if herr != nil {
		return "", herr
	}
	if !holds {
		name := s.displayName(ctx, task.Assignee)
		return "", engine.Refuse(engine.EFORBIDDEN, "businessId", engine.Text{
			"zh": fmt.Sprintf("单据%s在审批中，只有当前处理人%s可以在%s模式下修改", rec.BusinessID, name, mode),
			"en": fmt.Sprintf("document %s is in approval: only its current handler %s may change it in mode %s", rec.BusinessID, name, mode),
			"th": fmt.Sprintf("เอกสาร %s อยู่ระหว่างอนุมัติ: เฉพาะผู้ดำเนินการปัจจุบัน %s เท่านั้นที่แก้ไขได้ในโหมด %s", rec.BusinessID, name, mode)})
	}
	return actionPartEdit, nil
}

// holdsTask reports whether who may act on a task: its assignee or an
// active delegate of the assignee.
func (s *Service) holdsTask(ctx context.Context, who documents.Actor, t *Task) (bool, error) {
	if t.Assignee == who.Username() {
		return true, nil
	}
	return s.people.IsDelegate(ctx, who.Username(), t.Assignee)
}

// saveAction is the lifecycle action of a save: tempSave or save.
func saveAction(temp bool) string {
	if temp {
		return "tempSave"
	}
	return "save"
}
