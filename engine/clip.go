package engine

import (
	"strconv"
	"strings"
	"unicode"

	"formwork/engine/model"
)

// Clip shortens a value echoed into a message to n characters, marking the cut with "…".
func Clip(s string, n int) string { return model.Clip(s, n) }

// RowText is t behind "row N: " in each language (rowNo counts from 1),
// as every message about one row of a table, a sheet or a file reads.
func RowText(rowNo int, t Text) Text { return model.RowText(rowNo, t) }

// ShownCode is a code (or key) as a message quotes it: as it is when it
// prints as it is, else quoted with what does not print escaped (a
// zero-width space shows as \u200b), at most 40 characters.
func ShownCode(code string) string {
	code = Clip(code, 40)
	if strings.TrimSpace(code) == code && !strings.ContainsFunc(code, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return code
	}
	return strconv.QuoteToGraphic(code)
}
