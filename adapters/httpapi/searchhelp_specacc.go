package httpapi

import (
	"formwork/adapters/httpapi/contract"
	"formwork/searchhelp"

	"github.com/labstack/echo/v4"
)

// querySpecAccCode1: POST /api/galaxycommon/searchhelp/querySpecAccCode1
// {companyCode | costCenter | bizRang, searchTxt?}: the level-1 special
// account codes of the company (the cost centre's or the business range's
// when no companyCode is sent; the X-company context when none is) and
// those of every company.
func (s *Server) querySpecAccCode1(c echo.Context) error {
	var in struct {
		CompanyCode contract.LooseString `json:"companyCode"`
		CostCenter  contract.LooseString `json:"costCenter"`
		BizRang     contract.LooseString `json:"bizRang"`
		SearchTxt   contract.LooseString `json:"searchTxt"`
	}
	if err := readBody(c, &in, `{"companyCode": "1000"}`); err != nil {
		return err
	}
	out, err := s.searchHelp.SpecialAccounts(c.Request().Context(), searchhelp.SpecialAccountQuery{CompanyCode: string(in.CompanyCode),
		CostCenter: string(in.CostCenter), BizRang: string(in.BizRang), SearchTxt: string(in.SearchTxt), Caller: caller(c)}, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}

// querySpecAccCode2: POST /api/galaxycommon/searchhelp/querySpecAccCode2
// {specAccCode1, searchTxt?}: the level-2 codes under a level-1 code.
func (s *Server) querySpecAccCode2(c echo.Context) error {
	var in struct {
		SpecAccCode1 contract.LooseString `json:"specAccCode1"`
		SearchTxt    contract.LooseString `json:"searchTxt"`
	}
	if err := readBody(c, &in, `{"specAccCode1": "RD"}`); err != nil {
		return err
	}
	out, err := s.searchHelp.SubAccounts(c.Request().Context(), string(in.SpecAccCode1), string(in.SearchTxt), lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}
