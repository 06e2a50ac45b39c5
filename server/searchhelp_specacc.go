package server

import (
	"fmt"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// The special account codes (专项科目): level 1 by company, level 2 under a
// level-1 code. Options by code, at most searchLimit; searchTxt matches the
// code or the name.

// specialAccountOption: key the code, value the name; attr1 the company
// (empty: every company), attr2 the level (1, 2), attr3 the level-1 code of a
// level-2 code.
func specialAccountOption(a SpecialAccount, lang string) option {
	return opt(a.Code, a.Name.In(lang), a.Company, fmt.Sprint(a.Level), a.Parent)
}

// querySpecAccCode1: POST /api/galaxycommon/searchhelp/querySpecAccCode1
// {companyCode | costCenter | bizRang, searchTxt?}: the level-1 codes of the
// company (the cost centre's or the business range's when no companyCode
// is sent; the X-company context when none is) and those of every company.
func (s *Server) querySpecAccCode1(c echo.Context) error {
	var in struct {
		CompanyCode looseString `json:"companyCode"`
		CostCenter  looseString `json:"costCenter"`
		BizRang     looseString `json:"bizRang"`
		SearchTxt   looseString `json:"searchTxt"`
	}
	if err := readBody(c, &in, `{"companyCode": "1000"}`); err != nil {
		return err
	}
	text, err := searchTextOf(c, in.SearchTxt)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	company := string(in.CompanyCode)
	switch {
	case company != "":
		if err := s.checkCodes(c, companyCheck(company)); err != nil {
			return err
		}
	case in.CostCenter != "":
		var cc CostCenter
		found, err := s.findMaster(ctx, &cc, "code", string(in.CostCenter))
		if err != nil {
			return err
		}
		if !found {
			return unknownCode(c, "costCenter", string(in.CostCenter))
		}
		company = cc.Company
	case in.BizRang != "":
		var br BusinessRange
		found, err := s.findMaster(ctx, &br, "code", string(in.BizRang))
		if err != nil {
			return err
		}
		if !found {
			return unknownCode(c, "bizRang", string(in.BizRang))
		}
		company = br.Company
	default:
		company = CurrentUser(c).Company
	}
	q := s.db.WithContext(ctx).Where("level = 1 AND (company = ? OR company = '')", company)
	return s.answerSpecialAccounts(c, matchText(q, text, append([]string{"code"}, nameColumns...)...))
}

// querySpecAccCode2: POST /api/galaxycommon/searchhelp/querySpecAccCode2
// {specAccCode1, searchTxt?}: the level-2 codes under a level-1 code.
func (s *Server) querySpecAccCode2(c echo.Context) error {
	var in struct {
		SpecAccCode1 looseString `json:"specAccCode1"`
		SearchTxt    looseString `json:"searchTxt"`
	}
	if err := readBody(c, &in, `{"specAccCode1": "RD"}`); err != nil {
		return err
	}
	text, err := searchTextOf(c, in.SearchTxt)
	if err != nil {
		return err
	}
	if in.SpecAccCode1 == "" {
		return missingParam(c, "specAccCode1")
	}
	var parent SpecialAccount
	found, err := s.findMaster(c.Request().Context(), &parent, "code", string(in.SpecAccCode1))
	if err != nil {
		return err
	}
	if !found || parent.Level != 1 {
		return unknownCode(c, "specAccCode1", string(in.SpecAccCode1))
	}
	q := s.db.WithContext(c.Request().Context()).Where("level = 2 AND parent = ?", parent.Code)
	return s.answerSpecialAccounts(c, matchText(q, text, append([]string{"code"}, nameColumns...)...))
}

// answerSpecialAccounts answers the codes q finds, by code.
func (s *Server) answerSpecialAccounts(c echo.Context, q *gorm.DB) error {
	var list []SpecialAccount
	if err := q.Order("code").Limit(searchLimit).Find(&list).Error; err != nil {
		return fmt.Errorf("search special account codes: %w", err)
	}
	out := make([]option, 0, len(list))
	for _, a := range list {
		out = append(out, specialAccountOption(a, lang(c)))
	}
	return ok(c, out)
}
