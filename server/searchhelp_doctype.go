package server

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// The document-type tree (family -> module -> document type) and a document
// type's description, from the catalogue as the request's edition sees it.
// The titles of families and modules are named codes of the master data
// (dictionaries docFamily and docModule); a missing one shows its code.

// Dictionaries of the document-type tree's titles (seeds/masterdata).
const (
	dicDocFamily = "docFamily"
	dicDocModule = "docModule"
)

// editionDocTypes lists the document types of an edition, by code: its own
// and those of the default edition it does not replace.
func editionDocTypes(cat *engine.Catalogue, edition string) []*engine.DocType {
	seen := map[string]bool{}
	var out []*engine.DocType
	for _, d := range cat.DocTypes() {
		if seen[d.Code] {
			continue
		}
		seen[d.Code] = true
		if e := cat.DocTypeIn(edition, d.Code); e != nil {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// namedCodes loads the named codes of some dictionaries (DictionaryEntry).
func (s *Server) namedCodes(ctx context.Context, dicIDs ...string) (dictionary, error) {
	var entries []DictionaryEntry
	if err := s.db.WithContext(ctx).Where("dic_id IN ?", dicIDs).Order("dic_id, code").Find(&entries).Error; err != nil {
		return nil, fmt.Errorf("load named codes: %w", err)
	}
	d := dictionary{}
	for _, e := range entries {
		if d[e.DicID] == nil {
			d[e.DicID] = map[string]engine.Text{}
		}
		d[e.DicID][e.Code] = engine.Text{"zh": e.Zh, "en": e.En, "th": e.Th}
	}
	return d, nil
}

// docTypeSearchHelp: POST /api/galaxyform/doc/type/searchhelp {parentCode,
// sob?, companyCode?}: the children of a node of the document-type tree.
// No parentCode: the families (ap, ar, as, gl, ht; by code); a family: its
// modules (keys family.module, by module); a family.module: its document
// types (by code); a document type: none (a leaf). attr1 is the node's kind
// (family, module, docType), attr2 the family, attr3 the module, attr4 the
// edition, attr5 Y when the node has children, attr6 a document type's
// version.
func (s *Server) docTypeSearchHelp(c echo.Context) error {
	var in struct {
		ParentCode  looseString `json:"parentCode"`
		Sob         looseString `json:"sob"`
		CompanyCode looseString `json:"companyCode"`
	}
	if err := readBody(c, &in, `{"parentCode": "ap"}`); err != nil {
		return err
	}
	b, err := s.booksOf(c, string(in.CompanyCode), string(in.Sob))
	if err != nil {
		return err
	}
	names, err := s.namedCodes(c.Request().Context(), dicDocFamily, dicDocModule)
	if err != nil {
		return err
	}
	l, parent := lang(c), string(in.ParentCode)
	types := editionDocTypes(s.Catalogue(), b.edition)
	out := []option{}
	seen := map[string]bool{}
	family, module, _ := strings.Cut(parent, ".")
	for _, d := range types {
		switch {
		case parent == "":
			if !seen[d.Family] {
				out = append(out, opt(d.Family, names.name(dicDocFamily, d.Family, l), "family", d.Family, "", b.edition, "Y"))
			}
			seen[d.Family] = true
		case parent == d.Family:
			if !seen[d.Module] {
				out = append(out, opt(d.Family+"."+d.Module, names.name(dicDocModule, d.Module, l), "module", d.Family, d.Module, b.edition, "Y"))
			}
			seen[d.Module] = true
		case family == d.Family && module == d.Module:
			out = append(out, opt(d.Code, d.Title.In(l), "docType", d.Family, d.Module, b.edition, "N", strconv.Itoa(d.Version)))
			seen[parent] = true
		case parent == d.Code:
			seen[parent] = true
		}
	}
	if parent != "" && len(seen) == 0 {
		return unknownCode(c, "parentCode", parent)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return ok(c, out)
}

// subTypeNode is a business type in a document type's description.
type subTypeNode struct {
	Key      string        `json:"key"`
	Value    string        `json:"value"`
	Sobs     []string      `json:"sobs,omitempty"`
	Children []subTypeNode `json:"children,omitempty"`
}

// docTypeDescription is what doc/type/load answers.
type docTypeDescription struct {
	DocType     string        `json:"docType"`
	Edition     string        `json:"edition"`
	Version     int           `json:"version"`
	Family      string        `json:"family"`
	FamilyTxt   string        `json:"familyTxt"`
	Module      string        `json:"module"`
	ModuleTxt   string        `json:"moduleTxt"`
	Title       string        `json:"title"`
	LeadPage    string        `json:"leadPage"`
	Description string        `json:"description"`
	Sob         string        `json:"sob"`
	SubTypes    []subTypeNode `json:"subTypes"`
}

// loadDocType: GET /api/galaxyform/doc/type/load?docType=EX02[&sob=][&companyCode=]
// (docTypeCode is taken for docType): the document type's description in the
// request's language, as the edition of the set of books or company (default:
// the X-company context) has it, with the business types that set of books
// offers. No docType: 400; an unknown one: 404.
func (s *Server) loadDocType(c echo.Context) error {
	code := strings.TrimSpace(c.QueryParam("docType"))
	if code == "" {
		code = strings.TrimSpace(c.QueryParam("docTypeCode"))
	}
	if code == "" {
		return missingParam(c, "docType")
	}
	b, err := s.booksOf(c, strings.TrimSpace(c.QueryParam("companyCode")), strings.TrimSpace(c.QueryParam("sob")))
	if err != nil {
		return err
	}
	d := s.Catalogue().DocTypeIn(b.edition, code)
	if d == nil {
		return engine.Errorf(engine.ENOTFOUND, "docType", "%s", say(c,
			fmt.Sprintf("单据类型%s不存在", clipText(code, 40)), fmt.Sprintf("there is no document type %s", clipText(code, 40))))
	}
	names, err := s.namedCodes(c.Request().Context(), dicDocFamily, dicDocModule)
	if err != nil {
		return err
	}
	l := lang(c)
	return ok(c, docTypeDescription{DocType: d.Code, Edition: d.Edition, Version: d.Version,
		Family: d.Family, FamilyTxt: names.name(dicDocFamily, d.Family, l), Module: d.Module, ModuleTxt: names.name(dicDocModule, d.Module, l),
		Title: d.Title.In(l), LeadPage: d.LeadPage.In(l), Description: d.Description.In(l), Sob: b.sob,
		SubTypes: subTypeTree(d.SubTypes, b.sob, l)})
}

// subTypeTree is the business types offered in sob, as a tree.
func subTypeTree(list []*engine.SubType, sob, lang string) []subTypeNode {
	out := []subTypeNode{}
	for _, n := range list {
		if n.OfferedIn(sob) {
			node := subTypeNode{Key: n.Key, Value: n.Title.In(lang), Sobs: n.Sobs}
			if children := subTypeTree(n.Children, sob, lang); len(children) > 0 {
				node.Children = children
			}
			out = append(out, node)
		}
	}
	return out
}
