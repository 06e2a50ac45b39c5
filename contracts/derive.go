package contracts

import (
	"context"
	"strings"

	"formwork/engine"
	"formwork/masterdata"
)

// Deriver fills in the contracts a document refers to (its contractList)
// from the contract master, ignoring the client's values: the amount, paid
// and unpaid amounts, status and dates of each named contract
// (documents.Derived). A contract the master does not hold leaves its row
// as it is: the rules do not read it.
type Deriver struct{ md *masterdata.Service }

// NewDeriver derives contract rows from the master data's contracts.
func NewDeriver(md *masterdata.Service) *Deriver { return &Deriver{md: md} }

// derived are the row fields the master fills in, by the master's field.
var derived = map[string]string{"contractId": "contractId", "amount": "amount", "creditAmount": "creditAmount",
	"paidAmount": "paidAmount", "unpaidAmount": "unpaidAmount", "status": "status", "startDate": "startDate", "endDate": "endDate"}

// Derive implements documents.Derived.
func (d *Deriver) Derive(ctx context.Context, doc, prev *engine.Document) ([]engine.Finding, error) {
	sec := doc.Type.Section("contractList")
	rows := doc.Tables["contractList"]
	if sec == nil || len(rows) == 0 {
		return nil, nil
	}
	recs, err := d.md.RuleRecords(ctx, []string{Type})
	if err != nil {
		return nil, err
	}
	byNo := map[string]map[string]any{}
	for _, r := range recs[Type] {
		if r.Active {
			byNo[r.Key] = r.Body
		}
	}
	for i, row := range rows {
		no := strings.TrimSpace(row.String("contractNo"))
		body, ok := byNo[no]
		if !ok {
			continue
		}
		var before engine.Values
		if prev != nil && i < len(prev.Tables["contractList"]) && strings.TrimSpace(prev.Tables["contractList"][i].String("contractNo")) == no {
			before = prev.Tables["contractList"][i]
		}
		for field, from := range derived {
			f := sec.Field(field)
			if f == nil {
				continue
			}
			var v any
			switch field {
			case "amount", "creditAmount", "paidAmount", "unpaidAmount":
				v = Amount(body, from)
			default:
				s, _ := body[from].(string)
				v = s
			}
			if s, isText := v.(string); isText && s == "" {
				continue
			}
			row[field] = v
			if before != nil {
				before[field] = v
			}
		}
	}
	return nil, nil
}
