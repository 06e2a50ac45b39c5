package eval_test

import (
	"fmt"
	"strings"
	"testing"

	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
)

// memoMini has a derived row value and row rules the evaluation runs once
// per distinct row (what they read of the row) and one it must run per row
// (it reads rowNo).
const memoMini = `fields:
  lineList.note: {readOnly: true, value: 'row.amount > 5 ? "big" : "small"'}
rules:
  - id: t.small
    table: lineList
    check: 'row.amount <= 5'
    path: amount
    message: {zh: '第{row}行，金额太大', en: 'Row {row}: too much', th: 'แถวที่ {row}: มากเกินไป'}
  - id: t.first-rows
    table: lineList
    check: 'row.amount <= 5 || rowNo > 3'
    path: note
    message: {zh: '第{row}行', en: 'Row {row}', th: 'แถวที่ {row}'}
`

// Rows equal in what a rule or a derived value reads share its outcome;
// every failing row still has its own finding, and rows that differ (an
// amount, or the row number a rule reads) their own outcome.
func TestRowOutcomesPerDistinctRow(t *testing.T) {
	c, err := load.Load(enginetest.Mini(memoMini))
	if err != nil {
		t.Fatal(err)
	}
	amounts := []string{"1.00", "9.00", "1", "9", "10", "9.00", "1.00"}
	var rows []string
	for _, a := range amounts {
		rows = append(rows, fmt.Sprintf(`{"amount": %s}`, a))
	}
	d, got := checkMini(t, c, `{"head": {"docType": "T1"}, "lineList": [`+strings.Join(rows, ", ")+`]}`)
	want := "lineList[1].amount t.small, lineList[1].note t.first-rows, lineList[3].amount t.small, lineList[4].amount t.small, lineList[5].amount t.small"
	if g := strings.Join(got, ", "); g != want {
		t.Errorf("findings\n%s\nwant\n%s", g, want)
	}
	for i, wantNote := range []string{"small", "big", "small", "big", "big", "big", "small"} {
		if note := d.Tables["lineList"][i]["note"]; note != wantNote {
			t.Errorf("lineList[%d].note = %v, want %s", i, note, wantNote)
		}
	}
}
