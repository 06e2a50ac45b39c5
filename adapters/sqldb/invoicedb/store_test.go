package invoicedb_test

import (
	"context"
	"errors"
	"fmt"
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
		oneWriter(db)
		const n = 8
		errs := atOnce(n, func(i int) error {
			return claim(db, "EX02202601010"+string(rune('A'+i)), "draft", body("23312000000098765432"))
		})
		if won := winners(t, errs); won != 1 {
			t.Fatalf("%d of %d parallel claims won, want exactly 1 (%v)", won, n, errs)
		}
	})
}

// oneWriter makes SQLite run as the server runs it: one writer.
func oneWriter(db *gorm.DB) {
	if db.Dialector.Name() == "sqlite" {
		sql, _ := db.DB()
		sql.SetMaxOpenConns(1)
	}
}

// atOnce runs f(0) ... f(n-1) at once and answers their errors.
func atOnce(n int, f func(i int) error) []error {
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = f(i)
		}()
	}
	wg.Wait()
	return errs
}

// winners is the number of errs that are nil; each other must be an
// ECHECK refusal.
func winners(t *testing.T, errs []error) int {
	t.Helper()
	won := 0
	for _, err := range errs {
		var ee *engine.Error
		switch {
		case err == nil:
			won++
		case !errors.As(err, &ee) || ee.Code != engine.ECHECK:
			t.Fatalf("a loser failed otherwise: %v", err)
		}
	}
	return won
}

// TestClaimRefusalOrder: a document wrong twice is refused at its first
// wrong cell in row order, whichever of the two it is; a new document is
// claimed without letting anything go first (ClaimNew).
func TestClaimRefusalOrder(t *testing.T) {
	const held, twice = "24442000000000000111", "24442000000000000222"
	sqldbtest.ForEachDB(t, invoicedb.Models(), func(t *testing.T, db *gorm.DB) {
		err := db.Transaction(func(tx *gorm.DB) error { return invoicedb.ClaimNew(tx, "EX0220260101001", "draft", body(held)) })
		if err != nil {
			t.Fatal(err)
		}
		refusedAt(t, claim(db, "EX0220260101002", "draft", body(twice, held, twice)), "invoiceList[1].invoiceNo", "EX0220260101001")
		refusedAt(t, claim(db, "EX0220260101002", "draft", body(twice, twice, held)), "invoiceList[1].invoiceNo", "invoiceList[0]")
		// the refused saves rolled back: the second document holds nothing
		if err := claim(db, "EX0220260101003", "draft", body(twice)); err != nil {
			t.Fatalf("after the refusals: %v", err)
		}
	})
}

// TestCrossedClaimsOneWins: documents claiming the same two invoices in
// opposite row orders, at once: one wins, holding both; the others are
// refused at an invoice line and hold neither.
func TestCrossedClaimsOneWins(t *testing.T) {
	const a, b = "24442000000000000333", "24442000000000000444"
	sqldbtest.ForEachDB(t, invoicedb.Models(), func(t *testing.T, db *gorm.DB) {
		oneWriter(db)
		for round := range 20 {
			const n = 6
			errs := atOnce(n, func(i int) error {
				id := fmt.Sprintf("EX0220260102%02d%d", round, i)
				return db.Transaction(func(tx *gorm.DB) error {
					if i%2 == 0 {
						return invoicedb.ClaimNew(tx, id, "draft", body(a, b))
					}
					return invoicedb.ClaimNew(tx, id, "draft", body(b, a))
				})
			})
			if won := winners(t, errs); won != 1 {
				t.Fatalf("round %d: %d of %d won (%v)", round, won, n, errs)
			}
			var holders []string
			if err := db.Raw("SELECT DISTINCT business_id FROM invoice_claims").Scan(&holders).Error; err != nil || len(holders) != 1 {
				t.Fatalf("round %d: invoices held by %v (%v), want one document", round, holders, err)
			}
			// the next round claims them afresh
			if err := db.Exec("DELETE FROM invoice_claims").Error; err != nil {
				t.Fatal(err)
			}
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
