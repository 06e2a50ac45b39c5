package budget

import (
	"bytes"
	"fmt"
	"strings"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// Money is an amount in 分 (cents), stored as a whole number so that sums
// and conditional updates in SQL are exact on SQLite as on PostgreSQL. On
// the wire it is a JSON number with two decimals (2458.50). Budgets use it,
// and payments and advances will.
type Money int64

// moneyBound is the spec's bound: +/-999999999999999 (documents.md 5).
var moneyBound = decimal.RequireFromString("999999999999999")

// MoneyOf converts an amount with at most two decimals; more is rounded.
func MoneyOf(d decimal.Decimal) Money { return Money(d.Round(2).Shift(2).IntPart()) }

// Decimal is the amount in 元.
func (m Money) Decimal() decimal.Decimal { return decimal.New(int64(m), -2) }

// String is the amount with two decimals.
func (m Money) String() string { return m.Decimal().StringFixed(2) }

// MarshalJSON writes a number with two decimals.
func (m Money) MarshalJSON() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalJSON reads a JSON number or a numeric text (thousands separators
// allowed) with at most two decimals within the spec's bounds; anything else
// is ParseMoney's EINVALID error.
func (m *Money) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*m = 0
		return nil
	}
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		s = strings.ReplaceAll(strings.Trim(s, `"`), ",", "")
	}
	d, err := ParseMoney(s)
	if err != nil {
		return err
	}
	*m = d
	return nil
}

// ParseMoney reads an amount written as text: a decimal number with at most
// two decimals within +/-999999999999999. Anything else is an *engine.Error
// EINVALID (no path: the caller knows the field) saying what is wrong in
// every language.
func ParseMoney(s string) (Money, error) {
	shown := engine.Clip(s, 30)
	d, err := decimal.NewFromString(strings.TrimSpace(s))
	if err != nil {
		return 0, engine.Refuse(engine.EINVALID, "", engine.Text{
			"zh": fmt.Sprintf("%q不是金额", shown),
			"en": fmt.Sprintf("%q is not an amount", shown),
			"th": fmt.Sprintf("%q ไม่ใช่จำนวนเงิน", shown),
		})
	}
	if d.Exponent() < -2 && !d.Equal(d.Round(2)) {
		return 0, engine.Refuse(engine.EINVALID, "", engine.Text{
			"zh": fmt.Sprintf("%s的小数超过2位", shown),
			"en": fmt.Sprintf("%s has more than 2 decimals", shown),
			"th": fmt.Sprintf("%s มีทศนิยมเกิน 2 ตำแหน่ง", shown),
		})
	}
	if d.Abs().GreaterThan(moneyBound) {
		return 0, engine.Refuse(engine.EINVALID, "", engine.Text{
			"zh": fmt.Sprintf("%s超出+/-999999999999999", shown),
			"en": fmt.Sprintf("%s is beyond +/-999999999999999", shown),
			"th": fmt.Sprintf("%s เกินขอบเขต +/-999999999999999", shown),
		})
	}
	return MoneyOf(d), nil
}
