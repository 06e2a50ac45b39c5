package advances

import (
	"strings"
	"testing"

	"formwork/engine"
)

func TestOutstandingAndStatus(t *testing.T) {
	for _, c := range []struct {
		a           Advance
		outstanding Money
		status      string
	}{
		{Advance{PaidOut: 500000}, 500000, StatusOpen},
		{Advance{PaidOut: 500000, WrittenOff: 200000, Held: 100000}, 200000, StatusOpen},
		{Advance{PaidOut: 500000, WrittenOff: 200000, Repaid: 250000, Returned: 50000}, 0, StatusClosed},
		{Advance{PaidOut: 500000, WrittenOff: 200000, Held: 300000}, 0, StatusOpen},
	} {
		if got := c.a.Outstanding(); got != c.outstanding || c.a.Status() != c.status {
			t.Errorf("%+v: outstanding %s %s, want %s %s", c.a, got, c.a.Status(), c.outstanding, c.status)
		}
	}
}

func TestKindOf(t *testing.T) {
	for _, c := range []struct{ docType, edition, kind string }{
		{"EX04", "form", KindLoan}, {"B01", "travel", KindLoan}, {"B01", "form", ""}, {"AK", "form", KindLoan},
		{"EX01", "form", KindPreApplication}, {"AA", "form", KindPrepayment}, {"AX", "form", KindWithholding}, {"EX02", "form", ""},
	} {
		if got := KindOf(c.docType, c.edition); got != c.kind {
			t.Errorf("KindOf(%s, %s) = %q, want %q", c.docType, c.edition, got, c.kind)
		}
	}
}

func TestMayRefer(t *testing.T) {
	loan := &Advance{BusinessID: "EX04-1", Kind: KindLoan, Applicant: "employee01", CompanyCode: "1000"}
	prepay := &Advance{BusinessID: "AA-1", Kind: KindPrepayment, Applicant: "buyer", CompanyCode: "1000"}
	pre := &Advance{BusinessID: "EX01-1", Kind: KindPreApplication, Applicant: "employee01", CompanyCode: "1000"}
	ref := func(list string, row int, amount Money) Ref {
		l := listOf(list)
		return Ref{List: list, Row: row, Amount: amount, field: l.Amount, kinds: l.Kinds}
	}
	for _, c := range []struct {
		name               string
		ref                Ref
		a                  *Advance
		applicant, company string
		wantPath, wantRule string
	}{
		{"own loan", ref("outStandList", 1, 100), loan, "employee01", "1000", "", ""},
		{"unknown", ref("outStandList", 2, 100), nil, "employee01", "1000", "outStandList[1].advBusinessId", RuleUnknown},
		{"someone else's loan", ref("outStandList", 1, 100), loan, "manager01", "1000", "outStandList[0].advBusinessId", RuleNotYours},
		{"the company's prepayment", ref("outStandList", 1, 100), prepay, "employee01", "1000", "", ""},
		{"another company's prepayment", ref("outStandList", 1, 100), prepay, "employee01", "2000", "outStandList[0].advBusinessId", RuleNotYours},
		{"a pre-application among loans", ref("outStandList", 3, 100), pre, "employee01", "1000", "outStandList[2].advBusinessId", RuleWrongKind},
		{"a pre-application", ref("refAdvApplies", 1, 100), pre, "employee01", "1000", "", ""},
		{"negative", ref("refAdvApplies", 1, -1), pre, "employee01", "1000", "refAdvApplies[0].verAmount", RuleNegative},
	} {
		f := mayRefer(c.ref, c.a, c.applicant, c.company)
		switch {
		case c.wantRule == "" && f != nil:
			t.Errorf("%s: %+v", c.name, *f)
		case c.wantRule != "" && (f == nil || f.Path != c.wantPath || f.Rule != c.wantRule):
			t.Errorf("%s: %+v, want %s at %s", c.name, f, c.wantRule, c.wantPath)
		case f != nil:
			for _, lang := range []string{"zh", "en", "th"} {
				if f.Message[lang] == "" {
					t.Errorf("%s: no %s message", c.name, lang)
				}
			}
		}
	}
}

func TestExceedsNamesRowAndAmount(t *testing.T) {
	l := listOf("outStandList")
	f := exceeds(Ref{List: "outStandList", Row: 3, AdvanceID: "EX04-1", Amount: 500001, field: l.Amount}, 500000)
	if f.Path != "outStandList[2].verAmount" || f.Rule != RuleExceeds || !strings.Contains(f.Message["en"], "Row 3") ||
		!strings.Contains(f.Message["zh"], "5000.00") || f.Severity != engine.SeverityError {
		t.Errorf("%+v", f)
	}
}
