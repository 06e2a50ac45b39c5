package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// Request bodies of the search helps and dictionaries: what the web sends,
// read leniently (package searchhelp answers them).

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
