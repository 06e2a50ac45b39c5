package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// Request bodies of the search helps, their filters and the context (company,
// set of books, catalogue edition) they answer for.
//
// Every code a search help is asked about must exist (docTypeCode, a
// business type, sob, companyCode, department, costCenter, bizRang,
// specAccCode1, parentId, parentCode): an unknown one is 400 naming the
// parameter. searchTxt only narrows the answer.

// searchLimit is the most options a search help answers; each states its
// order, so that the first searchLimit are well defined.
const searchLimit = 50

// maxSearchText is the longest searchTxt accepted, in characters.
const maxSearchText = 100

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
		return engine.Errorf(engine.EINVALID, te.Field, "%s", say(c, "应为文本或数字", "must be a text or a number"))
	}
	if err != nil || dec.More() {
		return engine.Errorf(engine.EINVALID, "", "%s", say(c, "请求体应为一个JSON对象，例如 "+example, "send one JSON object, such as "+example))
	}
	return nil
}

// searchTextOf checks searchTxt: at most maxSearchText characters.
func searchTextOf(c echo.Context, text looseString) (string, error) {
	if utf8.RuneCountInString(string(text)) > maxSearchText {
		return "", engine.Errorf(engine.EINVALID, "searchTxt", "%s", say(c,
			fmt.Sprintf("搜索文本最多%d个字符", maxSearchText), fmt.Sprintf("search text has at most %d characters", maxSearchText)))
	}
	return string(text), nil
}

// matchText narrows q to the rows where one of columns contains text,
// ignoring case (ASCII on SQLite); no text leaves q as it is. The text's %,
// _ and \ match themselves.
func matchText(q *gorm.DB, text string, columns ...string) *gorm.DB {
	if text == "" {
		return q
	}
	pattern := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(text)) + "%"
	conds := make([]string, len(columns))
	args := make([]any, len(columns))
	for i, col := range columns {
		conds[i] = "LOWER(" + col + `) LIKE ? ESCAPE '\'`
		args[i] = pattern
	}
	return q.Where("("+strings.Join(conds, " OR ")+")", args...)
}

// nameColumns are the columns of a master record's name.
var nameColumns = []string{"name_zh", "name_en", "name_th"}

// unknownCode is the 400 answer for a code that does not exist.
func unknownCode(c echo.Context, param, code string) error {
	return engine.Errorf(engine.EINVALID, param, "%s", say(c,
		fmt.Sprintf("%s不存在", clipText(code, 40)), fmt.Sprintf("there is no %s", clipText(code, 40))))
}

// missingParam is the 400 answer for a parameter that must be sent.
func missingParam(c echo.Context, param string) error {
	return engine.Errorf(engine.EINVALID, param, "%s", say(c, "不能为空", "is required"))
}

// findMaster loads the record of model's kind whose column equals code into
// dest; false when there is none.
func (s *Server) findMaster(ctx context.Context, dest any, column, code string) (bool, error) {
	res := s.db.WithContext(ctx).Where(column+" = ?", code).Limit(1).Find(dest)
	if res.Error != nil {
		return false, fmt.Errorf("look up %s %s: %w", column, code, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// books is what an answer is for: a company (may be ""), its set of books
// and the catalogue edition they work in.
type books struct {
	company, sob, edition string
}

// booksOf resolves the company and set of books a request names (either may
// be empty; each must exist when given): a named set of books picks the
// edition, else the company does; with neither, the signed-in user's
// company context (X-company) and its set of books.
func (s *Server) booksOf(c echo.Context, company, sob string) (books, error) {
	ctx := c.Request().Context()
	b := books{company: company, sob: sob}
	if sob != "" {
		found, err := s.findMaster(ctx, &SetOfBooks{}, "code", sob)
		if err != nil {
			return b, err
		}
		if !found {
			return b, unknownCode(c, "sob", sob)
		}
	}
	if company == "" && sob == "" {
		b.company = CurrentUser(c).Company
	}
	if b.company != "" {
		var co Company
		found, err := s.findMaster(ctx, &co, "code", b.company)
		if err != nil {
			return b, err
		}
		if !found && company != "" {
			return b, unknownCode(c, "companyCode", company)
		}
		if b.sob == "" {
			b.sob = co.Sob
		}
	}
	b.edition = s.Catalogue().EditionFor(b.company, b.sob)
	return b, nil
}
