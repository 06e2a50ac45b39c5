package paymentapi

import (
	"encoding/json"
	"strings"

	"formwork/engine"
	"formwork/payments"
)

// MaskedDocument is a stored document's JSON as a reader who is not
// finance staff sees it once the document is out of their hands: the
// account numbers of its payment lines (paymentList[].account) longer than
// 8 show their first and last 4 digits only. A body without payment lines
// is answered as it is.
func MaskedDocument(who payments.Actor, body string) string {
	if payments.IsFinance(who) || !strings.Contains(body, `"account"`) {
		return body
	}
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var doc map[string]any
	if dec.Decode(&doc) != nil {
		return body
	}
	rows, _ := doc[payments.ListName].([]any)
	changed := false
	for _, r := range rows {
		row, _ := r.(map[string]any)
		if acc, ok := row["account"].(string); ok {
			if m := engine.MaskAccountNumber(acc); m != acc {
				row["account"], changed = m, true
			}
		}
	}
	if !changed {
		return body
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return body
	}
	return string(out)
}
