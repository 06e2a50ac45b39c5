package paymentapi

import (
	"encoding/json"
	"errors"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"

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

// atField is a refusal naming a field (an *engine.Error with a path) as an
// answer whose data names it too ({findings: [{path, code, message}]}),
// so that a page marks the field; other errors as they are.
func atField(err error, lang string) error {
	var e *engine.Error
	if !errors.As(err, &e) || e.Path == "" {
		return err
	}
	msg := e.Text.In(lang)
	if msg == "" {
		msg = e.Message
	}
	return kit.Fail(e.Code, e.Path, msg, contract.MasterDataFindings{Findings: []contract.MasterDataFinding{{Path: e.Path, Code: e.Code, Message: msg}}})
}
