package decode

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// loneSurrogate finds the first key or text of raw (JSON that parsed) with
// a \u escape of half a UTF-16 surrogate pair: a high half not followed by
// a low half, or a low half alone. Readers replace such text silently (with
// U+FFFD, or keep the escape as text), so it is refused, and path names it.
// Only input with a surrogate escape at all is walked: the scan for \uD8..
// to \uDF.. is a byte search.
func loneSurrogate(raw []byte) (path string, found bool) {
	if !hasSurrogateEscape(raw) {
		return "", false
	}
	type frame struct {
		object bool
		key    string
		index  int
	}
	var stack []frame
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '{':
			stack = append(stack, frame{object: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			stack = stack[:len(stack)-1]
		case ',':
			if top := len(stack) - 1; top >= 0 && !stack[top].object {
				stack[top].index++
			}
		case '"':
			end, bad := scanString(raw, i)
			isKey := len(stack) > 0 && stack[len(stack)-1].object && nextByte(raw, end+1) == ':'
			if isKey {
				stack[len(stack)-1].key = unquote(raw[i : end+1])
			}
			if bad {
				var b bytes.Buffer
				for j, f := range stack {
					switch {
					case !f.object:
						b.WriteString("[" + strconv.Itoa(f.index) + "]")
					case j > 0 || b.Len() > 0:
						b.WriteString("." + f.key)
					default:
						b.WriteString(f.key)
					}
				}
				return b.String(), true
			}
			i = end
		}
	}
	return "", false
}

// hasSurrogateEscape tells whether raw holds \uD800 to \uDFFF anywhere (an
// escaped backslash before the u makes a false alarm, which only costs the walk).
func hasSurrogateEscape(raw []byte) bool {
	for i := 0; ; {
		j := bytes.Index(raw[i:], []byte(`\u`))
		if j < 0 {
			return false
		}
		i += j + 2
		if i+1 < len(raw) && (raw[i] == 'd' || raw[i] == 'D') && isSurrogateSecond(raw[i+1]) {
			return true
		}
	}
}

func isSurrogateSecond(c byte) bool {
	return c >= '8' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// scanString reads the string starting at raw[start] (a quote): the index
// of its closing quote, and whether it holds half a surrogate pair.
func scanString(raw []byte, start int) (end int, bad bool) {
	for i := start + 1; i < len(raw); i++ {
		switch raw[i] {
		case '"':
			return i, bad
		case '\\':
			if r := hex4(raw, i+2); i+1 < len(raw) && raw[i+1] == 'u' && r >= 0 {
				switch {
				case r >= 0xD800 && r <= 0xDBFF:
					if i+7 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
						if lo := hex4(raw, i+8); lo >= 0xDC00 && lo <= 0xDFFF {
							i += 6 // the pair's low half
						} else {
							bad = true
						}
					} else {
						bad = true
					}
				case r >= 0xDC00 && r <= 0xDFFF:
					bad = true
				}
				i += 5
			} else {
				i++
			}
		}
	}
	return len(raw), bad
}

// hex4 reads 4 hex digits at raw[i:]; -1 when they are not there.
func hex4(raw []byte, i int) int {
	if i+4 > len(raw) {
		return -1
	}
	n, err := strconv.ParseUint(string(raw[i:i+4]), 16, 32)
	if err != nil {
		return -1
	}
	return int(n)
}

func nextByte(raw []byte, i int) byte {
	for ; i < len(raw); i++ {
		switch raw[i] {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return raw[i]
	}
	return 0
}

// unquote reads a JSON string literal for a path; lone surrogates become U+FFFD.
func unquote(lit []byte) string {
	var s string
	if json.Unmarshal(lit, &s) != nil {
		return string(lit)
	}
	return s
}
