package httpapi

import (
	"net/http"

	"formwork/documents"
	"formwork/engine"
	"formwork/printing"
	"formwork/process"

	"github.com/labstack/echo/v4"
)

// printDocument: GET /api/galaxyform/print/:businessId. A printable A4 HTML
// page of the document (printing.Service.Page) for anyone who may open it,
// when the lifecycle allows printing in its state.
func (s *Server) printDocument(c echo.Context) error {
	ctx := c.Request().Context()
	rec, doc, pv, err := s.process.Printable(ctx, CurrentUser(c), c.Param("businessId"), lang(c))
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
	rec *documents.Record
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
		a.Tasks = append(a.Tasks, printing.Task{Assignee: t.Assignee, CompleteBy: t.CompleteBy, Done: t.Status == process.TaskDone,
			Open: t.Status == process.TaskOpen, Supplement: t.Step == process.StepSupplement})
	}
	return a
}
