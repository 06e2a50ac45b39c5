package payments

import (
	"encoding/json"
	"slices"
	"strconv"

	"formwork/engine"
	"formwork/masterdata/workbook"
)

// importColumns are the columns of the payment import (the bank's results,
// CW00003), read through masterdata/workbook (its unzip-size and row-count
// bounds). A header names a column by its name in any case (businessId,
// item, result, bankRef, bankMessage), by its label in zh, en or th, or by
// an earlier title (单据号, 结果, 失败原因, with their en and th): a superset of the headers
// accepted before. Columns of other headers (a bank's own) are left out.
// An alias comes before the column's main label, which the refusal of a
// missing column names.
var importColumns = []workbook.Column{
	{Name: "businessId", Label: engine.Text{"zh": "单据号", "en": "Document No.", "th": "เลขที่ใบเอกสาร"}},
	{Name: "businessId", Label: engine.Text{"zh": "单号", "en": "Document number", "th": "เลขที่เอกสาร"}},
	{Name: "item", Label: engine.Text{"zh": "行号", "en": "Line", "th": "รายการที่"}, Kind: workbook.Number},
	{Name: "result", Label: engine.Text{"zh": "结果", "en": "Outcome", "th": "ผลลัพธ์"}},
	{Name: "result", Label: engine.Text{"zh": "付款结果", "en": "Result", "th": "ผลการจ่ายเงิน"}},
	{Name: "bankRef", Label: engine.Text{"zh": "银行流水号", "en": "Bank reference", "th": "เลขอ้างอิงธนาคาร"}},
	{Name: "bankMessage", Label: engine.Text{"zh": "失败原因", "en": "Failure reason", "th": "สาเหตุที่ไม่สำเร็จ"}},
	{Name: "bankMessage", Label: engine.Text{"zh": "银行反馈信息", "en": "Bank message", "th": "ข้อความจากธนาคาร"}},
}

// ReadResults reads the bank's results from the first sheet of an xlsx
// workbook: a file that is no workbook is EINVALID at file; a missing
// required column (businessId, item, result), a line number that is not a
// whole number or too many rows is an *ImportRefusal with findings at
// rows[N].column, and nothing is read.
func ReadResults(b []byte) ([]ImportRow, error) {
	wb, err := workbook.Open(b)
	if err != nil {
		return nil, err
	}
	defer wb.Close()
	rows, problems := wb.ReadKnown(wb.FirstSheet(), importColumns, []string{"businessId", "item", "result"})
	var findings []engine.Finding
	at := map[string]int{} // a finding's row, to keep them in the sheet's order
	for _, p := range problems {
		f := rowFinding(ImportRow{Row: p.Row}, p.Column, p.Err)
		at[f.Path] = p.Row
		findings = append(findings, f)
	}
	out := make([]ImportRow, 0, len(rows))
	for _, r := range rows {
		row := ImportRow{Row: r.Number, BusinessID: r.Text("businessId"), Result: r.Text("result"), BankRef: r.Text("bankRef"), BankMessage: r.Text("bankMessage")}
		if n, ok := r.Values["item"].(json.Number); ok {
			item, err := strconv.Atoi(n.String())
			if err != nil || item < 1 {
				f := rowFinding(row, "item", refuse(engine.EINVALID, "item", "行号须为正整数："+n.String(),
					"the line number is a whole number from 1: "+n.String(), "รายการที่ต้องเป็นจำนวนเต็มตั้งแต่ 1: "+n.String()))
				at[f.Path] = r.Number
				findings = append(findings, f)
				continue
			}
			row.Item = item
		}
		out = append(out, row)
	}
	if len(findings) > 0 {
		slices.SortStableFunc(findings, func(a, b engine.Finding) int { return at[a.Path] - at[b.Path] })
		return nil, &ImportRefusal{Findings: findings}
	}
	return out, nil
}
