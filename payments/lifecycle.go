package payments

import (
	"strings"
	"time"

	"formwork/budget"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// ListName is the table whose rows are a document's payments.
const ListName = "paymentList"

// LinesOf are the payments of an approved document: one per row of its
// paymentList (rows flagged D and rows of no amount left out), pending.
// The payee is the row's vendor (claims, loans) or payee (payables); the
// amount its paymentAmount, else its amount. A row naming a contract
// (contractNo) pays its amount against it; when no row names one, the
// document's shares (what it pays against each contract, in order) go to
// the lines in turn, each line taking up to its amount.
func LinesOf(doc *engine.Document, shares []Share, by string, now time.Time) []Line {
	head := doc.Head()
	var out []Line
	for i, row := range doc.Tables[ListName] {
		if engine.RowDeleted(row) {
			continue
		}
		amount := money(row["paymentAmount"])
		if amount == 0 {
			amount = money(row["amount"])
		}
		if amount <= 0 {
			continue
		}
		out = append(out, Line{BusinessID: head.String("businessId"), Item: i + 1, DocType: doc.Type.Code,
			Applicant: head.String("applicant"), CompanyCode: head.String("companyCode"), Currency: head.String("currency"),
			Payee: first(row.String("vendor"), row.String("payee")), AccountName: trim(row.String("accountName"), 100),
			Bank: trim(row.String("bank"), 100), Cnaps: trim(row.String("cnaps"), 20), Account: trim(row.String("account"), 40),
			Method: trim(row.String("paymentMethod"), 20), Amount: amount, Status: StatusPending, Version: 1,
			UpdatedBy: by, CreatedAt: now, UpdatedAt: now})
		if no := trim(row.String("contractNo"), 40); no != "" {
			out[len(out)-1].Contracts = []Share{{ContractNo: no, Amount: amount}}
			shares = nil
		}
	}
	if shares != nil {
		allocate(out, shares)
	}
	return out
}

// allocate gives lines the shares in turn: each line takes from the shares
// left, in order, up to its amount.
func allocate(lines []Line, shares []Share) {
	left := append([]Share(nil), shares...)
	for i := range lines {
		need := lines[i].Amount
		for j := range left {
			if need <= 0 {
				break
			}
			take := min(need, left[j].Amount)
			if take <= 0 {
				continue
			}
			lines[i].Contracts = append(lines[i].Contracts, Share{ContractNo: left[j].ContractNo, Amount: take})
			left[j].Amount -= take
			need -= take
		}
	}
}

// Payable makes an approved document payable in tx (the approval's): its
// payment lines, each pending, once; shares are what it pays against
// contracts (LinesOf). Contracts move when a line is paid, not here.
func Payable(tx Tx, doc *engine.Document, shares []Share, by string, now time.Time) error {
	lines := LinesOf(doc, shares, by, now)
	if len(lines) == 0 {
		return nil
	}
	added, err := tx.AddLines(lines)
	if err != nil || !added {
		return err
	}
	for _, l := range lines {
		if err := tx.AddEvent(l.BusinessID, Event{LineID: l.ID, Action: ActionPayable, Status: StatusPending, By: by, At: now}); err != nil {
			return err
		}
	}
	return nil
}

func money(v any) Money {
	d, _ := v.(decimal.Decimal)
	return budget.MoneyOf(d)
}

func first(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return trim(v, 40)
		}
	}
	return ""
}

func trim(s string, n int) string { return engine.Clip(strings.TrimSpace(s), n) }
