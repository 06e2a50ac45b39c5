package server

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// decodeBody reads the request body as a document of the catalogue: of the
// live version of its type, or of the version head.schemaVersion names when
// that is a released earlier one (a document keeps the version it was saved
// with).
func (s *Server) decodeBody(c echo.Context) (*engine.Document, []engine.Finding, error) {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return nil, nil, err // the body limit answers 413 itself
	}
	c.Set(bodyKey, body)
	if len(strings.TrimSpace(string(body))) == 0 {
		return nil, nil, engine.Errorf(engine.EINVALID, "", "empty body: send the document as JSON")
	}
	doc, structural, err := engine.Decode(s.Catalogue(), body)
	if err == nil {
		if v, ok := doc.Head()["schemaVersion"].(int); ok && v != doc.Type.Version {
			if old := s.Catalogue().DocTypeVersion(doc.Type.Edition, doc.Type.Code, v); old != nil {
				doc, structural, err = engine.DecodeAs(old, body)
			}
		}
	}
	if err != nil {
		if engine.ErrorCode(err) == engine.ENOTFOUND {
			// an unknown docType in a body is a bad request, not a missing resource
			return nil, nil, engine.Errorf(engine.EINVALID, "head.docType", "%s", err.(*engine.Error).Message)
		}
		return nil, nil, err
	}
	return doc, structural, nil
}

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
	return "", engine.Errorf(engine.EINVALID, "action", "unknown action %q (one of %s)", a, strings.Join(engine.ActionModes, ", "))
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

func checkFamily(c echo.Context, d *engine.DocType) error {
	if fam := c.Param("family"); fam != d.Family {
		return engine.Errorf(engine.EINVALID, "head.docType", "%s documents are saved under /yx/%s/, not /yx/%s/", d.Code, d.Family, fam)
	}
	return nil
}

var saveFailed = engine.Text{"zh": "保存失败！", "en": "Save failed! "}

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
		msg += map[string]string{"zh": "（共" + strconv.Itoa(n) + "处错误）", "en": " (" + strconv.Itoa(n) + " problems)"}[pick(l)]
	}
	return fail(code, first.Path, msg, res.View(l))
}

func pick(l string) string {
	if l == "en" {
		return "en"
	}
	return "zh"
}

// createDocument: POST /api/galaxyform/yx/:family/head/create. Checks first;
// a refused save writes nothing.
func (s *Server) createDocument(c echo.Context) error {
	doc, structural, err := s.decodeBody(c)
	if err != nil {
		return err
	}
	if live := s.Catalogue().DocTypeIn(doc.Type.Edition, doc.Type.Code); live != nil && live != doc.Type {
		// a new document is always of the live version
		body, _ := c.Get(bodyKey).([]byte)
		if doc, structural, err = engine.DecodeAs(live, body); err != nil {
			return err
		}
	}
	if err := checkFamily(c, doc.Type); err != nil {
		return err
	}
	action, err := actionOf(c)
	if err != nil {
		return err
	}
	who := CurrentUser(c)
	head := doc.Head()
	if err := s.fillFiler(c, who, head); err != nil {
		return err
	}
	if err := s.mayFileFor(c, who, head.String("applicant"), head.String("companyCode")); err != nil {
		return err
	}
	temp, err := tempSaveOf(c)
	if err != nil {
		return err
	}
	if _, err := s.nextState(c, "", doc.Type.Family, "draft", saveAction(temp), false); err != nil {
		return err
	}
	rec, ev, err := s.create(c.Request().Context(), doc, structural, engine.Options{Action: action, Confirmed: confirmed(c)}, who.Username(), temp)
	if err != nil {
		return err
	}
	if !ev.Check.Valid {
		return refuse(c, ev.Check)
	}
	return s.answerDocument(c, rec, doc, ev, action)
}

// Create checks a new document and stores it when the check passes, with
// maker as head.createBy. A refused document returns the check result and
// writes nothing. The server's fields (number, version, status, maker, ...)
// are never taken from the client, and a field the action mode does not let
// the user fill is refused (EFORBIDDEN). Who may file for whom is the
// caller's to decide (mayFileFor).
func (s *Server) Create(ctx context.Context, doc *engine.Document, structural []engine.Finding, opt engine.Options, maker string) (*DocumentRecord, engine.CheckResult, error) {
	rec, ev, err := s.create(ctx, doc, structural, opt, maker, false)
	if ev == nil {
		return rec, engine.CheckResult{}, err
	}
	return rec, ev.Check, err
}

// create is Create; temp (a temporary save) refuses only malformed values,
// not the pre-save checks.
func (s *Server) create(ctx context.Context, doc *engine.Document, structural []engine.Finding, opt engine.Options, maker string, temp bool) (*DocumentRecord, *engine.Evaluation, error) {
	head := doc.Head()
	if id := head.String("businessId"); id != "" {
		return nil, nil, engine.Errorf(engine.EINVALID, "head.businessId", "document %s already has a number: update it with PUT .../head/update", id)
	}
	if err := canSave(doc.Type, opt.Action); err != nil {
		return nil, nil, err
	}
	blank := doc.Type.NewDocument()
	engine.KeepServerFields(doc, blank)
	ev := engine.Evaluate(doc, structural, opt)
	engine.Check(blank, nil, opt) // its defaults are no change of the user's
	if err := forbidden(blank, doc, opt.Action); err != nil {
		return nil, ev, err
	}
	if temp {
		ev.Check = structuralOnly(ev.Check, structural)
	}
	if !ev.Check.Valid {
		return nil, ev, nil
	}
	rec, err := s.docs.Create(ctx, doc, func(id string) error {
		head["businessId"] = id
		head["version"] = 1
		head["schemaVersion"] = doc.Type.Version
		head["status"] = "draft"
		head["createBy"] = maker
		head["createAt"] = time.Now().Format("2006-01-02 15:04:05")
		return nil
	})
	return rec, ev, err
}

// canSave refuses a save under an action mode without a save button (read,
// oareview).
func canSave(d *engine.DocType, action string) error {
	if m := d.Mode(action); m == nil || !m.CanSave() {
		return engine.Errorf(engine.EFORBIDDEN, "action", "a document cannot be saved in action mode %s", action)
	}
	return nil
}

// forbidden refuses changes to fields the action mode does not let the user
// edit, naming them.
func forbidden(prev, next *engine.Document, action string) error {
	paths := engine.ForbiddenChanges(prev, next, action)
	if len(paths) == 0 {
		return nil
	}
	return fail(engine.EFORBIDDEN, paths[0], fmt.Sprintf("action mode %s does not allow changing %s", action, strings.Join(paths, ", ")),
		map[string]any{"fields": paths})
}

// updateDocument: PUT /api/galaxyform/yx/:family/head/update with the version
// the client loaded (optimistic locking).
func (s *Server) updateDocument(c echo.Context) error {
	doc, structural, err := s.decodeBody(c)
	if err != nil {
		return err
	}
	if err := checkFamily(c, doc.Type); err != nil {
		return err
	}
	head := doc.Head()
	id := head.String("businessId")
	if id == "" {
		return engine.Errorf(engine.EINVALID, "head.businessId", "head.businessId is missing: create a new document with POST .../head/create")
	}
	version, hasVersion := head["version"].(int)
	if !hasVersion {
		for _, f := range structural {
			if f.Path == "head.version" {
				return engine.Errorf(engine.EINVALID, "head.version", "head.version must be a whole number: send back the version you loaded")
			}
		}
		return engine.Errorf(engine.EINVALID, "head.version", "head.version is missing: send back the version you loaded")
	}
	stored, err := s.docs.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	who := CurrentUser(c)
	if err := s.mayOpen(c, who, stored); err != nil {
		return err
	}
	// a new reimburser or company is judged like a new document's (a blank
	// one is left to the check, which names the required field)
	if applicant, company := head.String("applicant"), head.String("companyCode"); applicant != "" && company != "" &&
		(applicant != stored.Applicant || company != stored.CompanyCode) {
		if err := s.mayFileFor(c, who, applicant, company); err != nil {
			return err
		}
	}
	if stored.DocType != doc.Type.Code {
		return engine.Errorf(engine.EINVALID, "head.docType", "document %s is a %s, not a %s", id, stored.DocType, doc.Type.Code)
	}
	if stored.Version != version {
		return engine.Errorf(engine.ECONFLICT, "head.version", "document %s was changed by someone else (you have version %d, the latest is %d); reload it", id, version, stored.Version)
	}
	action, err := actionOf(c)
	if err != nil {
		return err
	}
	if err := canSave(doc.Type, action); err != nil {
		return err
	}
	temp, err := tempSaveOf(c)
	if err != nil {
		return err
	}
	saveAs, err := s.mayEdit(c, who, stored, doc.Type.Family, action, temp)
	if err != nil {
		return err
	}
	if dt := s.storedType(stored); dt != doc.Type {
		// checked under the version the document was saved with
		body, _ := c.Get(bodyKey).([]byte)
		if doc, structural, err = engine.DecodeAs(dt, body); err != nil {
			return err
		}
		head = doc.Head()
	}
	prev, _, err := engine.DecodeAs(doc.Type, []byte(stored.Body))
	if err != nil {
		return fmt.Errorf("stored document %s cannot be read: %w", id, err)
	}
	engine.KeepServerFields(doc, prev)
	opt := engine.Options{Action: action, Confirmed: confirmed(c)}
	ev := engine.Evaluate(doc, structural, opt)
	engine.Check(prev, nil, opt)
	if err := forbidden(prev, doc, action); err != nil {
		return err
	}
	if temp {
		ev.Check = structuralOnly(ev.Check, structural)
	}
	if !ev.Check.Valid {
		return refuse(c, ev.Check)
	}
	head["version"] = version + 1
	head["schemaVersion"] = doc.Type.Version
	var event *DocumentEvent
	if saveAs == actionPartEdit { // a change in approval is on the record
		event = &DocumentEvent{BusinessID: id, At: s.now(), Actor: who.Username(), FromStatus: stored.Status, ToStatus: stored.Status, Action: actionPartEdit}
	}
	rec, err := s.docs.update(c.Request().Context(), doc, version, event)
	if err != nil {
		return err
	}
	rec.Status, rec.ProcessID = stored.Status, stored.ProcessID
	return s.answerDocument(c, rec, doc, ev, action)
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
	rec, doc, structural, err := s.storedDocument(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if err := s.mayRead(c, CurrentUser(c), rec); err != nil {
		return err
	}
	if err := checkFamily(c, doc.Type); err != nil {
		return err
	}
	// the stored body is answered as stored; the evaluation runs on a copy
	ev := engine.Evaluate(doc.Clone(), structural, engine.Options{Action: action})
	return s.answerDocument(c, rec, doc, ev, action)
}

// bodyKey keeps the raw request body in the echo context.
const bodyKey = "formwork.body"

// storedType is the document type a stored document was saved under: its
// edition and schema version. A version the catalogue no longer has (never
// released, then changed) falls back to the live type.
func (s *Server) storedType(rec *DocumentRecord) *engine.DocType {
	cat := s.Catalogue()
	edition := rec.Edition
	if edition == "" {
		edition = cat.DefaultEdition
	}
	if d := cat.DocTypeVersion(edition, rec.DocType, rec.SchemaVersion); d != nil {
		return d
	}
	return cat.DocTypeIn(edition, rec.DocType)
}
