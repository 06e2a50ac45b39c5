package eval

import (
	"encoding/json"
	"strconv"

	"formwork/engine/model"

	"github.com/shopspring/decimal"
)

// jsonValue is model.JSONValue of v, a value of field f that evaluation
// set: an amount of at most two places (every derived amount, rounded) is
// written from its cents, without big.Int's conversion to text.
func jsonValue(f *model.Field, v any) any {
	if d, ok := v.(decimal.Decimal); ok && f.Type == model.TypeMoney {
		if s, ok := moneyText(d); ok {
			return json.Number(s)
		}
	}
	return model.JSONValue(f, v)
}

// moneyText is d with exactly two decimals, as d.StringFixed(2) writes it;
// false when d has more than two places or its cents more than 18 digits.
func moneyText(d decimal.Decimal) (string, bool) {
	exp := d.Exponent()
	if exp < -model.MoneyPlaces || d.NumDigits()+int(exp)+model.MoneyPlaces > 18 {
		return "", false
	}
	cents := d.CoefficientInt64()
	for ; exp > -model.MoneyPlaces; exp-- {
		cents *= 10
	}
	var buf [24]byte
	b := buf[:0]
	if cents < 0 {
		b = append(b, '-')
		cents = -cents
	}
	b = strconv.AppendInt(b, cents/100, 10)
	return string(append(b, '.', byte('0'+cents/10%10), byte('0'+cents%10))), true
}
