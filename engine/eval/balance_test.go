package eval_test

import (
	"encoding/json"
	"strings"
	"testing"

	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/lookup"
)

// postingKeys are the posting keys the balance reads: 40 a G/L debit, 50 a
// G/L credit, 31 a vendor credit.
func postingKeys() *lookup.Set {
	s := lookup.New("1000", "2026-11-30")
	for key, side := range map[string]string{"40": "D", "50": "C", "31": "C"} {
		s.Add("postingKey", lookup.Record{Key: key, Active: true, Body: map[string]any{"bschl": key, "name": map[string]any{"zh": key}, "debitCredit": side, "accountType": "S"}})
	}
	return s
}

// A voucher's debits equal its credits in local currency by the posting
// key's side; an unbalanced one is refused at its lines naming the
// difference with thousands separators; a one-line voucher is refused; the
// head amount is the debit total.
func TestBalancedVouchers(t *testing.T) {
	line := func(bschl, amount string, more ...string) enginetest.Obj {
		l := enginetest.Obj{"bschl": bschl, "account": "6602010000", "amount": json.Number(amount)}
		for i := 0; i+1 < len(more); i += 2 {
			l[more[i]] = json.Number(more[i+1])
		}
		return l
	}
	doc := func(lines ...any) enginetest.Obj {
		return enginetest.Obj{
			"head": enginetest.Obj{"docType": "DZ04", "businessType1": "D01", "companyCode": "1000", "sob": "1000", "department": "FIN01",
				"applicant": "finance01", "description": "11月生产成本结转", "pstingDate": "2026-11-30", "amount": json.Number("1")},
			"lineList": lines,
		}
	}
	tests := []struct {
		name     string
		doc      enginetest.Obj
		amount   string // the head amount derived
		findings string
		zh, en   string
	}{
		{"balanced", doc(line("40", "560000"), line("50", "560000")), "560000", "", "", ""},
		{"the issue's DZ04: debit 560,000 and credit 1.00", doc(line("40", "560000"), line("50", "1.00")), "560000",
			"lineList ledger.balanced", "借贷不平衡，差额 559,999.00", "Debit and credit do not balance: difference 559,999.00"},
		{"credits above debits name the difference too", doc(line("40", "100"), line("50", "60"), line("31", "1234.5")), "100",
			"lineList ledger.balanced", "借贷不平衡，差额 1,194.50", "Debit and credit do not balance: difference 1,194.50"},
		{"local amounts decide", doc(line("40", "100", "localAmount", "710.25"), line("50", "90", "localAmount", "710.25")), "100", "", "", ""},
		{"one line", doc(line("40", "560000")), "560000",
			"lineList ledger.two-lines", "凭证至少需要两行（借方和贷方）", "A voucher needs at least two lines (a debit and a credit)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, fs := enginetest.Decode(t, tt.doc)
			res := eval.Check(d, fs, eval.Options{Lookup: postingKeys()})
			var got []string
			for _, f := range res.Errors {
				got = append(got, f.Path+" "+f.Rule)
				if tt.zh != "" && (f.Message.In("zh") != tt.zh || f.Message.In("en") != tt.en || f.Message["th"] == "") {
					t.Errorf("message %v, want %q / %q", f.Message, tt.zh, tt.en)
				}
			}
			if g := strings.Join(got, "; "); g != tt.findings {
				t.Errorf("findings %q, want %q", g, tt.findings)
			}
			if a, _ := d.Head()["amount"].(interface{ String() string }); a == nil || a.String() != tt.amount {
				t.Errorf("head amount %v, want %s", d.Head()["amount"], tt.amount)
			}
		})
	}
}
