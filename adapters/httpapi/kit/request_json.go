package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"formwork/adapters/httpapi/guard"
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// ReadJSON decodes the request body into v. A body that is not one JSON
// object of v's shape is EINVALID naming the field at fault and showing
// example; with strict, unknown fields are refused too.
func ReadJSON(c echo.Context, v any, strict bool, example string) error {
	body, err := guard.Body(c)
	if err != nil {
		return err // the body limit answers 413 itself
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return engine.Errorf(engine.EINVALID, "", "empty body: send JSON such as %s", example)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if strict {
		dec.DisallowUnknownFields()
	}
	err = dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err == nil {
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return engine.Errorf(engine.EINVALID, typeErr.Field, "%s must be %s, not a JSON %s (send JSON such as %s)", typeErr.Field, kindOf(typeErr.Type.Kind().String(), typeErr.Type.Name()), typeErr.Value, example)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return engine.Errorf(engine.EINVALID, field, "unknown field %q (send JSON such as %s)", engine.Clip(field, 40), example)
	}
	var syntaxErr *json.SyntaxError
	if errors.As(err, &syntaxErr) || errors.Is(err, io.ErrUnexpectedEOF) {
		return engine.Errorf(engine.EINVALID, "", "malformed JSON: send JSON such as %s", example)
	}
	// a value's own check (an amount, a date) says what is wrong with it
	return engine.Errorf(engine.EINVALID, "", "%s (send JSON such as %s)", engine.Clip(err.Error(), 200), example)
}

func kindOf(kind, name string) string {
	switch {
	case name == "Money":
		return "an amount such as 1000.00"
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"):
		return "a whole number"
	case kind == "string":
		return "a text"
	case kind == "slice":
		return "a list"
	case kind == "bool":
		return "true or false"
	}
	return "a " + kind
}
