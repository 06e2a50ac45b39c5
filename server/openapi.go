package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"
)

// apiDoc documents one route of the route table for the OpenAPI document:
// what it does, its query parameters, the JSON body it reads, the
// envelope's data it answers, and the refusals beyond those every route
// may answer.
type apiDoc struct {
	Tag      string
	Summary  string
	Query    []string
	Request  any   // the body's Go type (nil: no body)
	Response any   // the envelope's data (nil: none); a wholeAnswer is the body itself
	HTML     bool  // answers an HTML page, not JSON
	Refusals []int // statuses beyond 400, 401, 403 and 413
}

// wholeAnswer marks a response type that is the whole body, not the data
// of an envelope {code, message, data}.
type wholeAnswer interface{ wholeAnswer() }

// pathParam matches echo's :name path parameters.
var pathParam = regexp.MustCompile(`:([A-Za-z]+)`)

// OpenAPI is the OpenAPI 3.1 document of the route table: every route with
// its access, parameters, body and answer, their schemas reflected from the
// Go types (components/schemas). A route the table lists without an apiDoc,
// or two Go types under one component name, is an error.
func (s *Server) OpenAPI() ([]byte, error) {
	r, names := newAPIReflector(requestTypes())
	r.Spec.SetTitle("formwork API")
	r.Spec.SetVersion("1")
	r.Spec.SetDescription("The finance portal's HTTP API (docs/api.md). Every JSON answer is an envelope {code, message, data}; success code S000. Generated from the route table (server/routes.go) and the Go types: do not edit by hand.")
	r.Spec.SetAPIKeySecurity("token", "X-token", openapi.InHeader, "the token of POST /api/galaxycommon/login/auth")
	for _, rt := range s.RouteTable() {
		d, ok := apiDocs[rt.Method+" "+rt.Path]
		if !ok {
			return nil, fmt.Errorf("route %s %s has no apiDoc (server/openapi_routes.go)", rt.Method, rt.Path)
		}
		if err := addOperation(r, rt, d); err != nil {
			return nil, fmt.Errorf("%s %s: %w", rt.Method, rt.Path, err)
		}
	}
	if err := names.clash(); err != nil {
		return nil, err
	}
	return json.MarshalIndent(r.Spec, "", "  ")
}

// requestTypes are the Go types of request bodies: their members are
// optional unless tagged required (the server reads what is sent).
func requestTypes() map[reflect.Type]bool {
	out := map[reflect.Type]bool{reflect.TypeFor[documentHead](): true}
	for _, d := range apiDocs {
		if d.Request != nil {
			out[indirect(reflect.TypeOf(d.Request))] = true
		}
	}
	return out
}

func addOperation(r *openapi31.Reflector, rt Route, d apiDoc) error {
	oc, err := r.NewOperationContext(rt.Method, pathParam.ReplaceAllString(rt.Path, "{$1}"))
	if err != nil {
		return err
	}
	oc.SetTags(d.Tag)
	oc.SetSummary(d.Summary)
	oc.SetDescription("Access: " + rt.Access.String() + ".")
	if !rt.Access.Public {
		oc.AddSecurity("token")
	}
	if params := paramsOf(rt.Path, d.Query); params != nil {
		oc.AddReqStructure(params)
	}
	if d.Request != nil && rt.Method != http.MethodGet {
		oc.AddReqStructure(d.Request)
	}
	if d.HTML {
		oc.AddRespStructure("", openapi.WithContentType("text/html"))
	} else {
		oc.AddRespStructure(envelopeOf(d.Response))
	}
	for _, status := range errorStatuses(rt, d) {
		oc.AddRespStructure(new(refusal), openapi.WithHTTPStatus(status))
	}
	return r.AddOperation(oc)
}

// errorStatuses are the refusals a route may answer.
func errorStatuses(rt Route, d apiDoc) []int {
	out := []int{http.StatusBadRequest}
	if !rt.Access.Public {
		out = append(out, http.StatusUnauthorized, http.StatusForbidden)
	}
	if rt.Method != http.MethodGet {
		out = append(out, http.StatusRequestEntityTooLarge)
	}
	out = append(out, d.Refusals...)
	slices.Sort(out)
	return out
}

// paramsOf builds the parameter structure of a route: its path parameters
// and the query parameters named.
func paramsOf(path string, query []string) any {
	var fields []reflect.StructField
	for _, m := range pathParam.FindAllStringSubmatch(path, -1) {
		fields = append(fields, reflect.StructField{Name: "P" + strings.ToUpper(m[1][:1]) + m[1][1:], Type: reflect.TypeFor[string](),
			Tag: reflect.StructTag(`path:"` + m[1] + `" required:"true"`)})
	}
	for _, q := range query {
		fields = append(fields, reflect.StructField{Name: "Q" + strings.ToUpper(q[:1]) + q[1:], Type: reflect.TypeFor[string](),
			Tag: reflect.StructTag(`query:"` + q + `"`)})
	}
	if len(fields) == 0 {
		return nil
	}
	return reflect.New(reflect.StructOf(fields)).Interface()
}

// envelopeOf is the success envelope with data of data's type (a
// wholeAnswer is answered as it is).
func envelopeOf(data any) any {
	if _, whole := data.(wholeAnswer); whole {
		return data
	}
	dataType := reflect.TypeFor[any]()
	if data != nil {
		dataType = reflect.TypeOf(data)
	}
	t := reflect.StructOf([]reflect.StructField{
		{Name: "Code", Type: reflect.TypeFor[string](), Tag: `json:"code" example:"S000"`},
		{Name: "Message", Type: reflect.TypeFor[string](), Tag: `json:"message"`},
		{Name: "Data", Type: dataType, Tag: `json:"data"`},
	})
	return reflect.New(t).Interface()
}

// openAPIDocument: GET /api/openapi.json.
func (s *Server) openAPIDocument(c echo.Context) error {
	b, err := s.OpenAPI()
	if err != nil {
		return engine.Errorf(engine.EINTERNAL, "", "%v", err)
	}
	return c.Blob(http.StatusOK, "application/json", b)
}
