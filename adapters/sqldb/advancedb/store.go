// Package advancedb is the SQL store of advances (advances.Store and
// advances.Tx) on gorm, SQLite or PostgreSQL. The invariant written off +
// repaid + returned + held <= paid out is kept by one conditional UPDATE
// per hold (it holds only while that much is outstanding then) and by a
// CHECK constraint where the database holds one.
package advancedb

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"formwork/adapters/sqldb/freshness"
	"formwork/advances"
	"formwork/budget"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Advance is an advance's row; amounts in cents.
type Advance struct {
	BusinessID  string `gorm:"primaryKey;size:40"`
	Item        string `gorm:"primaryKey;size:10;default:''"` // the line, for an advance kept per line
	DocType     string `gorm:"size:20;not null"`
	Kind        string `gorm:"size:20;not null;index:idx_advance_owner,priority:2"`
	Applicant   string `gorm:"size:64;not null;index:idx_advance_owner,priority:1"`
	CompanyCode string `gorm:"size:20;not null"`
	Currency    string `gorm:"size:10"`
	Description string `gorm:"size:800"`
	Amount      int64  `gorm:"not null"`
	PaidOut     int64  `gorm:"not null"`
	WrittenOff  int64  `gorm:"not null;default:0"`
	Returned    int64  `gorm:"not null;default:0"`
	Repaid      int64  `gorm:"not null;default:0"`
	Held        int64  `gorm:"not null;default:0;check:chk_advance_within,written_off + returned + repaid + held <= paid_out AND held >= 0"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// AdvanceHold is what a referring document holds on an advance.
type AdvanceHold struct {
	ID            int64  `gorm:"primaryKey;autoIncrement"`
	DocBusinessID string `gorm:"size:40;not null;index:idx_hold_doc,priority:1"`
	DocType       string `gorm:"size:20;not null"`
	AdvanceID     string `gorm:"size:40;not null;index"`
	Kind          string `gorm:"size:20;not null"`
	Item          string `gorm:"size:10"`
	List          string `gorm:"size:40;not null"`
	Row           int    `gorm:"not null"`
	Effect        string `gorm:"size:20;not null"`
	Amount        int64  `gorm:"not null"`
	State         string `gorm:"size:20;not null;index:idx_hold_doc,priority:2"`
	At            time.Time
	UpdatedAt     time.Time
}

// AdvanceMovement is one change of an advance.
type AdvanceMovement struct {
	ID            int64  `gorm:"primaryKey;autoIncrement"`
	AdvanceID     string `gorm:"size:40;not null;index"`
	Item          string `gorm:"size:10;not null;default:''"`
	DocBusinessID string `gorm:"size:40;not null"`
	DocType       string `gorm:"size:20;not null"`
	Action        string `gorm:"size:20;not null"`
	Amount        int64  `gorm:"not null"`
	By            string `gorm:"size:64"`
	At            time.Time
}

// Models are the tables of the advances' store.
func Models() []any { return []any{&Advance{}, &AdvanceHold{}, &AdvanceMovement{}} }

// Store is advances.Store on a migrated database.
type Store struct {
	db *gorm.DB
	// what every save and load of a claim reads (the applicant's loans,
	// the claim's holds), kept while this process writes no advance and
	// no hold (freshness)
	found *freshness.Cache[advances.Filter, []advances.Advance]
	holds *freshness.Cache[string, []advances.Hold]
}

// NewStore is the store of advances on db.
func NewStore(db *gorm.DB) *Store {
	return &Store{db: db,
		found: freshness.NewCache[advances.Filter, []advances.Advance](db, freshness.TTL, freshness.Size, "advances"),
		holds: freshness.NewCache[string, []advances.Hold](db, freshness.TTL, freshness.Size, "advance_holds")}
}

var _ advances.Store = (*Store)(nil)

// outstanding is the SQL of what an advance has outstanding.
const outstanding = "paid_out - written_off - returned - repaid - held"

func (r Advance) model() advances.Advance {
	return advances.Advance{BusinessID: r.BusinessID, Item: r.Item, DocType: r.DocType, Kind: r.Kind, Applicant: r.Applicant, CompanyCode: r.CompanyCode,
		Currency: r.Currency, Description: r.Description, Amount: budget.Money(r.Amount), PaidOut: budget.Money(r.PaidOut),
		WrittenOff: budget.Money(r.WrittenOff), Returned: budget.Money(r.Returned), Repaid: budget.Money(r.Repaid), Held: budget.Money(r.Held),
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

func (h AdvanceHold) model() advances.Hold {
	return advances.Hold{ID: h.ID, DocBusinessID: h.DocBusinessID, DocType: h.DocType, AdvanceID: h.AdvanceID, Kind: h.Kind, Item: h.Item,
		List: h.List, Row: h.Row, Effect: h.Effect, Amount: budget.Money(h.Amount), State: h.State, At: h.At}
}

// Advances implements advances.Store.
func (s *Store) Advances(ctx context.Context, ids []string) (map[string][]advances.Advance, error) {
	out := map[string][]advances.Advance{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := advancesOf(s.db.WithContext(ctx), ids)
	for _, r := range rows {
		out[r.BusinessID] = append(out[r.BusinessID], r)
	}
	return out, err
}

// advancesOf are the advances of documents ids, by document and line.
func advancesOf(db *gorm.DB, ids []string) ([]advances.Advance, error) {
	var rows []Advance
	if err := db.Where("business_id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load advances: %w", err)
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.BusinessID != b.BusinessID {
			return a.BusinessID < b.BusinessID
		}
		if len(a.Item) != len(b.Item) {
			return len(a.Item) < len(b.Item)
		}
		return a.Item < b.Item
	})
	out := make([]advances.Advance, len(rows))
	for i, r := range rows {
		out[i] = r.model()
	}
	return out, nil
}

// Find implements advances.Store.
func (s *Store) Find(ctx context.Context, f advances.Filter) ([]advances.Advance, error) {
	found, err := s.found.Get(f, func() ([]advances.Advance, error) { return s.find(ctx, f) })
	return slices.Clone(found), err
}

func (s *Store) find(ctx context.Context, f advances.Filter) ([]advances.Advance, error) {
	q := s.db.WithContext(ctx).Where("applicant = ?", f.Applicant)
	if f.Kind != "" {
		q = q.Where("kind = ?", f.Kind)
	}
	switch f.Status {
	case advances.StatusOpen:
		q = q.Where(outstanding + " > 0 OR held > 0")
	case advances.StatusClosed:
		q = q.Where(outstanding + " <= 0 AND held = 0")
	}
	var rows []Advance
	if err := q.Order("created_at DESC, business_id DESC, item").Limit(1000).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list advances: %w", err)
	}
	out := make([]advances.Advance, len(rows))
	for i, r := range rows {
		out[i] = r.model()
	}
	return out, nil
}

// Movements implements advances.Store.
func (s *Store) Movements(ctx context.Context, businessID string) ([]advances.Movement, error) {
	var rows []AdvanceMovement
	if err := s.db.WithContext(ctx).Where("advance_id = ?", businessID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load movements: %w", err)
	}
	out := make([]advances.Movement, len(rows))
	for i, r := range rows {
		out[i] = advances.Movement{ID: r.ID, AdvanceID: r.AdvanceID, Item: r.Item, DocBusinessID: r.DocBusinessID, DocType: r.DocType, Action: r.Action,
			Amount: budget.Money(r.Amount), By: r.By, At: r.At}
	}
	return out, nil
}

// PendingHolds implements advances.Store.
func (s *Store) PendingHolds(ctx context.Context, docBusinessID string) ([]advances.Hold, error) {
	holds, err := s.holds.Get(docBusinessID, func() ([]advances.Hold, error) { return pendingHolds(s.db.WithContext(ctx), docBusinessID) })
	return slices.Clone(holds), err
}

func pendingHolds(db *gorm.DB, docBusinessID string) ([]advances.Hold, error) {
	var rows []AdvanceHold
	if err := db.Where("doc_business_id = ? AND state = ?", docBusinessID, advances.HoldPending).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load holds: %w", err)
	}
	out := make([]advances.Hold, len(rows))
	for i, r := range rows {
		out[i] = r.model()
	}
	return out, nil
}

// Tx is advances.Tx on a transaction begun by the caller (the approval's).
type Tx struct{ db *gorm.DB }

// TxOn is advances.Tx on tx, so that what it writes commits with the
// caller's other writes.
func TxOn(tx *gorm.DB) advances.Tx { return Tx{db: tx} }

var _ advances.Tx = Tx{}

// Advances implements advances.Tx.
func (t Tx) Advances(businessID string) ([]advances.Advance, error) {
	return advancesOf(t.db, []string{businessID})
}

// CreateAdvance implements advances.Tx.
func (t Tx) CreateAdvance(a advances.Advance) (bool, error) {
	row := Advance{BusinessID: a.BusinessID, Item: a.Item, DocType: a.DocType, Kind: a.Kind, Applicant: a.Applicant, CompanyCode: a.CompanyCode,
		Currency: a.Currency, Description: a.Description, Amount: int64(a.Amount), PaidOut: int64(a.PaidOut), CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
	res := t.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return false, fmt.Errorf("create advance: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// AddHold implements advances.Tx: one conditional UPDATE, so that of
// concurrent holds each sees what the others left (PostgreSQL re-reads the
// row it waited for; SQLite has one writer).
func (t Tx) AddHold(h *advances.Hold) (bool, error) {
	res := t.db.Model(&Advance{}).Where("business_id = ? AND item = ? AND "+outstanding+" >= ?", h.AdvanceID, h.Item, int64(h.Amount)).
		Updates(map[string]any{"held": gorm.Expr("held + ?", int64(h.Amount)), "updated_at": h.At})
	if res.Error != nil {
		return false, fmt.Errorf("hold advance: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return false, nil
	}
	row := AdvanceHold{DocBusinessID: h.DocBusinessID, DocType: h.DocType, AdvanceID: h.AdvanceID, Kind: h.Kind, Item: h.Item, List: h.List,
		Row: h.Row, Effect: h.Effect, Amount: int64(h.Amount), State: h.State, At: h.At, UpdatedAt: h.At}
	if err := t.db.Create(&row).Error; err != nil {
		return false, fmt.Errorf("store hold: %w", err)
	}
	h.ID = row.ID
	return true, nil
}

// PendingHolds implements advances.Tx.
func (t Tx) PendingHolds(docBusinessID string) ([]advances.Hold, error) {
	return pendingHolds(t.db, docBusinessID)
}

// effectColumns are the advance's columns of each effect.
var effectColumns = map[string]string{
	advances.EffectWriteOff: "written_off",
	advances.EffectRepay:    "repaid",
	advances.EffectReturn:   "returned",
}

// SettleHold implements advances.Tx.
func (t Tx) SettleHold(h advances.Hold, at time.Time) (bool, error) {
	col, ok := effectColumns[h.Effect]
	if !ok {
		return false, fmt.Errorf("hold %d has no effect %q", h.ID, h.Effect)
	}
	return t.endHold(h, advances.HoldSettled, map[string]any{"held": gorm.Expr("held - ?", int64(h.Amount)),
		col: gorm.Expr(col+" + ?", int64(h.Amount)), "updated_at": at}, at)
}

// ReleaseHold implements advances.Tx.
func (t Tx) ReleaseHold(h advances.Hold, at time.Time) (bool, error) {
	return t.endHold(h, advances.HoldReleased, map[string]any{"held": gorm.Expr("held - ?", int64(h.Amount)), "updated_at": at}, at)
}

// endHold moves a pending hold to state and its advance by change, only
// if the hold is still pending.
func (t Tx) endHold(h advances.Hold, state string, change map[string]any, at time.Time) (bool, error) {
	res := t.db.Model(&AdvanceHold{}).Where("id = ? AND state = ?", h.ID, advances.HoldPending).
		Updates(map[string]any{"state": state, "updated_at": at})
	if res.Error != nil {
		return false, fmt.Errorf("end hold: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return false, nil
	}
	if err := t.db.Model(&Advance{}).Where("business_id = ? AND item = ?", h.AdvanceID, h.Item).Updates(change).Error; err != nil {
		return false, fmt.Errorf("book hold: %w", err)
	}
	return true, nil
}

// AddMovement implements advances.Tx.
func (t Tx) AddMovement(m advances.Movement) error {
	row := AdvanceMovement{AdvanceID: m.AdvanceID, Item: m.Item, DocBusinessID: m.DocBusinessID, DocType: m.DocType, Action: m.Action, Amount: int64(m.Amount), By: m.By, At: m.At}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("store movement: %w", err)
	}
	return nil
}
