package invoices

import (
	"fmt"
	"sort"

	"formwork/engine"

	"github.com/valyala/fastjson"
)

// Claim is one invoice a document claims: its key (the 20-digit number of
// a 数电 invoice, else code + number) and the cell it is at.
type Claim struct {
	Key  string
	Path string // e.g. invoiceList[2].invoiceNo
}

// Key is the identity of an invoice: the 20-digit number of a 数电
// invoice, else the code and the number ("" when there is no number).
func Key(code, number string) string {
	switch {
	case number == "":
		return ""
	case len(number) == 20 || code == "":
		return number
	default:
		return code + "-" + number
	}
}

// claimRow is the key of one table row, "" when it claims nothing.
func claimRow(code, number, flag string) string {
	if flag == "D" { // a deleted row (engine.RowDeleted)
		return ""
	}
	return Key(code, number)
}

// ClaimTable is the table whose rows claim their invoices: the invoice lines
// (invoiceList) of claims and payables. Other tables name invoices without
// claiming them: the original invoices a correction refers to
// (refInvoiceList), its credit and debit lines (crediteList), tax lines.
const ClaimTable = "invoiceList"

// ClaimsOf are the invoices a decoded document claims: every row of its
// invoice lines with an invoiceNo, deleted rows (flag D) left out, in row
// order.
func ClaimsOf(doc *engine.Document) []Claim {
	var out []Claim
	for _, name := range []string{ClaimTable} {
		for i, row := range doc.Tables[name] {
			if k := claimRow(row.String("invoiceCode"), row.String("invoiceNo"), row.String("flag")); k != "" {
				out = append(out, Claim{Key: k, Path: fmt.Sprintf("%s[%d].invoiceNo", name, i)})
			}
		}
	}
	return out
}

// ClaimsOfBody are the invoices a stored document's JSON body claims (as
// ClaimsOf), for the store that takes the locks in the save transaction. It
// reads only the invoice lines: a table that is not an array of objects
// claims nothing.
func ClaimsOfBody(body []byte) ([]Claim, error) {
	p := bodyParsers.Get()
	defer bodyParsers.Put(p)
	doc, err := p.ParseBytes(body)
	if err != nil {
		return nil, fmt.Errorf("read document body: %w", err)
	}
	var out []Claim
	for _, name := range []string{ClaimTable} {
		table := doc.Get(name)
		if table == nil || table.Type() != fastjson.TypeArray || !allObjects(table.GetArray()) {
			continue // absent, or not a table
		}
		for i, row := range table.GetArray() {
			if k := claimRow(stringOf(row, "invoiceCode"), stringOf(row, "invoiceNo"), stringOf(row, "flag")); k != "" {
				out = append(out, Claim{Key: k, Path: fmt.Sprintf("%s[%d].invoiceNo", name, i)})
			}
		}
	}
	return out, nil
}

// bodyParsers parse stored bodies (a parser is reused: it keeps its
// buffers).
var bodyParsers fastjson.ParserPool

// allObjects tells whether every row is an object or null (a row of no
// cells).
func allObjects(rows []*fastjson.Value) bool {
	for _, row := range rows {
		if t := row.Type(); t != fastjson.TypeObject && t != fastjson.TypeNull {
			return false
		}
	}
	return true
}

// stringOf is the string at key of row, "" when it holds none.
func stringOf(row *fastjson.Value, key string) string {
	v := row.Get(key)
	if v == nil || v.Type() != fastjson.TypeString {
		return ""
	}
	return string(v.GetStringBytes())
}

// HeldElsewhere is the refusal of an invoice another document holds.
func HeldElsewhere(path, key, holder string) *engine.Error {
	return engine.Refuse(engine.ECHECK, path, heldText(key, holder))
}

func heldText(key, holder string) engine.Text {
	return engine.Text{
		"zh": fmt.Sprintf("发票%s已被单据%s占用：一张发票只能报销一次", key, holder),
		"en": fmt.Sprintf("invoice %s is already claimed by document %s: an invoice is claimed once", key, holder),
		"th": fmt.Sprintf("ใบกำกับภาษี %s ถูกใช้ในเอกสาร %s แล้ว: ใบกำกับภาษีหนึ่งใบเบิกได้ครั้งเดียว", key, holder)}
}

// TwiceInDocument is the refusal of an invoice a document claims twice.
func TwiceInDocument(path, key, first string) *engine.Error {
	return engine.Refuse(engine.ECHECK, path, twiceText(key, first))
}

func twiceText(key, first string) engine.Text {
	return engine.Text{
		"zh": fmt.Sprintf("发票%s在本单据中重复（已在%s）", key, first),
		"en": fmt.Sprintf("invoice %s is twice in this document (already at %s)", key, first),
		"th": fmt.Sprintf("ใบกำกับภาษี %s ซ้ำในเอกสารนี้ (มีอยู่แล้วที่ %s)", key, first)}
}

// badCodes are the invoice codes of a document's tables that are not 10 or
// 12 digits, at their cells.
func badCodes(doc *engine.Document) []engine.Finding {
	var out []engine.Finding
	for name, rows := range doc.Tables {
		for i, row := range rows {
			if code := row.String("invoiceCode"); code != "" && !reCode.MatchString(code) {
				out = append(out, engine.Finding{Path: fmt.Sprintf("%s[%d].invoiceCode", name, i), Rule: "invoice.code", Severity: engine.SeverityError,
					Message: engine.Text{
						"zh": fmt.Sprintf("发票代码%s应为10位或12位数字（数电发票无代码）", engine.Clip(code, 20)),
						"en": fmt.Sprintf("invoice code %s must be 10 or 12 digits (a 数电 invoice has none)", engine.Clip(code, 20)),
						"th": fmt.Sprintf("รหัสใบกำกับภาษี %s ต้องเป็นตัวเลข 10 หรือ 12 หลัก (ใบกำกับภาษีดิจิทัลไม่มีรหัส)", engine.Clip(code, 20))}})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
