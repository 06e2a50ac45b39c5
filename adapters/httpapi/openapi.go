package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"
)

// apiDoc documents one route of the route table for the OpenAPI document:
// what it does, its query parameters, the JSON body it reads and the
// envelope's data it answers (nil: none, or not JSON).
type apiDoc struct {
	Tag      string
	Summary  string
	Query    []string
	Request  any
	Response any
}

// object is a JSON object whose members the route describes in prose.
type object map[string]any

// documentBody is a document of the catalogue: {head: {...}, lineList:
// [...], ...}; its schema per type is GET .../docTypes/{docType}/form.
type documentBody map[string]any

// pathParam matches echo's :name path parameters.
var pathParam = regexp.MustCompile(`:([A-Za-z]+)`)

// OpenAPI is the OpenAPI 3.1 document of the route table: every route with
// its access, parameters, body and answer. A route the table lists without
// an apiDoc is an error (the drift test names it).
func (s *Server) OpenAPI() ([]byte, error) {
	r := openapi31.NewReflector()
	r.DefaultOptions = append(r.DefaultOptions, jsonschema.InterceptDefName(contractName))
	r.Spec.SetTitle("formwork API")
	r.Spec.SetVersion("1")
	r.Spec.SetDescription("The finance portal's HTTP API (docs/api.md). Every answer is an envelope {code, message, data}; success code S000. Generated from the route table (adapters/httpapi/routes.go) and the Go types: do not edit by hand.")
	r.Spec.SetAPIKeySecurity("token", "X-token", openapi.InHeader, "the token of POST /api/galaxycommon/login/auth")
	for _, rt := range s.RouteTable() {
		d, ok := apiDocs[rt.Method+" "+rt.Path]
		if !ok {
			return nil, fmt.Errorf("route %s %s has no apiDoc (adapters/httpapi/openapi_routes.go)", rt.Method, rt.Path)
		}
		if err := addOperation(r, rt, d); err != nil {
			return nil, fmt.Errorf("%s %s: %w", rt.Method, rt.Path, err)
		}
	}
	return json.MarshalIndent(r.Spec, "", "  ")
}

// contractName keeps the names the document gives this package's own
// types (ServerEnvelope, ServerFormAnswer, ...) as they were before the
// HTTP adapter left package server: the web's API types are generated
// from them, and a rename is no change of the contract.
func contractName(_ reflect.Type, name string) string {
	if rest, ok := strings.CutPrefix(name, "Httpapi"); ok {
		return "Server" + rest
	}
	return name
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
	oc.AddRespStructure(envelopeOf(d.Response))
	for _, status := range errorStatuses(rt) {
		oc.AddRespStructure(new(envelope), openapi.WithHTTPStatus(status))
	}
	return r.AddOperation(oc)
}

// errorStatuses are the refusals a route may answer.
func errorStatuses(rt Route) []int {
	out := []int{http.StatusBadRequest}
	if !rt.Access.Public {
		out = append(out, http.StatusUnauthorized, http.StatusForbidden)
	}
	if rt.Method != http.MethodGet {
		out = append(out, http.StatusRequestEntityTooLarge)
	}
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

// envelopeOf is the success envelope with data of data's type.
func envelopeOf(data any) any {
	dataType := reflect.TypeFor[any]()
	if data != nil {
		dataType = reflect.TypeOf(data)
	}
	if dataType == reflect.TypeFor[*documentAnswer]() {
		return data
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
