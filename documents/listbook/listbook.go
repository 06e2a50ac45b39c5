// Package listbook writes the generic document list as a spreadsheet: one
// sheet, a bold frozen header in the reader's language, one row per
// document, written through excelize's stream writer so that a large list
// is not held as cells in memory.
package listbook

import (
	"fmt"
	"io"

	"formwork/documents"
	"formwork/engine"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

// column is one column of the sheet: its header and what a row shows.
type column struct {
	label engine.Text
	value func(r *documents.ListRow) any
}

var columns = []column{
	{engine.Text{"zh": "单据编号", "en": "Document number", "th": "เลขที่เอกสาร"}, func(r *documents.ListRow) any { return r.BusinessID }},
	{engine.Text{"zh": "单据类型", "en": "Document type", "th": "ประเภทเอกสาร"}, func(r *documents.ListRow) any { return join(r.DocType, r.DocTypeTxt) }},
	{engine.Text{"zh": "业务类型", "en": "Business type", "th": "ประเภทธุรกิจ"}, func(r *documents.ListRow) any { return join(r.BusinessType1, r.BusinessType1Txt) }},
	{engine.Text{"zh": "业务小类", "en": "Business sub-type", "th": "ประเภทธุรกิจย่อย"}, func(r *documents.ListRow) any { return join(r.BusinessType2, r.BusinessType2Txt) }},
	{engine.Text{"zh": "状态", "en": "Status", "th": "สถานะ"}, func(r *documents.ListRow) any { return r.StatusTxt }},
	{engine.Text{"zh": "报账人", "en": "Reimburser", "th": "ผู้เบิก"}, func(r *documents.ListRow) any { return join(r.Applicant, r.ApplicantTxt) }},
	{engine.Text{"zh": "制单人", "en": "Maker", "th": "ผู้จัดทำ"}, func(r *documents.ListRow) any { return join(r.CreateBy, r.CreateByTxt) }},
	{engine.Text{"zh": "公司", "en": "Company", "th": "บริษัท"}, func(r *documents.ListRow) any { return r.CompanyCode }},
	{engine.Text{"zh": "部门", "en": "Department", "th": "แผนก"}, func(r *documents.ListRow) any { return r.Department }},
	{engine.Text{"zh": "供应商", "en": "Vendor", "th": "ผู้ขาย"}, func(r *documents.ListRow) any { return r.Vendor }},
	{engine.Text{"zh": "客户", "en": "Customer", "th": "ลูกค้า"}, func(r *documents.ListRow) any { return r.Customer }},
	{engine.Text{"zh": "金额", "en": "Amount", "th": "จำนวนเงิน"}, amount},
	{engine.Text{"zh": "事由", "en": "Reason", "th": "เหตุผล"}, func(r *documents.ListRow) any { return r.Description }},
	{engine.Text{"zh": "创建时间", "en": "Created", "th": "วันที่สร้าง"}, func(r *documents.ListRow) any { return r.CreateAt }},
	{engine.Text{"zh": "更新时间", "en": "Updated", "th": "วันที่แก้ไข"}, func(r *documents.ListRow) any { return r.UpdatedAt }},
}

// Columns are the headers of the sheet in lang.
func Columns(lang string) []string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = c.label.In(lang)
	}
	return out
}

// join is "code name", or the code alone.
func join(code, name string) string {
	if name == "" || name == code {
		return code
	}
	return code + " " + name
}

// amount is a number cell (two decimals shown); the text when it is none.
func amount(r *documents.ListRow) any {
	d, err := decimal.NewFromString(r.Amount.String())
	if err != nil {
		return r.Amount.String()
	}
	f, _ := d.Float64()
	return f
}

// Book is a sheet being written: Add each row, then Close writes the
// workbook to w.
type Book struct {
	f     *excelize.File
	sw    *excelize.StreamWriter
	money int
	next  int
}

// New starts a workbook with the header row in lang.
func New(lang string) (*Book, error) {
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter(f.GetSheetName(0))
	if err != nil {
		f.Close()
		return nil, err
	}
	b := &Book{f: f, sw: sw, next: 2}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err == nil {
		b.money, err = f.NewStyle(&excelize.Style{NumFmt: 4}) // #,##0.00
	}
	if err == nil {
		err = sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	}
	header := make([]any, len(columns))
	for i, c := range columns {
		header[i] = excelize.Cell{StyleID: bold, Value: c.label.In(lang)}
	}
	if err == nil {
		err = sw.SetRow("A1", header)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("start the sheet: %w", err)
	}
	return b, nil
}

// Add writes one document's row.
func (b *Book) Add(r documents.ListRow) error {
	cells := make([]any, len(columns))
	for i, c := range columns {
		v := c.value(&r)
		if _, ok := v.(float64); ok {
			v = excelize.Cell{StyleID: b.money, Value: v}
		}
		cells[i] = v
	}
	cell, _ := excelize.CoordinatesToCellName(1, b.next)
	b.next++
	return b.sw.SetRow(cell, cells)
}

// Close finishes the sheet and writes the workbook to w.
func (b *Book) Close(w io.Writer) error {
	defer b.f.Close()
	if err := b.sw.Flush(); err != nil {
		return err
	}
	_, err := b.f.WriteTo(w)
	return err
}

// Discard drops an unfinished workbook.
func (b *Book) Discard() { b.f.Close() }
