package httpapi

import (
	"formwork/adapters/httpapi/contract"
	"formwork/searchhelp"

	"github.com/labstack/echo/v4"
)

// caller is who a search help answers: the signed-in user's company context
// (X-company) and own department.
func caller(c echo.Context) searchhelp.Caller {
	id := CurrentUser(c)
	return searchhelp.Caller{Company: id.Company, Department: id.User.DeptID}
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
	var in contract.SobBusinessTypeBody
	examples := []string{`{"docTypeCode": "EX01", "sob": "1000"}`,
		`{"docTypeCode": "EX01", "sob": "1000", "businessTypeCode1": "A01"}`,
		`{"docTypeCode": "AB", "sob": "1000", "businessTypeCode1": "P01", "businessTypeCode2": "P0101"}`}
	if err := readBody(c, &in, examples[level-1]); err != nil {
		return err
	}
	out, err := s.searchHelp.SobBusinessTypes(c.Request().Context(), searchhelp.SobBusinessTypeQuery{Level: level,
		DocTypeCode: string(in.DocTypeCode), Sob: string(in.Sob), CompanyCode: string(in.CompanyCode),
		BusinessTypeCode1: string(in.BusinessTypeCode1), BusinessTypeCode2: string(in.BusinessTypeCode2), Caller: caller(c)}, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}

// queryBusinessType: POST /api/galaxycommon/searchhelp/queryBusinessType
// {parentId, showChild, businessesType}: the business types under parentId
// (searchhelp.Service.BusinessTypes).
func (s *Server) queryBusinessType(c echo.Context) error {
	var in struct {
		contract.BusinessTypeBody
		ParentID contract.LooseString `json:"parentId"`
	}
	if err := readBody(c, &in, `{"parentId": "EX01", "showChild": "N"}`); err != nil {
		return err
	}
	var parents []string
	if in.ParentID != "" {
		parents = []string{string(in.ParentID)}
	}
	return s.businessTypesUnder(c, in.BusinessTypeBody, parents)
}

// queryBusinessTypes: POST /api/galaxycommon/searchhelp/queryBusinessTypes:
// as queryBusinessType, but parentId may be a list (or codes separated by
// commas): the business types under each, in the order given.
func (s *Server) queryBusinessTypes(c echo.Context) error {
	var in struct {
		contract.BusinessTypeBody
		ParentID contract.LooseList `json:"parentId"`
	}
	if err := readBody(c, &in, `{"parentId": ["AA", "AB"], "showChild": "Y"}`); err != nil {
		return err
	}
	return s.businessTypesUnder(c, in.BusinessTypeBody, in.ParentID)
}

func (s *Server) businessTypesUnder(c echo.Context, in contract.BusinessTypeBody, parents []string) error {
	out, err := s.searchHelp.BusinessTypes(c.Request().Context(), searchhelp.BusinessTypeQuery{ParentIDs: parents,
		ShowChild: in.ShowChild.Yes(), BusinessesType: string(in.BusinessesType), Sob: string(in.Sob),
		CompanyCode: string(in.CompanyCode), Caller: caller(c)}, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}
