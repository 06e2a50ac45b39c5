package payments

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"formwork/engine"
	"formwork/masterdata/workbook/workbooktest"
)

// xlsxOf writes rows (the first the header) on the first sheet.
var xlsxOf = workbooktest.Rows

// The headers the payment import accepts (names, labels in three
// languages, the earlier Chinese titles, a bank's own columns left out)
// and what it refuses, at the row and column.
func TestReadResults(t *testing.T) {
	row := []any{"EX0200001", 1, "paid", "B1", ""}
	for _, c := range []struct {
		name   string
		header []any
		rows   [][]any
		want   string // the rows read, or ...
		paths  string // ... the findings' paths
	}{
		{"field names", []any{"businessId", "item", "result", "bankRef", "bankMessage"}, [][]any{row}, "2:EX0200001#1 paid B1 ", ""},
		{"names in any case", []any{"BUSINESSID", "Item", "RESULT", "bankref", "BankMessage"}, [][]any{row}, "2:EX0200001#1 paid B1 ", ""},
		{"the earlier Chinese titles", []any{"单号", "行号", "结果", "银行流水号", "失败原因"}, [][]any{{"EX0200001", "2", "failed", "", "账户冻结"}},
			"2:EX0200001#2 failed  账户冻结", ""},
		{"the other earlier titles", []any{"单据号", "行号", "付款结果", "银行流水号", "银行反馈信息"}, [][]any{row}, "2:EX0200001#1 paid B1 ", ""},
		{"English labels", []any{"Document number", "Line", "Result", "Bank reference", "Bank message"}, [][]any{row}, "2:EX0200001#1 paid B1 ", ""},
		{"Thai labels", []any{"เลขที่เอกสาร", "รายการที่", "ผลการจ่ายเงิน", "เลขอ้างอิงธนาคาร", "ข้อความจากธนาคาร"}, [][]any{row}, "2:EX0200001#1 paid B1 ", ""},
		{"a bank's own column left out", []any{"交易日期", "businessId", "item", "result", "bankRef"}, [][]any{{"2026-11-24", "EX0200001", 1, "paid", "B1"}},
			"2:EX0200001#1 paid B1 ", ""},
		{"blank rows skipped", []any{"businessId", "item", "result", "bankRef"}, [][]any{{}, row}, "3:EX0200001#1 paid B1 ", ""},
		{"no result column", []any{"businessId", "item", "bankRef"}, [][]any{row}, "", "rows[1].result"},
		{"no business id nor item", []any{"result"}, [][]any{row}, "", "rows[1].businessId rows[1].item"},
		{"a line that is no whole number", []any{"businessId", "item", "result"}, [][]any{{"EX0200001", "1.5", "paid"}, {"EX0200001", "x", "paid"}},
			"", "rows[2].item rows[3].item"},
	} {
		got, err := ReadResults(xlsxOf(t, append([][]any{c.header}, c.rows...)...))
		var refused *ImportRefusal
		if c.paths != "" {
			if !errors.As(err, &refused) {
				t.Errorf("%s: %v, want findings at %s", c.name, err, c.paths)
				continue
			}
			var paths []string
			for _, f := range refused.Findings {
				paths = append(paths, f.Path)
				if len(f.Message) != 3 {
					t.Errorf("%s: finding %v not in three languages", c.name, f)
				}
			}
			if strings.Join(paths, " ") != c.paths {
				t.Errorf("%s: findings at %v, want %s", c.name, paths, c.paths)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var read []string
		for _, r := range got {
			read = append(read, fmt.Sprintf("%d:%s#%d %s %s %s", r.Row, r.BusinessID, r.Item, r.Result, r.BankRef, r.BankMessage))
		}
		if strings.Join(read, "|") != c.want {
			t.Errorf("%s: read %q, want %q", c.name, strings.Join(read, "|"), c.want)
		}
	}
	if _, err := ReadResults([]byte("not a workbook")); engine.ErrorCode(err) != engine.EINVALID {
		t.Errorf("not a workbook: %v", err)
	}
}
