// Package paymentdb is the SQL store of payments (payments.Store and
// payments.Tx) on gorm, SQLite or PostgreSQL. A line changes only from the
// version its writer saw (one conditional UPDATE); a document's lines are
// booked once (unique business id and item).
package paymentdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"formwork/budget"
	"formwork/payments"

	"gorm.io/gorm"
)

// PaymentLine is a payment line's row; the amount in cents.
type PaymentLine struct {
	ID          int64  `gorm:"primaryKey;autoIncrement"`
	BusinessID  string `gorm:"size:40;not null;uniqueIndex:idx_payment_line,priority:1"`
	Item        int    `gorm:"not null;uniqueIndex:idx_payment_line,priority:2"`
	DocType     string `gorm:"size:20;not null"`
	Applicant   string `gorm:"size:64;not null;index"`
	CompanyCode string `gorm:"size:20;not null"`
	Currency    string `gorm:"size:10"`
	Payee       string `gorm:"size:40"`
	AccountName string `gorm:"size:100"`
	Bank        string `gorm:"size:100"`
	Cnaps       string `gorm:"size:20"`
	Account     string `gorm:"size:40"`
	Method      string `gorm:"size:20"`
	Amount      int64  `gorm:"not null"`
	Status      string `gorm:"size:10;not null;index"`
	BankRef     string `gorm:"size:60"`
	BankMessage string `gorm:"size:400"`
	Contracts   string `gorm:"type:text"` // JSON of []payments.Share: what the line pays against contracts
	Version     int64  `gorm:"not null"`
	UpdatedBy   string `gorm:"size:64"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// PaymentEvent is one change of a payment line.
type PaymentEvent struct {
	ID         int64  `gorm:"primaryKey;autoIncrement"`
	BusinessID string `gorm:"size:40;not null;index"`
	LineID     int64  `gorm:"not null"`
	Action     string `gorm:"size:20;not null"`
	Status     string `gorm:"size:10;not null"`
	Message    string `gorm:"size:400"`
	By         string `gorm:"size:64"`
	At         time.Time
}

// Models are the tables of the payments' store.
func Models() []any { return []any{&PaymentLine{}, &PaymentEvent{}} }

func (r PaymentLine) model() payments.Line {
	var shares []payments.Share
	if r.Contracts != "" {
		_ = json.Unmarshal([]byte(r.Contracts), &shares) // written by rowOf only
	}
	return payments.Line{Contracts: shares, ID: r.ID, BusinessID: r.BusinessID, Item: r.Item, DocType: r.DocType, Applicant: r.Applicant,
		CompanyCode: r.CompanyCode, Currency: r.Currency, Payee: r.Payee, AccountName: r.AccountName, Bank: r.Bank, Cnaps: r.Cnaps,
		Account: r.Account, Method: r.Method, Amount: budget.Money(r.Amount), Status: r.Status, BankRef: r.BankRef,
		BankMessage: r.BankMessage, Version: r.Version, UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

func rowOf(l payments.Line) PaymentLine {
	shares := ""
	if len(l.Contracts) > 0 {
		b, _ := json.Marshal(l.Contracts) // plain strings and integers
		shares = string(b)
	}
	return PaymentLine{Contracts: shares, ID: l.ID, BusinessID: l.BusinessID, Item: l.Item, DocType: l.DocType, Applicant: l.Applicant,
		CompanyCode: l.CompanyCode, Currency: l.Currency, Payee: l.Payee, AccountName: l.AccountName, Bank: l.Bank, Cnaps: l.Cnaps,
		Account: l.Account, Method: l.Method, Amount: int64(l.Amount), Status: l.Status, BankRef: l.BankRef,
		BankMessage: l.BankMessage, Version: l.Version, UpdatedBy: l.UpdatedBy, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt}
}

func models(rows []PaymentLine) []payments.Line {
	out := make([]payments.Line, len(rows))
	for i, r := range rows {
		out[i] = r.model()
	}
	return out
}

// Store is payments.Store on a migrated database.
type Store struct{ db *gorm.DB }

// NewStore is the store of payments on db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

var _ payments.Store = (*Store)(nil)

// Lines implements payments.Store.
func (s *Store) Lines(ctx context.Context, businessID string) ([]payments.Line, error) {
	var rows []PaymentLine
	if err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Order("item").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load payment lines: %w", err)
	}
	return models(rows), nil
}

// Find implements payments.Store.
func (s *Store) Find(ctx context.Context, f payments.Filter) ([]payments.Line, error) {
	q := s.db.WithContext(ctx).Model(&PaymentLine{})
	if f.Applicant != "" {
		q = q.Where("applicant = ?", f.Applicant)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.BusinessID != "" {
		q = q.Where("business_id = ?", f.BusinessID)
	}
	var rows []PaymentLine
	if err := q.Order("created_at DESC, business_id DESC, item").Limit(1000).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list payment lines: %w", err)
	}
	return models(rows), nil
}

// Events implements payments.Store.
func (s *Store) Events(ctx context.Context, businessID string) ([]payments.Event, error) {
	var rows []PaymentEvent
	if err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load payment events: %w", err)
	}
	out := make([]payments.Event, len(rows))
	for i, r := range rows {
		out[i] = payments.Event{LineID: r.LineID, Action: r.Action, Status: r.Status, Message: r.Message, By: r.By, At: r.At}
	}
	return out, nil
}

// InTx implements payments.Store.
func (s *Store) InTx(ctx context.Context, fn func(tx payments.Tx) error) error {
	return s.db.WithContext(ctx).Transaction(func(db *gorm.DB) error { return fn(Tx{db: db}) })
}

// Tx is payments.Tx on a transaction.
type Tx struct{ db *gorm.DB }

// TxOn is payments.Tx on tx (the approval's), so that what it writes
// commits with the caller's other writes.
func TxOn(tx *gorm.DB) payments.Tx { return Tx{db: tx} }

var _ payments.Tx = Tx{}

// DB is the transaction of tx (a Tx of this store), for what commits with
// its writes (a paid line's contracts).
func DB(tx payments.Tx) (*gorm.DB, error) {
	t, ok := tx.(Tx)
	if !ok {
		return nil, fmt.Errorf("payments transaction %T is not the SQL store's", tx)
	}
	return t.db, nil
}

// Line implements payments.Tx.
func (t Tx) Line(businessID string, item int) (*payments.Line, error) {
	var rows []PaymentLine
	if err := t.db.Where("business_id = ? AND item = ?", businessID, item).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load payment line: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	l := rows[0].model()
	return &l, nil
}

// AddLines implements payments.Tx.
func (t Tx) AddLines(lines []payments.Line) (bool, error) {
	if len(lines) == 0 {
		return false, nil
	}
	var n int64
	if err := t.db.Model(&PaymentLine{}).Where("business_id = ?", lines[0].BusinessID).Count(&n).Error; err != nil {
		return false, fmt.Errorf("count payment lines: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	for i := range lines {
		row := rowOf(lines[i])
		if err := t.db.Create(&row).Error; err != nil {
			return false, fmt.Errorf("store payment line: %w", err)
		}
		lines[i].ID = row.ID
	}
	return true, nil
}

// UpdateLine implements payments.Tx.
func (t Tx) UpdateLine(l payments.Line, version int64) (bool, error) {
	if l.ID == 0 {
		return false, errors.New("update payment line: no id")
	}
	res := t.db.Model(&PaymentLine{}).Where("id = ? AND version = ?", l.ID, version).Updates(map[string]any{
		"account_name": l.AccountName, "bank": l.Bank, "cnaps": l.Cnaps, "account": l.Account, "status": l.Status,
		"bank_ref": l.BankRef, "bank_message": l.BankMessage, "version": l.Version, "updated_by": l.UpdatedBy, "updated_at": l.UpdatedAt})
	if res.Error != nil {
		return false, fmt.Errorf("update payment line: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// AddEvent implements payments.Tx.
func (t Tx) AddEvent(businessID string, e payments.Event) error {
	row := PaymentEvent{BusinessID: businessID, LineID: e.LineID, Action: e.Action, Status: e.Status, Message: e.Message, By: e.By, At: e.At}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("store payment event: %w", err)
	}
	return nil
}
