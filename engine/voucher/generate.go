package voucher

import (
	"fmt"

	"formwork/engine/model"

	"github.com/shopspring/decimal"
)

// Sides of a voucher line, as the accounting system writes them.
const (
	Debit  = "S" // Soll
	Credit = "H" // Haben
)

// Voucher is a document's generated voucher: lines that balance in the
// document's currency and in local currency.
type Voucher struct {
	DocType      string
	Currency     string
	ExchangeRate decimal.Decimal
	Lines        []VoucherLine
}

// VoucherLine is one line of a voucher: the spec's account, amount,
// localAmount, costCenter, profitCenter, internalOrder, supplier,
// customer, bschl, and the fields finance may edit.
type VoucherLine struct {
	LineNo        int
	Bschl         string
	DebitCredit   string // Debit or Credit: the posting key's side
	Account       string
	Amount        decimal.Decimal
	LocalAmount   decimal.Decimal
	CostCenter    string
	ProfitCenter  string
	InternalOrder string
	Supplier      string
	Customer      string
	Text          string
	Balance       bool
	Editable      []string
}

// Totals answers the debit and credit totals in the document's and in
// local currency.
func (v *Voucher) Totals() (debit, credit, localDebit, localCredit decimal.Decimal) {
	for _, l := range v.Lines {
		if l.DebitCredit == Debit {
			debit, localDebit = debit.Add(l.Amount), localDebit.Add(l.LocalAmount)
		} else {
			credit, localCredit = credit.Add(l.Amount), localCredit.Add(l.LocalAmount)
		}
	}
	return
}

// Balanced reports whether debits equal credits in both currencies.
func (v *Voucher) Balanced() bool {
	d, c, ld, lc := v.Totals()
	return d.Equal(c) && ld.Equal(lc)
}

// Records answers master data the rules read: the field of the record of
// type typ with key ("" and false when there is none). Posting keys are
// read as Records("postingKey", bschl, "debitCredit") -> D or C.
type Records interface {
	Field(typ, key, field string) (string, bool)
}

// Generate makes the voucher of doc by the rules' variant for its
// sub-types. Lines of zero amount are left out; rows flagged deleted make
// none. It refuses (a *model.Error naming the line) a posting key or an
// account master data lacks, a variant missing, and a voucher that does
// not balance when it has no balancing line or whose balancing line would
// be negative.
func Generate(r *Rules, doc *model.Document, md Records) (*Voucher, error) {
	head := doc.Head()
	v := r.For(head.String("businessType1"), head.String("businessType2"))
	if v == nil {
		return nil, model.Refuse(model.ECHECK, "head.businessType1", model.Text{
			"zh": "该业务类型没有凭证规则", "en": "There are no voucher rules for this business type", "th": "ไม่มีกฎใบสำคัญสำหรับประเภทธุรกรรมนี้"})
	}
	g := &gen{doc: doc, md: md}
	out := &Voucher{DocType: r.DocType, Currency: g.text(r.Currency, nil), ExchangeRate: g.rate(r.ExchangeRate)}
	if out.Currency == "" {
		out.Currency = "CNY"
	}
	var balance *Line
	for i := range v.Lines {
		l := &v.Lines[i]
		if l.Balance {
			balance = l
			continue
		}
		for _, row := range g.rows(l.For) {
			if !g.applies(l, row) {
				continue
			}
			vl, err := g.line(l, row, out.ExchangeRate)
			if err != nil {
				return nil, err
			}
			if !vl.Amount.IsZero() {
				out.Lines = append(out.Lines, vl)
			}
		}
	}
	if err := g.balance(out, balance); err != nil {
		return nil, err
	}
	for i := range out.Lines {
		out.Lines[i].LineNo = i + 1
	}
	return out, nil
}

// gen is one generation.
type gen struct {
	doc *model.Document
	md  Records
}

// rows are the rows a line is made for: the table's rows not deleted, or
// one nil row for a line without a table.
func (g *gen) rows(table string) []model.Values {
	if table == "" {
		return []model.Values{nil}
	}
	var out []model.Values
	for _, r := range g.doc.Tables[table] {
		if !model.RowDeleted(r) {
			out = append(out, r)
		}
	}
	return out
}

// line makes one voucher line of rule l for row.
func (g *gen) line(l *Line, row model.Values, rate decimal.Decimal) (VoucherLine, error) {
	vl := VoucherLine{Bschl: g.text(l.Bschl, row), Account: g.text(l.Account, row), CostCenter: g.text(l.CostCenter, row),
		ProfitCenter: g.text(l.ProfitCenter, row), InternalOrder: g.text(l.InternalOrder, row), Supplier: g.text(l.Supplier, row),
		Customer: g.text(l.Customer, row), Text: g.text(l.Text, row), Balance: l.Balance, Editable: l.Editable}
	side, ok := g.md.Field("postingKey", vl.Bschl, "debitCredit")
	if !ok || (side != "D" && side != "C") {
		return vl, model.Refuse(model.ECHECK, "bschl", model.Text{
			"zh": fmt.Sprintf("记账码 %s 不存在", vl.Bschl), "en": fmt.Sprintf("There is no posting key %s", vl.Bschl),
			"th": fmt.Sprintf("ไม่มีคีย์การผ่านรายการ %s", vl.Bschl)})
	}
	vl.DebitCredit = map[string]string{"D": Debit, "C": Credit}[side]
	if _, ok := g.md.Field("glAccount", vl.Account, "code"); !ok {
		return vl, model.Refuse(model.ECHECK, "account", model.Text{
			"zh": fmt.Sprintf("会计科目 %s 不存在", vl.Account), "en": fmt.Sprintf("There is no G/L account %s", vl.Account),
			"th": fmt.Sprintf("ไม่มีบัญชีแยกประเภท %s", vl.Account)})
	}
	if !l.Balance {
		vl.Amount = g.money(l.Amount, row).Sub(g.money(l.Minus, row)).Round(2)
		vl.LocalAmount = vl.Amount.Mul(rate).Round(2)
	}
	return vl, nil
}

// balance adds the balancing line b (nil: none) and checks the balance.
func (g *gen) balance(out *Voucher, b *Line) error {
	d, c, ld, lc := out.Totals()
	if b != nil {
		vl, err := g.line(b, g.first(b.For), out.ExchangeRate)
		if err != nil {
			return err
		}
		vl.Amount, vl.LocalAmount = d.Sub(c), ld.Sub(lc)
		if vl.DebitCredit == Debit {
			vl.Amount, vl.LocalAmount = vl.Amount.Neg(), vl.LocalAmount.Neg()
		}
		if vl.Amount.IsNegative() || vl.LocalAmount.IsNegative() {
			return model.Refuse(model.ECHECK, "amount", model.Text{
				"zh": "凭证平衡行金额为负数，请检查单据金额", "en": "The voucher's balancing line would be negative: check the document's amounts",
				"th": "บรรทัดปรับยอดของใบสำคัญจะติดลบ กรุณาตรวจสอบจำนวนเงินของเอกสาร"})
		}
		if !vl.Amount.IsZero() {
			out.Lines = append(out.Lines, vl)
		}
	}
	if !out.Balanced() {
		return model.Refuse(model.ECHECK, "amount", model.Text{
			"zh": fmt.Sprintf("凭证借贷不平：借方 %s，贷方 %s", d.StringFixed(2), c.StringFixed(2)),
			"en": fmt.Sprintf("The voucher does not balance: debit %s, credit %s", d.StringFixed(2), c.StringFixed(2)),
			"th": fmt.Sprintf("ใบสำคัญไม่สมดุล: เดบิต %s เครดิต %s", d.StringFixed(2), c.StringFixed(2))})
	}
	return nil
}

// applies tells whether line rule l makes a line for row (when, unless).
func (g *gen) applies(l *Line, row model.Values) bool {
	if !l.When.Blank() && g.text(l.When, row) != "true" {
		return false
	}
	return l.Unless.Blank() || g.text(l.Unless, row) != "true"
}

func (g *gen) first(table string) model.Values {
	if rows := g.rows(table); len(rows) > 0 {
		return rows[0]
	}
	return nil
}

// raw is the value a path names for row.
func (g *gen) raw(p *Path, row model.Values) any {
	if p == nil {
		return nil
	}
	switch {
	case p.Section == "row":
		return row[p.Field]
	case g.doc.Objects[p.Section] != nil:
		return g.doc.Objects[p.Section][p.Field]
	default:
		return g.first(p.Section)[p.Field]
	}
}

// text is a value as text.
func (g *gen) text(v Value, row model.Values) string {
	if v.Path == nil {
		return v.Literal
	}
	raw := g.raw(v.Path, row)
	if raw == nil {
		return ""
	}
	s := fmt.Sprint(raw)
	if v.Record != "" {
		s, _ = g.md.Field(v.Record, s, v.Field)
	}
	return s
}

// money is a value as an amount (zero when blank).
func (g *gen) money(v Value, row model.Values) decimal.Decimal {
	switch x := g.raw(v.Path, row).(type) {
	case decimal.Decimal:
		return x
	case int:
		return decimal.NewFromInt(int64(x))
	}
	return decimal.Zero
}

// rate is the exchange rate (1 when blank or not positive).
func (g *gen) rate(v Value) decimal.Decimal {
	r := g.money(v, nil)
	if !r.IsPositive() {
		return decimal.NewFromInt(1)
	}
	return r
}
