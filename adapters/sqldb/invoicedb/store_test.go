package invoicedb_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"formwork/adapters/sqldb/invoicedb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/engine"
	"formwork/files"
	"formwork/invoices"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

func body(nos ...string) string {
	rows := make([]string, len(nos))
	for i, no := range nos {
		rows[i] = `{"invoiceType":"32","invoiceNo":"` + no + `","amount":10}`
	}
	return `{"head":{"businessId":"x"},"invoiceList":[` + strings.Join(rows, ",") + `]}`
}

func claim(db *gorm.DB, id, status, b string) error {
	return db.Transaction(func(tx *gorm.DB) error { return invoicedb.TakeClaims(tx, id, status, b) })
}

func refusedAt(t *testing.T, err error, path, holder string) {
	t.Helper()
	var ee *engine.Error
	if !errors.As(err, &ee) || ee.Code != engine.ECHECK || ee.Path != path || !strings.Contains(ee.Text["en"], holder) {
		t.Fatalf("got %v, want ECHECK at %s naming %s", err, path, holder)
	}
}

// TestClaimsOnceAcrossDocuments: an invoice on one document is refused on
// another (at its cell, naming the holder) and twice in one; void and
// removal from the document let it go.
func TestClaimsOnceAcrossDocuments(t *testing.T) {
	const inv = "24442000000012345678"
	sqldbtest.ForEachDB(t, invoicedb.Models(), func(t *testing.T, db *gorm.DB) {
		if err := claim(db, "EX0220260101001", "draft", body(inv)); err != nil {
			t.Fatal(err)
		}
		refusedAt(t, claim(db, "EX0220260101002", "draft", body("24442000000000000001", inv)), "invoiceList[1].invoiceNo", "EX0220260101001")
		refusedAt(t, claim(db, "EX0220260101003", "draft", body(inv[:0]+"24442000000000000009", "24442000000000000009")), "invoiceList[1].invoiceNo", "invoiceList[0]")
		// saving the holder again keeps its claim
		if err := claim(db, "EX0220260101001", "inApproval", body(inv)); err != nil {
			t.Fatal(err)
		}
		// void releases
		if err := claim(db, "EX0220260101001", "voided", body(inv)); err != nil {
			t.Fatal(err)
		}
		if err := claim(db, "EX0220260101002", "draft", body(inv)); err != nil {
			t.Fatalf("after void: %v", err)
		}
		// removal from a draft releases
		if err := claim(db, "EX0220260101002", "draft", body()); err != nil {
			t.Fatal(err)
		}
		if err := claim(db, "EX0220260101004", "draft", body(inv)); err != nil {
			t.Fatalf("after removal: %v", err)
		}
		// code + number: the same number under another code is another invoice
		b := `{"invoiceList":[{"invoiceCode":"3200192130","invoiceNo":"11223344"},{"invoiceCode":"3200192131","invoiceNo":"11223344","flag":""},{"invoiceCode":"3200192130","invoiceNo":"11223344","flag":"D"}]}`
		if err := claim(db, "EX0220260101005", "draft", b); err != nil {
			t.Fatalf("code + number: %v", err)
		}
	})
}

// TestParallelClaimsOneWins: of many documents claiming one invoice at
// once, each in its own transaction, exactly one commits.
func TestParallelClaimsOneWins(t *testing.T) {
	sqldbtest.ForEachDB(t, invoicedb.Models(), func(t *testing.T, db *gorm.DB) {
		if db.Dialector.Name() == "sqlite" {
			sql, _ := db.DB()
			sql.SetMaxOpenConns(1) // as the server runs SQLite: one writer
		}
		const n = 8
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = claim(db, "EX02202601010"+string(rune('A'+i)), "draft", body("23312000000098765432"))
			}()
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
				continue
			}
			var ee *engine.Error
			if !errors.As(err, &ee) || ee.Code != engine.ECHECK {
				t.Fatalf("a loser failed otherwise: %v", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d of %d parallel claims won, want exactly 1 (%v)", won, n, errs)
		}
	})
}

// TestPool: what intake found is in its uploader's pool once, with the
// document holding it.
func TestPool(t *testing.T) {
	sqldbtest.ForEachDB(t, invoicedb.Models(), func(t *testing.T, db *gorm.DB) {
		s := invoicedb.New(db)
		ctx := context.Background()
		r := files.Recognised{Source: "qr", Kind: "32", InvoiceNo: "23312000000098765432", Total: decimal.RequireFromString("56.60"), Confirmed: true}
		p := invoices.Pooled{Uploader: "u1", FileID: "f1", Key: invoices.Key("", r.InvoiceNo), Recognised: r}
		for range 2 {
			if err := s.AddToPool(ctx, "u1", "f1", []invoices.Pooled{p}); err != nil {
				t.Fatal(err)
			}
		}
		if err := claim(db, "EX0220260101009", "draft", body(r.InvoiceNo)); err != nil {
			t.Fatal(err)
		}
		list, err := s.Pool(ctx, "u1")
		if err != nil || len(list) != 1 {
			t.Fatalf("pool %v %v, want one invoice", list, err)
		}
		if got := list[0]; got.HeldBy != "EX0220260101009" || !got.Total.Equal(r.Total) || got.InvoiceNo != r.InvoiceNo {
			t.Fatalf("pooled %+v", got)
		}
		if err := s.Remove(ctx, "u1", list[0].ID); err == nil {
			t.Fatal("a claimed invoice left the pool")
		}
		if other, _ := s.Pool(ctx, "u2"); len(other) != 0 {
			t.Fatalf("another user's pool holds %v", other)
		}
	})
}
