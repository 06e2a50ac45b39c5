package process_test

import (
	"fmt"
	"testing"

	"formwork/process"

	"github.com/shopspring/decimal"
)

func dec(s string) *decimal.Decimal {
	d := decimal.RequireFromString(s)
	return &d
}

func TestSelectApproverRule(t *testing.T) {
	rules := []process.ApproverRule{
		{ID: 1, CompanyCode: "1000", MinAmount: dec("0"), MaxAmount: dec("10000"), Approvers: [2]string{"manager01", "finance01"}},
		{ID: 2, CompanyCode: "1000", MinAmount: dec("10000.01"), Approvers: [2]string{"manager01", "admin"}},
		{ID: 3, CompanyCode: "1000", BusinessType: "A02", Approvers: [2]string{"boss", ""}},
		{ID: 4, CompanyCode: "1000", BusinessType: "A0102", Approvers: [2]string{"overseas", "finance01"}},
		{ID: 5, CompanyCode: "1000", CostCenter: "1000IT01", Approvers: [2]string{"cio", "finance01"}},
		{ID: 6, Approvers: [2]string{"admin", ""}},
		{ID: 7, CompanyCode: "1000", MinAmount: dec("5000"), MaxAmount: dec("10000"), Approvers: [2]string{"director", "finance01"}},
		{ID: 8, CompanyCode: "1000", BusinessType: "EX05", Approvers: [2]string{"treasurer", ""}},
	}
	facts := func(company, cc, docType, bt1, bt2, amount string) process.RouteFacts {
		return process.RouteFacts{CompanyCode: company, CostCenter: cc, DocType: docType, BusinessType1: bt1, BusinessType2: bt2, Amount: decimal.RequireFromString(amount)}
	}
	for _, tt := range []struct {
		name  string
		facts process.RouteFacts
		want  uint // 0: none
	}{
		{"a small claim of company 1000", facts("1000", "1000SAL02", "EX02", "A01", "A0101", "2458.50"), 1},
		{"the minimum is included", facts("1000", "1000SAL02", "EX02", "A01", "A0101", "0"), 1},
		{"the maximum is included", facts("1000", "1000SAL02", "EX02", "A01", "A0101", "10000.00"), 7},
		{"one cent above the band goes to the next band", facts("1000", "1000SAL02", "EX02", "A01", "A0101", "10000.01"), 2},
		{"the narrower band wins where bands overlap", facts("1000", "1000SAL02", "EX02", "A01", "A0101", "6000"), 7},
		{"businessType1 beats a mere amount band", facts("1000", "1000SAL02", "EX02", "A02", "", "100"), 3},
		{"businessType2 beats businessType1", facts("1000", "1000SAL02", "EX02", "A01", "A0102", "100"), 4},
		{"a document type as business type", facts("1000", "1000SAL02", "EX05", "", "", "800"), 8},
		{"a cost center beats a business type", facts("1000", "1000IT01", "EX02", "A02", "", "100"), 5},
		{"another company falls back to the catch-all", facts("2000", "", "EX02", "A01", "A0101", "100"), 6},
	} {
		got, ok := process.SelectApproverRule(rules, tt.facts)
		if !ok || got.ID != tt.want {
			t.Errorf("%s: rule %d (%v), want %d", tt.name, got.ID, ok, tt.want)
		}
	}
	if _, ok := process.SelectApproverRule(rules[:5], facts("3000", "", "EX02", "A01", "", "1")); ok {
		t.Error("a company no rule names: want no route")
	}
}

func TestApprovalSteps(t *testing.T) {
	r := process.ApproverRule{Approvers: [2]string{"manager01", "finance01"}}
	for _, tt := range []struct {
		self []string
		want string
	}{
		{[]string{"employee01", "employee01"}, "[{task1 manager01} {task2 finance01}]"},
		{[]string{"manager01", "employee01"}, "[{task2 finance01}]"},
		{[]string{"employee01", "finance01"}, "[{task1 manager01}]"},
		{[]string{"manager01", "finance01"}, "[]"},
	} {
		if got := fmt.Sprint(r.ApprovalSteps(tt.self...)); got != tt.want {
			t.Errorf("steps with %v left out: %s, want %s", tt.self, got, tt.want)
		}
	}
	if got := fmt.Sprint(process.ApproverRule{Approvers: [2]string{"", "finance01"}}.ApprovalSteps()); got != "[{task2 finance01}]" {
		t.Errorf("a blank first task: %s", got)
	}
}
