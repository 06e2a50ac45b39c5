package wire

import (
	"time"

	"formwork"

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
type approvalAdvances struct{ book *advances.Book }

func (a approvalAdvances) Hold(tx process.Tx, doc *engine.Document, by string, now time.Time) ([]engine.Finding, error) {
	return advances.HoldFor(a.book, advancedb.TxOn(sqldb.ApprovalDB(tx)), doc, by, now)
}

func (a approvalAdvances) Approve(tx process.Tx, doc *engine.Document, by string, now time.Time) error {
	settled, err := advances.Approve(a.book, advancedb.TxOn(sqldb.ApprovalDB(tx)), doc, by, now)
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

// advanceBookOf is cfg's advance types: cfg.Advances, else those built into
// the binary (schemas/_advances.yaml) checked against cfg.Catalogue, which
// must hold them (a binary built from a broken catalogue panics).
func advanceBookOf(cfg Config) *engine.AdvanceBook {
	if cfg.Advances != nil {
		return cfg.Advances
	}
	b, err := engine.LoadAdvanceBook(formwork.Catalogue, cfg.Catalogue)
	if err != nil {
		panic("the built-in advance types do not load: " + err.Error())
	}
	return b
}
