// Package contract is the HTTP API's contract: the request bodies and
// answers the handlers of adapters/httpapi read and write, and the OpenAPI
// 3.1 document generated from the route table and these Go types
// (docs/openapi.json; the web's API types are generated from it).
package contract

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"

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
	Request  any  // the body's Go type (nil: no body)
	Response any  // the envelope's data (nil: none); a wholeAnswer is the body itself
	HTML     bool // answers an HTML page, not JSON
	// File is the content type of a file answered instead of JSON (or
	// several, comma-separated: one of them), Upload
	// that of a file read as the body instead of JSON ("": JSON).
	File, Upload string
	Created      bool  // success is 201, not 200
	Refusals     []int // statuses beyond 400, 401, 403 and 413
}

// wholeAnswer marks a response type that is the whole body, not the data
// of an envelope {code, message, data}.
type wholeAnswer interface{ wholeAnswer() }

// pathParam matches echo's :name path parameters.
var pathParam = regexp.MustCompile(`:([A-Za-z]+)`)

// Operation is a route of the route table as the document lists it: its
// method and echo path (/x/:name), and who may call it.
type Operation struct {
	Method, Path string
	Public       bool   // no session needed
	Access       string // "public", "signed in" or "menu a|b"
}

// OpenAPI is the OpenAPI 3.1 document of the route table's operations:
// every route with its access, parameters, body and answer, their schemas
// reflected from the Go types (components/schemas). A route without an
// apiDoc, or two Go types under one component name, is an error.
func OpenAPI(routes []Operation) ([]byte, error) {
	r, names := newAPIReflector(requestTypes())
	r.Spec.SetTitle("formwork API")
	r.Spec.SetVersion("1")
	r.Spec.SetDescription("The finance portal's HTTP API (docs/api.md). Every JSON answer is an envelope {code, message, data}; success code S000. Generated from the route table (adapters/httpapi/routes.go) and the Go types: do not edit by hand.")
	r.Spec.SetAPIKeySecurity("token", "X-token", openapi.InHeader, "the token of POST /api/galaxycommon/login/auth")
	for _, rt := range routes {
		d, ok := apiDocs[rt.Method+" "+rt.Path]
		if !ok {
			return nil, fmt.Errorf("route %s %s has no apiDoc (adapters/httpapi/contract/openapi_routes.go)", rt.Method, rt.Path)
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

func addOperation(r *openapi31.Reflector, rt Operation, d apiDoc) error {
	oc, err := r.NewOperationContext(rt.Method, pathParam.ReplaceAllString(rt.Path, "{$1}"))
	if err != nil {
		return err
	}
	oc.SetTags(d.Tag)
	oc.SetSummary(d.Summary)
	oc.SetDescription("Access: " + rt.Access + ".")
	if !rt.Public {
		oc.AddSecurity("token")
	}
	if params := paramsOf(rt.Path, d.Query); params != nil {
		oc.AddReqStructure(params)
	}
	switch {
	case d.Upload != "":
		oc.AddReqStructure("", openapi.WithContentType(d.Upload))
	case d.Request != nil && rt.Method != http.MethodGet:
		oc.AddReqStructure(d.Request)
	}
	switch {
	case d.HTML:
		oc.AddRespStructure("", openapi.WithContentType("text/html"))
	case d.File != "":
		for _, ct := range strings.Split(d.File, ",") { // one of several
			oc.AddRespStructure("", openapi.WithContentType(ct))
		}
	case d.Created:
		oc.AddRespStructure(envelopeOf(d.Response), openapi.WithHTTPStatus(http.StatusCreated))
	default:
		oc.AddRespStructure(envelopeOf(d.Response))
	}
	for _, status := range errorStatuses(rt, d) {
		oc.AddRespStructure(new(refusal), openapi.WithHTTPStatus(status))
	}
	return r.AddOperation(oc)
}

// errorStatuses are the refusals a route may answer.
func errorStatuses(rt Operation, d apiDoc) []int {
	out := []int{http.StatusBadRequest}
	if !rt.Public {
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
