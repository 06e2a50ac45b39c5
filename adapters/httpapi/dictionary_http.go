package httpapi

import (
	"bytes"
	"encoding/json"
	"formwork/adapters/httpapi/contract"
	"io"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// dictionaryList: POST /rest/dic/list and POST /rest/dic/children with a
// JSON list of dictionary ids (strings or numbers) -> data keyed by dicId:
// the options of each, whole (searchhelp.Service.Dictionaries). An unknown
// id answers an empty list (the web only logs failed lookups); a body that
// is not such a list is 400. The spec gives both calls the same body and
// answer, and so does formwork: every dictionary is flat, its hierarchy in
// attributes (a department's company and parent, a level-2 code's level-1
// code).
func (s *Server) dictionaryList(c echo.Context) error {
	ids, err := readDictionaryIDs(c)
	if err != nil {
		return err
	}
	out, err := s.searchHelp.Dictionaries(c.Request().Context(), ids, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}

func readDictionaryIDs(c echo.Context) ([]string, error) {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return nil, err
	}
	var ids []contract.LooseString
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&ids); err != nil || dec.More() || ids == nil {
		return nil, engine.Refuse(engine.EINVALID, "", engine.Text{
			"zh": `请求体应为字典编号的JSON列表，例如 ["company", "project"]`,
			"en": `send a JSON list of dictionary ids, such as ["company", "project"]`,
			"th": `ส่งรายการรหัสพจนานุกรมเป็น JSON เช่น ["company", "project"]`})
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, string(id))
	}
	return out, nil
}
