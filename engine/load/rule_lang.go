package load

import (
	"regexp"
	"strings"

	"github.com/expr-lang/expr/file"
)

// The rule language (decimal arithmetic, helper functions) is
// engine/internal/rulelang; compile errors are explained here.

var noFieldRe = regexp.MustCompile(`type struct \{.*\} has no field (\w+)`)
var structTypeRe = regexp.MustCompile(`struct \{[^}]*\}`)

// compileError makes an expr compile error readable for analysts and places
// it in the YAML file.
func compileError(err error, src *exprSrc) (line, col int, msg string) {
	line, col = src.Line, src.Column
	msg = err.Error()
	if fe, ok := err.(*file.Error); ok {
		msg = fe.Message
		if fe.Line > 1 {
			line += fe.Line - 1
			col = fe.Column + 1
		} else {
			col += fe.Column
		}
	}
	if m := noFieldRe.FindStringSubmatch(msg); m != nil {
		msg = "unknown field " + m[1]
	}
	msg = structTypeRe.ReplaceAllString(msg, "object")
	msg = strings.ReplaceAll(msg, "decimal.Decimal", "decimal")
	return line, col, msg
}
