package httpapi

import (
	"net/http"

	"formwork/adapters/httpapi/contract"
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// OpenAPI is the OpenAPI 3.1 document of the route table
// (contract.OpenAPI).
func (s *Server) OpenAPI() ([]byte, error) {
	table := s.RouteTable()
	ops := make([]contract.Operation, len(table))
	for i, r := range table {
		ops[i] = contract.Operation{Method: r.Method, Path: r.Path, Public: r.Access.Public, Access: r.Access.String()}
	}
	return contract.OpenAPI(ops)
}

// openAPIDocument: GET /api/openapi.json.
func (s *Server) openAPIDocument(c echo.Context) error {
	b, err := s.OpenAPI()
	if err != nil {
		return engine.Errorf(engine.EINTERNAL, "", "%v", err)
	}
	return c.Blob(http.StatusOK, "application/json", b)
}
