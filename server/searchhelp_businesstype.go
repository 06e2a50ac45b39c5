package server

import (
	"strconv"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// The business types (sub-types businessType1 -> 2 -> 3) of a document type,
// from the catalogue: the edition and the set of books of the request decide
// which document type a code means and which sub-types it offers
// (engine.SubType.OfferedIn). Options come in catalogue order.

// businessTypeOption is a sub-type as a dropdown option: key the code, value
// the title; attr1 the parent (the document type's code at level 1), attr2
// the document type, attr3 the level (1, 2, 3), attr4 the path from level 1
// (A01.A0101), attr5 Y when it has sub-types offered in the set of books,
// attr6 the sets of books it is limited to (comma-separated; empty: all),
// attr7 the edition.
func businessTypeOption(d *engine.DocType, path []*engine.SubType, n *engine.SubType, sob, lang string) option {
	parent := d.Code
	keys := make([]string, 0, len(path)+1)
	for _, p := range path {
		keys = append(keys, p.Key)
		parent = p.Key
	}
	keys = append(keys, n.Key)
	hasChildren := false
	for _, ch := range n.Children {
		hasChildren = hasChildren || ch.OfferedIn(sob)
	}
	return opt(n.Key, n.Title.In(lang), parent, d.Code, strconv.Itoa(len(path)+1), strings.Join(keys, "."),
		yesNo(hasChildren), strings.Join(n.Sobs, ","), d.Edition)
}

// offeredChildren lists the sub-types under path (the document type's
// level 1 when path is empty) offered in sob; none when a node of the path
// itself is not offered. With deep, each is followed by its own offered
// sub-types, depth first. The list is never nil (JSON []).
func offeredChildren(d *engine.DocType, path []*engine.SubType, sob, lang string, deep bool) []option {
	list := d.SubTypes
	out := []option{}
	for _, n := range path {
		if !n.OfferedIn(sob) {
			return out
		}
		list = n.Children
	}
	for _, n := range list {
		if !n.OfferedIn(sob) {
			continue
		}
		out = append(out, businessTypeOption(d, path, n, sob, lang))
		if deep {
			out = append(out, offeredChildren(d, append(path[:len(path):len(path)], n), sob, lang, true)...)
		}
	}
	return out
}

// sobBusinessTypeBody is the body of querySobBusinessTypeCode1/2/3.
type sobBusinessTypeBody struct {
	DocTypeCode       looseString `json:"docTypeCode"`
	Sob               looseString `json:"sob"`
	CompanyCode       looseString `json:"companyCode"`
	BusinessTypeCode1 looseString `json:"businessTypeCode1"`
	BusinessTypeCode2 looseString `json:"businessTypeCode2"`
}

// querySobBusinessTypeCode1: POST /api/galaxyform/searchhelp/querySobBusinessTypeCode1
// {docTypeCode, sob}: the level-1 business types of the document type
// offered in the set of books.
func (s *Server) querySobBusinessTypeCode1(c echo.Context) error { return s.sobBusinessTypes(c, 1) }

// querySobBusinessTypeCode2: ... {businessTypeCode1, docTypeCode, sob}: the
// level-2 business types under businessTypeCode1.
func (s *Server) querySobBusinessTypeCode2(c echo.Context) error { return s.sobBusinessTypes(c, 2) }

// querySobBusinessTypeCode3: ... {sob, docTypeCode, businessTypeCode1,
// businessTypeCode2}: the level-3 business types under businessTypeCode2.
func (s *Server) querySobBusinessTypeCode3(c echo.Context) error { return s.sobBusinessTypes(c, 3) }

func (s *Server) sobBusinessTypes(c echo.Context, level int) error {
	var in sobBusinessTypeBody
	examples := []string{`{"docTypeCode": "EX01", "sob": "1000"}`,
		`{"docTypeCode": "EX01", "sob": "1000", "businessTypeCode1": "A01"}`,
		`{"docTypeCode": "AB", "sob": "1000", "businessTypeCode1": "P01", "businessTypeCode2": "P0101"}`}
	if err := readBody(c, &in, examples[level-1]); err != nil {
		return err
	}
	params := []string{"businessTypeCode1", "businessTypeCode2"}[:level-1]
	keys := []string{string(in.BusinessTypeCode1), string(in.BusinessTypeCode2)}[:level-1]
	if in.DocTypeCode == "" {
		return missingParam(c, "docTypeCode")
	}
	for i, k := range keys {
		if k == "" {
			return missingParam(c, params[i])
		}
	}
	b, err := s.booksOf(c, string(in.CompanyCode), string(in.Sob))
	if err != nil {
		return err
	}
	d := s.Catalogue().DocTypeIn(b.edition, string(in.DocTypeCode))
	if d == nil {
		return unknownCode(c, "docTypeCode", string(in.DocTypeCode))
	}
	path, found := d.SubTypePath(keys...)
	if !found {
		return unknownCode(c, params[len(path)], keys[len(path)])
	}
	return ok(c, offeredChildren(d, path, b.sob, lang(c), false))
}

// businessTypeBody is the body of queryBusinessType and queryBusinessTypes.
type businessTypeBody struct {
	ShowChild      looseString `json:"showChild"`
	BusinessesType looseString `json:"businessesType"`
	Sob            looseString `json:"sob"`
	CompanyCode    looseString `json:"companyCode"`
}

// queryBusinessType: POST /api/galaxycommon/searchhelp/queryBusinessType
// {parentId, showChild, businessesType}: the business types under parentId
// (see businessTypesUnder).
func (s *Server) queryBusinessType(c echo.Context) error {
	var in struct {
		businessTypeBody
		ParentID looseString `json:"parentId"`
	}
	if err := readBody(c, &in, `{"parentId": "EX01", "showChild": "N"}`); err != nil {
		return err
	}
	var parents []string
	if in.ParentID != "" {
		parents = []string{string(in.ParentID)}
	}
	return s.businessTypesUnder(c, in.businessTypeBody, parents)
}

// queryBusinessTypes: POST /api/galaxycommon/searchhelp/queryBusinessTypes:
// as queryBusinessType, but parentId may be a list (or codes separated by
// commas): the business types under each, in the order given.
func (s *Server) queryBusinessTypes(c echo.Context) error {
	var in struct {
		businessTypeBody
		ParentID looseList `json:"parentId"`
	}
	if err := readBody(c, &in, `{"parentId": ["AA", "AB"], "showChild": "Y"}`); err != nil {
		return err
	}
	return s.businessTypesUnder(c, in.businessTypeBody, in.ParentID)
}

// businessTypesUnder answers the business types under each parent: a
// document type code (its level 1), or a business type as a code or a path
// of codes (A01.A0101). businessesType, when sent, is the document type the
// parents belong to (and with no parentId, the parent itself); without it a
// code is first taken as a document type, else as a business type of every
// document type of the edition that has it (the same code is used by
// several: each answers with its own attr2). showChild Y answers the whole
// subtree, depth first. Only what the set of books offers.
func (s *Server) businessTypesUnder(c echo.Context, in businessTypeBody, parents []string) error {
	b, err := s.booksOf(c, string(in.CompanyCode), string(in.Sob))
	if err != nil {
		return err
	}
	cat := s.Catalogue()
	var only *engine.DocType
	if in.BusinessesType != "" {
		if only = cat.DocTypeIn(b.edition, string(in.BusinessesType)); only == nil {
			return unknownCode(c, "businessesType", string(in.BusinessesType))
		}
		if len(parents) == 0 {
			parents = []string{only.Code}
		}
	}
	if len(parents) == 0 {
		return missingParam(c, "parentId")
	}
	l, deep := lang(c), in.ShowChild.yes()
	out := []option{}
	for _, parent := range parents {
		type match struct {
			d    *engine.DocType
			path []*engine.SubType
		}
		var matches []match
		keys := strings.Split(parent, ".")
		switch {
		case only != nil && parent == only.Code:
			matches = append(matches, match{only, nil})
		case only != nil:
			if path, found := only.SubTypePath(keys...); found {
				matches = append(matches, match{only, path})
			}
		case cat.DocTypeIn(b.edition, parent) != nil:
			matches = append(matches, match{cat.DocTypeIn(b.edition, parent), nil})
		default:
			for _, d := range editionDocTypes(cat, b.edition) {
				if path, found := d.SubTypePath(keys...); found {
					matches = append(matches, match{d, path})
				}
			}
		}
		if len(matches) == 0 {
			return unknownCode(c, "parentId", parent)
		}
		for _, m := range matches {
			out = append(out, offeredChildren(m.d, m.path, b.sob, l, deep)...)
		}
	}
	return ok(c, out)
}
