package eval

import (
	"reflect"

	"formwork/engine/model"
)

// FillRows fills the second of two zero row structs of s from vals as
// buildEnv fills the rows of a table, and returns both.
func FillRows(s *model.Section, vals model.Values) reflect.Value {
	rows := reflect.MakeSlice(reflect.SliceOf(s.RowType()), 2, 2)
	newFiller(s).fill(rows, rows.UnsafePointer(), 1, vals)
	return rows
}
