// Package invoicedb is the SQL store of invoices on gorm, SQLite or
// PostgreSQL: the uploaders' pools (invoices.Store) and the claims, one row
// per invoice key under a primary key, taken in a document's save
// transaction (ClaimNew, TakeClaims), so that of two parallel saves of one
// invoice exactly one commits.
package invoicedb

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"formwork/engine"
	"formwork/files"
	"formwork/invoices"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// InvoiceClaim is the lock of one invoice: the key is unique, the document
// holding it is named.
type InvoiceClaim struct {
	InvoiceKey string `gorm:"primaryKey;size:48"`
	BusinessID string `gorm:"size:40;not null;index"`
	Path       string `gorm:"size:120;not null"`
	CreatedAt  time.Time
}

// PoolInvoice is a recognised invoice in its uploader's pool.
type PoolInvoice struct {
	ID            int64  `gorm:"primaryKey;autoIncrement"`
	Uploader      string `gorm:"size:64;not null;uniqueIndex:idx_pool_owner_key,priority:1"`
	InvoiceKey    string `gorm:"size:48;not null;uniqueIndex:idx_pool_owner_key,priority:2;index"`
	FileID        string `gorm:"size:80"`
	Source        string `gorm:"size:10"`
	Kind          string `gorm:"size:4"`
	InvoiceCode   string `gorm:"size:12"`
	InvoiceNo     string `gorm:"size:20;not null"`
	IssueDate     string `gorm:"size:10"`
	Amount        string `gorm:"size:24"`
	TaxAmount     string `gorm:"size:24"`
	Total         string `gorm:"size:24"`
	CheckCode     string `gorm:"size:32"`
	SellerName    string `gorm:"size:200"`
	SellerTaxID   string `gorm:"size:20"`
	BuyerName     string `gorm:"size:200"`
	BuyerTaxID    string `gorm:"size:20"`
	Confirmed     bool
	Findings      string `gorm:"size:2000"`
	VerifyStatus  string `gorm:"size:10"`
	CertifyStatus string `gorm:"size:10"`
	AuthStatus    string `gorm:"size:10"`
	Attempts      int    `gorm:"not null;default:0"`
	CreatedAt     time.Time
}

// Models are the tables to migrate.
func Models() []any { return []any{&InvoiceClaim{}, &PoolInvoice{}} }

// voided is the state whose documents hold no invoice (schemas/_lifecycle.yaml).
const voided = "voided"

// NamesInvoices tells whether a document's body may claim invoices (it
// names an invoice number); one that does not claims none.
func NamesInvoices(body string) bool { return strings.Contains(body, `"invoiceNo"`) }

// TakeClaims makes the claims of a document what its body says, in the
// document's write transaction tx: its old claims are let go, and each
// invoice of the body is claimed unless the document is voided (ClaimNew).
func TakeClaims(tx *gorm.DB, businessID, status string, body string) error {
	if err := tx.Where("business_id = ?", businessID).Delete(&InvoiceClaim{}).Error; err != nil {
		return fmt.Errorf("release invoice claims: %w", err)
	}
	return ClaimNew(tx, businessID, status, body)
}

// ClaimNew claims the invoices of the body of a document that holds none
// (a new one, or one whose claims were let go), in its write transaction
// tx, unless it is voided. An invoice another document holds (or this one
// twice) is an ECHECK refusal at its cell naming the holder (the first
// such cell in row order); the caller rolls back. The insert waits for a
// parallel transaction claiming the same key and does nothing if that one
// committed, so only one of them wins.
func ClaimNew(tx *gorm.DB, businessID, status string, body string) error {
	if status == voided || !NamesInvoices(body) {
		return nil
	}
	claims, err := invoices.ClaimsOfBody([]byte(body))
	if err != nil || len(claims) == 0 {
		return err
	}
	first := make(map[string]string, len(claims)) // each key's first cell
	firsts := make([]invoices.Claim, 0, len(claims))
	for _, c := range claims {
		if _, dup := first[c.Key]; !dup {
			first[c.Key] = c.Path
			firsts = append(firsts, c)
		}
	}
	taken, err := insertClaims(tx, businessID, firsts)
	if err != nil {
		return err
	}
	for _, c := range claims {
		switch at := first[c.Key]; {
		case at != c.Path:
			return invoices.TwiceInDocument(c.Path, c.Key, at)
		case !taken[c.Key]:
			var holder string
			if err := tx.Raw("SELECT business_id FROM invoice_claims WHERE invoice_key = ?", c.Key).Scan(&holder).Error; err != nil {
				return fmt.Errorf("look up invoice holder: %w", err)
			}
			return invoices.HeldElsewhere(c.Path, c.Key, holder)
		}
	}
	return nil
}

// insertClaims claims the keys of claims (each key once) for businessID in
// one statement, in the order of the keys (it sorts claims: two
// transactions claiming the same invoices wait for each other in one
// order, never each for the other), and answers the keys it took: one
// another document holds is left out.
func insertClaims(tx *gorm.DB, businessID string, claims []invoices.Claim) (map[string]bool, error) {
	slices.SortFunc(claims, func(a, b invoices.Claim) int { return strings.Compare(a.Key, b.Key) })
	now := time.Now()
	args := make([]any, 0, 4*len(claims))
	for _, c := range claims {
		args = append(args, c.Key, businessID, c.Path, now)
	}
	q := "INSERT INTO invoice_claims (invoice_key, business_id, path, created_at) VALUES " +
		strings.TrimSuffix(strings.Repeat("(?,?,?,?),", len(claims)), ",") +
		" ON CONFLICT (invoice_key) DO NOTHING RETURNING invoice_key"
	var keys []string
	if err := tx.Raw(q, args...).Scan(&keys).Error; err != nil {
		return nil, fmt.Errorf("claim invoices: %w", err)
	}
	taken := make(map[string]bool, len(keys))
	for _, k := range keys {
		taken[k] = true
	}
	return taken, nil
}

// Store is invoices.Store on gorm.
type Store struct{ db *gorm.DB }

// New is the invoice store on db (migrated).
func New(db *gorm.DB) *Store { return &Store{db: db} }

var _ invoices.Store = (*Store)(nil)

// AddToPool stores found for uploader; one already pooled is kept as it is.
func (s *Store) AddToPool(ctx context.Context, uploader, fileID string, found []invoices.Pooled) error {
	rows := make([]PoolInvoice, 0, len(found))
	for _, p := range found {
		rows = append(rows, rowOf(p))
	}
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error
	if err != nil {
		return fmt.Errorf("add to invoice pool: %w", err)
	}
	return nil
}

// Pool lists uploader's invoices with their holders, newest first.
func (s *Store) Pool(ctx context.Context, uploader string) ([]invoices.Pooled, error) {
	return s.list(ctx, "pool_invoices.uploader = ?", uploader)
}

// ByDocument lists the pooled invoices businessID holds.
func (s *Store) ByDocument(ctx context.Context, businessID string) ([]invoices.Pooled, error) {
	return s.list(ctx, "invoice_claims.business_id = ?", businessID)
}

type pooledRow struct {
	PoolInvoice
	HeldBy *string
}

func (s *Store) list(ctx context.Context, where string, arg any) ([]invoices.Pooled, error) {
	var rows []pooledRow
	err := s.db.WithContext(ctx).Table("pool_invoices").
		Select("pool_invoices.*, invoice_claims.business_id AS held_by").
		Joins("LEFT JOIN invoice_claims ON invoice_claims.invoice_key = pool_invoices.invoice_key").
		Where(where, arg).Order("pool_invoices.id DESC").Limit(1000).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("list invoices: %w", err)
	}
	out := make([]invoices.Pooled, len(rows))
	for i, r := range rows {
		out[i] = pooledOf(r.PoolInvoice)
		if r.HeldBy != nil {
			out[i].HeldBy = *r.HeldBy
		}
	}
	return out, nil
}

// Find loads one pooled invoice with its holder.
func (s *Store) Find(ctx context.Context, id int64) (*invoices.Pooled, error) {
	list, err := s.list(ctx, "pool_invoices.id = ?", id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, engine.Refuse(engine.ENOTFOUND, "id", engine.Text{
			"zh": fmt.Sprintf("发票%d不存在", id), "en": fmt.Sprintf("no invoice %d", id), "th": fmt.Sprintf("ไม่พบใบกำกับภาษี %d", id)})
	}
	return &list[0], nil
}

// Holders answers which document holds each of keys.
func (s *Store) Holders(ctx context.Context, keys []string) (map[string]string, error) {
	out := map[string]string{}
	if len(keys) == 0 {
		return out, nil
	}
	var rows []struct{ InvoiceKey, BusinessID string }
	err := s.db.WithContext(ctx).Raw("SELECT invoice_key, business_id FROM invoice_claims WHERE invoice_key IN ?", keys).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("look up invoice claims: %w", err)
	}
	for _, r := range rows {
		out[r.InvoiceKey] = r.BusinessID
	}
	return out, nil
}

// Remove deletes uploader's pooled invoice id unless a document holds it.
func (s *Store) Remove(ctx context.Context, uploader string, id int64) error {
	p, err := s.Find(ctx, id)
	if err != nil {
		return err
	}
	if p.Uploader != uploader {
		return engine.Refuse(engine.EFORBIDDEN, "id", engine.Text{
			"zh": "只能移除自己的发票", "en": "you can remove only your own invoices", "th": "คุณลบได้เฉพาะใบกำกับภาษีของคุณเอง"})
	}
	if p.HeldBy != "" {
		return invoices.HeldElsewhere("id", p.Key, p.HeldBy)
	}
	return s.db.WithContext(ctx).Delete(&PoolInvoice{}, id).Error
}

func rowOf(p invoices.Pooled) PoolInvoice {
	r := p.Recognised
	return PoolInvoice{Uploader: p.Uploader, InvoiceKey: p.Key, FileID: p.FileID, Source: r.Source, Kind: r.Kind,
		InvoiceCode: r.InvoiceCode, InvoiceNo: r.InvoiceNo, IssueDate: r.IssueDate, Amount: r.Amount.StringFixed(2),
		TaxAmount: r.TaxAmount.StringFixed(2), Total: r.Total.StringFixed(2), CheckCode: r.CheckCode,
		SellerName: r.SellerName, SellerTaxID: r.SellerTaxID, BuyerName: r.BuyerName, BuyerTaxID: r.BuyerTaxID,
		Confirmed: r.Confirmed, Findings: strings.Join(r.Findings, "\n"), VerifyStatus: p.VerifyStatus,
		CertifyStatus: p.CertifyStatus, AuthStatus: p.AuthStatus, CreatedAt: p.CreatedAt}
}

func pooledOf(r PoolInvoice) invoices.Pooled {
	var notes []string
	if r.Findings != "" {
		notes = strings.Split(r.Findings, "\n")
	}
	return invoices.Pooled{ID: r.ID, Uploader: r.Uploader, FileID: r.FileID, Key: r.InvoiceKey, CreatedAt: r.CreatedAt,
		VerifyStatus: r.VerifyStatus, CertifyStatus: r.CertifyStatus, AuthStatus: r.AuthStatus, Attempts: r.Attempts,
		Recognised: files.Recognised{Source: r.Source, Kind: r.Kind, InvoiceCode: r.InvoiceCode, InvoiceNo: r.InvoiceNo,
			IssueDate: r.IssueDate, Amount: dec(r.Amount), TaxAmount: dec(r.TaxAmount), Total: dec(r.Total), CheckCode: r.CheckCode,
			SellerName: r.SellerName, SellerTaxID: r.SellerTaxID, BuyerName: r.BuyerName, BuyerTaxID: r.BuyerTaxID,
			Confirmed: r.Confirmed, Findings: notes}}
}

func dec(s string) decimal.Decimal {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Zero
	}
	return d
}

// SetVerdict records verification's statuses and counts the attempt.
func (s *Store) SetVerdict(ctx context.Context, id int64, v invoices.Verdict) error {
	err := s.db.WithContext(ctx).Model(&PoolInvoice{}).Where("id = ?", id).Updates(map[string]any{
		"verify_status": v.VerifyStatus, "certify_status": v.CertifyStatus, "auth_status": v.AuthStatus,
		"attempts": gorm.Expr("attempts + 1")}).Error
	if err != nil {
		return fmt.Errorf("record verification: %w", err)
	}
	return nil
}
