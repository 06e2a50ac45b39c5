package httpapi

import (
	"bytes"
	"context"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/guard"
	"formwork/documents"
	"formwork/engine"
	"formwork/masterdata/revisionmemo"

	"github.com/labstack/echo/v4"
)

func actionOf(c echo.Context) (string, error) {
	a := c.QueryParam("action")
	if a == "" {
		return "new", nil
	}
	for _, m := range engine.ActionModes {
		if a == m {
			return a, nil
		}
	}
	return "", engine.Errorf(engine.EINVALID, "action", "unknown action %q (one of %s)", engine.Clip(a, 20), strings.Join(engine.ActionModes, ", "))
}

// confirmed reads ?confirm=rule1,rule2: the weak-control rules the user confirmed.
func confirmed(c echo.Context) map[string]bool {
	out := map[string]bool{}
	for _, r := range strings.Split(c.QueryParam("confirm"), ",") {
		if r = strings.TrimSpace(r); r != "" {
			out[r] = true
		}
	}
	return out
}

var saveFailed = engine.Text{"zh": "保存失败！", "en": "Save failed! ", "th": "บันทึกไม่สำเร็จ! "}

// refuse answers a failed check: ECONFIRM when only unconfirmed weak-control
// findings block, else ECHECK.
func refuse(c echo.Context, res engine.CheckResult) error { return refuseAs(c, res, saveFailed) }

// refuseAs is refuse with another message prefix (提交失败！ for a submit).
func refuseAs(c echo.Context, res engine.CheckResult, prefix engine.Text) error {
	l := lang(c)
	errs := res.Blocking(engine.SeverityError)
	code := engine.ECHECK
	var first engine.Finding
	if len(errs) > 0 {
		first = errs[0]
	} else {
		code = engine.ECONFIRM
		first = res.Blocking(engine.SeverityConfirm)[0]
	}
	msg := prefix.In(l) + first.Message.In(l)
	if n := len(errs); n > 1 {
		msg += engine.Text{"zh": "（共" + strconv.Itoa(n) + "处错误）", "en": " (" + strconv.Itoa(n) + " problems)", "th": " (ทั้งหมด " + strconv.Itoa(n) + " จุด)"}.In(l)
	}
	return fail(code, first.Path, msg, res.View(l))
}

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

// saveRequest reads a save: body, family, action, confirmations, tempSave.
func saveRequest(c echo.Context) (documents.SaveRequest, error) {
	req := documents.SaveRequest{Family: c.Param("family"), Confirmed: confirmed(c), AuthorBy: c.QueryParam("authorBy"), Who: CurrentUser(c)}
	body, err := guard.Body(c)
	if err != nil {
		return req, err // the body limit answers 413 itself
	}
	req.Body = body
	if req.Action, err = actionOf(c); err != nil {
		return req, err
	}
	req.Temp, err = tempSaveOf(c)
	return req, err
}

// createDocument: POST /api/galaxyform/yx/:family/head/create. Checks first;
// a refused save writes nothing.
func (s *Server) createDocument(c echo.Context) error {
	return s.save(c, s.documents.Create)
}

// updateDocument: PUT /api/galaxyform/yx/:family/head/update with the version
// the client loaded (optimistic locking).
func (s *Server) updateDocument(c echo.Context) error {
	return s.save(c, s.documents.Update)
}

func (s *Server) save(c echo.Context, use func(context.Context, documents.SaveRequest) (*documents.Saved, error)) error {
	readMasterDataOnce(c)
	req, err := saveRequest(c)
	if err != nil {
		return err
	}
	// a create's answer is rendered while its commit waits on the disk,
	// and sent only if that commit stored the record it was rendered of
	var early *bytes.Buffer
	var earlyOf *documents.Record
	ctx := documents.PrepareAnswer(c.Request().Context(), func(sv *documents.Saved) {
		if buf, err := s.renderDocument(c, sv.Record, sv.Doc, sv.Evaluation, req.Action, sv.Created); err == nil {
			early, earlyOf = buf, sv.Record
		}
	})
	saved, err := use(ctx, req)
	switch {
	case early != nil && err == nil && saved.Record == earlyOf:
		return sendAnswer(c, early)
	case early != nil:
		answerBuffers.Put(early)
	}
	if err != nil {
		return err
	}
	if saved.Record == nil {
		return refuse(c, saved.Evaluation.Check)
	}
	return s.answerDocument(c, saved.Record, saved.Doc, saved.Evaluation, req.Action, saved.Created)
}

// loadDocument: GET /api/galaxyform/yx/:family/head/load?businessId=&action=
// (default edit): the stored document, and its form under that action.
func (s *Server) loadDocument(c echo.Context) error {
	id := strings.TrimSpace(c.QueryParam("businessId"))
	if id == "" {
		return engine.Errorf(engine.EINVALID, "businessId", "businessId is missing")
	}
	action := c.QueryParam("action")
	if action == "" {
		action = "edit"
	}
	if _, err := actionOf(c); err != nil {
		return err
	}
	readMasterDataOnce(c)
	l, err := s.documents.Load(c.Request().Context(), CurrentUser(c), id, c.Param("family"), action)
	if err != nil {
		return err
	}
	return s.answerDocument(c, l.Record, l.Doc, l.Evaluation, action, false)
}

// readMasterDataOnce lets the request read the master data revisions once
// (a save or load reads master data many times and changes none of it).
func readMasterDataOnce(c echo.Context) {
	c.SetRequest(c.Request().WithContext(revisionmemo.With(c.Request().Context())))
}
