package vouchers

import (
	"formwork/engine"
	"formwork/masterdata/workbook"
)

// ImportSheet is the sheet of the voucher import's template.
const ImportSheet = "vouchers"

// importColumns are the voucher import's columns: read by name or by label
// in any language, written in the template.
var importColumns = []workbook.Column{
	{Name: "businessId", Label: engine.Text{"zh": "单据编号", "en": "Document number", "th": "เลขที่เอกสาร"}},
	{Name: "sapBelnr", Label: engine.Text{"zh": "会计凭证号", "en": "Accounting document number", "th": "เลขที่เอกสารบัญชี"}},
	{Name: "fiscalYear", Label: engine.Text{"zh": "会计年度", "en": "Fiscal year", "th": "ปีบัญชี"}},
	{Name: "status", Label: engine.Text{"zh": "过账状态", "en": "Status", "th": "สถานะการผ่านรายการ"}},
	{Name: "message", Label: engine.Text{"zh": "消息", "en": "Message", "th": "ข้อความ"}},
}

var importRequired = []string{"businessId", "sapBelnr", "fiscalYear", "status"}

// ImportTemplate is the voucher import's template labelled in lang, with
// an example row (a posted voucher).
func ImportTemplate(lang string) ([]byte, error) {
	return workbook.Write([]workbook.Sheet{{Name: ImportSheet, Columns: importColumns,
		Rows: [][]any{{"EX0200000001", "5100000001", "2026", StatusPosted, ""}}}}, lang)
}

// ReadImport reads the rows of the voucher import's first sheet (or its
// sheet "vouchers"), within the workbook's bounds (size, MaxRows). A file
// that is no workbook is EINVALID at file; a wrong header or cell is a
// finding at rows[n].column in an *ImportRefusal, and then no row is
// returned.
func ReadImport(b []byte) ([]ResultRow, error) {
	wb, err := workbook.Open(b)
	if err != nil {
		return nil, err
	}
	defer wb.Close()
	cells, problems := wb.Read(wb.SheetOr(ImportSheet), importColumns, importRequired)
	if len(problems) > 0 {
		r := &ImportRefusal{}
		for _, p := range problems {
			r.Findings = append(r.Findings, rowFinding(ResultRow{Row: p.Row}, p.Column, p.Err.Text))
		}
		return nil, r
	}
	out := make([]ResultRow, 0, len(cells))
	for _, c := range cells {
		out = append(out, ResultRow{Row: c.Number, BusinessID: c.Text("businessId"), SapBelnr: c.Text("sapBelnr"),
			FiscalYear: c.Text("fiscalYear"), Status: c.Text("status"), Message: c.Text("message")})
	}
	return out, nil
}
