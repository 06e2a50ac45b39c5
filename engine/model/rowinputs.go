package model

// RowInputs is what the programs of a table rule (or a derived row value)
// read of the current row: the fields they name (row.amount), and whether
// that is all they read that changes from one row to the next. Programs
// that read rowNo, the row as a whole (row passed to a function, row[name])
// or $env are not Pure. Two rows equal in Fields give Pure programs the same
// result while the rest of the document stays as it is: the evaluation runs
// them once per distinct row (eval's rowMemo). rulelang.ReadsOfRow works it out.
type RowInputs struct {
	Fields []string
	Pure   bool
}
