package guard

import "bytes"

// plainJSON tells, reading body's bytes once without decoding anything,
// that it holds none of what checkJSON refuses: no key twice in an object,
// no escape that could be a NUL (\u0000) or a surrogate (\uD800-\uDFFF),
// no number longer than maxNumberLength, nothing nested deeper than
// maxDepth, and well-formed JSON. It is conservative: false means "look
// closer" (the token walk finds the path of what is wrong, or finds
// nothing), never "refused". A document of a thousand lines passes in a
// few microseconds instead of the walk's milliseconds.
func plainJSON(body []byte) bool {
	s := scanner{b: body}
	s.space()
	if !s.value(0) {
		return false
	}
	s.space()
	return s.i == len(s.b)
}

type scanner struct {
	b []byte
	i int
	// keys holds the raw keys of the objects being read, each object's
	// after the offset its frame starts at
	keys [][]byte
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) value(depth int) bool {
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '{':
		return depth < maxDepth && s.object(depth+1)
	case c == '[':
		return depth < maxDepth && s.array(depth+1)
	case c == '"':
		_, ok := s.str()
		return ok
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	default:
		for _, lit := range [...]string{"true", "false", "null"} {
			if bytes.HasPrefix(s.b[s.i:], []byte(lit)) {
				s.i += len(lit)
				return true
			}
		}
		return false
	}
}

func (s *scanner) object(depth int) bool {
	s.i++ // {
	frame := len(s.keys)
	defer func() { s.keys = s.keys[:frame] }()
	s.space()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		return true
	}
	for {
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != '"' {
			return false
		}
		key, ok := s.str()
		if !ok || bytes.IndexByte(key, '\\') >= 0 { // "a\/b" is the key "a/b": compare decoded keys
			return false
		}
		for _, k := range s.keys[frame:] {
			if bytes.Equal(k, key) {
				return false
			}
		}
		s.keys = append(s.keys, key)
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return false
		}
		s.i++
		if more, ok := s.member(depth, '}'); !more {
			return ok
		}
	}
}

func (s *scanner) array(depth int) bool {
	s.i++ // [
	s.space()
	if s.i < len(s.b) && s.b[s.i] == ']' {
		s.i++
		return true
	}
	for {
		if more, ok := s.member(depth, ']'); !more {
			return ok
		}
	}
}

// member reads a value of an object or array and what follows it: a comma
// (more), or the closing bracket (ok, no more), or anything else (not ok).
func (s *scanner) member(depth int, closing byte) (more, ok bool) {
	s.space()
	if !s.value(depth) {
		return false, false
	}
	s.space()
	if s.i >= len(s.b) {
		return false, false
	}
	switch s.b[s.i] {
	case ',':
		s.i++
		return true, true
	case closing:
		s.i++
		return false, true
	}
	return false, false
}

// str reads a string and answers its raw text (between the quotes). A
// string with a \u escape is not plain (it may be a NUL or a surrogate; a
// key with any escape may equal another written otherwise), nor is one
// with a control character or a NUL.
func (s *scanner) str() ([]byte, bool) {
	s.i++ // "
	start := s.i
	for s.i < len(s.b) {
		switch c := s.b[s.i]; {
		case c == '"':
			raw := s.b[start:s.i]
			s.i++
			return raw, true
		case c == '\\':
			if s.i+1 >= len(s.b) {
				return nil, false
			}
			switch s.b[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			default: // \u, or not JSON
				return nil, false
			}
		case c < 0x20:
			return nil, false
		default:
			s.i++
		}
	}
	return nil, false
}

// number reads a number no longer than maxNumberLength (its grammar is
// left to the decoder: what it refuses is a syntax error either way).
func (s *scanner) number() bool {
	start := s.i
	for s.i < len(s.b) {
		switch c := s.b[s.i]; {
		case c >= '0' && c <= '9', c == '-', c == '+', c == '.', c == 'e', c == 'E':
			s.i++
		default:
			return s.i-start <= maxNumberLength
		}
	}
	return s.i-start <= maxNumberLength
}
