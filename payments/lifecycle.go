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
// amount its paymentAmount, else its amount.
func LinesOf(doc *engine.Document, by string, now time.Time) []Line {
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
	}
	return out
}

// Payable makes an approved document payable in tx (the approval's): its
// payment lines, each pending, once.
func Payable(tx Tx, doc *engine.Document, by string, now time.Time) error {
	lines := LinesOf(doc, by, now)
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
