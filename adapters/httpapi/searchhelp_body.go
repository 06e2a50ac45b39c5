package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// Request bodies of the search helps and dictionaries: what the web sends,
// read leniently (package searchhelp answers them).

// looseString is a request value that the web may send as a JSON string, a
// number or a boolean (sob "1000" or 1000, showChild "Y" or true); null is
// "". It is trimmed. An array or object is a type error naming the field.
type looseString string

func (l *looseString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*l = ""
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*l = looseString(strings.TrimSpace(s))
	case string(b) == "true" || string(b) == "false":
		*l = looseString(b)
	case b[0] == '-' || b[0] >= '0' && b[0] <= '9':
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return err
		}
		*l = looseString(n.String())
	default:
		return &json.UnmarshalTypeError{Value: "array or object", Type: reflect.TypeFor[string]()}
	}
	return nil
}

func (l looseString) String() string { return string(l) }

// yes reads a flag: Y, yes, true and 1 are yes.
func (l looseString) yes() bool {
	switch strings.ToLower(string(l)) {
	case "y", "yes", "true", "1":
		return true
	}
	return false
}

// looseList is a list of codes: a JSON array of strings or numbers, or one
// string of codes separated by commas.
type looseList []string

func (l *looseList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var items []looseString
		if err := json.Unmarshal(b, &items); err != nil {
			return &json.UnmarshalTypeError{Value: "list of lists", Type: reflect.TypeFor[[]string]()}
		}
		*l = nil
		for _, it := range items {
			if it != "" {
				*l = append(*l, string(it))
			}
		}
		return nil
	}
	var one looseString
	if err := one.UnmarshalJSON(b); err != nil {
		return err
	}
	*l = nil
	for _, part := range strings.Split(string(one), ",") {
		if part = strings.TrimSpace(part); part != "" {
			*l = append(*l, part)
		}
	}
	return nil
}

// readBody decodes the request's JSON object into v; an empty body (or
// null) leaves v as it is. Anything else that is not one JSON object of the
// expected fields is 400, naming the field when one has the wrong type.
// Fields v does not know are ignored: the web sends more than a search
// help reads.
func readBody(c echo.Context, v any, example string) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	err = dec.Decode(v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return engine.Refuse(engine.EINVALID, te.Field, engine.Text{"zh": te.Field + ": 应为文本或数字",
			"en": te.Field + ": must be a text or a number", "th": te.Field + ": ต้องเป็นข้อความหรือตัวเลข"})
	}
	if err != nil || dec.More() {
		return engine.Refuse(engine.EINVALID, "", engine.Text{"zh": "请求体应为一个JSON对象，例如 " + example,
			"en": "send one JSON object, such as " + example, "th": "ส่งออบเจกต์ JSON หนึ่งรายการ เช่น " + example})
	}
	return nil
}
