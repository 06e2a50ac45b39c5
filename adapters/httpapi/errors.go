package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"formwork/adapters/httpapi/guard"
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// statusOf maps the error codes of engine.Error to HTTP status: the one
// table of it.
var statusOf = map[string]int{
	engine.EINVALID:    http.StatusBadRequest,
	engine.ENOTFOUND:   http.StatusNotFound,
	engine.ECHECK:      http.StatusUnprocessableEntity,
	engine.ECONFIRM:    http.StatusUnprocessableEntity,
	engine.ECONFLICT:   http.StatusConflict,
	engine.EFORBIDDEN:  http.StatusForbidden,
	engine.ETOOLARGE:   http.StatusRequestEntityTooLarge,
	engine.EINTERNAL:   http.StatusInternalServerError,
	EMETHOD:            http.StatusMethodNotAllowed,
	guard.ETIMEOUT:     http.StatusRequestTimeout,
	guard.EUNSUPPORTED: http.StatusUnsupportedMediaType,
}

// EMETHOD is the code of a route asked with a method it does not take (405).
const EMETHOD = "EMETHOD"

// codeSuccess is the success code of every answer (the spec's search-help code).
const codeSuccess = "S000"

// envelope is the shape of every JSON answer.
type envelope struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data"`
}

func ok(c echo.Context, data any) error {
	return c.JSON(http.StatusOK, envelope{Code: codeSuccess, Message: "success", Data: data})
}

// failure is an error answer that carries data (a check result).
type failure struct {
	Err  *engine.Error
	Data any
}

func (f *failure) Error() string { return f.Err.Error() }

func fail(code, path, msg string, data any) error {
	return &failure{Err: &engine.Error{Code: code, Path: path, Message: msg}, Data: data}
}

// handleError renders every error as an envelope with the mapped status.
// Unexpected errors are logged and answered without details.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var (
		code = engine.EINTERNAL
		msg  = "internal error: the server could not answer; it has been logged"
		data any
		he   *echo.HTTPError
		fe   *failure
		ee   *engine.Error
	)
	var withData interface{ Data() any }
	if errors.As(err, &withData) {
		data = withData.Data()
	}
	switch {
	case guard.IsTimeout(err):
		code, msg = guard.ETIMEOUT, "the request body did not arrive in time"
	case errors.As(err, &fe):
		code, msg, data = fe.Err.Code, fe.Err.Message, fe.Data
	case errors.As(err, &ee):
		code, msg = ee.Code, ee.Error()
		if len(ee.Text) > 0 {
			msg = ee.Text.In(lang(c))
		}
	case errors.As(err, &he):
		switch he.Code {
		case http.StatusNotFound:
			code, msg = engine.ENOTFOUND, "no such route: "+c.Request().Method+" "+c.Request().URL.Path
		case http.StatusMethodNotAllowed:
			code, msg = EMETHOD, "method "+c.Request().Method+" not allowed on "+c.Request().URL.Path
		case http.StatusRequestEntityTooLarge:
			code, msg = engine.ETOOLARGE, "request body too large (limit "+bodyLimit+")"
		default:
			if he.Code < 500 {
				code = engine.EINVALID
				if m, ok := he.Message.(string); ok {
					msg = m
				}
			}
		}
	}
	status := statusOf[code]
	if status == 0 {
		status = http.StatusInternalServerError
	}
	if status >= 500 {
		slog.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	}
	if err := c.JSON(status, envelope{Code: code, Message: msg, Data: data}); err != nil {
		slog.Error("writing error answer", "err", err)
	}
}
