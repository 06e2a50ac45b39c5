// Package kit is what every handler of the HTTP adapter shares: the route
// table's entry and access rule, the answer envelope, reading a JSON body,
// the request's language and the signed-in user. Handler sets of one
// business area may live in sub-packages of httpapi that build on kit and
// hand their routes to the route table.
package kit

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/guard"
	"formwork/engine"
	"formwork/identity"

	"github.com/labstack/echo/v4"
)

// Access is who may call a route: everyone (Public), anyone signed in (no
// menus), or someone signed in whose roles grant one of Menus.
type Access struct {
	Public bool
	Menus  []string
}

var (
	// Public routes need no session.
	Public = Access{Public: true}
	// SignedIn routes need a live session, no menu.
	SignedIn = Access{}
)

// Menu is the access of a route for users whose roles grant one of codes.
func Menu(codes ...string) Access { return Access{Menus: codes} }

// String is "public", "signed in" or "menu a|b".
func (a Access) String() string {
	switch {
	case a.Public:
		return "public"
	case len(a.Menus) > 0:
		return "menu " + strings.Join(a.Menus, "|")
	}
	return "signed in"
}

// Route is one entry of the route table.
type Route struct {
	Method string
	Path   string
	Access Access
	Handle echo.HandlerFunc
}

// CodeSuccess is the success code of every answer (the spec's search-help code).
const CodeSuccess = "S000"

// Envelope is the shape of every JSON answer.
type Envelope struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data"`
}

// OK answers 200 with data in the success envelope.
func OK(c echo.Context, data any) error {
	return c.JSON(http.StatusOK, Envelope{Code: CodeSuccess, Message: "success", Data: data})
}

// Created answers 201 with data in the success envelope.
func Created(c echo.Context, data any) error {
	return c.JSON(http.StatusCreated, Envelope{Code: CodeSuccess, Message: "success", Data: data})
}

// Failure is an error answer that carries data (a check result); the
// adapter's error handler renders it with the status of its code.
type Failure struct {
	Err  *engine.Error
	Data any
}

func (f *Failure) Error() string { return f.Err.Error() }

// Fail is a Failure of code at path with msg and data.
func Fail(code, path, msg string, data any) error {
	return &Failure{Err: &engine.Error{Code: code, Path: path, Message: msg}, Data: data}
}

const identityKey = "formwork.identity"

// CurrentUser returns the signed-in user of a request that passed the
// session check, or nil on a public route.
func CurrentUser(c echo.Context) *identity.Identity {
	id, _ := c.Get(identityKey).(*identity.Identity)
	return id
}

// SetCurrentUser puts the signed-in user in the request's context (the
// session check does).
func SetCurrentUser(c echo.Context, id *identity.Identity) { c.Set(identityKey, id) }

// Lang is the request's language: ?lang=, else Accept-Language.
func Lang(c echo.Context) string {
	if l := c.QueryParam("lang"); l != "" {
		return engine.Lang(l)
	}
	return engine.Lang(c.Request().Header.Get("Accept-Language"))
}

// ReadUpload reads the body of an upload route: a file of contentType
// (EINVALID at Content-Type naming the type otherwise).
func ReadUpload(c echo.Context, contentType string) ([]byte, error) {
	if ct := c.Request().Header.Get(echo.HeaderContentType); !strings.HasPrefix(strings.ToLower(ct), contentType) {
		return nil, engine.Refuse(engine.EINVALID, "Content-Type", engine.Text{
			"zh": "请以 xlsx 文件作为请求体（Content-Type: " + contentType + "）",
			"en": "send the xlsx file as the body (Content-Type: " + contentType + ")",
			"th": "กรุณาส่งไฟล์ xlsx เป็นเนื้อหา (Content-Type: " + contentType + ")"})
	}
	return guard.Body(c) // the body limit answers 413 itself
}

// BadParam refuses the query or path parameter name: it must be want, not got.
func BadParam(name, want, got string) error {
	g := engine.Clip(got, 40)
	return engine.Refuse(engine.EINVALID, name, engine.Text{
		"zh": fmt.Sprintf("参数 %s 应为 %s，而不是 %q", name, want, g),
		"en": fmt.Sprintf("%s must be %s, not %q", name, want, g),
		"th": fmt.Sprintf("พารามิเตอร์ %s ต้องเป็น %s ไม่ใช่ %q", name, want, g)})
}

// IntParam is a whole-number (>= 0) query parameter; 0 when absent.
func IntParam(c echo.Context, name string) (int, error) {
	v := c.QueryParam(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, BadParam(name, "a whole number", v)
	}
	return n, nil
}
