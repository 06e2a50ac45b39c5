package server

import (
	"context"
	"fmt"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// tempSaveOf reads ?tempSave=1: a temporary save (暂存) stores the document
// without its pre-save checks; it stays a draft.
func tempSaveOf(c echo.Context) (bool, error) {
	switch c.QueryParam("tempSave") {
	case "", "0", "false":
		return false, nil
	case "1", "true":
		return true, nil
	}
	return false, engine.Errorf(engine.EINVALID, "tempSave", "tempSave must be 1 or 0")
}

// saveAction is the lifecycle action of a save: tempSave or save.
func saveAction(temp bool) string {
	if temp {
		return "tempSave"
	}
	return "save"
}

// structuralOnly keeps of a check result only the findings about malformed
// values (structural: the document's decoding refused them): what a
// temporary save still refuses, since a malformed value is never stored.
func structuralOnly(res engine.CheckResult, structural []engine.Finding) engine.CheckResult {
	malformed := map[string]bool{}
	for _, f := range structural {
		malformed[f.Path+"\x00"+f.Rule] = true
	}
	kept := []engine.Finding{}
	res.Valid = true
	for _, f := range res.Errors {
		if malformed[f.Path+"\x00"+f.Rule] {
			kept = append(kept, f)
			res.Valid = res.Valid && f.Severity == engine.SeverityWarning
		}
	}
	res.Errors = kept
	return res
}

// Action modes in which a document in approval may be changed, and by whom:
// the approver holding its open task edits what partedit, fssc and
// fsscPartedit allow (the field rules of the catalogue decide which
// fields); the applicant answering a supplement request edits in
// oaapplicant mode. Every other save of a document in approval is refused.
var approverEditModes = map[string]bool{"partedit": true, "fssc": true, "fsscPartedit": true}

const applicantEditMode = "oaapplicant"

// mayEdit decides whether the user may save the stored document now, and
// what the save is: the lifecycle action save or tempSave when the
// document's state allows it (draft, returned), else an edit under an open
// task (partEdit), allowed only in the modes above to the task's holder and
// only where the lifecycle allows the task's own action. Anything else is
// ECONFLICT naming the state.
func (s *Server) mayEdit(c echo.Context, who *Identity, rec *DocumentRecord, family, mode string, temp bool) (string, error) {
	action := saveAction(temp)
	_, err := s.nextState(c, rec.BusinessID, family, rec.Status, action, false)
	if err == nil || temp || engine.ErrorCode(err) != engine.ECONFLICT {
		return action, err
	}
	ctx := c.Request().Context()
	task, terr := s.openTask(ctx, rec.BusinessID)
	if terr != nil || task == nil {
		return "", firstErr(terr, err)
	}
	taskAction := "approve"
	editMode := approverEditModes[mode]
	if task.Step == stepSupplement {
		taskAction, editMode = "supplement", mode == applicantEditMode
	}
	if !editMode {
		return "", err
	}
	if _, lcErr := s.nextState(c, rec.BusinessID, family, rec.Status, taskAction, false); lcErr != nil {
		return "", err
	}
	holds, herr := s.holdsTask(ctx, who, task)
	if herr != nil {
		return "", herr
	}
	if !holds {
		return "", engine.Errorf(engine.EFORBIDDEN, "businessId", "%s", say(c,
			fmt.Sprintf("单据%s在审批中，只有当前处理人%s可以在%s模式下修改", rec.BusinessID, s.empName(ctx, task.Assignee), mode),
			fmt.Sprintf("document %s is in approval: only its current handler %s may change it in mode %s", rec.BusinessID, task.Assignee, mode)))
	}
	return actionPartEdit, nil
}

// actionPartEdit is the event action of a change under an open task; the
// document's state does not change.
const actionPartEdit = "partEdit"

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// holdsTask reports whether the user may act on a task: its assignee or an
// active delegate of the assignee.
func (s *Server) holdsTask(ctx context.Context, who *Identity, t *ProcessTask) (bool, error) {
	if t.Assignee == who.Username() {
		return true, nil
	}
	return s.isDelegate(ctx, who.Username(), t.Assignee)
}
