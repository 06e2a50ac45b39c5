// Package listapi serves the generic document list: the form-list page of
// one document type, document maintenance over every type, and their
// spreadsheet export. Who sees which documents is the list use case's
// (documents.Lists: the documents the user may read).
package listapi

import (
	"bufio"
	"fmt"
	"net/http"
	"strconv"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/documents"
	"formwork/documents/listbook"

	"github.com/labstack/echo/v4"
)

// Paths of the list routes.
const (
	QueryPath  = "/api/formwork/documents/query"
	ExportPath = "/api/formwork/documents/export.xlsx"
)

// example is a body the refusals of a malformed one show.
const example = `{"docType":"EX02","q":"","filters":{"quickRange":"thisMonth"},"sort":{"field":"createAt","order":"desc"},"page":1,"pageSize":20}`

// API is the list handlers over the list use case.
type API struct{ lists *documents.Lists }

// New is the list handlers over lists.
func New(lists *documents.Lists) *API { return &API{lists: lists} }

// Routes are the list routes, for the route table. Any signed-in user may
// ask: the answer holds only the documents they may read.
func (a *API) Routes() []kit.Route {
	return append([]kit.Route{
		{Method: "POST", Path: QueryPath, Access: kit.SignedIn, Handle: a.query},
		{Method: "POST", Path: ExportPath, Access: kit.SignedIn, Handle: a.export},
	}, a.personalRoutes()...)
}

// reader is the signed-in user as the list reads them.
func reader(c echo.Context) documents.Reader {
	id := kit.CurrentUser(c)
	return documents.Reader{Actor: id, Companies: id.Companies}
}

// read reads the body: a query (every field may be left out).
func read(c echo.Context) (documents.ListQuery, error) {
	var q contract.DocumentQuery
	if err := kit.ReadJSON(c, &q, true, example); err != nil {
		return documents.ListQuery{}, err
	}
	return q.ListQuery(), nil
}

// query: POST /api/formwork/documents/query -> {total, rows, totals}.
func (a *API) query(c echo.Context) error {
	q, err := read(c)
	if err != nil {
		return err
	}
	page, err := a.lists.Query(c.Request().Context(), reader(c), q, kit.Lang(c))
	if err != nil {
		return err
	}
	return kit.OK(c, page)
}

// export: POST /api/formwork/documents/export.xlsx: the whole filtered
// list (at most documents.MaxExportRows) as a spreadsheet attachment. A
// refusal comes before the first byte; X-Total-Count says how many rows
// the sheet holds, so that the page can tell how far a long export is.
func (a *API) export(c echo.Context) error {
	q, err := read(c)
	if err != nil {
		return err
	}
	lang := kit.Lang(c)
	book, err := listbook.New(lang)
	if err != nil {
		return err
	}
	total, err := a.lists.Export(c.Request().Context(), reader(c), q, lang, book.Add)
	if err != nil {
		book.Discard()
		return err
	}
	name := "documents.xlsx"
	if q.DocType != "" {
		name = q.DocType + ".xlsx"
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, contract.XLSX)
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s"`, name))
	h.Set("X-Total-Count", strconv.FormatInt(total, 10))
	c.Response().WriteHeader(http.StatusOK)
	w := bufio.NewWriterSize(c.Response(), 64<<10)
	if err := book.Close(w); err != nil {
		return err // the answer has begun: the connection ends short
	}
	return w.Flush()
}
