package searchhelp

import (
	"context"
	"strconv"
	"strings"

	"formwork/engine"
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
func businessTypeOption(d *engine.DocType, path []*engine.SubType, n *engine.SubType, sob, lang string) Option {
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
	return Opt(n.Key, n.Title.In(lang), parent, d.Code, strconv.Itoa(len(path)+1), strings.Join(keys, "."),
		yesNo(hasChildren), strings.Join(n.Sobs, ","), d.Edition)
}

// offeredChildren lists the sub-types under path (the document type's
// level 1 when path is empty) offered in sob; none when a node of the path
// itself is not offered. With deep, each is followed by its own offered
// sub-types, depth first. The list is never nil (JSON []).
func offeredChildren(d *engine.DocType, path []*engine.SubType, sob, lang string, deep bool) []Option {
	list := d.SubTypes
	out := []Option{}
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

// SobBusinessTypeQuery asks querySobBusinessTypeCode1/2/3: the business
// types of Level (1, 2 or 3) of a document type offered in a set of books,
// under BusinessTypeCode1 (levels 2 and 3) and BusinessTypeCode2 (level 3).
type SobBusinessTypeQuery struct {
	Level                                int
	DocTypeCode, Sob, CompanyCode        string
	BusinessTypeCode1, BusinessTypeCode2 string
	Caller                               Caller
}

// SobBusinessTypes answers querySobBusinessTypeCode1/2/3. The document type
// and the codes of the levels above are required.
func (s *Service) SobBusinessTypes(ctx context.Context, q SobBusinessTypeQuery, lang string) ([]Option, error) {
	level := min(max(q.Level, 1), 3)
	params := []string{"businessTypeCode1", "businessTypeCode2"}[:level-1]
	keys := []string{q.BusinessTypeCode1, q.BusinessTypeCode2}[:level-1]
	if q.DocTypeCode == "" {
		return nil, missingParam("docTypeCode")
	}
	for i, k := range keys {
		if k == "" {
			return nil, missingParam(params[i])
		}
	}
	b, err := s.booksOf(ctx, q.CompanyCode, q.Sob, q.Caller)
	if err != nil {
		return nil, err
	}
	d := s.cat.Catalogue().DocTypeIn(b.edition, q.DocTypeCode)
	if d == nil {
		return nil, unknownCode("docTypeCode", q.DocTypeCode)
	}
	path, found := d.SubTypePath(keys...)
	if !found {
		return nil, unknownCode(params[len(path)], keys[len(path)])
	}
	return offeredChildren(d, path, b.sob, lang, false), nil
}

// BusinessTypeQuery asks queryBusinessType(s): the business types under
// each of ParentIDs (see BusinessTypes).
type BusinessTypeQuery struct {
	ParentIDs                        []string
	ShowChild                        bool
	BusinessesType, Sob, CompanyCode string
	Caller                           Caller
}

// businessTypeMatch is a node a parent id names: a document type (path
// empty) or a business type of it.
type businessTypeMatch struct {
	d    *engine.DocType
	path []*engine.SubType
}

// BusinessTypes answers the business types under each parent: a document
// type code (its level 1), or a business type as a code or a path of codes
// (A01.A0101). BusinessesType, when sent, is the document type the parents
// belong to (and with no parent, the parent itself); without it a code is
// first taken as a document type, else as a business type of every
// document type of the edition that has it (the same code is used by
// several: each answers with its own attr2). ShowChild answers the whole
// subtree, depth first. Only what the set of books offers.
func (s *Service) BusinessTypes(ctx context.Context, q BusinessTypeQuery, lang string) ([]Option, error) {
	b, err := s.booksOf(ctx, q.CompanyCode, q.Sob, q.Caller)
	if err != nil {
		return nil, err
	}
	cat := s.cat.Catalogue()
	parents := q.ParentIDs
	var only *engine.DocType
	if q.BusinessesType != "" {
		if only = cat.DocTypeIn(b.edition, q.BusinessesType); only == nil {
			return nil, unknownCode("businessesType", q.BusinessesType)
		}
		if len(parents) == 0 {
			parents = []string{only.Code}
		}
	}
	if len(parents) == 0 {
		return nil, missingParam("parentId")
	}
	out := []Option{}
	for _, parent := range parents {
		matches := businessTypeParents(cat, b.edition, only, parent)
		if len(matches) == 0 {
			return nil, unknownCode("parentId", parent)
		}
		for _, m := range matches {
			out = append(out, offeredChildren(m.d, m.path, b.sob, lang, q.ShowChild)...)
		}
	}
	return out, nil
}

// businessTypeParents finds what a parent id names in an edition (within
// only, when set).
func businessTypeParents(cat *engine.Catalogue, edition string, only *engine.DocType, parent string) []businessTypeMatch {
	var matches []businessTypeMatch
	keys := strings.Split(parent, ".")
	switch {
	case only != nil && parent == only.Code:
		matches = append(matches, businessTypeMatch{only, nil})
	case only != nil:
		if path, found := only.SubTypePath(keys...); found {
			matches = append(matches, businessTypeMatch{only, path})
		}
	case cat.DocTypeIn(edition, parent) != nil:
		matches = append(matches, businessTypeMatch{cat.DocTypeIn(edition, parent), nil})
	default:
		for _, d := range editionDocTypes(cat, edition) {
			if path, found := d.SubTypePath(keys...); found {
				matches = append(matches, businessTypeMatch{d, path})
			}
		}
	}
	return matches
}
