package process_test

import (
	"strings"
	"testing"

	"formwork/engine"
	"formwork/process"

	"github.com/shopspring/decimal"
)

func TestCheckApproverConfig(t *testing.T) {
	amount := func(s string) *decimal.Decimal { d := decimal.RequireFromString(s); return &d }
	ok := process.ApproverConfig{CompanyCode: "1000", Task1Approver: "manager01", Task2Approver: "finance01", Status: "1",
		MinAmount: amount("0"), MaxAmount: amount("10000.00")}
	if err := process.CheckApproverConfig(ok); err != nil {
		t.Fatalf("a valid row: %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(c *process.ApproverConfig)
		path string
		en   string
	}{
		{"a company code too long", func(c *process.ApproverConfig) { c.CompanyCode = strings.Repeat("1", 21) }, "companyCode", "companyCode is longer than 20 characters"},
		{"an unknown status", func(c *process.ApproverConfig) { c.Status = "2" }, "status", "status must be 1 (in force) or 0 (off)"},
		{"no approver", func(c *process.ApproverConfig) { c.Task1Approver, c.Task2Approver = "", "" }, "task1Approver", "name at least one approver"},
		{"the same approver twice", func(c *process.ApproverConfig) { c.Task2Approver = c.Task1Approver }, "task2Approver", "task 2 needs another approver"},
		{"a third decimal", func(c *process.ApproverConfig) { c.MaxAmount = amount("10.001") }, "maxAmount", "maxAmount has more than 2 decimals"},
		{"a negative minimum", func(c *process.ApproverConfig) { c.MinAmount = amount("-0.01") }, "minAmount", "minAmount must not be negative"},
		{"a maximum below the minimum", func(c *process.ApproverConfig) { c.MinAmount, c.MaxAmount = amount("100"), amount("99.99") }, "maxAmount",
			"maxAmount 99.99 is below minAmount 100.00"},
	} {
		c := ok
		tt.edit(&c)
		err := process.CheckApproverConfig(c)
		e, isErr := err.(*engine.Error)
		if !isErr || e.Code != engine.EINVALID || e.Path != tt.path || !strings.Contains(e.Text.In("en"), tt.en) || e.Text["th"] == "" || e.Text["zh"] == "" {
			t.Errorf("%s: %v, want EINVALID at %s saying %q in zh, en and th", tt.name, err, tt.path, tt.en)
		}
	}
	// a row with only task 2, or without bounds, is fine
	only2 := ok
	only2.Task1Approver, only2.MinAmount, only2.MaxAmount = "", nil, nil
	if err := process.CheckApproverConfig(only2); err != nil {
		t.Errorf("task 2 alone, no bounds: %v", err)
	}
}
