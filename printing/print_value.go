package printing

import (
	"fmt"
	"strings"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// codeDictionaries are the fields whose codes the page names from a
// dictionary, by field name, with the dictionaries tried in order (a payee
// is a vendor or an employee).
var codeDictionaries = map[string][]string{
	"companyCode": {"company"}, "department": {"department"}, "costCenter": {"costCenter"}, "profitCenter": {"profitCenter"},
	"bizRang": {"bizRang"}, "sob": {"sob"}, "project": {"project"}, "vendor": {"vendor", "employee"}, "customer": {"customer"},
}

// personFields are the fields that hold a username.
var personFields = map[string]bool{"applicant": true, "createBy": true}

// subTypeFields are the fields that hold a business type.
var subTypeFields = map[string]bool{"businessType1": true, "businessType2": true, "businessType3": true}

// value writes a value for print, in the page's language, and whether it
// is a number: money with thousands separators and two decimals, an
// account number masked, an enumeration by its label, a business type,
// a code of a dictionary and a user by name (with the code), else a code
// with its Txt twin when the document has one.
func (w *writer) value(vals engine.Values, f *engine.Field, v any) (string, bool) {
	switch x := v.(type) {
	case decimal.Decimal:
		if f.Type == engine.TypeMoney {
			return MoneyText(x), true
		}
		return x.String(), true
	case int:
		return fmt.Sprint(x), true
	case string:
		return w.text(vals, f, x), false
	}
	return fmt.Sprint(v), false
}

func (w *writer) text(vals engine.Values, f *engine.Field, x string) string {
	if x == "" {
		return ""
	}
	if f.Display == "accountMask" {
		return engine.MaskAccountNumber(x) // navigation-and-access.md 2.4
	}
	if f.Enum != nil {
		for _, ev := range f.Enum.Values {
			if ev.Key == x {
				return in(ev.Label, w.lang)
			}
		}
	}
	if subTypeFields[f.Name] {
		if t := subTypeTitle(w.doc.Type.SubTypes, x, w.lang); t != "" {
			return x + " " + t
		}
	}
	if personFields[f.Name] {
		if n := w.person(x); n != x {
			if w.lang == "zh" {
				return n + "（" + x + "）"
			}
			return n + " (" + x + ")"
		}
	}
	for _, dic := range codeDictionaries[f.Name] {
		t, err := w.s.codes.CodeName(w.ctx, dic, x)
		w.keep(err)
		if n := in(t, w.lang); n != "" && n != x {
			return x + " " + n
		}
	}
	if twin := vals.String(f.Name + "Txt"); twin != "" {
		return x + " " + twin
	}
	return x
}

// subTypeTitle is the title in lang of the business type key, searched
// through the whole tree; "" when there is none.
func subTypeTitle(list []*engine.SubType, key, lang string) string {
	for _, st := range list {
		if st.Key == key {
			return in(st.Title, lang)
		}
		if t := subTypeTitle(st.Children, key, lang); t != "" {
			return t
		}
	}
	return ""
}

// MoneyText writes an amount with two decimals and thousands separators
// (documents.md 9).
func MoneyText(d decimal.Decimal) string {
	s := d.StringFixed(2)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := b.String() + "." + frac
	if neg {
		out = "-" + out
	}
	return out
}
