// Package searchhelp answers the spec's search-help and dictionary calls
// (documents.md 7, navigation-and-access.md 7): dropdown options over the
// master data and the catalogue, in the request's language, for the company,
// set of books and catalogue edition a request works in.
//
// Every code a search help is asked about must exist (docTypeCode, a
// business type, sob, companyCode, department, costCenter, bizRang,
// specAccCode1, parentId, parentCode): an unknown one is EINVALID naming
// the parameter. A search text only narrows the answer.
package searchhelp

import (
	"context"
	"fmt"
	"unicode/utf8"

	"formwork/engine"
	"formwork/masterdata"
)

// SearchLimit is the most options a search help answers; each states its
// order, so that the first SearchLimit are well defined. Dictionaries are
// not limited: the spec answers them whole.
const SearchLimit = 50

// MaxSearchText is the longest search text accepted, in characters.
const MaxSearchText = 100

// Catalogues gives the catalogue in use (registry.Service does).
type Catalogues interface {
	Catalogue() *engine.Catalogue
}

// Service answers the search helps and dictionaries.
type Service struct {
	md  *masterdata.Service
	cat Catalogues
}

// NewService builds the search helps over the master data and the
// catalogue in use.
func NewService(md *masterdata.Service, cat Catalogues) *Service {
	return &Service{md: md, cat: cat}
}

// Caller is who asks: the company they work in (the X-company context) and
// their own department; what a request leaves out defaults to them.
type Caller struct {
	Company, Department string
}

// books is what an answer is for: a company (may be ""), its set of books
// and the catalogue edition they work in.
type books struct {
	company, sob, edition string
}

// booksOf resolves the company and set of books a request names (either may
// be empty; each must exist when given): a named set of books picks the
// edition, else the company does; with neither, the caller's company and
// its set of books.
func (s *Service) booksOf(ctx context.Context, company, sob string, caller Caller) (books, error) {
	b := books{company: company, sob: sob}
	if sob != "" {
		found, err := s.md.SetOfBooks(ctx, sob)
		if err != nil {
			return b, err
		}
		if found == nil {
			return b, unknownCode("sob", sob)
		}
	}
	if company == "" && sob == "" {
		b.company = caller.Company
	}
	if b.company != "" {
		co, err := s.md.Company(ctx, b.company)
		if err != nil {
			return b, err
		}
		if co == nil && company != "" {
			return b, unknownCode("companyCode", company)
		}
		if co != nil && b.sob == "" {
			b.sob = co.Sob
		}
	}
	b.edition = s.cat.Catalogue().EditionFor(b.company, b.sob)
	return b, nil
}

// searchText checks a search text: at most MaxSearchText characters.
func searchText(text string) (string, error) {
	if utf8.RuneCountInString(text) > MaxSearchText {
		return "", refusal(engine.EINVALID, "searchTxt", engine.Text{
			"zh": fmt.Sprintf("搜索文本最多%d个字符", MaxSearchText),
			"en": fmt.Sprintf("search text has at most %d characters", MaxSearchText),
			"th": fmt.Sprintf("ข้อความค้นหายาวได้ไม่เกิน %d ตัวอักษร", MaxSearchText)})
	}
	return text, nil
}

// unknownCode is the EINVALID answer for a code that does not exist.
func unknownCode(param, code string) error {
	c := engine.Clip(code, 40)
	return refusal(engine.EINVALID, param, engine.Text{"zh": c + "不存在", "en": "there is no " + c, "th": "ไม่มี " + c})
}

// missingParam is the EINVALID answer for a parameter that must be sent.
func missingParam(param string) error {
	return refusal(engine.EINVALID, param, engine.Text{"zh": "不能为空", "en": "is required", "th": "จำเป็นต้องระบุ"})
}

// refusal is a refusal whose message names the parameter it concerns first,
// as "param: message" in every language.
func refusal(code, path string, t engine.Text) *engine.Error {
	if path != "" {
		named := make(engine.Text, len(t))
		for lang, msg := range t {
			named[lang] = path + ": " + msg
		}
		t = named
	}
	return engine.Refuse(code, path, t)
}
