package server

// What other areas of the server still call of the approval workflow
// while the server is split; each goes when its caller moves.

import (
	"context"
	"errors"

	"formwork/engine"
	"formwork/process"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm/clause"
)

// transitional: remove after the split (process.TimeLayout, process task
// statuses and steps, process views).
const (
	timeLayout     = process.TimeLayout
	taskOpen       = process.TaskOpen
	taskDone       = process.TaskDone
	stepSupplement = process.StepSupplement
)

// transitional: remove after the split.
type (
	taskView  = process.TaskView
	eventView = process.EventView
)

// storedDocument loads a document with its decoded body, under the type
// and version it was saved with. transitional: remove after the split
// (documents.Service.Stored).
func (s *Server) storedDocument(ctx context.Context, businessID string) (*DocumentRecord, *engine.Document, []engine.Finding, error) {
	rec, doc, structural, err := s.documents.Stored(ctx, businessID)
	return rec, doc, structural, err
}

// documentToAct loads the document a process call acts on.
// transitional: remove after the split (process.Service.Load).
func (s *Server) documentToAct(c echo.Context, in processInput) (*DocumentRecord, *engine.Document, []engine.Finding, error) {
	rec, doc, structural, err := s.process.Load(c.Request().Context(), in.request(c))
	return rec, doc, structural, err
}

// mustBeOwner refuses who unless they act for the document's owner.
// transitional: remove after the split (process.Service.MustBeOwner).
func (s *Server) mustBeOwner(c echo.Context, who *Identity, rec *DocumentRecord, action string) error {
	return s.process.MustBeOwner(c.Request().Context(), who, rec, action)
}

// nextState asks the lifecycle where action leads a document.
// transitional: remove after the split (process.Service.Next).
func (s *Server) nextState(_ echo.Context, businessID, family, state, action string, last bool) (string, error) {
	return s.process.Next(businessID, family, state, action, last)
}

// stateTitle is a state's title in lang. transitional: remove after the
// split (process.Service.StateTitle).
func (s *Server) stateTitle(state, lang string) string { return s.process.StateTitle(state, lang) }

// processView reads a document's approval as the signed-in user sees it.
// transitional: remove after the split (process.Service.View).
func (s *Server) processView(c echo.Context, businessID string) (*process.View, error) {
	return s.process.View(c.Request().Context(), CurrentUser(c), businessID, lang(c))
}

// names looks display names up once per request. transitional: remove
// after the split.
type names struct {
	s     *Server
	ctx   context.Context
	cache map[string]string
}

func (n *names) of(username string) string {
	if username == "" {
		return ""
	}
	if v, ok := n.cache[username]; ok {
		return v
	}
	v := n.s.empName(n.ctx, username)
	n.cache[username] = v
	return v
}

// errRefused rolls a transaction back whose refusal the caller answers.
// transitional: remove after the split.
var errRefused = errors.New("refused")

// transitional: remove after the split.
func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// findingsResult is a refused check result of findings found outside the
// catalogue's rules (budget control). transitional: remove after the split.
func findingsResult(doc *engine.Document, findings ...engine.Finding) engine.CheckResult {
	return engine.CheckResult{DocType: doc.Type.Code, SchemaVersion: doc.Type.Version, Valid: false, Errors: findings}
}

// lockForUpdate locks the rows a query reads for the rest of the
// transaction (PostgreSQL; SQLite drops the clause and has one writer).
// transitional: remove after the split.
var lockForUpdate = clause.Locking{Strength: "UPDATE"}
