// Package jsontext writes JSON values by hand, byte for byte as encoding/json
// writes them: the document body and the field states are written without
// encoding/json's reflection (the stored bodies, the golden files and the
// answers compare as bytes).
package jsontext

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// AppendString appends s as encoding/json writes a string: quoted, with
// ", \ and control characters escaped, <, > and & as \u003c, \u003e and
// \u0026, invalid UTF-8 as \ufffd, and U+2028 and U+2029 escaped.
func AppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// AppendValue appends v: texts, decimals, integers, flags and nil by hand
// (a decimal with places decimals when fixed, else as it is), anything else
// through encoding/json.
func AppendValue(b []byte, v any, fixed bool, places int32) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return AppendString(b, x)
	case bool:
		if x {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case decimal.Decimal:
		if fixed {
			return AppendFixed(b, x, places)
		}
		return append(b, x.String()...)
	}
	val, _ := json.Marshal(v)
	return append(b, val...)
}

// AppendFixed appends d with places decimals, as d.StringFixed(places)
// writes it: from d's coefficient when d has at most places decimals and
// fits in 18 digits once scaled (every amount a rule rounds), without
// big.Int's conversion to text; through StringFixed otherwise.
func AppendFixed(b []byte, d decimal.Decimal, places int32) []byte {
	exp := d.Exponent()
	if places < 0 || places > 18 || exp < -places || d.NumDigits()+int(exp)+int(places) > 18 {
		return append(b, d.StringFixed(places)...)
	}
	n := d.CoefficientInt64()
	for ; exp > -places; exp-- {
		n *= 10
	}
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	unit := int64(1)
	for range places {
		unit *= 10
	}
	b = strconv.AppendInt(b, n/unit, 10)
	if places == 0 {
		return b
	}
	b = append(b, '.')
	for unit /= 10; unit > 0; unit /= 10 {
		b = append(b, byte('0'+n/unit%10))
	}
	return b
}
