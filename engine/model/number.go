package model

import (
	"errors"
	"strings"

	"github.com/shopspring/decimal"
)

// MaxNumberLen is the longest text read as a number, spaces around it left
// out: far more than an amount of 15 digits and 6 decimals needs.
const MaxNumberLen = 40

// Why a text is not read as a number.
var (
	ErrNumberTooLong = errors.New("not a number: longer than 40 characters")
	ErrNotANumber    = errors.New("not a number")
)

// ParseNumber reads a decimal from text a person or another system wrote:
// an optional sign, digits with an optional fraction and an optional
// exponent below 100, spaces around it ignored, and commas only as
// thousands separators in groups of three (1,234.50 and 1,234,567 are
// numbers; 100,50 and 1,0,0 are not). Every place the engine reads a number
// from text reads it here. Text longer than MaxNumberLen is refused before
// it is parsed: decimal parsing costs the square of the length, and an
// exponent is bounded because rounding 1e999999999 would build that number.
func ParseNumber(s string) (decimal.Decimal, error) {
	s = strings.TrimSpace(s)
	if len(s) > MaxNumberLen {
		return decimal.Zero, ErrNumberTooLong
	}
	if strings.IndexByte(s, ',') >= 0 {
		var ok bool
		if s, ok = dropThousands(s); !ok {
			return decimal.Zero, ErrNotANumber
		}
	}
	if !numberSyntax(s) {
		return decimal.Zero, ErrNotANumber
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Zero, ErrNotANumber
	}
	return d, nil
}

// dropThousands removes the thousands separators of s; ok is false when a
// comma is anywhere else than between groups of three digits of the
// integer part (the first group has one to three digits).
func dropThousands(s string) (string, bool) {
	sign := ""
	if s != "" && (s[0] == '-' || s[0] == '+') {
		sign, s = s[:1], s[1:]
	}
	end := strings.IndexAny(s, ".eE")
	if end < 0 {
		end = len(s)
	}
	if strings.IndexByte(s[end:], ',') >= 0 {
		return "", false
	}
	groups := strings.Split(s[:end], ",")
	for i, g := range groups {
		if (i == 0 && (len(g) < 1 || len(g) > 3)) || (i > 0 && len(g) != 3) || !allDigits(g) {
			return "", false
		}
	}
	return sign + strings.Join(groups, "") + s[end:], true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// numberSyntax tells whether s is [sign] digits [. digits] [e [sign] d[d]]
// with at least one digit before the exponent.
func numberSyntax(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			exp++
		}
		if exp == 0 || exp > 2 {
			return false
		}
	}
	return i == len(s)
}

// FormatAmount writes d with 2 decimals, rounded half away from zero, and
// thousands separators (documents.md 9: amounts display with 2 decimals and
// thousands separators): 559999 is 559,999.00.
func FormatAmount(d decimal.Decimal) string {
	s := d.StringFixed(2)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return sign + b.String() + "." + frac
}
