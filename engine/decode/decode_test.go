package decode_test

import (
	"os"
	"strings"
	"testing"

	"formwork/engine/decode"
	"formwork/engine/internal/enginetest"
	"formwork/engine/load"
	"formwork/engine/model"
)

// Values that do not fit their field are structural findings, never a crash.
func TestDecodeStructure(t *testing.T) {
	c, err := load.Load(enginetest.Mini(""))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		doc  string
		path string
		rule string
	}{
		{`{"head": {"docType": "T1", "amount": 12.345}}`, "head.amount", "precision"},
		{`{"head": {"docType": "T1", "amount": 1000000000000000}}`, "head.amount", "range"},
		{`{"head": {"docType": "T1", "amount": -1000000000000000}}`, "head.amount", "range"},
		{`{"head": {"docType": "T1", "amount": "abc"}}`, "head.amount", "type"},
		{`{"head": {"docType": "T1", "amount": true}}`, "head.amount", "type"},
		{`{"head": {"docType": "T1", "days": 1.5}}`, "head.days", "type"},
		{`{"head": {"docType": "T1", "days": -1}}`, "head.days", "minimum"},
		{`{"head": {"docType": "T1", "price": 0}}`, "head.price", "minimum"},
		{`{"head": {"docType": "T1", "note": 5}}`, "head.note", "type"},
		{`{"head": {"docType": "T1", "day": "2026-13-45"}}`, "head.day", "format"},
		{`{"head": {"docType": "T1", "foo": 1}}`, "head.foo", "unknownField"},
		{`{"head": {"docType": "T1"}, "paymentList": []}`, "paymentList", "unknownField"},
		{`{"head": {"docType": "T1"}, "lineList": {}}`, "lineList", "type"},
		{`{"head": {"docType": "T1"}, "lineList": [5]}`, "lineList[0]", "type"},
		{`{"head": {"docType": "T1"}, "lineList": [{}, {"amount": 0.001}]}`, "lineList[1].amount", "precision"},
	}
	for _, tt := range tests {
		t.Run(tt.doc, func(t *testing.T) {
			_, fs, err := decode.Decode(c, []byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) != 1 || fs[0].Path != tt.path || fs[0].Rule != tt.rule {
				t.Errorf("got %+v, want %s %s", fs, tt.path, tt.rule)
			}
		})
	}
	for _, bad := range []struct{ doc, code string }{
		{`{"head": `, model.EINVALID},
		{`[1, 2]`, model.EINVALID},
		{`{}`, model.EINVALID},
		{`{"head": {}}`, model.EINVALID},
		{`{"head": {"docType": "ZZ"}}`, model.ENOTFOUND},
		{`{"head": {"docType": "T1"}} {}`, model.EINVALID},
	} {
		if _, _, err := decode.Decode(c, []byte(bad.doc)); model.ErrorCode(err) != bad.code {
			t.Errorf("%s: error %v, want code %s", bad.doc, err, bad.code)
		}
	}
}

func TestMoneyRoundTrip(t *testing.T) {
	c, err := load.Load(enginetest.Mini(""))
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		`0.1`:                `0.10`,
		`"1,234.5"`:          `1234.50`,
		`999999999999999.99`: ``, // out of range: left out
		`123456789012345.67`: `123456789012345.67`,
		`-0.01`:              `-0.01`,
		`12.300`:             `12.30`,
		`"  7 "`:             `7.00`,
		`1e2`:                `100.00`,
	} {
		d, _, err := decode.Decode(c, []byte(`{"head": {"docType": "T1", "amount": `+in+`}}`))
		if err != nil {
			t.Fatal(err)
		}
		out, _ := d.MarshalJSON()
		got := ""
		if i := strings.Index(string(out), `"amount":`); i >= 0 {
			got = strings.TrimRight(string(out)[i+len(`"amount":`):], "}")
		}
		if got != want {
			t.Errorf("%s: stored %q, want %q (%s)", in, got, want, out)
		}
	}
}

func TestMinimumMessages(t *testing.T) {
	c, err := load.Load(enginetest.Mini(""))
	if err != nil {
		t.Fatal(err)
	}
	for doc, want := range map[string]string{
		`{"head": {"docType": "T1", "price": "0.00"}}`: "单价必须大于零|Unit price must be greater than zero",
		`{"head": {"docType": "T1", "days": -2}}`:      "天数必须大于等于0|Days must be >= 0",
	} {
		_, fs, _ := decode.Decode(c, []byte(doc))
		if len(fs) != 1 || fs[0].Message.In("zh")+"|"+fs[0].Message.In("en") != want {
			t.Errorf("%s: %+v, want %s", doc, fs, want)
		}
	}
}

// A date met again in a document is the value read the first time: the same
// normalized date; a date that is no date is reported in every row it is in.
func TestRepeatedDates(t *testing.T) {
	c, err := load.Load(os.DirFS("../.."))
	if err != nil {
		t.Fatal(err)
	}
	doc := `{"head": {"docType": "EX02", "companyCode": "1000", "sob": "A"}, "itemList": [
		{"startDate": "2026/1/5", "advDate": "2026/1/5"}, {"startDate": "2026/1/5", "advDate": "2026-01-05"},
		{"startDate": "2026-13-45"}, {"startDate": "2026-13-45", "advDate": " 2026/1/5"}]}`
	d, fs, err := decode.Decode(c, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	rows := d.Tables["itemList"]
	for i, want := range [][2]any{{"2026-01-05", "2026-01-05"}, {"2026-01-05", "2026-01-05"}, {nil, nil}, {nil, "2026-01-05"}} {
		if got := rows[i]["startDate"]; got != want[0] {
			t.Errorf("itemList[%d].startDate = %v, want %v", i, got, want[0])
		}
		if got := rows[i]["advDate"]; got != want[1] {
			t.Errorf("itemList[%d].advDate = %v, want %v", i, got, want[1])
		}
	}
	var paths []string
	for _, f := range fs {
		paths = append(paths, f.Path+" "+f.Rule)
	}
	if got, want := strings.Join(paths, ", "), "itemList[2].startDate format, itemList[3].startDate format"; got != want {
		t.Errorf("findings %s, want %s", got, want)
	}
}
