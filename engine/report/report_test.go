package report

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestCatalogueReports loads the shipped reports: no errors, the waiting
// ones only as notes.
func TestCatalogueReports(t *testing.T) {
	set, notes, err := Load(os.DirFS("../.."))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Reports) < 25 {
		t.Errorf("%d runnable reports, want the report centre's and FM00001-17", len(set.Reports))
	}
	if len(notes) != len(set.Waiting) { // every source a shipped report reads is held now: none waits
		t.Errorf("notes %v for waiting %d", notes, len(set.Waiting))
	}
	for _, r := range append(set.Reports, set.Waiting...) {
		for _, l := range []string{"zh", "en", "th"} {
			if r.Title[l] == "" || r.Description[l] == "" {
				t.Errorf("%s: title or description lacks %s", r.Code, l)
			}
		}
	}
	for _, n := range notes {
		if !strings.Contains(n.Message, "waits for the source") || n.Line == 0 {
			t.Errorf("note %v", n)
		}
	}
}

const head = "code: r1\ngroup: rpt\ntitle: {zh: 报表, en: Report, th: รายงาน}\ndescription: {zh: 说明, en: About, th: เกี่ยวกับ}\n"
const company = "parameters:\n  - {name: company, type: company}\n"

// TestLint: every problem at its file:line:col.
func TestLint(t *testing.T) {
	cases := []struct {
		name, src, want string // want: "line:col message part"; "" = no problem
	}{
		{"fine", head + "source: documents\n" + company + "groupBy: [docType]\ncolumns:\n  - {field: docType}\n  - {field: amount, aggregate: sum}\n", ""},
		{"unknown column field", head + "source: documents\n" + company + "columns:\n  - {field: amout}\n", `9:13 unknown field "amout" of source documents`},
		{"unknown filter field", head + "source: documents\n" + company + "filters:\n  - {field: colour, op: eq, param: company}\ncolumns:\n  - {field: amount}\n", `9:13 unknown field "colour"`},
		{"bad aggregate", head + "source: documents\n" + company + "columns:\n  - {field: amount, aggregate: total}\n", `9:32 unknown aggregate "total"`},
		{"sum of text", head + "source: documents\n" + company + "columns:\n  - {field: status, aggregate: sum}\n", `9:32 sum of status: the field is text`},
		{"param not declared", head + "source: documents\n" + company + "filters:\n  - {field: status, op: eq, param: state}\ncolumns:\n  - {field: amount}\n", `9:36 parameter state is not declared`},
		{"list op on scalar param", head + "source: documents\n" + company + "filters:\n  - {field: status, op: in, param: company}\ncolumns:\n  - {field: amount}\n", `9:36 op in needs a list parameter`},
		{"date param on text", head + "source: documents\n" + company + "  - {name: d, type: date}\nfilters:\n  - {field: status, op: ge, param: d}\ncolumns:\n  - {field: amount}\n", `10:36 a date parameter compares with a date field`},
		{"no company", head + "source: documents\nparameters:\n  - {name: x, type: text}\ncolumns:\n  - {field: amount}\n", "7:3 a report needs exactly one parameter of type company"},
		{"ungrouped column", head + "source: documents\n" + company + "groupBy: [docType]\ncolumns:\n  - {field: status}\n  - {field: amount, aggregate: sum}\n", "10:13 column status is neither aggregated nor in groupBy"},
		{"unknown key", head + "source: documents\n" + company + "colums: []\n", `8:1 unknown key "colums"`},
		{"unknown source", head + "source: ledger\n" + company + "columns:\n  - {field: amount}\n", `5:9 unknown source "ledger"`},
		{"waiting source", head + "source: pushLog\n", "note 5:9 report r1 waits for the source pushLog"},
		{"bad chart", head + "source: documents\n" + company + "groupBy: [docType]\ncolumns:\n  - {field: docType}\n  - {field: amount, aggregate: sum}\nchart: {type: bar, x: amount_sum, y: [docType]}\n", `12:23 chart x "amount_sum" is no grouping column`},
		{"bad ratio", head + "source: budgets\n" + company + "groupBy: [department]\ncolumns:\n  - {field: department}\n  - {key: r, ratio: {of: amount, to: x}, label: {zh: 率, en: Rate, th: อัตรา}}\n  - {field: amount, aggregate: sum}\n", `11:21 ratio r: "amount" is no aggregated numeric column`},
		{"code differs from file", strings.Replace(head, "r1", "r2", 1) + "source: documents\n" + company + "columns:\n  - {field: amount}\n", "1:7 code r2 differs from the file's name r1.yaml"},
		{"bad date default", head + "source: documents\n" + company + "  - {name: d, type: date, default: tomorrow}\ncolumns:\n  - {field: amount}\n", `8:36 parameter d: default "tomorrow" is no date`},
		{"malformed", "code: [\n", "1:1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, notes, err := Load(fstest.MapFS{Dir + "/r1.yaml": {Data: []byte(c.src)}})
			var got []string
			if err != nil {
				for _, p := range err.(*loadErr).Problems {
					got = append(got, fmtProblem(p.Severity, p.Line, p.Column, p.Message))
				}
			}
			for _, n := range notes {
				got = append(got, fmtProblem(n.Severity, n.Line, n.Column, n.Message))
			}
			if c.want == "" {
				if len(got) > 0 {
					t.Fatalf("problems %q", got)
				}
				return
			}
			if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}
