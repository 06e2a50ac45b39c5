package httpapi

import (
	"formwork/adapters/httpapi/contract"
	"formwork/searchhelp"

	"github.com/labstack/echo/v4"
)

// queryEmployeeInfo: POST /api/galaxyform/searchhelp/queryEmployeeInfo
// {searchTxt?, companyCode?, department?, uniquename?}: employees of the
// whole group unless narrowed.
func (s *Server) queryEmployeeInfo(c echo.Context) error {
	var in struct {
		SearchTxt   contract.LooseString `json:"searchTxt"`
		CompanyCode contract.LooseString `json:"companyCode"`
		Department  contract.LooseString `json:"department"`
		Uniquename  contract.LooseString `json:"uniquename"`
	}
	if err := readBody(c, &in, `{"searchTxt": "张", "companyCode": "1000"}`); err != nil {
		return err
	}
	out, err := s.searchHelp.Employees(c.Request().Context(), searchhelp.EmployeeQuery{SearchTxt: string(in.SearchTxt),
		CompanyCode: string(in.CompanyCode), Department: string(in.Department), Uniquename: string(in.Uniquename)}, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}

// queryCompanion: POST /api/galaxycommon/searchhelp/queryCompanion
// {searchTxt, companyCode, department, shareDepPerson?, selectShare?}:
// colleagues to pick as companions, inventory personnel or supervisors
// (searchhelp.Service.Companions).
func (s *Server) queryCompanion(c echo.Context) error {
	var in struct {
		SearchTxt      contract.LooseString `json:"searchTxt"`
		CompanyCode    contract.LooseString `json:"companyCode"`
		Department     contract.LooseString `json:"department"`
		ShareDepPerson contract.LooseString `json:"shareDepPerson"`
		SelectShare    contract.LooseString `json:"selectShare"`
	}
	if err := readBody(c, &in, `{"searchTxt": "", "companyCode": "1000", "department": "SAL02"}`); err != nil {
		return err
	}
	out, err := s.searchHelp.Companions(c.Request().Context(), searchhelp.CompanionQuery{SearchTxt: string(in.SearchTxt),
		CompanyCode: string(in.CompanyCode), Department: string(in.Department), ShareDepPerson: in.ShareDepPerson.Yes(),
		SelectShare: in.SelectShare.Yes(), Caller: caller(c)}, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}
