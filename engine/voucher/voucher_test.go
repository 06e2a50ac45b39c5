package voucher_test

import (
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

// Every document type with voucher rules: its example document's voucher
// balances in both currencies and has a line on each side.
func TestExampleVouchersBalance(t *testing.T) {
	cat, md := catalogue(t), seeds(t)
	set, err := engine.LoadVouchers(formwork.Catalogue, cat, md.Codes())
	if err != nil {
		t.Fatal(err)
	}
	if len(set.DocTypes()) < 10 {
		t.Fatalf("voucher rules for %v only", set.DocTypes())
	}
	for _, code := range set.DocTypes() {
		t.Run(code, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join("..", "..", "rules", "examples", "form", code+".json"))
			if err != nil {
				t.Fatal(err)
			}
			doc, findings, err := engine.Decode(cat, body)
			if err != nil || len(findings) > 0 {
				t.Fatalf("decode: %v %v", err, findings)
			}
			v, err := engine.GenerateVoucher(set.Get(code), doc, md)
			if err != nil {
				t.Fatal(err)
			}
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
		})
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
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"schemas/_vouchers/EX03.yaml": {Data: []byte(tc.src)}}
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
