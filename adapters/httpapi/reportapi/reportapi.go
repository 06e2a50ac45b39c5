// Package reportapi serves the report centre: the reports a user may run,
// a run, and its spreadsheet. What a report reads and who may run it for
// which company is the reports use case's.
package reportapi

import (
	"fmt"
	"net/http"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/reports"

	"github.com/labstack/echo/v4"
)

// Paths of the report routes.
const (
	ListPath   = "/api/formwork/reports"
	RunPath    = "/api/formwork/reports/:code/run"
	ExportPath = "/api/formwork/reports/:code/export.xlsx"
)

const example = `{"params":{"company":"1000","from":"2026-01-01","to":"2026-01-31"}}`

// API is the report handlers over the report centre.
type API struct{ reports *reports.Service }

// New is the report handlers over svc.
func New(svc *reports.Service) *API { return &API{reports: svc} }

// Routes are the report routes, for the route table: users who may open
// the report centre or the expense-control reports; each report checks its
// own menu code and report authority.
func (a *API) Routes() []kit.Route {
	access := kit.Menu("rpt", "fkRpt")
	return []kit.Route{
		{Method: "GET", Path: ListPath, Access: access, Handle: a.list},
		{Method: "POST", Path: RunPath, Access: access, Handle: a.run},
		{Method: "POST", Path: ExportPath, Access: access, Handle: a.export},
	}
}

func (a *API) list(c echo.Context) error {
	out, err := a.reports.List(c.Request().Context(), kit.CurrentUser(c), kit.Lang(c))
	if err != nil {
		return err
	}
	return kit.OK(c, out)
}

// result runs the report of the path with the body's parameters.
func (a *API) result(c echo.Context) (*reports.ReportResult, error) {
	var body contract.ReportRun
	if err := kit.ReadJSON(c, &body, true, example); err != nil {
		return nil, err
	}
	return a.reports.Run(c.Request().Context(), kit.CurrentUser(c), c.Param("code"), body.Params, kit.Lang(c))
}

func (a *API) run(c echo.Context) error {
	res, err := a.result(c)
	if err != nil {
		return err
	}
	return kit.OK(c, res)
}

func (a *API) export(c echo.Context) error {
	res, err := a.result(c)
	if err != nil {
		return err
	}
	b, err := reports.Book(res, kit.Lang(c))
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s.xlsx"`, res.Code))
	return c.Blob(http.StatusOK, contract.XLSX, b)
}
