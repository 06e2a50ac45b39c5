package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"

	"formwork/documents"
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// formAnswer is the member `form` of the create, update and load answers:
// all the form needs to show the stored document after one request.
type formAnswer struct {
	Action  string                       `json:"action"`
	States  map[string]engine.FieldState `json:"states"`
	Check   engine.CheckView             `json:"check"`
	Process formProcess                  `json:"process"`
	Schema  formSchema                   `json:"schema"`
}

// formProcess is the document's state and what the user may do now.
type formProcess struct {
	Status    string   `json:"status"`
	ProcessID string   `json:"processId"`
	Actions   []string `json:"actions"`
}

// formSchema names the export the form renders the document with; etag is
// the export's ETag, so a client that has it cached needs no request.
type formSchema struct {
	Edition string `json:"edition"`
	DocType string `json:"docType"`
	Family  string `json:"family"`
	Version int    `json:"version"`
	SubType string `json:"subType"`
	ETag    string `json:"etag"`
}

// documentAnswer is the envelope of create, update and load: data is the
// stored document, form the states, check, process and schema.
type documentAnswer struct {
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
	Form    *formAnswer     `json:"form"`
}

// subTypeOf is the sub-type path of a document (A03.A0301), as the export's
// subType parameter names it.
func subTypeOf(head engine.Values) string {
	var keys []string
	for _, k := range engine.SubTypeKeys {
		v := head.String(k)
		if v == "" {
			break
		}
		keys = append(keys, v)
	}
	return strings.Join(keys, ".")
}

// answerDocument answers a stored document with its form: the states and
// check of ev (an evaluation of the document under action) and the
// lifecycle actions the user may take now.
func (s *Server) answerDocument(c echo.Context, rec *documents.Record, doc *engine.Document, ev *engine.Evaluation, action string) error {
	actions, err := s.actionsNow(c, rec, doc.Type.Family)
	if err != nil {
		return err
	}
	l := lang(c)
	sub := subTypeOf(doc.Head())
	f := &formAnswer{Action: action, States: ev.Fields, Check: ev.Check.View(l),
		Process: formProcess{Status: rec.Status, ProcessID: rec.ProcessID, Actions: actions},
		Schema: formSchema{Edition: doc.Type.Edition, DocType: doc.Type.Code, Family: doc.Type.Family, Version: doc.Type.Version, SubType: sub,
			ETag: s.registry.FormETag(doc.Type.Edition, doc.Type.Code, doc.Type.Version, sub, action, l)}}
	return c.JSON(http.StatusOK, documentAnswer{Code: codeSuccess, Message: "success", Data: json.RawMessage(rec.Body), Form: f})
}

// actionsNow lists the lifecycle actions the user may take on the stored
// document now (as the process view's actions).
func (s *Server) actionsNow(c echo.Context, rec *documents.Record, family string) ([]string, error) {
	return s.process.Actions(c.Request().Context(), CurrentUser(c), rec, family)
}
