// Package contracts keeps the contract master (issue 13 item 4): the
// master-data type `contract` (schemas/_masterdata/contract.yaml), whose
// records the approvals write. An approved HT contract document creates
// its contract (an H05 amendment changes the amount of an existing one);
// a payment line against contracts adds what it pays to their paid
// amounts when the bank paid it (AddPaid). Paid and unpaid amounts are the
// server's: unpaid is the amount less what was paid. The contract finance
// authorisation (HT3-2, Authorisations) decides which finance staff pay
// against a company's contracts. It knows neither HTTP nor SQL.
package contracts

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"formwork/engine"
	"formwork/masterdata"

	"github.com/shopspring/decimal"
)

// Type is the master-data type of contracts.
const Type = "contract"

// ContractDocType is the document type of contracts.
const ContractDocType = "HT"

// amendment is the HT sub-type that changes a contract's amount.
const amendment = "H05"

// Payment is what a document pays against one contract.
type Payment struct {
	ContractNo string
	Amount     decimal.Decimal
}

// Book writes what an approved HT does to contracts in tx (the
// approval's): it creates or amends its contract. Documents paying against
// contracts move them when their payment lines are paid (AddPaid), not on
// approval.
func Book(tx masterdata.Tx, doc *engine.Document, by string, now time.Time) error {
	if doc.Type.Code == ContractDocType {
		return bookContract(tx, doc, by, now)
	}
	return nil
}

// AddPaid adds what was paid to the paid amounts of the contracts in tx
// (a payment line's, as the bank paid it); a contract the master no
// longer holds is left out.
func AddPaid(tx masterdata.Tx, pays []Payment, by string, now time.Time) error {
	for _, p := range pays {
		rec, err := tx.Record(Type, p.ContractNo)
		if err != nil {
			return err
		}
		if rec == nil || !p.Amount.IsPositive() {
			continue
		}
		body := withPaid(rec.Body, Amount(rec.Body, "paidAmount").Add(p.Amount))
		if err := update(tx, *rec, body, by, now); err != nil {
			return err
		}
	}
	return nil
}

// PaymentsOf is what an approved document pays against each contract
// (its contractList, else its head's contractNo), for its payment lines.
func PaymentsOf(tx masterdata.Tx, doc *engine.Document) ([]Payment, error) {
	if doc.Type.Code == ContractDocType {
		return nil, nil
	}
	return paymentsOf(tx, doc)
}

// paymentsOf is what doc pays against each contract: a single contract
// gets the document's amount; several get theirs in list order, each up
// to what it has unpaid, the rest on the last one.
func paymentsOf(tx masterdata.Tx, doc *engine.Document) ([]Payment, error) {
	head := doc.Head()
	var nos []string
	for _, row := range doc.Tables["contractList"] {
		if no := strings.TrimSpace(row.String("contractNo")); no != "" && !engine.RowDeleted(row) {
			nos = append(nos, no)
		}
	}
	if len(nos) == 0 {
		if no := strings.TrimSpace(head.String("contractNo")); no != "" {
			nos = []string{no}
		}
	}
	rest, _ := head["amount"].(decimal.Decimal)
	if len(nos) == 0 || !rest.IsPositive() {
		return nil, nil
	}
	var out []Payment
	for i, no := range nos {
		amount := rest
		if i < len(nos)-1 {
			rec, err := tx.Record(Type, no)
			if err != nil {
				return nil, err
			}
			if rec == nil {
				continue
			}
			amount = decimal.Min(rest, decimal.Max(Unpaid(rec.Body), decimal.Zero))
		}
		if amount.IsPositive() {
			out = append(out, Payment{ContractNo: no, Amount: amount})
		}
		if rest = rest.Sub(amount); !rest.IsPositive() {
			break
		}
	}
	return out, nil
}

// bookContract creates the contract of an approved HT, or changes the
// amount of the contract an amendment names.
func bookContract(tx masterdata.Tx, doc *engine.Document, by string, now time.Time) error {
	head := doc.Head()
	no := strings.TrimSpace(head.String("contNo"))
	if no == "" {
		return engine.Refuse(engine.EINVALID, "head.contNo", engine.Text{"zh": "请填写合同编号", "en": "the contract number is missing",
			"th": "กรุณาระบุเลขที่สัญญา"})
	}
	rec, err := tx.Record(Type, no)
	if err != nil {
		return err
	}
	amount, _ := head["contAmount"].(decimal.Decimal)
	if head.String("businessType1") == amendment {
		if amended, ok := head["contNewAmount"].(decimal.Decimal); ok && amended.IsPositive() {
			amount = amended
		}
	}
	if rec != nil {
		body := copyBody(rec.Body)
		body["amount"] = number(amount)
		return update(tx, *rec, withPaid(body, Amount(rec.Body, "paidAmount")), by, now)
	}
	sec := doc.Objects["contract"]
	body := map[string]any{"contractNo": no, "contractId": head.String("businessId"), "contractName": head.String("contName"),
		"company": first(head.String("contComp"), head.String("companyCode")), "partyA": head.String("contPartyA"),
		"partyB": head.String("contPartyB"), "partyC": head.String("contPartyC"), "vendor": head.String("vendor"),
		"currency": first(head.String("contCurrency"), head.String("currency")), "amount": number(amount),
		"contractType": head.String("businessType1"),
		"creditAmount": number(decimal.Zero), "status": "1", "deleteFlag": "N"}
	for _, d := range []string{"signDate", "startDate", "endDate"} {
		if sec != nil && sec.String(d) != "" {
			body[d] = sec.String(d)
		}
	}
	body = withPaid(dropBlank(body), decimal.Zero)
	r := masterdata.NewRecord(Type, no, body)
	r.UpdatedBy, r.UpdatedAt = by, now
	if err := tx.Insert([]masterdata.Record{r}); err != nil {
		return fmt.Errorf("create contract %s: %w", no, err)
	}
	return tx.AddEvents([]masterdata.Event{{Type: Type, Key: no, Action: masterdata.ActionCreate, By: by, At: now, After: image(r)}})
}

// update replaces rec's body by body (a new version) with its audit event.
func update(tx masterdata.Tx, rec masterdata.Record, body map[string]any, by string, now time.Time) error {
	before := image(rec)
	next := masterdata.NewRecord(rec.Type, rec.Key, body)
	next.Active, next.Version, next.UpdatedBy, next.UpdatedAt = rec.Active, rec.Version+1, by, now
	ok, err := tx.Update(next, rec.Version)
	if err != nil {
		return err
	}
	if !ok {
		return engine.Refuse(engine.ECONFLICT, "contractNo", engine.Text{
			"zh": fmt.Sprintf("合同%s正被他人修改，请重试", rec.Key),
			"en": fmt.Sprintf("contract %s is being changed by someone else: try again", rec.Key),
			"th": fmt.Sprintf("สัญญา %s กำลังถูกแก้ไขโดยผู้อื่น กรุณาลองใหม่", rec.Key)})
	}
	return tx.AddEvents([]masterdata.Event{{Type: Type, Key: rec.Key, Action: masterdata.ActionUpdate, By: by, At: now,
		Before: before, After: image(next)}})
}

// withPaid is body with paidAmount paid and unpaidAmount the amount less it.
func withPaid(body map[string]any, paid decimal.Decimal) map[string]any {
	out := copyBody(body)
	out["paidAmount"] = number(paid)
	out["unpaidAmount"] = number(Amount(body, "amount").Sub(paid))
	return out
}

// Unpaid is a contract's unpaid amount.
func Unpaid(body map[string]any) decimal.Decimal { return Amount(body, "unpaidAmount") }

// Amount is a money field of a contract's body (0 when blank).
func Amount(body map[string]any, field string) decimal.Decimal {
	switch v := body[field].(type) {
	case decimal.Decimal:
		return v
	case json.Number:
		d, _ := decimal.NewFromString(v.String())
		return d
	case string:
		d, _ := decimal.NewFromString(v)
		return d
	case float64:
		return decimal.NewFromFloat(v)
	}
	return decimal.Zero
}

func number(d decimal.Decimal) json.Number { return json.Number(d.StringFixed(2)) }

func copyBody(body map[string]any) map[string]any {
	out := make(map[string]any, len(body)+2)
	for k, v := range body {
		out[k] = v
	}
	return out
}

func dropBlank(body map[string]any) map[string]any {
	for k, v := range body {
		if s, ok := v.(string); ok && strings.TrimSpace(s) == "" {
			delete(body, k)
		}
	}
	return body
}

func first(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

func image(r masterdata.Record) json.RawMessage {
	b, _ := json.Marshal(r)
	return b
}
