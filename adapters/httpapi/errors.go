package httpapi

import (
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/guard"
	"formwork/adapters/httpapi/kit"
	"formwork/engine"
	"formwork/masterdata"

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

// the answer envelope and its helpers (kit)
type envelope = kit.Envelope

const codeSuccess = kit.CodeSuccess

var (
	ok       = kit.OK
	fail     = kit.Fail
	readJSON = kit.ReadJSON
	lang     = kit.Lang
)

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
		fe   *kit.Failure
		ee   *engine.Error
		imp  importRefusal
		mdf  masterdata.Findings
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
	case errors.As(err, &imp):
		code, msg, data = engine.ECHECK, findingsMessage(imp.Findings, lang(c)), findingsData(imp.Findings, lang(c), true)
	case errors.As(err, &mdf):
		code, msg, data = engine.ECHECK, findingsMessage(mdf, lang(c)), findingsData(mdf, lang(c), false)
	case errors.As(err, &ee):
		code, msg = ee.Code, ee.Error()
		if len(ee.Text) > 0 {
			msg = ee.Text.In(lang(c))
		}
		if code == masterdata.ESTALE { // a stale version is a conflict, as a document's
			code = engine.ECONFLICT
		}
	case errors.As(err, &he):
		switch he.Code {
		case http.StatusNotFound:
			code, msg = engine.ENOTFOUND, "no such route: "+c.Request().Method+" "+c.Request().URL.Path
		case http.StatusMethodNotAllowed:
			code, msg = EMETHOD, "method "+c.Request().Method+" not allowed on "+c.Request().URL.Path
		case http.StatusRequestEntityTooLarge:
			limit := bodyLimit
			if isUpload(c) {
				limit = uploadLimit
			}
			code, msg = engine.ETOOLARGE, "request body too large (limit "+limit+")"
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

// findingsMessage is the message of a refused record or import: its first
// finding in lang, and how many more there are.
func findingsMessage(f masterdata.Findings, lang string) string {
	msg := f[0].In(lang)
	if len(f) > 1 {
		msg += " (+" + strconv.Itoa(len(f)-1) + ")"
	}
	return msg
}

// rowIndex is the row of an import finding's path: rows[N].field, or
// <list>[N].field on a list's sheet.
var rowIndex = regexp.MustCompile(`^[A-Za-z]+\[(\d+)\]`)

// findingsData is the data of a refused record or import: each finding
// with its message in lang and, for an import, the row of the sheet.
func findingsData(f masterdata.Findings, lang string, rows bool) contract.MasterDataFindings {
	out := contract.MasterDataFindings{Findings: make([]contract.MasterDataFinding, len(f))}
	for i, e := range f {
		out.Findings[i] = contract.MasterDataFinding{Path: e.Path, Code: e.Code, Message: e.In(lang)}
		if m := rowIndex.FindStringSubmatch(e.Path); rows && m != nil {
			out.Findings[i].Row, _ = strconv.Atoi(m[1])
		}
	}
	return out
}
