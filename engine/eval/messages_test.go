package eval_test

import (
	"encoding/json"
	"testing"

	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
)

// The messages a person reads of the EX family's rules and of values that
// do not fit their field, in Chinese and English, with the row they name
// (these were asserted through HTTP before; the HTTP tests keep one refusal
// per route behaviour).
func TestFindingMessages(t *testing.T) {
	tests := []struct {
		name   string
		doc    enginetest.Obj
		path   string
		rule   string
		zh, en string
	}{
		{"a rest amount", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"paymentList.0.paymentAmount": 95}),
			"head.restAmount", "ex.rest-amount-zero", "剩余金额必须为0", "The rest amount must be 0"},
		{"an outstanding loan without a reason", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.outstandAmount": 100, "head.verifiedAmount": 0}),
			"head.reason", "ex02.exception-reason", "存在未核销借款且核销金额为0，请填写例外原因", "There is an outstanding loan and nothing is verified; give an exception reason"},
		{"an advance after the start", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"itemList.0.advDate": "2026-11-11"}),
			"itemList[0].advDate", "ex02.advance-before-start", "第1行，预支日期不能晚于开始日期", "Row 1: the advance date must not be after the start date"},
		{"a repayment that is not the receipt", enginetest.Patch(validEX05(), map[string]any{"recipt.amount": n("799.99")}),
			"head.amount", "ex05.repayment-equals-receipt", "还款金额必须等于收款金额", "The repayment amount must equal the receipt amount"},
		{"a sub-type of another document type", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.businessType1": "A99", "head.businessType2": nil}),
			"head.businessType1", "subType", "业务类型A99不属于EX02", "business type A99 is not a sub-type of EX02"},
		{"an unknown head field", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.foo": "bar"}),
			"head.foo", "unknownField", "未知字段foo", "unknown field foo"},
		{"an unknown section", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"foo": enginetest.Obj{"bar": 1}}),
			"foo", "unknownField", "foo不是EX02的组成部分", "foo is not part of a EX02 document"},
		{"an unknown cell of a row", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.foo": "bar"}),
			"lineList[0].foo", "unknownField", "第1行，未知字段foo", "Row 1: unknown field foo"},
		{"rows that are not a list", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList": enginetest.Obj{"costType": "交通费"}}),
			"lineList", "type", "费用明细应为列表", "lineList must be a list of rows"},
		{"an amount of text", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.amount": "abc"}),
			"lineList[0].amount", "type", "第1行，金额应为数字", "Row 1: Amount must be a number"},
		{"an amount with 3 decimals", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.amount": json.Number("12.345")}),
			"lineList[0].amount", "precision", "第1行，金额最多2位小数", "Row 1: Amount has more than 2 decimals"},
		{"an amount beyond the money range", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.amount": json.Number("1000000000000000")}),
			"lineList[0].amount", "range", "第1行，金额超出范围（±999999999999999）", "Row 1: Amount is out of range (+/-999999999999999)"},
		{"a line amount of 0", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.amount": json.Number("0.00")}),
			"lineList[0].amount", "minimum", "第1行，金额必须大于零", "Row 1: Amount must be greater than zero"},
		{"a date that is no date", enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.expDate": "2026-13-45"}),
			"lineList[0].expDate", "format", "第1行，费用日期不是有效日期：2026-13-45", "Row 1: Expense date is not a date: 2026-13-45 (write yyyy-MM-dd)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := enginetest.Check(t, tt.doc, eval.Options{Action: "new"})
			for _, f := range res.Errors {
				if f.Path != tt.path || f.Rule != tt.rule {
					continue
				}
				if zh, en := f.Message.In("zh"), f.Message.In("en"); zh != tt.zh || en != tt.en {
					t.Errorf("%q / %q, want %q / %q", zh, en, tt.zh, tt.en)
				}
				if f.Message["th"] == "" {
					t.Errorf("no Thai message: %v", f.Message)
				}
				return
			}
			t.Errorf("no finding %s at %s in %+v", tt.rule, tt.path, res.Errors)
		})
	}
}
