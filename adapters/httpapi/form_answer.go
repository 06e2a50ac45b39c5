package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/paymentapi"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"formwork/documents"
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

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

// answerDocument answers a stored document with its form (renderDocument).
func (s *Server) answerDocument(c echo.Context, rec *documents.Record, doc *engine.Document, ev *engine.Evaluation, action string, created bool) error {
	buf, err := s.renderDocument(c, rec, doc, ev, action, created)
	if err != nil {
		return err
	}
	return sendAnswer(c, buf)
}

// renderDocument is the answer of a stored document with its form: the
// states and check of ev (an evaluation of the document under action) and
// the lifecycle actions the user may take now, in a buffer of
// answerBuffers. created says the document was stored new by this request:
// it has no approval task and holds no budget, so neither is read.
func (s *Server) renderDocument(c echo.Context, rec *documents.Record, doc *engine.Document, ev *engine.Evaluation, action string, created bool) (*bytes.Buffer, error) {
	actions, err := s.actionsNow(c, rec, doc.Type.Family, created)
	if err != nil {
		return nil, err
	}
	returned, err := s.process.Returned(c.Request().Context(), rec, doc.Type.Family)
	if err != nil {
		return nil, err
	}
	l := lang(c)
	sub := subTypeOf(doc.Head())
	f := &contract.FormAnswer{Action: action, States: ev.Fields, Check: ev.Check.View(l),
		Process: contract.FormProcess{Status: rec.Status, ProcessID: rec.ProcessID, Actions: actions, Returned: returned},
		Schema: contract.FormSchema{Edition: doc.Type.Edition, DocType: doc.Type.Code, Family: doc.Type.Family, Version: doc.Type.Version, SubType: sub,
			ETag: s.registry.FormETag(doc.Type.Edition, doc.Type.Code, doc.Type.Version, sub, action, l)}}
	if slices.Contains(actions, "save") {
		heldBy := rec.BusinessID
		if created {
			heldBy = ""
		}
		if f.Budget, err = s.budgets.Preview(c.Request().Context(), doc, heldBy, l); err != nil {
			return nil, err
		}
	}
	body := rec.Body
	if !slices.Contains(actions, "save") { // out of the reader's hands: accounts masked unless finance
		body = paymentapi.MaskedDocument(CurrentUser(c), body)
	}
	return renderDocumentAnswer(body, f)
}

// answerBuffers are the buffers document answers are written in.
var answerBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// renderDocumentAnswer is contract.DocumentAnswer with the stored body as
// it is (the engine wrote it: valid JSON), encoding only the form, in a
// buffer of answerBuffers.
func renderDocumentAnswer(body string, f *contract.FormAnswer) (*bytes.Buffer, error) {
	// the states are written by their own AppendJSON and spliced in:
	// encoding/json would scan their thousands of bytes again
	rest := *f
	rest.States = nil
	form, err := json.Marshal(&rest)
	if err != nil {
		return nil, err
	}
	const none = `"states":null`
	at := bytes.Index(form, []byte(none)) // the field's, strings' quotes being escaped
	if at < 0 {
		return nil, fmt.Errorf("form answer without states: %.80s", form)
	}
	if body == "" {
		body = "null"
	}
	buf := answerBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	buf.WriteString(`{"code":"` + codeSuccess + `","message":"success","data":`)
	buf.WriteString(body)
	buf.WriteString(`,"form":`)
	buf.Write(form[:at+len(none)-len("null")])
	buf.Grow(2 + len(f.States)*64)
	buf.Write(f.States.AppendJSON(buf.AvailableBuffer()))
	buf.Write(form[at+len(none):])
	buf.WriteString("}\n")
	return buf, nil
}

// sendAnswer writes the answer in buf and gives buf back to answerBuffers.
func sendAnswer(c echo.Context, buf *bytes.Buffer) error {
	defer answerBuffers.Put(buf)
	// its length told: net/http would send an answer longer than its
	// buffer in chunks
	c.Response().Header().Set(echo.HeaderContentLength, strconv.Itoa(buf.Len()))
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, buf.Bytes())
}

// actionsNow lists the lifecycle actions the user may take on the stored
// document now (as the process view's actions); created: of a document
// this request stored new.
func (s *Server) actionsNow(c echo.Context, rec *documents.Record, family string, created bool) ([]string, error) {
	if created {
		return s.process.ActionsOfCreated(c.Request().Context(), CurrentUser(c), rec, family)
	}
	return s.process.Actions(c.Request().Context(), CurrentUser(c), rec, family)
}
