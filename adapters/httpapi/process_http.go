package httpapi

import (
	"errors"
	"formwork/adapters/httpapi/contract"

	"formwork/process"

	"github.com/labstack/echo/v4"
)

// processInput is the body of the process calls.
type processInput struct {
	BusinessID string `json:"businessId"`
	Version    *int   `json:"version"` // optional: the version the user saw
	Comment    string `json:"comment"`
	TaskID     int64  `json:"taskId"`
	Result     string `json:"result"`
	Approver   string `json:"approver"` // addSign: whom to add
}

// request is the process request of the body, by the signed-in user.
func (in processInput) request(c echo.Context) process.Request {
	return process.Request{Who: CurrentUser(c), BusinessID: in.BusinessID, Version: in.Version, Comment: in.Comment, Lang: lang(c)}
}

// readProcessInput reads the body and checks what every process call needs.
func readProcessInput(c echo.Context, example string) (processInput, error) {
	var in processInput
	if err := readJSON(c, &in, false, example); err != nil {
		return in, err
	}
	r := in.request(c)
	if err := r.Check(example); err != nil {
		return in, err
	}
	in.BusinessID, in.Comment = r.BusinessID, r.Comment
	return in, nil
}

// startProcess: POST /api/galaxyform/process/startProcess {businessId,
// version?, comment?}[?confirm=budget.weak,...]. Submits a draft or
// returned document (process.Service.Submit); a refused check, route or
// budget answers 422 with the check result.
func (s *Server) startProcess(c echo.Context) error {
	in, err := readProcessInput(c, `{"businessId": "EX02202611220001"}`)
	if err != nil {
		return err
	}
	v, err := s.process.Submit(c.Request().Context(), process.SubmitRequest{Request: in.request(c), Confirmed: confirmed(c)})
	return s.answerProcess(c, v, err)
}

// completeTaskHandler: POST /api/galaxyform/process/complete {businessId,
// taskId, result, comment, approver?}: approve, reject, addSign or
// supplement (process.Service.Complete).
func (s *Server) completeTaskHandler(c echo.Context) error {
	const example = `{"businessId": "EX02202611220001", "taskId": 1, "result": "approve", "comment": "同意"}`
	var in processInput
	if err := readJSON(c, &in, false, example); err != nil {
		return err
	}
	r := process.CompleteRequest{Request: in.request(c), TaskID: in.TaskID, Result: in.Result, Approver: in.Approver}
	if err := r.Check(example); err != nil {
		return err
	}
	v, err := s.process.Complete(c.Request().Context(), r)
	return s.answerProcess(c, v, err)
}

// voidDocument: POST /api/galaxyform/process/void {businessId, version?,
// comment?} (process.Service.Void).
func (s *Server) voidDocument(c echo.Context) error {
	in, err := readProcessInput(c, `{"businessId": "EX02202611220001", "comment": "重复提交"}`)
	if err != nil {
		return err
	}
	v, err := s.process.Void(c.Request().Context(), in.request(c))
	return s.answerProcess(c, v, err)
}

// recallDocument: POST /api/galaxyform/process/recall {businessId,
// version?, comment?}: its owner takes a submitted document back to draft
// before anyone decided on it (process.Service.Recall); 409 naming who
// decided once someone did.
func (s *Server) recallDocument(c echo.Context) error {
	in, err := readProcessInput(c, `{"businessId": "EX02202611220001"}`)
	if err != nil {
		return err
	}
	v, err := s.process.Recall(c.Request().Context(), in.request(c))
	return s.answerProcess(c, v, err)
}

// processHistory: GET /api/galaxyform/process/history?businessId=. The
// document's state, what the user may do now, its tasks, events and budget.
func (s *Server) processHistory(c echo.Context) error {
	v, err := s.process.History(c.Request().Context(), CurrentUser(c), c.QueryParam("businessId"), lang(c))
	return s.answerProcess(c, v, err)
}

// answerProcess answers the approval a process call left, or its refusal:
// a refused submit answers its check result.
func (s *Server) answerProcess(c echo.Context, v *process.View, err error) error {
	var refused *process.CheckRefusal
	if errors.As(err, &refused) {
		return refuseAs(c, refused.Check, process.SubmitFailed)
	}
	if err != nil {
		return err
	}
	held, err := s.budgets.Holdings(c.Request().Context(), v.BusinessID)
	if err != nil {
		return err
	}
	return ok(c, contract.ProcessAnswer{View: v, Budget: held})
}
