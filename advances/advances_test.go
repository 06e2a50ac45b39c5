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

// tables are the reference tables as schemas/_advances.yaml declares them.
var tables = map[string]engine.AdvanceReference{
	"outStandList":  {List: "outStandList", ID: "advBusinessId", Item: "advBusinessItem", Amount: "verAmount", Kinds: []string{KindLoan, KindPrepayment}},
	"refAdvApplies": {List: "refAdvApplies", ID: "advBusinessId", Item: "advBusinessItem", Amount: "verAmount", Kinds: []string{KindPreApplication}},
	"withHoldRefs":  {List: "withHoldRefs", ID: "withholdBusinessId", Item: "withholdItem", Amount: "amount", Kinds: []string{KindWithholding}},
}

func TestResolveLine(t *testing.T) {
	loan := []Advance{{BusinessID: "EX04-1"}}
	accruals := []Advance{{BusinessID: "AX-1", Item: "1"}, {BusinessID: "AX-1", Item: "2"}}
	one := []Advance{{BusinessID: "AA-1", Item: "1"}}
	ref := func(item string) Ref {
		return Ref{List: "withHoldRefs", Row: 2, AdvanceID: "AX-1", Item: item, table: tables["withHoldRefs"]}
	}
	for _, c := range []struct {
		name     string
		ref      Ref
		lines    []Advance
		wantItem string
		wantRule string
	}{
		{"per document, no line named", ref(""), loan, "", ""},
		{"per document, a line named", ref("7"), loan, "", ""},
		{"second line", ref("2"), accruals, "2", ""},
		{"no line named of several", ref(""), accruals, "", RuleLineRequired},
		{"unknown line", ref("3"), accruals, "", RuleUnknownLine},
		{"the only line, none named", ref(""), one, "1", ""},
		{"unknown advance", ref("1"), nil, "", ""},
	} {
		a, f := resolve(c.ref, c.lines)
		switch {
		case c.wantRule != "":
			if f == nil || f.Rule != c.wantRule || f.Path != "withHoldRefs[1].withholdItem" || f.Message["th"] == "" {
				t.Errorf("%s: %+v, want %s", c.name, f, c.wantRule)
			}
		case f != nil:
			t.Errorf("%s: %+v", c.name, *f)
		case c.lines == nil && a != nil, c.lines != nil && (a == nil || a.Item != c.wantItem):
			t.Errorf("%s: %+v, want line %q", c.name, a, c.wantItem)
		}
	}
}

func TestMayRefer(t *testing.T) {
	loan := &Advance{BusinessID: "EX04-1", Kind: KindLoan, Applicant: "employee01", CompanyCode: "1000"}
	prepay := &Advance{BusinessID: "AA-1", Kind: KindPrepayment, Applicant: "buyer", CompanyCode: "1000"}
	pre := &Advance{BusinessID: "EX01-1", Kind: KindPreApplication, Applicant: "employee01", CompanyCode: "1000"}
	ref := func(list string, row int, amount Money) Ref {
		return Ref{List: list, Row: row, Amount: amount, table: tables[list]}
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
	f := exceeds(Ref{List: "outStandList", Row: 3, AdvanceID: "EX04-1", Amount: 500001, table: tables["outStandList"]}, Advance{BusinessID: "EX04-1"}, 500000)
	if f.Path != "outStandList[2].verAmount" || f.Rule != RuleExceeds || !strings.Contains(f.Message["en"], "Row 3") ||
		!strings.Contains(f.Message["zh"], "5000.00") || f.Severity != engine.SeverityError {
		t.Errorf("%+v", f)
	}
}
