package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// maxDictionaryIDs bounds the ids of one dictionary request, and
// maxDictionaryIDLength the length of each.
const (
	maxDictionaryIDs      = 100
	maxDictionaryIDLength = 60
)

// dictionaryList: POST /rest/dic/list and POST /rest/dic/children with a
// JSON list of dictionary ids (strings or numbers) -> data keyed by dicId:
// the options of each (dictionary_source.go). An unknown id answers an
// empty list (the web only logs failed lookups); a body that is not such a
// list is 400. The spec gives both calls the same body and answer, and so
// does formwork: every dictionary is flat, its hierarchy in attributes
// (a department's company and parent, a level-2 code's level-1 code).
func (s *Server) dictionaryList(c echo.Context) error {
	ids, err := readDictionaryIDs(c)
	if err != nil {
		return err
	}
	out, err := s.dictionaries(c.Request().Context(), ids, lang(c))
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
	var ids []looseString
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&ids); err != nil || dec.More() || ids == nil {
		return nil, engine.Errorf(engine.EINVALID, "", "%s", say(c,
			`请求体应为字典编号的JSON列表，例如 ["company", "project"]`, `send a JSON list of dictionary ids, such as ["company", "project"]`))
	}
	if len(ids) > maxDictionaryIDs {
		return nil, engine.Errorf(engine.EINVALID, "", "%s", say(c,
			fmt.Sprintf("一次最多查询%d个字典", maxDictionaryIDs), fmt.Sprintf("ask for at most %d dictionaries at once", maxDictionaryIDs)))
	}
	out := make([]string, 0, len(ids))
	for i, id := range ids {
		if utf8.RuneCountInString(string(id)) > maxDictionaryIDLength {
			return nil, engine.Errorf(engine.EINVALID, fmt.Sprintf("[%d]", i), "%s", say(c,
				fmt.Sprintf("字典编号最多%d个字符", maxDictionaryIDLength), fmt.Sprintf("a dictionary id has at most %d characters", maxDictionaryIDLength)))
		}
		out = append(out, string(id))
	}
	return out, nil
}
