package wire

import (
	"context"
	"time"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/paymentdb"
	"formwork/contracts"
	"formwork/documents"
	"formwork/engine"
	"formwork/payments"
	"formwork/process"

	"gorm.io/gorm"
)

// approvalPayments is the money a final approval moves besides the
// advances: the document's payment lines become payable (payments.Payable)
// and what it pays against contracts moves their paid amounts, in the
// approval's own transaction.
type approvalPayments struct{ approvalAdvances }

func (a approvalPayments) Approve(tx process.Tx, doc *engine.Document, by string, now time.Time) error {
	if err := a.approvalAdvances.Approve(tx, doc, by, now); err != nil {
		return err
	}
	db := sqldb.ApprovalDB(tx)
	if err := payments.Payable(paymentdb.TxOn(db), doc, by, now); err != nil {
		return err
	}
	return contractsPaid(db, doc, by, now)
}

var _ process.Advances = approvalPayments{}

// contractsPaid books what an approved document does to the contract
// master (contracts.Book) in the approval's transaction.
func contractsPaid(db *gorm.DB, doc *engine.Document, by string, now time.Time) error {
	return contracts.Book(sqldb.MasterDataTxOn(db), doc, by, now)
}

// paymentDocuments are the documents as payments read them.
type paymentDocuments struct{ docs *documents.Service }

func (d paymentDocuments) StatusFor(ctx context.Context, who payments.Actor, businessID string) (string, error) {
	rec, err := d.docs.Get(ctx, businessID)
	if err != nil {
		return "", err
	}
	if err := d.docs.MayRead(ctx, who, rec); err != nil {
		return "", err
	}
	return rec.Status, nil
}

func (d paymentDocuments) Status(ctx context.Context, businessID string) (string, error) {
	rec, err := d.docs.Get(ctx, businessID)
	if engine.ErrorCode(err) == engine.ENOTFOUND {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return rec.Status, nil
}

// derivedAll derives the fields of a document from each of its parts in
// turn (advances, the contract master), their findings together.
type derivedAll []documents.Derived

func (d derivedAll) Derive(ctx context.Context, doc, prev *engine.Document) ([]engine.Finding, error) {
	var all []engine.Finding
	for _, part := range d {
		f, err := part.Derive(ctx, doc, prev)
		if err != nil {
			return nil, err
		}
		all = append(all, f...)
	}
	return all, nil
}
