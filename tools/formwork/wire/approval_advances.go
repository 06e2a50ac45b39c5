package wire

import (
	"time"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/advancedb"
	"formwork/advances"
	"formwork/budget"
	"formwork/engine"
	"formwork/process"
)

// approvalAdvances is the advances as the approval workflow moves them
// (process.Advances), in the approval's own transaction. What a claim
// consumes of a pre-application on approval releases that much of the
// pre-application's occupied budget (releaseADVBudget's release), at most
// what it still occupies: once per settled hold, since a hold settles
// once.
type approvalAdvances struct{}

func (approvalAdvances) Hold(tx process.Tx, doc *engine.Document, by string, now time.Time) ([]engine.Finding, error) {
	return advances.HoldFor(advancedb.TxOn(sqldb.ApprovalDB(tx)), doc, by, now)
}

func (approvalAdvances) Approve(tx process.Tx, doc *engine.Document, by string, now time.Time) error {
	settled, err := advances.Approve(advancedb.TxOn(sqldb.ApprovalDB(tx)), doc, by, now)
	if err != nil {
		return err
	}
	btx := sqldb.ApprovalBudgetTx(tx)
	for _, h := range settled {
		if h.Kind != advances.KindPreApplication {
			continue
		}
		held, err := btx.HeldEntries(h.AdvanceID, budget.StatusAdvance)
		if err != nil {
			return err
		}
		occupied := budget.Money(0)
		for _, e := range held {
			occupied += e.Occupied
		}
		if release := min(h.Amount, occupied); release > 0 {
			if _, err := budget.Release(btx, h.AdvanceID, budget.StatusAdvance, &release, by, now); err != nil {
				return err
			}
		}
	}
	return nil
}

func (approvalAdvances) Release(tx process.Tx, businessID, by string, now time.Time) error {
	return advances.Release(advancedb.TxOn(sqldb.ApprovalDB(tx)), businessID, by, now)
}

var _ process.Advances = approvalAdvances{}
