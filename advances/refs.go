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
	Item      string
	Amount    Money
	field     string // the amount's field
	kinds     []string
}

// Path is the path of the ref's amount (outStandList[2].verAmount).
func (r Ref) Path() string { return fmt.Sprintf("%s[%d].%s", r.List, r.Row-1, r.field) }

// idPath is the path of the ref's advance number.
func (r Ref) idPath(l refList) string { return fmt.Sprintf("%s[%d].%s", r.List, r.Row-1, l.ID) }

// Refs are the rows of doc naming an advance (rows flagged D and rows
// naming none are left out).
func Refs(doc *engine.Document) []Ref {
	var out []Ref
	for _, l := range refLists {
		for i, row := range doc.Tables[l.List] {
			id := strings.TrimSpace(row.String(l.ID))
			if engine.RowDeleted(row) || id == "" {
				continue
			}
			amount, _ := row[l.Amount].(decimal.Decimal)
			out = append(out, Ref{List: l.List, Row: i + 1, AdvanceID: id, Item: strings.TrimSpace(row.String(l.Item)),
				Amount: budget.MoneyOf(amount), field: l.Amount, kinds: l.Kinds})
		}
	}
	return out
}

// listOf is the refList of a list name.
func listOf(name string) refList {
	for _, l := range refLists {
		if l.List == name {
			return l
		}
	}
	return refList{}
}

// Rules of the findings about advances.
const (
	RuleUnknown   = "advances.unknown"
	RuleNotYours  = "advances.notYours"
	RuleWrongKind = "advances.wrongKind"
	RuleExceeds   = "advances.exceedsOutstanding"
	RuleNegative  = "advances.negative"
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
	l := listOf(ref.List)
	var f engine.Finding
	row, id := ref.Row, engine.Clip(ref.AdvanceID, 40)
	switch {
	case a == nil:
		f = finding(ref.idPath(l), RuleUnknown, engine.Text{
			"zh": fmt.Sprintf("第%d行，%s不是已审批的借款、事前申请、预付或预提单据", row, id),
			"en": fmt.Sprintf("Row %d: %s is no approved loan, pre-application, prepayment or withholding", row, id),
			"th": fmt.Sprintf("แถวที่ %d: %s ไม่ใช่เงินยืมทดรอง คำขออนุมัติล่วงหน้า เงินจ่ายล่วงหน้า หรือค่าใช้จ่ายค้างจ่ายที่อนุมัติแล้ว", row, id)})
	case !l.accepts(a.Kind):
		f = finding(ref.idPath(l), RuleWrongKind, engine.Text{
			"zh": fmt.Sprintf("第%d行，%s不能在此列表中引用", row, id),
			"en": fmt.Sprintf("Row %d: %s cannot be referred to in this list (it is a %s)", row, id, a.Kind),
			"th": fmt.Sprintf("แถวที่ %d: ไม่สามารถอ้างอิง %s ในรายการนี้ได้", row, id)})
	case (a.Kind == KindLoan || a.Kind == KindPreApplication) && a.Applicant != applicant,
		(a.Kind == KindPrepayment || a.Kind == KindWithholding) && a.CompanyCode != company:
		f = finding(ref.idPath(l), RuleNotYours, engine.Text{
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
func exceeds(ref Ref, outstanding Money) engine.Finding {
	return finding(ref.Path(), RuleExceeds, engine.Text{
		"zh": fmt.Sprintf("第%d行，核销金额%s超过%s的未核销金额%s", ref.Row, ref.Amount, ref.AdvanceID, outstanding),
		"en": fmt.Sprintf("Row %d: the amount %s is above what %s has outstanding (%s)", ref.Row, ref.Amount, ref.AdvanceID, outstanding),
		"th": fmt.Sprintf("แถวที่ %d: จำนวนเงิน %s เกินยอดคงค้างของ %s (%s)", ref.Row, ref.Amount, ref.AdvanceID, outstanding)})
}
