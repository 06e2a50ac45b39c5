package wire

import (
	"context"
	"testing"

	"formwork/adapters/simulators"
	"formwork/adapters/simulators/simtest"
	"formwork/adapters/sqldb/invoicedb"
	"formwork/adapters/sqldb/pushlogdb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/files"
	"formwork/invoices"
	"formwork/outbound"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

// TestInvoiceVerification: an invoice is verified through the simulator
// process, the statuses recorded; a failing try is retried and every try
// is in the push log.
func TestInvoiceVerification(t *testing.T) {
	sim := simtest.Start(t, "invoice")
	models := append(invoicedb.Models(), pushlogdb.Models()...)
	sqldbtest.ForEachDB(t, models, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		store := invoicedb.New(db)
		svc := invoices.NewService(store, nil)
		svc.SetVerification(invoiceVerification(Config{DB: db, InvoiceVerifyURL: sim.URL + "/invoice/verify"}))
		add := func(no string) int64 {
			r := files.Recognised{Source: "qr", Kind: "32", InvoiceNo: no, IssueDate: "2024-03-15", Total: decimal.RequireFromString("106.00"), Confirmed: true}
			if err := store.AddToPool(ctx, "employee01", "f", []invoices.Pooled{{Uploader: "employee01", Key: no, Recognised: r}}); err != nil {
				t.Fatal(err)
			}
			list, _ := store.Pool(ctx, "employee01")
			return list[0].ID
		}
		id := add("24442000000012345678")
		sim.Set(t, simulators.Control{Fail: 1, FailStatus: 503})
		p, err := svc.Verify(ctx, "employee01", id)
		if err != nil {
			t.Fatal(err)
		}
		if p.VerifyStatus != "1" || p.CertifyStatus != "1" || p.AuthStatus != "1" {
			t.Fatalf("statuses %s %s %s, want 1 1 1", p.VerifyStatus, p.CertifyStatus, p.AuthStatus)
		}
		if got, _ := store.Find(ctx, id); got.VerifyStatus != "1" || got.Attempts != 1 {
			t.Fatalf("recorded %+v", got)
		}
		unknown := add("23312000000000000000")
		if p, err := svc.Verify(ctx, "employee01", unknown); err != nil || p.VerifyStatus != "3" {
			t.Fatalf("unknown invoice: %+v %v", p, err)
		}
		calls, n, err := pushlogdb.NewStore(db).List(ctx, outbound.Filter{System: "invoice", Size: 50})
		if err != nil || n != 3 {
			t.Fatalf("push log %d entries (%v), want 3: the failed try, its retry, the second invoice", n, err)
		}
		failed := 0
		for _, c := range calls {
			if c.Status == outbound.StatusFailed {
				failed++
			}
			if c.By != "employee01" || c.Key == "" {
				t.Fatalf("push log entry %+v", c)
			}
		}
		if failed != 1 {
			t.Fatalf("%d failed tries in the push log, want 1", failed)
		}
	})
}
