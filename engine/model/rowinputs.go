package model

// RowInputs is what the programs of a table rule (or a derived row value)
// read of the current row (row.amount), and whether that is all they read
// that changes from row to row (not rowNo, the whole row or $env). Two rows
// equal in Fields give Pure programs the same result: eval runs them once
// per distinct row (rowMemo). rulelang.ReadsOfRow works it out.
type RowInputs struct {
	Fields []string
	Pure   bool
}
