package sqldb

import (
	"context"
	"fmt"
	"slices"

	"formwork/adapters/sqldb/freshness"
	"formwork/masterdata"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// MasterDataStore keeps the master records in the generic tables
// (masterdata.Store).
type MasterDataStore struct {
	db *gorm.DB
	// the revisions of every type, kept while this process writes none
	// (freshness: another process's write shows within freshness.TTL)
	revisions *freshness.Cache[struct{}, map[string]int64]
}

// NewMasterDataStore is the master-data store on an opened, migrated
// database.
func NewMasterDataStore(db *gorm.DB) *MasterDataStore {
	return &MasterDataStore{db: db, revisions: freshness.NewCache[struct{}, map[string]int64](db, freshness.TTL, 1, "master_revisions")}
}

var _ masterdata.Store = (*MasterDataStore)(nil)

func (s *MasterDataStore) Revisions(ctx context.Context, types []string, revs []int64) error {
	byType, err := revisionsOf(s.db.WithContext(ctx).Where("type_code IN ?", types))
	for i, t := range types {
		revs[i] = byType[t]
	}
	return err
}

// AllRevisions answers the revision of every type written (one query: a
// request reads them once, revisionmemo; the process keeps them while it
// writes none). The answer is shared: read, never change.
func (s *MasterDataStore) AllRevisions(ctx context.Context) (map[string]int64, error) {
	return s.revisions.Get(struct{}{}, func() (map[string]int64, error) { return revisionsOf(s.db.WithContext(ctx)) })
}

// revisionsOf reads the revisions db selects, by type.
func revisionsOf(db *gorm.DB) (map[string]int64, error) {
	var rows []MasterRevisionRow
	if err := db.Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.Type] = r.Revision
	}
	return out, nil
}

// Records reads the revision first: a write between the two reads leaves
// the records newer than the revision, never older, and the next read
// loads them again.
func (s *MasterDataStore) Records(ctx context.Context, typ string) (int64, []masterdata.Record, error) {
	revision := []int64{0}
	if err := s.Revisions(ctx, []string{typ}, revision); err != nil {
		return 0, nil, err
	}
	var rows []MasterRecordRow
	if err := s.db.WithContext(ctx).Where("type_code = ?", typ).Order("record_key").Find(&rows).Error; err != nil {
		return 0, nil, err
	}
	out := make([]masterdata.Record, len(rows))
	for i, row := range rows {
		var err error
		if out[i], err = row.record(); err != nil {
			return 0, nil, err
		}
	}
	return revision[0], out, nil
}

func (s *MasterDataStore) Events(ctx context.Context, q masterdata.EventQuery) (int64, []masterdata.Event, error) {
	db := s.db.WithContext(ctx).Model(&MasterEventRow{})
	if q.Type != "" {
		db = db.Where("type_code = ?", q.Type)
	}
	if q.Key != "" {
		db = db.Where("record_key = ?", q.Key)
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []MasterEventRow
	if err := db.Order("id DESC").Offset((q.Page - 1) * q.PageSize).Limit(q.PageSize).Find(&rows).Error; err != nil {
		return 0, nil, err
	}
	out := make([]masterdata.Event, len(rows))
	for i, row := range rows {
		out[i] = row.event()
	}
	return total, out, nil
}

// InTx runs fn in one database transaction.
func (s *MasterDataStore) InTx(ctx context.Context, fn func(tx masterdata.Tx) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return fn(masterDataTx{tx}) })
}

// masterDataTx is the writes of a transaction (masterdata.Tx).
type masterDataTx struct{ db *gorm.DB }

// MasterDataTxOn is masterdata.Tx on a transaction begun by the caller (an
// approval's: ApprovalDB), for writes of master records the server keeps
// (a contract's paid amount) that commit with the caller's.
func MasterDataTxOn(tx *gorm.DB) masterdata.Tx { return masterDataTx{db: tx} }

func (t masterDataTx) Record(typ, key string) (*masterdata.Record, error) {
	var rows []MasterRecordRow
	if err := t.db.Where("type_code = ? AND record_key = ?", typ, key).Limit(1).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	r, err := rows[0].record()
	return &r, err
}

// Insert writes in batches; a key the table has is skipped by the
// database (ON CONFLICT DO NOTHING), seen in the count of rows written.
func (t masterDataTx) Insert(records []masterdata.Record) error {
	if len(records) == 0 {
		return nil
	}
	rows := make([]MasterRecordRow, len(records))
	var types []string
	for i, r := range records {
		row, err := masterRecordRow(r)
		if err != nil {
			return err
		}
		rows[i] = row
		if !slices.Contains(types, r.Type) {
			types = append(types, r.Type)
		}
	}
	res := t.db.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 200)
	switch {
	case res.Error != nil:
		return res.Error
	case res.RowsAffected != int64(len(rows)):
		return masterdata.ErrExists
	}
	return t.touch(types...)
}

func (t masterDataTx) Update(r masterdata.Record, version int64) (bool, error) {
	row, err := masterRecordRow(r)
	if err != nil {
		return false, err
	}
	res := t.db.Model(&MasterRecordRow{}).Where("type_code = ? AND record_key = ? AND version = ?", r.Type, r.Key, version).
		Updates(map[string]any{"company": row.Company, "active": row.Active, "valid_from": row.ValidFrom, "valid_to": row.ValidTo,
			"body": row.Body, "version": row.Version, "updated_at": row.UpdatedAt, "updated_by": row.UpdatedBy})
	if res.Error != nil || res.RowsAffected == 0 {
		return false, res.Error
	}
	return true, t.touch(r.Type)
}

func (t masterDataTx) AddEvents(events []masterdata.Event) error {
	if len(events) == 0 {
		return nil
	}
	rows := make([]MasterEventRow, len(events))
	for i, e := range events {
		rows[i] = masterEventRow(e)
	}
	return t.db.CreateInBatches(rows, 200).Error
}

// touch moves the revision of each type.
func (t masterDataTx) touch(types ...string) error {
	for _, typ := range types {
		err := t.db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "type_code"}},
			DoUpdates: clause.Assignments(map[string]any{"revision": gorm.Expr("master_revisions.revision + 1")})}).
			Create(&MasterRevisionRow{Type: typ, Revision: 1}).Error
		if err != nil {
			return fmt.Errorf("move the revision of %s: %w", typ, err)
		}
	}
	return nil
}
