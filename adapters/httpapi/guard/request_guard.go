// Package guard is what every request of the HTTP adapter passes before a
// handler reads it: the request guard (texts no field may hold, duplicate
// keys, overlong numbers, bodies that are not JSON), the security headers
// of every answer, and the timeouts of every connection.
package guard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// maxNumberLength bounds a JSON number's text: an amount has at most 15
// digits before and 2 after the point, so 40 characters are plenty, and a
// longer token is refused before anything parses it (a decimal parse of
// millions of digits takes minutes of CPU).
const maxNumberLength = 40

// Request refuses, before any handler reads them, request bodies and
// query strings that no handler may see: invalid UTF-8, NUL characters and
// lone surrogates in any string or key; duplicate keys in a JSON object
// (the first would be checked and the last stored); numbers longer than
// maxNumberLength; and bodies of methods that take JSON sent as another
// content type (415). Each refusal is a 400 (415) naming the field.
func Request(next echo.HandlerFunc) echo.HandlerFunc { return guarded(next, "") }

// Upload is Request for a route that also reads a file of one content
// type as its body (a spreadsheet import): such a body passes as it is,
// for the handler to read; any other body is checked as Request checks it.
func Upload(contentType string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc { return guarded(next, contentType) }
}

// bodyKey is where the guard leaves the body it read for the handler.
const bodyKey = "guard.body"

// guardedBody is a body the guard read, and the reader it set in its place.
type guardedBody struct {
	body   []byte
	reader *bytes.Reader
	set    io.ReadCloser
}

// Body reads the request's body: the bytes the guard read when its reader
// is still the request's and unread, else what is left to read.
func Body(c echo.Context) ([]byte, error) {
	req := c.Request()
	if read, ok := c.Get(bodyKey).(*guardedBody); ok && req.Body == read.set && read.reader.Len() == len(read.body) {
		_, _ = read.reader.Seek(0, io.SeekEnd) // read, as by ReadAll
		return read.body, nil
	}
	return io.ReadAll(req.Body)
}

// readAll reads the body net/http gave req, into a buffer of its announced
// length when it announced one (net/http reads no further; the body limit
// refuses a length over the limit first).
func readAll(req *http.Request) ([]byte, error) {
	if n := req.ContentLength; n > 0 && n <= maxAnnounced {
		b := make([]byte, n)
		_, err := io.ReadFull(req.Body, b)
		return b, err
	}
	return io.ReadAll(req.Body)
}

// maxAnnounced bounds the buffer an announced length takes at once.
const maxAnnounced = 16 << 20

// guarded is Request, letting a body of the upload content type through.
func guarded(next echo.HandlerFunc, upload string) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		for name, values := range c.QueryParams() { // parsed once: the handler's QueryParam reads the same
			if bad := badText(name); bad != "" {
				return refuseText(name, bad)
			}
			for _, v := range values {
				if bad := badText(v); bad != "" {
					return refuseText(name, bad)
				}
			}
		}
		if req.Body == nil || req.Method == http.MethodGet || req.Method == http.MethodHead {
			return next(c)
		}
		body, err := readAll(req)
		if err != nil {
			return err // the body limit answers 413 itself
		}
		read := &guardedBody{body: body, reader: bytes.NewReader(body)}
		req.Body = io.NopCloser(read.reader)
		read.set = req.Body
		c.Set(bodyKey, read)
		if len(bytes.TrimSpace(body)) == 0 {
			return next(c)
		}
		ct := req.Header.Get(echo.HeaderContentType)
		if upload != "" && strings.HasPrefix(strings.ToLower(ct), upload) {
			return next(c)
		}
		if ct != "" && !strings.HasPrefix(strings.ToLower(ct), echo.MIMEApplicationJSON) {
			return engine.Refuse(EUNSUPPORTED, "Content-Type", engine.Text{
				"zh": "请求体须为 JSON（Content-Type: application/json），而不是 " + engine.Clip(ct, 40),
				"en": "the body must be JSON (Content-Type: application/json), not " + engine.Clip(ct, 40),
				"th": "ข้อมูลที่ส่งต้องเป็น JSON (Content-Type: application/json) ไม่ใช่ " + engine.Clip(ct, 40)})
		}
		if err := checkJSON(body); err != nil {
			return err
		}
		return next(c)
	}
}

// EUNSUPPORTED is the code of a body in an unsupported media type (415).
const EUNSUPPORTED = "EUNSUPPORTED"

// badText says what is wrong with a text no field may hold, or "".
func badText(s string) string {
	switch {
	case !utf8.ValidString(s):
		return "invalid UTF-8"
	case strings.ContainsRune(s, 0):
		return "a NUL character"
	}
	return ""
}

func refuseText(field, what string) error {
	f := engine.Clip(field, 60)
	return engine.Refuse(engine.EINVALID, field, engine.Text{
		"zh": fmt.Sprintf("%s含有不允许的字符（%s）", f, what),
		"en": fmt.Sprintf("%s holds %s, which no field may hold", f, what),
		"th": fmt.Sprintf("%s มีอักขระที่ไม่อนุญาต (%s)", f, what)})
}

// checkJSON walks a JSON body token by token, tracking the path, and
// refuses what Request lists. Syntax errors are left to the handler,
// which says what it expected.
func checkJSON(body []byte) error {
	if !utf8.Valid(body) {
		return refuseText(firstInvalidPath(body), "invalid UTF-8")
	}
	if at := loneSurrogate(body); at >= 0 {
		return refuseText(pathAt(body, at), "a lone surrogate (\\ud800-\\udfff)")
	}
	if plainJSON(body) {
		return nil
	}
	return walkJSON(body)
}

// walkJSON is checkJSON's token walk.
func walkJSON(body []byte) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	w := &jsonWalk{dec: dec}
	err := w.value("")
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// jsonWalk reads one JSON value with its path.
type jsonWalk struct {
	dec   *json.Decoder
	depth int
}

// maxDepth bounds nesting: documents are three levels deep.
const maxDepth = 64

func (w *jsonWalk) value(path string) error {
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		if w.depth++; w.depth > maxDepth {
			return engine.Refuse(engine.EINVALID, path, engine.Text{"zh": "JSON 嵌套过深", "en": "the JSON is nested too deep", "th": "JSON ซ้อนกันลึกเกินไป"})
		}
		defer func() { w.depth-- }()
		if t == '{' {
			return w.object(path)
		}
		return w.array(path)
	case string:
		if bad := badText(t); bad != "" {
			return refuseText(path, bad)
		}
	case json.Number:
		if len(t) > maxNumberLength {
			p := engine.Clip(path, 60)
			return engine.Refuse(engine.EINVALID, path, engine.Text{
				"zh": fmt.Sprintf("%s不是有效的数字（超过%d个字符）", p, maxNumberLength),
				"en": fmt.Sprintf("%s is not a number (longer than %d characters)", p, maxNumberLength),
				"th": fmt.Sprintf("%s ไม่ใช่ตัวเลขที่ถูกต้อง (ยาวเกิน %d ตัวอักษร)", p, maxNumberLength)})
		}
	}
	return nil
}

func (w *jsonWalk) object(path string) error {
	seen := map[string]bool{}
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		at := key
		if path != "" {
			at = path + "." + key
		}
		if bad := badText(key); bad != "" {
			return refuseText(at, bad)
		}
		if seen[key] {
			k := engine.Clip(at, 60)
			return engine.Refuse(engine.EINVALID, at, engine.Text{
				"zh": fmt.Sprintf("键%s出现了两次", k),
				"en": fmt.Sprintf("the key %s appears twice", k),
				"th": fmt.Sprintf("คีย์ %s ปรากฏซ้ำสองครั้ง", k)})
		}
		seen[key] = true
		if err := w.value(at); err != nil {
			return err
		}
	}
	_, err := w.dec.Token() // }
	return err
}

func (w *jsonWalk) array(path string) error {
	for i := 0; w.dec.More(); i++ {
		if err := w.value(path + "[" + strconv.Itoa(i) + "]"); err != nil {
			return err
		}
	}
	_, err := w.dec.Token() // ]
	return err
}

// loneSurrogate is the offset of a \uD800-\uDFFF escape that is not a
// high surrogate followed by a low one, or -1.
func loneSurrogate(b []byte) int {
	for i := 0; i+5 < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if b[i+1] != 'u' {
			i++ // an escaped character, e.g. \\ (so that \\u is no escape)
			continue
		}
		r, ok := hex4(b[i+2 : i+6])
		if !ok {
			continue
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return i
		case r >= 0xD800 && r <= 0xDBFF:
			if i+11 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
				if lo, ok := hex4(b[i+8 : i+12]); ok && lo >= 0xDC00 && lo <= 0xDFFF {
					i += 11
					continue
				}
			}
			return i
		}
		i += 5
	}
	return -1
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 32)
	return rune(n), err == nil
}

// pathAt is the path of the value at offset at of a JSON body: the keys
// and indexes that lead to it, as far as a decoder reading up to there can
// tell.
func pathAt(body []byte, at int) string {
	type frame struct {
		array   bool
		index   int
		key     string
		keyNext bool
	}
	var stack []*frame
	valueDone := func() { // a value ended: the next token of an object is a key
		if len(stack) == 0 {
			return
		}
		if top := stack[len(stack)-1]; top.array {
			top.index++
		} else {
			top.keyNext = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body[:at]))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{keyNext: true})
			case '[':
				stack = append(stack, &frame{array: true})
			default:
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if top := len(stack) - 1; top >= 0 && !stack[top].array && stack[top].keyNext {
				stack[top].key, stack[top].keyNext = t, false
				continue
			}
			valueDone()
		default:
			valueDone()
		}
	}
	var b strings.Builder
	for _, f := range stack {
		switch {
		case f.array:
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
		case f.key != "":
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(f.key)
		}
	}
	return b.String()
}

// firstInvalidPath is the path of the first invalid UTF-8 byte.
func firstInvalidPath(body []byte) string {
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRune(body[i:])
		if r == utf8.RuneError && size <= 1 {
			return pathAt(body, i)
		}
		i += size
	}
	return ""
}
