package searchhelp

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"formwork/engine"
)

// The document-type tree (family -> module -> document type) and a document
// type's description, from the catalogue as the request's edition sees it.
// The titles of families and modules are named codes of the master data
// (dictionaries docFamily and docModule); a missing one shows its code.

// Dictionaries of the document-type tree's titles (seeds/masterdata).
const (
	DicDocFamily = "docFamily"
	DicDocModule = "docModule"
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

// DocTypeTreeQuery asks doc/type/searchhelp: the children of ParentCode in
// the edition of the set of books or company (default: the caller's).
type DocTypeTreeQuery struct {
	ParentCode, Sob, CompanyCode string
	Caller                       Caller
}

// DocTypeTree answers doc/type/searchhelp: the children of a node of the
// document-type tree. No parent: the families (ap, ar, as, gl, ht; by
// code); a family: its modules (keys family.module, by module); a
// family.module: its document types (by code); a document type: none (a
// leaf). attr1 is the node's kind (family, module, docType), attr2 the
// family, attr3 the module, attr4 the edition, attr5 Y when the node has
// children, attr6 a document type's version. An unknown parent is
// EINVALID.
func (s *Service) DocTypeTree(ctx context.Context, q DocTypeTreeQuery, lang string) ([]Option, error) {
	b, err := s.booksOf(ctx, q.CompanyCode, q.Sob, q.Caller)
	if err != nil {
		return nil, err
	}
	names, err := s.md.NamedCodes(ctx, DicDocFamily, DicDocModule)
	if err != nil {
		return nil, err
	}
	parent := q.ParentCode
	out := []Option{}
	seen := map[string]bool{}
	family, module, _ := strings.Cut(parent, ".")
	for _, d := range editionDocTypes(s.cat.Catalogue(), b.edition) {
		switch {
		case parent == "":
			if !seen[d.Family] {
				out = append(out, Opt(d.Family, names.Name(DicDocFamily, d.Family, lang), "family", d.Family, "", b.edition, "Y"))
			}
			seen[d.Family] = true
		case parent == d.Family:
			if !seen[d.Module] {
				out = append(out, Opt(d.Family+"."+d.Module, names.Name(DicDocModule, d.Module, lang), "module", d.Family, d.Module, b.edition, "Y"))
			}
			seen[d.Module] = true
		case family == d.Family && module == d.Module:
			out = append(out, Opt(d.Code, d.Title.In(lang), "docType", d.Family, d.Module, b.edition, "N", strconv.Itoa(d.Version)))
			seen[parent] = true
		case parent == d.Code:
			seen[parent] = true
		}
	}
	if parent != "" && len(seen) == 0 {
		return nil, unknownCode("parentCode", parent)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// SubTypeNode is a business type in a document type's description.
type SubTypeNode struct {
	Key      string        `json:"key"`
	Value    string        `json:"value"`
	Sobs     []string      `json:"sobs,omitempty"`
	Children []SubTypeNode `json:"children,omitempty"`
}

// DocTypeDescription is what doc/type/load answers.
type DocTypeDescription struct {
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
	SubTypes    []SubTypeNode `json:"subTypes"`
}

// DocTypeQuery asks doc/type/load: a document type in the edition of the
// set of books or company (default: the caller's).
type DocTypeQuery struct {
	DocType, Sob, CompanyCode string
	Caller                    Caller
}

// DocType answers doc/type/load: the document type's description in lang,
// as the edition of the set of books or company has it, with the business
// types that set of books offers. No document type: EINVALID; an unknown
// one: ENOTFOUND.
func (s *Service) DocType(ctx context.Context, q DocTypeQuery, lang string) (*DocTypeDescription, error) {
	if q.DocType == "" {
		return nil, missingParam("docType")
	}
	b, err := s.booksOf(ctx, q.CompanyCode, q.Sob, q.Caller)
	if err != nil {
		return nil, err
	}
	d := s.cat.Catalogue().DocTypeIn(b.edition, q.DocType)
	if d == nil {
		c := engine.Clip(q.DocType, 40)
		return nil, refusal(engine.ENOTFOUND, "docType", engine.Text{"zh": "单据类型" + c + "不存在",
			"en": "there is no document type " + c, "th": "ไม่มีประเภทเอกสาร " + c})
	}
	names, err := s.md.NamedCodes(ctx, DicDocFamily, DicDocModule)
	if err != nil {
		return nil, err
	}
	return &DocTypeDescription{DocType: d.Code, Edition: d.Edition, Version: d.Version,
		Family: d.Family, FamilyTxt: names.Name(DicDocFamily, d.Family, lang), Module: d.Module, ModuleTxt: names.Name(DicDocModule, d.Module, lang),
		Title: d.Title.In(lang), LeadPage: d.LeadPage.In(lang), Description: d.Description.In(lang), Sob: b.sob,
		SubTypes: subTypeTree(d.SubTypes, b.sob, lang)}, nil
}

// subTypeTree is the business types offered in sob, as a tree.
func subTypeTree(list []*engine.SubType, sob, lang string) []SubTypeNode {
	out := []SubTypeNode{}
	for _, n := range list {
		if n.OfferedIn(sob) {
			node := SubTypeNode{Key: n.Key, Value: n.Title.In(lang), Sobs: n.Sobs}
			if children := subTypeTree(n.Children, sob, lang); len(children) > 0 {
				node.Children = children
			}
			out = append(out, node)
		}
	}
	return out
}
