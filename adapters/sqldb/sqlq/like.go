// Package sqlq holds the small pieces of SQL text the stores of sqldb and
// its sub-packages share.
package sqlq

import "strings"

var likeEscapes = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// Contains is a LIKE pattern (with ESCAPE '\') matching s anywhere, lower
// cased for comparison with LOWER(column).
func Contains(s string) string { return "%" + likeEscapes.Replace(strings.ToLower(s)) + "%" }

// Prefix is a LIKE pattern (with ESCAPE '\') matching values that begin with s.
func Prefix(s string) string { return likeEscapes.Replace(s) + "%" }
