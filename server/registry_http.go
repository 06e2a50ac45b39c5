package server

import (
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

type docTypeEntry struct {
	DocType string      `json:"docType"`
	Family  string      `json:"family"`
	Version int         `json:"version"`
	Edition string      `json:"edition"`
	Title   engine.Text `json:"title"`
}

// listDocTypes: GET /api/formwork/registry/docTypes.
func (s *Server) listDocTypes(c echo.Context) error {
	var out []docTypeEntry
	for _, d := range s.Catalogue().DocTypes() {
		out = append(out, docTypeEntry{DocType: d.Code, Family: d.Family, Version: d.Version, Edition: d.Edition, Title: d.Title})
	}
	return ok(c, out)
}

// exportForm: GET /api/formwork/registry/docTypes/:docType/form?subType=&action=.
func (s *Server) exportForm(c echo.Context) error {
	d := s.Catalogue().DocType(c.Param("docType"))
	if d == nil {
		return engine.Errorf(engine.ENOTFOUND, "docType", "unknown docType %q", c.Param("docType"))
	}
	f, err := d.Export(c.QueryParam("subType"), c.QueryParam("action"), lang(c))
	if err != nil {
		return err
	}
	return ok(c, f)
}

type evaluation struct {
	Check  engine.CheckView             `json:"check"`
	Fields map[string]engine.FieldState `json:"fields"`
	Values map[string]any               `json:"values"`
}

// evaluate: POST /api/formwork/evaluate?action=. The form calls it on change.
func (s *Server) evaluate(c echo.Context) error {
	doc, structural, err := s.decodeBody(c)
	if err != nil {
		return err
	}
	action, err := actionOf(c)
	if err != nil {
		return err
	}
	ev := engine.Evaluate(doc, structural, engine.Options{Action: action, Confirmed: confirmed(c)})
	return ok(c, evaluation{Check: ev.Check.View(lang(c)), Fields: ev.Fields, Values: ev.Values})
}
