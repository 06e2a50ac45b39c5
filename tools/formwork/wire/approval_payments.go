package wire

import (
	"context"
	"time"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/paymentdb"
	"formwork/budget"
	"formwork/contracts"
	"formwork/documents"
	"formwork/engine"
	"formwork/masterdata"
	"formwork/payments"
	"formwork/process"
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
	md := sqldb.MasterDataTxOn(db)
	pays, err := contracts.PaymentsOf(md, doc)
	if err != nil {
		return err
	}
	shares := make([]payments.Share, len(pays))
	for i, p := range pays {
		shares[i] = payments.Share{ContractNo: p.ContractNo, Amount: budget.MoneyOf(p.Amount)}
	}
	if err := payments.Payable(paymentdb.TxOn(db), doc, shares, by, now); err != nil {
		return err
	}
	return contracts.Book(md, doc, by, now)
}

var _ process.Advances = approvalPayments{}

// paymentContracts are the contract master as payments use it: the
// contract finance authorisation (HT3-2) and the paid amounts a paid line
// moves, in the line's transaction.
type paymentContracts struct{ md *masterdata.Service }

var _ payments.Contracts = paymentContracts{}

func (c paymentContracts) Authority(ctx context.Context) (payments.Authority, error) {
	recs, err := c.md.RuleRecords(ctx, []string{contracts.AuthType, contracts.Type})
	if err != nil {
		return nil, err
	}
	auth := contracts.NewAuthorisations(recs[contracts.AuthType], recs[contracts.Type])
	return func(who payments.Actor, l payments.Line) error {
		if who.Scope() == "all" {
			return nil
		}
		for _, s := range l.Contracts {
			if err := auth.MayHandle(who.Username(), l.CompanyCode, s.ContractNo); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

func (c paymentContracts) Paid(tx payments.Tx, l payments.Line, by string, now time.Time) error {
	if len(l.Contracts) == 0 {
		return nil
	}
	db, err := paymentdb.DB(tx)
	if err != nil {
		return err
	}
	pays := make([]contracts.Payment, len(l.Contracts))
	for i, s := range l.Contracts {
		pays[i] = contracts.Payment{ContractNo: s.ContractNo, Amount: s.Amount.Decimal()}
	}
	return contracts.AddPaid(sqldb.MasterDataTxOn(db), pays, by, now)
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
