package server

import (
	"context"
	"formwork/process"
	"net/http"
	"strings"

	"formwork/engine"
	"formwork/printing"

	"github.com/labstack/echo/v4"
)

// printDocument: GET /api/galaxyform/print/:businessId. A printable A4 HTML
// page of the document (printing.Service.Page) for anyone who may open it,
// when the lifecycle allows printing in its state.
func (s *Server) printDocument(c echo.Context) error {
	ctx := c.Request().Context()
	id := strings.TrimSpace(c.Param("businessId"))
	rec, doc, _, err := s.storedDocument(ctx, id)
	if err != nil {
		return err
	}
	if err := s.mayRead(c, CurrentUser(c), rec); err != nil {
		return err
	}
	if _, err := s.nextState(c, rec.BusinessID, doc.Type.Family, rec.Status, "print", false); err != nil {
		return err
	}
	pv, err := s.processView(c, rec.BusinessID)
	if err != nil {
		return err
	}
	page, err := s.printing.Page(ctx, printedDocument{rec: rec, doc: doc}, printedApproval(pv), lang(c))
	if err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, page)
}

// printedDocument is a stored document as the print view reads it
// (printing.DocumentSource).
type printedDocument struct {
	rec *DocumentRecord
	doc *engine.Document
}

func (p printedDocument) BusinessID() string         { return p.rec.BusinessID }
func (p printedDocument) Status() string             { return p.rec.Status }
func (p printedDocument) Version() int               { return p.rec.Version }
func (p printedDocument) CreateBy() string           { return p.rec.CreateBy }
func (p printedDocument) Applicant() string          { return p.rec.Applicant }
func (p printedDocument) Document() *engine.Document { return p.doc }

// printedApproval is a document's approval as the print view reads it.
func printedApproval(pv *process.View) printing.Approval {
	a := printing.Approval{Family: pv.Family, Status: pv.Status, StatusTxt: pv.StatusTxt}
	for _, e := range pv.Events {
		a.Events = append(a.Events, printing.Event{At: e.At, By: e.By, Comment: e.Comment, Action: e.Action, From: e.From, To: e.To,
			ActionTxt: e.ActionTxt, FromTxt: e.FromTxt, ToTxt: e.ToTxt})
	}
	for _, t := range pv.Tasks {
		a.Tasks = append(a.Tasks, printing.Task{Assignee: t.Assignee, CompleteBy: t.CompleteBy, Done: t.Status == taskDone,
			Open: t.Status == taskOpen, Supplement: t.Step == stepSupplement})
	}
	return a
}

// printPeople names people for the print view: an employee's name, else
// the user's display name.
//
// transitional: remove after the split (the wiring composes
// masterdata.Service.PersonName with identity's names).
type printPeople struct{ s *Server }

func (p printPeople) PersonName(ctx context.Context, username string) (engine.Text, error) {
	t, err := p.s.masterData.PersonName(ctx, username)
	if err != nil || t != nil {
		return t, err
	}
	if n := p.s.empName(ctx, username); n != username {
		return engine.Text{"zh": n, "en": n, "th": n}, nil // one name in every language
	}
	return nil, nil
}
