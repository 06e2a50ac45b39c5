package voucher_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"formwork"
	"formwork/engine"
	"formwork/engine/voucher"
)

func catalogue(t *testing.T) *engine.Catalogue {
	t.Helper()
	c, err := engine.Load(formwork.Catalogue)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func seeds(t *testing.T) voucher.MemRecords {
	t.Helper()
	md, err := voucher.SeedRecords(formwork.Seeds)
	if err != nil {
		t.Fatal(err)
	}
	return md
}

var update = flag.Bool("update", false, "rewrite the golden vouchers in testdata/")

// golden are the types whose example's voucher is kept as a golden file:
// an employee claim with cost types, a purchase, a sub-typed asset change,
// a payroll payment with withholdings, a receipt claim, a GL voucher and a
// travel-edition deposit recovery.
var golden = map[string]bool{"form/EX02": true, "form/AB": true, "form/FD": true, "form/P11": true,
	"form/CC": true, "form/DA": true, "travel/EX02": true, "form/CB": true}

// Every document type of both editions: its example document's voucher
// balances in both currencies and has a line on each side, or the type is
// declared to make none with its reason; no type is in neither.
func TestExampleVouchersBalance(t *testing.T) {
	cat, md := catalogue(t), seeds(t)
	set, err := engine.LoadVouchers(formwork.Catalogue, cat, md.Codes())
	if err != nil {
		t.Fatal(err)
	}
	if ps := voucher.Uncovered(set, cat); len(ps) > 0 {
		t.Fatalf("types in neither rules nor none: %v", ps)
	}
	types := cat.DocTypes()
	if len(types) < 140 {
		t.Fatalf("%d document types only", len(types))
	}
	withRules := 0
	for _, dt := range types {
		t.Run(dt.Edition+"/"+dt.Code, func(t *testing.T) {
			rules, none := set.In(dt.Edition, dt.Code), set.NoneIn(dt.Edition, dt.Code)
			if none != nil {
				if rules != nil || none.Reason["zh"] == "" || none.Reason["en"] == "" || none.Reason["th"] == "" {
					t.Fatalf("none without its reason in three languages, or with rules too: %+v", none)
				}
				return
			}
			withRules++
			body, err := os.ReadFile(filepath.Join("..", "..", "rules", "examples", dt.Edition, dt.Code+".json"))
			if err != nil {
				t.Fatal(err)
			}
			doc, findings, err := engine.DecodeAs(dt, body)
			if err != nil || len(findings) > 0 {
				t.Fatalf("decode: %v %v", err, findings)
			}
			v, err := engine.GenerateVoucher(rules, doc, md)
			if err != nil {
				t.Fatal(err)
			}
			checkBalanced(t, v)
			if golden[dt.Edition+"/"+dt.Code] {
				compareGolden(t, dt.Edition+"_"+dt.Code, v)
			}
		})
	}
	t.Logf("%d types with vouchers, %d declared without", withRules, len(set.Nones()))
}

// checkBalanced fails unless v balances in both currencies, is not zero and
// has a line on each side, each with an account and a posting key.
func checkBalanced(t *testing.T, v *voucher.Voucher) {
	t.Helper()
	d, c, ld, lc := v.Totals()
	if !v.Balanced() || d.IsZero() || !d.Equal(c) || !ld.Equal(lc) {
		t.Fatalf("debit %s credit %s (local %s %s): %+v", d, c, ld, lc, v.Lines)
	}
	sides := map[string]bool{}
	for _, l := range v.Lines {
		sides[l.DebitCredit] = true
		if l.Account == "" || l.Bschl == "" {
			t.Errorf("line %d without account or posting key", l.LineNo)
		}
	}
	if !sides[voucher.Debit] || !sides[voucher.Credit] {
		t.Errorf("a voucher has a debit and a credit: %+v", v.Lines)
	}
}

// render is a voucher as the golden files hold it: one line per voucher line.
func render(v *voucher.Voucher) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s rate %s\n", v.DocType, v.Currency, v.ExchangeRate)
	for _, l := range v.Lines {
		fmt.Fprintf(&b, "%d %s %s %-7s %12s %12s cc=%s pc=%s io=%s sup=%s cus=%s text=%s balance=%t editable=%s\n", l.LineNo, l.Bschl, l.DebitCredit,
			l.Account, l.Amount.StringFixed(2), l.LocalAmount.StringFixed(2), l.CostCenter, l.ProfitCenter, l.InternalOrder, l.Supplier,
			l.Customer, l.Text, l.Balance, strings.Join(l.Editable, ","))
	}
	return b.String()
}

func compareGolden(t *testing.T, name string, v *voucher.Voucher) {
	t.Helper()
	file := filepath.Join("testdata", name+".voucher.txt")
	got := render(v)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test ./engine/voucher -run TestExampleVouchersBalance -update)", err)
	}
	if got != string(want) {
		t.Errorf("voucher differs from %s:\ngot:\n%s\nwant:\n%s", file, got, want)
	}
}

func TestLintProblemsAtLine(t *testing.T) {
	cat, md := catalogue(t), seeds(t)
	cases := []struct{ name, src, want string }{
		{"unknown account", "docType: EX03\nvouchers:\n  - lines:\n      - {for: lineList, bschl: \"40\", account: \"9999\", amount: row.amount}\n      - {balance: true, bschl: \"31\", account: \"2202\"}\n",
			"schemas/_vouchers/EX03.yaml:4:47: master data glAccount has no 9999"},
		{"unknown posting key", "docType: EX03\nvouchers:\n  - lines:\n      - {for: lineList, bschl: \"98\", account: \"6602\", amount: row.amount}\n      - {balance: true, bschl: \"31\", account: \"2202\"}\n",
			"schemas/_vouchers/EX03.yaml:4:32: master data postingKey has no 98"},
		{"unknown field", "docType: EX03\nvouchers:\n  - lines:\n      - {for: lineList, bschl: \"40\", account: \"6602\", amount: row.nope}\n      - {balance: true, bschl: \"31\", account: \"2202\"}\n",
			"schemas/_vouchers/EX03.yaml:4:63: lineList.nope is no field of EX03"},
		{"two balancing lines", "docType: EX03\nvouchers:\n  - lines:\n      - {balance: true, bschl: \"40\", account: \"6602\"}\n      - {balance: true, bschl: \"31\", account: \"2202\"}\n",
			"schemas/_vouchers/EX03.yaml:4:7: a voucher has at most one balancing line (balance: true)"},
		{"unknown sub-type", "docType: EX03\nvouchers:\n  - subTypes: [ZZ]\n    lines:\n      - {balance: true, bschl: \"31\", account: \"2202\"}\n",
			"schemas/_vouchers/EX03.yaml:3:15: EX03 has no sub-type ZZ"},
		{"file name", "docType: EX02\nvouchers: []\n", "schemas/_vouchers/EX03.yaml:1:10: docType EX02 is not the file's name EX03"},
		{"unknown type of a list", "docTypes: [EX03, travel/ZZ9]\nvouchers:\n  - lines:\n      - {balance: true, bschl: \"31\", account: \"2202\"}\n",
			"schemas/_vouchers/EX03.yaml:1:18: unknown document type travel/ZZ9"},
		{"field one type of a list lacks", "docTypes: [EX03, travel/A01]\nvouchers:\n  - lines:\n      - {for: lineList, bschl: \"40\", account: \"6602\", amount: row.amount, costCenter: head.costCenter}\n      - {balance: true, bschl: \"31\", account: \"2202\"}\n",
			"schemas/_vouchers/EX03.yaml:4:87: head.costCenter is no field of A01"},
		{"none without a reason in every language", "none:\n  - reason: {zh: 申请, en: A request}\n    docTypes: [EX01]\n",
			"schemas/_vouchers/EX03.yaml:2:5: none: a reason in zh, en and th is required"},
		{"a type in rules and none", "none:\n  - reason: {zh: 申请, en: A request, th: คำขอ}\n    docTypes: [EX02]\n",
			"the voucher of EX02 is declared in"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"schemas/_vouchers/EX03.yaml": {Data: []byte(tc.src)},
				"schemas/_vouchers/EX02.yaml": {Data: []byte("docType: EX02\nvouchers:\n  - lines:\n      - {balance: true, bschl: \"31\", account: \"2241\"}\n")}}
			_, err := voucher.Load(fsys, cat, md.Codes())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

func TestGenerateRefusesWhatMasterDataLacks(t *testing.T) {
	cat, md := catalogue(t), seeds(t)
	set, err := engine.LoadVouchers(formwork.Catalogue, cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"head":{"docType":"EX03","businessType1":"A02","companyCode":"1000","applicant":"employee01","vendor":"V1","amount":100,"description":"x"},
	 "lineList":[{"costType":"不存在的费用","amount":100}]}`)
	doc, _, err := engine.Decode(cat, body)
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.GenerateVoucher(set.Get("EX03"), doc, md)
	if err == nil || !strings.Contains(err.Error(), "G/L account") {
		t.Fatalf("err = %v, want no G/L account", err)
	}
}

// Input VAT: a line carrying its tax amount on a deductible (special VAT)
// invoice splits into the net cost and the input-VAT line; on an ordinary
// invoice, or without a tax amount, the whole amount is the cost. Output
// VAT likewise on revenue. Each case edits a type's example document.
func TestVoucherTaxLines(t *testing.T) {
	cat, md := catalogue(t), seeds(t)
	set, err := engine.LoadVouchers(formwork.Catalogue, cat, md.Codes())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, edition, code string
		edit                func(doc map[string]any)
		want                map[string]string // account+side -> amount
	}{
		{"purchase on a special VAT invoice", "form", "AB", func(d map[string]any) {
			row(d, "invoiceList")["amount"], row(d, "invoiceList")["taxAmount"] = 45200, 5200
		}, map[string]string{"1403S": "40000.00", "222101S": "5200.00", "2202H": "45200.00"}},
		{"purchase on an ordinary invoice", "form", "AB", func(d map[string]any) {
			r := row(d, "invoiceList")
			r["invoiceType"], r["amount"], r["taxAmount"] = "增值税普通发票", 45200, 5200
		}, map[string]string{"1403S": "45200.00", "2202H": "45200.00"}},
		{"feed settlement lines with tax", "form", "B03", func(d map[string]any) {
			row(d, "itemList")["taxAmount"] = 29681.42
		}, map[string]string{"1403S": "228318.58", "222101S": "29681.42", "2202H": "258000.00"}},
		{"travel claim with tax and a loan written off", "form", "TB", func(d map[string]any) {
			row(d, "tripDetailList")["taxAmount"] = 200
			row(d, "paymentList")["loanAmount"] = 500
		}, map[string]string{"660201S": "2258.50", "222101S": "200.00", "122101H": "500.00", "2241H": "1958.50"}},
		{"revenue with output VAT", "form", "CA", func(d map[string]any) {
			row(d, "itemList")["taxAmount"] = 9951.33
		}, map[string]string{"6001H": "76548.67", "222102H": "9951.33", "1122S": "86500.00"}},
		{"rent without a tax amount", "form", "P33", func(map[string]any) {},
			map[string]string{"660206S": "32000.00", "2202H": "32000.00"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dt := cat.Live(tc.edition, tc.code)
			raw, err := os.ReadFile(filepath.Join("..", "..", "rules", "examples", tc.edition, tc.code+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var body map[string]any
			if err := json.Unmarshal(raw, &body); err != nil {
				t.Fatal(err)
			}
			tc.edit(body)
			raw, _ = json.Marshal(body)
			doc, findings, err := engine.DecodeAs(dt, raw)
			if err != nil || len(findings) > 0 {
				t.Fatalf("decode: %v %v", err, findings)
			}
			v, err := engine.GenerateVoucher(set.In(tc.edition, tc.code), doc, md)
			if err != nil {
				t.Fatal(err)
			}
			checkBalanced(t, v)
			got := map[string]string{}
			for _, l := range v.Lines {
				got[l.Account+l.DebitCredit] = l.Amount.StringFixed(2)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got %v\nwant %v\n%s", got, tc.want, render(v))
			}
		})
	}
}

// row is the first row of table in a document body.
func row(d map[string]any, table string) map[string]any {
	return d[table].([]any)[0].(map[string]any)
}
