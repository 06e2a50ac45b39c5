package httpapi

import (
	"context"
	"io"
	"net/http"
	"strings"

	"formwork/adapters/httpapi/formcallapi"
	"formwork/engine"
	"formwork/registry"

	"github.com/labstack/echo/v4"
)

// listDocTypes: GET /api/formwork/registry/docTypes[?edition=]: every
// edition's types, or one edition's as it is seen by its companies (its own
// types, then the default edition's for the codes it lacks).
func (s *Server) listDocTypes(c echo.Context) error {
	out, err := s.registry.DocTypes(c.QueryParam("edition"))
	if err != nil {
		return err
	}
	return ok(c, out)
}

// listEditions: GET /api/formwork/registry/editions.
func (s *Server) listEditions(c echo.Context) error { return ok(c, s.registry.Editions()) }

// docTypeOf resolves :docType with ?edition= (default: the default edition,
// falling back as companies of that edition see it) and ?version= (default:
// the live version).
func (s *Server) docTypeOf(c echo.Context) (*engine.DocType, error) {
	return s.registry.DocType(registry.DocTypeRef{Code: c.Param("docType"), Edition: c.QueryParam("edition"), Version: c.QueryParam("version")})
}

// listVersions: GET /api/formwork/registry/docTypes/:docType/versions[?edition=].
func (s *Server) listVersions(c echo.Context) error {
	d, err := s.docTypeOf(c)
	if err != nil {
		return err
	}
	return ok(c, s.registry.Versions(d))
}

// diffVersions: GET /api/formwork/registry/docTypes/:docType/diff?from=&to=[&edition=].
func (s *Server) diffVersions(c echo.Context) error {
	d, err := s.docTypeOf(c)
	if err != nil {
		return err
	}
	diff, err := s.registry.Diff(d, c.QueryParam("from"), c.QueryParam("to"))
	if err != nil {
		return err
	}
	return ok(c, diff)
}

// registryStatus: GET /api/formwork/registry/status: the catalogue in use
// and, under `serve --dev`, the problems of an edit that did not load (the
// last good catalogue keeps running).
func (s *Server) registryStatus(c echo.Context) error {
	return ok(c, map[string]any{"docTypes": len(s.registry.Catalogue().DocTypes()), "status": s.registry.Status()})
}

// exportForm: GET /api/formwork/registry/docTypes/:docType/form?subType=&action=[&edition=&version=].
// The answer carries an ETag (registry.Service.FormETag, the one the
// document answers name) and may be kept by the browser, which asks again
// with If-None-Match: the export is the catalogue's, no personal data. A
// request whose If-None-Match holds the ETag is answered 304 without a
// body; an error is not kept.
func (s *Server) exportForm(c echo.Context) error {
	d, err := s.docTypeOf(c)
	if err != nil {
		return err
	}
	subType, action, l := c.QueryParam("subType"), c.QueryParam("action"), lang(c)
	etag := s.registry.FormETag(d.Edition, d.Code, d.Version, subType, action, l)
	h := c.Response().Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	h.Add("Vary", "Accept-Language")
	if etagMatches(c.Request().Header.Get("If-None-Match"), etag) {
		return c.NoContent(http.StatusNotModified)
	}
	f, err := s.registry.Export(d, subType, action, l)
	if err != nil {
		h.Del("ETag")
		h.Set("Cache-Control", "no-store")
		return err
	}
	return ok(c, f)
}

// etagMatches reports whether an If-None-Match header names etag (or is
// "*"), comparing weakly as RFC 9110 13.1.2 asks: W/"x" matches "x".
func etagMatches(ifNoneMatch, etag string) bool {
	for _, candidate := range strings.Split(ifNoneMatch, ",") {
		candidate = strings.TrimSpace(candidate)
		if candidate == "*" || strings.TrimPrefix(candidate, "W/") == etag {
			return true
		}
	}
	return false
}

// evaluate: POST /api/formwork/evaluate?action=. The form calls it on change;
// the rules read master data as on save.
func (s *Server) evaluate(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err // the body limit answers 413 itself
	}
	doc, structural, err := s.documents.Decode(body)
	if err != nil {
		return err
	}
	action, err := actionOf(c)
	if err != nil {
		return err
	}
	// the master data the rules read (a voucher's posting keys, for the
	// balance), as the save reads them: the form shows the same findings
	lookup, err := s.documents.RuleLookup(c.Request().Context(), doc)
	if err != nil {
		return err
	}
	ev := s.registry.Evaluate(doc, structural, engine.Options{Action: action, Confirmed: confirmed(c), Lookup: lookup}, lang(c))
	if ev.Budget, err = s.budgets.Preview(c.Request().Context(), doc, s.heldBy(c, doc), lang(c)); err != nil {
		return err
	}
	return ok(c, ev)
}

// heldBy is the stored document an evaluated one is a version of, when the
// user may open it: what it holds of budgets counts as available to it.
func (s *Server) heldBy(c echo.Context, doc *engine.Document) string {
	id := strings.TrimSpace(doc.Head().String("businessId"))
	if id == "" {
		return ""
	}
	ctx := c.Request().Context()
	rec, err := s.documents.Get(ctx, id)
	if err != nil || s.documents.MayOpen(ctx, CurrentUser(c), rec) != nil {
		return ""
	}
	return rec.BusinessID
}

// formCallDeps are the document calls the spec's form calls under server
// names hand over to (formcallapi), and the document type's change log.
func (s *Server) formCallDeps() formcallapi.Deps {
	return formcallapi.Deps{Create: s.createDocument, Update: s.updateDocument,
		FamilyOf: func(ctx context.Context, businessID string) (string, error) {
			rec, err := s.documents.Get(ctx, businessID)
			if err != nil {
				return "", err
			}
			d := s.registry.Catalogue().DocTypeIn(rec.Edition, rec.DocType)
			if d == nil {
				return "", engine.Errorf(engine.ENOTFOUND, "formIvvfHead.docType", "unknown docType %q", rec.DocType)
			}
			return d.Family, nil
		},
		TypeLog: func(docType, edition string) (any, error) {
			d, err := s.registry.DocType(registry.DocTypeRef{Code: docType, Edition: edition})
			if err != nil {
				return nil, err
			}
			return s.registry.Log(d)
		}}
}
