package server

import (
	"sort"
	"strconv"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

type docTypeEntry struct {
	DocType string      `json:"docType"`
	Family  string      `json:"family"`
	Module  string      `json:"module"`
	Source  string      `json:"source"`
	Version int         `json:"version"`
	Edition string      `json:"edition"`
	Title   engine.Text `json:"title"`
}

// listDocTypes: GET /api/formwork/registry/docTypes[?edition=]: every
// edition's types, or one edition's as it is seen by its companies (its own
// types, then the default edition's for the codes it lacks).
func (s *Server) listDocTypes(c echo.Context) error {
	cat := s.Catalogue()
	edition := c.QueryParam("edition")
	if edition != "" && cat.Editions[edition] == nil {
		return engine.Errorf(engine.ENOTFOUND, "edition", "unknown edition %q", edition)
	}
	out := []docTypeEntry{}
	seen := map[string]bool{}
	for _, d := range cat.DocTypes() {
		if edition != "" {
			if seen[d.Code] || cat.DocTypeIn(edition, d.Code) != d {
				continue
			}
			seen[d.Code] = true
		}
		out = append(out, docTypeEntry{DocType: d.Code, Family: d.Family, Module: d.Module, Source: d.Source, Version: d.Version, Edition: d.Edition, Title: d.Title})
	}
	return ok(c, out)
}

type editionEntry struct {
	Key       string      `json:"key"`
	Title     engine.Text `json:"title"`
	Default   bool        `json:"default"`
	Companies []string    `json:"companies"`
	Sobs      []string    `json:"sobs"`
}

// listEditions: GET /api/formwork/registry/editions.
func (s *Server) listEditions(c echo.Context) error {
	cat := s.Catalogue()
	out := []editionEntry{}
	for _, k := range sortedEditions(cat) {
		e := cat.Editions[k]
		out = append(out, editionEntry{Key: k, Title: e.Title, Default: k == cat.DefaultEdition, Companies: nonNil(e.Companies), Sobs: nonNil(e.Sobs)})
	}
	return ok(c, out)
}

func sortedEditions(cat *engine.Catalogue) []string {
	keys := []string{cat.DefaultEdition}
	for k := range cat.Editions {
		if k != cat.DefaultEdition {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys[1:])
	return keys
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// docTypeOf resolves :docType with ?edition= (default: the default edition,
// falling back as companies of that edition see it) and ?version= (default:
// the live version).
func (s *Server) docTypeOf(c echo.Context) (*engine.DocType, error) {
	cat := s.Catalogue()
	code, edition := c.Param("docType"), c.QueryParam("edition")
	if edition == "" {
		edition = cat.DefaultEdition
	} else if cat.Editions[edition] == nil {
		return nil, engine.Errorf(engine.ENOTFOUND, "edition", "unknown edition %q", edition)
	}
	d := cat.DocTypeIn(edition, code)
	if d == nil {
		return nil, engine.Errorf(engine.ENOTFOUND, "docType", "unknown docType %q", code)
	}
	if v := c.QueryParam("version"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, engine.Errorf(engine.EINVALID, "version", "version must be a whole number, not %q", v)
		}
		old := cat.DocTypeVersion(d.Edition, code, n)
		if old == nil {
			return nil, engine.Errorf(engine.ENOTFOUND, "version", "%s has no version %d (versions: %v)", code, n, cat.Versions(d.Edition, code))
		}
		d = old
	}
	return d, nil
}

type versionEntry struct {
	Version  int  `json:"version"`
	Live     bool `json:"live"`
	Released bool `json:"released"`
}

// listVersions: GET /api/formwork/registry/docTypes/:docType/versions[?edition=].
func (s *Server) listVersions(c echo.Context) error {
	d, err := s.docTypeOf(c)
	if err != nil {
		return err
	}
	cat := s.Catalogue()
	out := []versionEntry{}
	for _, v := range cat.Versions(d.Edition, d.Code) {
		released := v != d.Version
		if !released {
			for _, r := range cat.ReleasedVersions(d.Edition, d.Code) {
				released = released || r == v
			}
		}
		out = append(out, versionEntry{Version: v, Live: v == d.Version, Released: released})
	}
	return ok(c, out)
}

// diffVersions: GET /api/formwork/registry/docTypes/:docType/diff?from=&to=[&edition=].
func (s *Server) diffVersions(c echo.Context) error {
	d, err := s.docTypeOf(c)
	if err != nil {
		return err
	}
	from, err1 := strconv.Atoi(c.QueryParam("from"))
	to, err2 := strconv.Atoi(c.QueryParam("to"))
	if err1 != nil || err2 != nil {
		return engine.Errorf(engine.EINVALID, "from", "from and to must be version numbers")
	}
	changes, err := s.Catalogue().Diff(d.Edition, d.Code, from, to)
	if err != nil {
		return err
	}
	return ok(c, map[string]any{"docType": d.Code, "edition": d.Edition, "from": from, "to": to, "changes": changes})
}

// registryStatus: GET /api/formwork/registry/status: the catalogue in use
// and, under `serve --dev`, the problems of an edit that did not load (the
// last good catalogue keeps running).
func (s *Server) registryStatus(c echo.Context) error {
	st := s.status.Load()
	if st == nil {
		st = &CatalogueStatus{OK: true}
	}
	return ok(c, map[string]any{"docTypes": len(s.Catalogue().DocTypes()), "status": st})
}

// exportForm: GET /api/formwork/registry/docTypes/:docType/form?subType=&action=[&edition=&version=].
func (s *Server) exportForm(c echo.Context) error {
	d, err := s.docTypeOf(c)
	if err != nil {
		return err
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
