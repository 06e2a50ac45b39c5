package advances

import (
	"fmt"
	"strings"

	"formwork/budget"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// Ref is one row of a document naming an advance: the amount it writes off,
// repays or returns.
type Ref struct {
	List      string
	Row       int // 1-based, as the findings say it
	AdvanceID string
	Item      string // the advance's line; "" when the row names none
	Amount    Money
	table     engine.AdvanceReference
}

// Path is the path of the ref's amount (outStandList[2].verAmount).
func (r Ref) Path() string { return fmt.Sprintf("%s[%d].%s", r.List, r.Row-1, r.table.Amount) }

// idPath is the path of the ref's advance number.
func (r Ref) idPath() string { return fmt.Sprintf("%s[%d].%s", r.List, r.Row-1, r.table.ID) }

// itemPath is the path of the ref's advance line.
func (r Ref) itemPath() string { return fmt.Sprintf("%s[%d].%s", r.List, r.Row-1, r.table.Item) }

// Refs are the rows of doc naming an advance by the book's reference
// tables (rows flagged D and rows naming none are left out).
func Refs(book *Book, doc *engine.Document) []Ref {
	var out []Ref
	for _, l := range book.References {
		for i, row := range doc.Tables[l.List] {
			id := strings.TrimSpace(row.String(l.ID))
			if engine.RowDeleted(row) || id == "" {
				continue
			}
			amount, _ := row[l.Amount].(decimal.Decimal)
			out = append(out, Ref{List: l.List, Row: i + 1, AdvanceID: id, Item: strings.TrimSpace(row.String(l.Item)),
				Amount: budget.MoneyOf(amount), table: l})
		}
	}
	return out
}

// resolve is the advance of lines (the advances of one document) ref
// names: the line it names, or the only one when it names none. A line
// that does not exist, or none named where the document has several, is a
// finding; no lines at all (an unknown advance) is nil and no finding.
func resolve(ref Ref, lines []Advance) (*Advance, *engine.Finding) {
	switch {
	case len(lines) == 0:
		return nil, nil
	case len(lines) == 1 && (lines[0].Item == "" || ref.Item == ""):
		return &lines[0], nil
	}
	if ref.Item == "" {
		f := finding(ref.itemPath(), RuleLineRequired, engine.Text{
			"zh": fmt.Sprintf("第%d行，%s有%d行，请指明行号", ref.Row, ref.AdvanceID, len(lines)),
			"en": fmt.Sprintf("Row %d: %s has %d lines: name the line", ref.Row, ref.AdvanceID, len(lines)),
			"th": fmt.Sprintf("แถวที่ %d: %s มี %d รายการ กรุณาระบุรายการที่", ref.Row, ref.AdvanceID, len(lines))})
		return nil, &f
	}
	for i := range lines {
		if lines[i].Item == ref.Item {
			return &lines[i], nil
		}
	}
	item := engine.Clip(ref.Item, 10)
	f := finding(ref.itemPath(), RuleUnknownLine, engine.Text{
		"zh": fmt.Sprintf("第%d行，%s没有第%s行", ref.Row, ref.AdvanceID, item),
		"en": fmt.Sprintf("Row %d: %s has no line %s", ref.Row, ref.AdvanceID, item),
		"th": fmt.Sprintf("แถวที่ %d: %s ไม่มีรายการที่ %s", ref.Row, ref.AdvanceID, item)})
	return nil, &f
}

// Rules of the findings about advances.
const (
	RuleUnknown   = "advances.unknown"
	RuleNotYours  = "advances.notYours"
	RuleWrongKind = "advances.wrongKind"
	RuleExceeds   = "advances.exceedsOutstanding"
	RuleNegative  = "advances.negative"
	// RuleLineRequired: the advance is kept per line and the row names none.
	RuleLineRequired = "advances.lineRequired"
	// RuleUnknownLine: the advance has no such line.
	RuleUnknownLine = "advances.unknownLine"
)

// finding is an error finding.
func finding(path, rule string, t engine.Text) engine.Finding {
	return engine.Finding{Path: path, Rule: rule, Severity: engine.SeverityError, Message: t}
}

// mayRefer says what is wrong with ref naming a (nil: unknown) from a
// document of applicant in company: nil when nothing. Loans and
// pre-applications are their applicant's; prepayments and withholdings
// their company's.
func mayRefer(ref Ref, a *Advance, applicant, company string) *engine.Finding {
	var f engine.Finding
	row, id := ref.Row, engine.Clip(ref.AdvanceID, 40)
	switch {
	case a == nil:
		f = finding(ref.idPath(), RuleUnknown, engine.Text{
			"zh": fmt.Sprintf("第%d行，%s不是已审批的借款、事前申请、预付或预提单据", row, id),
			"en": fmt.Sprintf("Row %d: %s is no approved loan, pre-application, prepayment or withholding", row, id),
			"th": fmt.Sprintf("แถวที่ %d: %s ไม่ใช่เงินยืมทดรอง คำขออนุมัติล่วงหน้า เงินจ่ายล่วงหน้า หรือค่าใช้จ่ายค้างจ่ายที่อนุมัติแล้ว", row, id)})
	case !ref.table.Accepts(a.Kind):
		f = finding(ref.idPath(), RuleWrongKind, engine.Text{
			"zh": fmt.Sprintf("第%d行，%s不能在此列表中引用", row, id),
			"en": fmt.Sprintf("Row %d: %s cannot be referred to in this list (it is a %s)", row, id, a.Kind),
			"th": fmt.Sprintf("แถวที่ %d: ไม่สามารถอ้างอิง %s ในรายการนี้ได้", row, id)})
	case (a.Kind == KindLoan || a.Kind == KindPreApplication) && a.Applicant != applicant,
		(a.Kind == KindPrepayment || a.Kind == KindWithholding) && a.CompanyCode != company:
		f = finding(ref.idPath(), RuleNotYours, engine.Text{
			"zh": fmt.Sprintf("第%d行，%s不属于本单据的报账人或公司", row, id),
			"en": fmt.Sprintf("Row %d: %s belongs to someone else (not this document's applicant or company)", row, id),
			"th": fmt.Sprintf("แถวที่ %d: %s เป็นของผู้อื่น (ไม่ใช่ของผู้เบิกหรือบริษัทของเอกสารนี้)", row, id)})
	case ref.Amount < 0:
		f = finding(ref.Path(), RuleNegative, engine.Text{
			"zh": fmt.Sprintf("第%d行，核销金额不能为负数", row),
			"en": fmt.Sprintf("Row %d: the amount must not be negative", row),
			"th": fmt.Sprintf("แถวที่ %d: จำนวนเงินต้องไม่ติดลบ", row)})
	default:
		return nil
	}
	return &f
}

// exceeds is the finding of a ref asking more than is outstanding.
func exceeds(ref Ref, a Advance, outstanding Money) engine.Finding {
	name := a.BusinessID
	if a.Item != "" {
		name += "/" + a.Item
	}
	return finding(ref.Path(), RuleExceeds, engine.Text{
		"zh": fmt.Sprintf("第%d行，核销金额%s超过%s的未核销金额%s", ref.Row, ref.Amount, name, outstanding),
		"en": fmt.Sprintf("Row %d: the amount %s is above what %s has outstanding (%s)", ref.Row, ref.Amount, name, outstanding),
		"th": fmt.Sprintf("แถวที่ %d: จำนวนเงิน %s เกินยอดคงค้างของ %s (%s)", ref.Row, ref.Amount, name, outstanding)})
}
