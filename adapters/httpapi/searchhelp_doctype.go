package httpapi

import (
	"formwork/adapters/httpapi/contract"
	"strings"

	"formwork/searchhelp"

	"github.com/labstack/echo/v4"
)

// docTypeSearchHelp: POST /api/galaxyform/doc/type/searchhelp {parentCode,
// sob?, companyCode?}: the children of a node of the document-type tree
// (searchhelp.Service.DocTypeTree).
func (s *Server) docTypeSearchHelp(c echo.Context) error {
	var in struct {
		ParentCode  contract.LooseString `json:"parentCode"`
		Sob         contract.LooseString `json:"sob"`
		CompanyCode contract.LooseString `json:"companyCode"`
	}
	if err := readBody(c, &in, `{"parentCode": "ap"}`); err != nil {
		return err
	}
	out, err := s.searchHelp.DocTypeTree(c.Request().Context(), searchhelp.DocTypeTreeQuery{ParentCode: string(in.ParentCode),
		Sob: string(in.Sob), CompanyCode: string(in.CompanyCode), Caller: caller(c)}, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}

// loadDocType: GET /api/galaxyform/doc/type/load?docType=EX02[&sob=][&companyCode=]
// (docTypeCode is taken for docType): the document type's description in the
// request's language (searchhelp.Service.DocType).
func (s *Server) loadDocType(c echo.Context) error {
	code := strings.TrimSpace(c.QueryParam("docType"))
	if code == "" {
		code = strings.TrimSpace(c.QueryParam("docTypeCode"))
	}
	out, err := s.searchHelp.DocType(c.Request().Context(), searchhelp.DocTypeQuery{DocType: code,
		Sob: strings.TrimSpace(c.QueryParam("sob")), CompanyCode: strings.TrimSpace(c.QueryParam("companyCode")), Caller: caller(c)}, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}
