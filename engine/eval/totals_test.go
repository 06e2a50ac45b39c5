package eval_test

import (
	"sort"
	"strings"
	"testing"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// totalsMini is T1 with its head amount the total of its lines, a price
// (minimum 0.01) that is the same total, a required note on the head and on
// every line with a rule each at the same cell, and a rule at the total.
const totalsMini = `fields:
  head.amount: {readOnly: true, value: 'total(map(lineList, .amount))'}
  head.price: {readOnly: true, value: 'total(map(lineList, .amount))'}
  head.note: {required: true}
  lineList.note: {required: true}
rules:
  - id: t.note-long
    check: 'len(head.note) >= 3'
    path: head.note
    message: {zh: 备注太短, en: The note is too short, th: หมายเหตุสั้นเกินไป}
  - id: t.line-note-long
    table: lineList
    check: 'len(row.note) >= 3'
    path: note
    message: {zh: '第{row}行，备注太短', en: 'Row {row}: the note is too short', th: 'แถวที่ {row}: หมายเหตุสั้นเกินไป'}
  - id: t.total-limit
    check: 'head.amount <= 1000'
    path: head.amount
    message: {zh: 合计超过1000, en: The total is above 1000, th: ยอดรวมเกิน 1000}
`

func checkMini(t *testing.T, c *load.Catalogue, doc string) (*model.Document, []string) {
	t.Helper()
	d, fs, err := decode.Decode(c, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	res := eval.Check(d, fs, eval.Options{})
	var got []string
	for _, f := range res.Errors {
		got = append(got, f.Path+" "+f.Rule)
	}
	sort.Strings(got)
	return d, got
}

// The head totals are derived from the live lines (rows flagged D left out)
// on every check, whatever the client sent; a total out of its bounds and a
// rule at a total are reported only when no line is wrong; a blank required
// cell is one finding, whatever rule also looks at the cell.
func TestTotalsAndOneFindingPerCell(t *testing.T) {
	c, err := load.Load(enginetest.Mini(totalsMini))
	if err != nil {
		t.Fatal(err)
	}
	const head = `"head": {"docType": "T1", "note": "trip"`
	tests := []struct {
		name  string
		doc   string
		total string // the head amount stored, "" for none
		want  string // the findings, "path rule; ..."
	}{
		{"the client's total is ignored", `{` + head + `, "amount": 1000}, "lineList": [{"amount": 300, "note": "taxi"}, {"amount": 200, "note": "hotel"}]}`,
			"500", ""},
		{"a deleted row is not counted", `{` + head + `}, "lineList": [{"amount": 300, "note": "taxi"}, {"amount": 200, "note": "hotel", "flag": "D"}]}`,
			"300", ""},
		{"a malformed client total is no finding", `{` + head + `, "amount": "abc", "price": 0}, "lineList": [{"amount": 1, "note": "taxi"}]}`,
			"1", ""},
		{"no lines: the total is below the price's minimum", `{` + head + `}}`,
			"0", "head.price minimum"},
		{"a wrong line: the total's minimum is not reported again", `{` + head + `}, "lineList": [{"amount": 1.234, "note": "taxi"}]}`,
			"0", "lineList[0].amount precision"},
		{"a rule at the total", `{` + head + `}, "lineList": [{"amount": 1000.01, "note": "taxi"}]}`,
			"1000.01", "head.amount t.total-limit"},
		{"a rule at the total waits for the lines to be right", `{` + head + `}, "lineList": [{"amount": 1000.01, "note": "taxi"}, {"amount": 1}]}`,
			"1001.01", "lineList[1].note required"},
		{"a blank required head cell: required only", `{"head": {"docType": "T1"}, "lineList": [{"amount": 1, "note": "taxi"}]}`,
			"1", "head.note required"},
		{"a short head note: the rule", `{"head": {"docType": "T1", "note": "ab"}, "lineList": [{"amount": 1, "note": "taxi"}]}`,
			"1", "head.note t.note-long"},
		{"a blank required line cell: required only", `{` + head + `}, "lineList": [{"amount": 1, "note": " "}]}`,
			"1", "lineList[0].note required"},
		{"a short line note: the rule", `{` + head + `}, "lineList": [{"amount": 1, "note": "ab"}]}`,
			"1", "lineList[0].note t.line-note-long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, got := checkMini(t, c, tt.doc)
			if g := strings.Join(got, "; "); g != tt.want {
				t.Errorf("findings %q, want %q", g, tt.want)
			}
			amount, _ := d.Head()["amount"].(interface{ String() string })
			if s := ""; amount != nil {
				s = amount.String()
				if s != tt.total {
					t.Errorf("head amount %s, want %s", s, tt.total)
				}
			} else if tt.total != "" {
				t.Errorf("head amount not stored, want %s", tt.total)
			}
		})
	}
}

// The local amount is the amount times the exchange rate, rounded half away
// from zero to 2 decimals (round2, decimal.Round): 0.025 is 0.03, -0.025 is
// -0.03.
func TestLocalAmountRounding(t *testing.T) {
	c, err := load.Load(enginetest.Mini(`fields:
  head.amount: {readOnly: true, value: 'round2(head.price * head.rate)'}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ price, rate, want string }{
		{"0.05", "0.5", "0.03"}, {"0.05", "-0.5", "-0.03"}, {"100.05", "0.5", "50.03"}, {"10", "7.1025", "71.03"}, {"0.01", "0.4", "0"},
	} {
		d, _, err := decode.Decode(c, []byte(`{"head": {"docType": "T1", "price": `+tt.price+`, "rate": `+tt.rate+`}}`))
		if err != nil {
			t.Fatal(err)
		}
		eval.Check(d, nil, eval.Options{})
		if got, _ := d.Head()["amount"].(interface{ String() string }); got == nil || got.String() != tt.want {
			t.Errorf("%s x %s = %v, want %s", tt.price, tt.rate, d.Head()["amount"], tt.want)
		}
	}
}
