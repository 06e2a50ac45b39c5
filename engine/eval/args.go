package eval

import (
	"fmt"
	"reflect"

	"formwork/engine/model"

	"github.com/shopspring/decimal"
)

// args adds to into the values the message of a failed rule names (its
// args), worked out in env.
func (r *run) args(rule *model.Rule, env any, at loc, into map[string]model.Text) map[string]model.Text {
	for _, a := range rule.Args {
		into[a.Name] = argText(r.exec(a.Prog, env, at))
	}
	return into
}

// argText shows a value in a message: a decimal with at least two places
// (450.00, 33.3333), a name in each language, anything else as Go prints it.
func argText(v any) model.Text {
	var s string
	switch x := v.(type) {
	case nil:
	case decimal.Decimal:
		s = x.StringFixed(2)
		if x.Exponent() < -2 && !x.Round(2).Equal(x) {
			s = x.String()
		}
	default:
		if rv := reflect.ValueOf(v); rv.Type() == model.NameType {
			t := model.Text{}
			for i, lang := range []string{"zh", "en", "th"} {
				if name := rv.Field(i).String(); name != "" {
					t[lang] = name
				}
			}
			return t
		}
		s = fmt.Sprint(v)
	}
	return model.Text{"zh": s, "en": s, "th": s}
}
