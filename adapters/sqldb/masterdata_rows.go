package sqldb

import (
	"encoding/json"
	"fmt"
	"time"

	"formwork/masterdata"
)

// The master-data tables: every type's records in one generic table (the
// body as JSON text), an audit event per change, and a revision per type
// that moves with every write of the type (what the service's in-memory
// snapshots are checked against).

// MasterRecordRow is a master record of any type; (type, key) is unique.
type MasterRecordRow struct {
	Type      string    `gorm:"column:type_code;primaryKey;size:40;index:idx_master_records_company,priority:1"`
	Key       string    `gorm:"column:record_key;primaryKey;size:200"`
	Company   string    `gorm:"size:20;not null;index:idx_master_records_company,priority:2"`
	Active    bool      `gorm:"not null"`
	ValidFrom string    `gorm:"size:10;not null"`
	ValidTo   string    `gorm:"size:10;not null"`
	Body      string    `gorm:"type:text;not null"`
	Version   int64     `gorm:"not null"`
	UpdatedAt time.Time `gorm:"autoUpdateTime:false;not null"`
	UpdatedBy string    `gorm:"size:64;not null"`
}

func (MasterRecordRow) TableName() string { return "master_records" }

// MasterEventRow is an audit event of a master record.
type MasterEventRow struct {
	ID     int64     `gorm:"primaryKey;autoIncrement"`
	Type   string    `gorm:"column:type_code;size:40;not null;index:idx_master_events_record,priority:1"`
	Key    string    `gorm:"column:record_key;size:200;not null;index:idx_master_events_record,priority:2"`
	Action string    `gorm:"size:20;not null"`
	By     string    `gorm:"column:done_by;size:64;not null"`
	At     time.Time `gorm:"column:done_at;not null"`
	Before string    `gorm:"type:text"`
	After  string    `gorm:"type:text"`
}

func (MasterEventRow) TableName() string { return "master_events" }

// MasterRevisionRow is the revision of a type's records.
type MasterRevisionRow struct {
	Type     string `gorm:"column:type_code;primaryKey;size:40"`
	Revision int64  `gorm:"not null"`
}

func (MasterRevisionRow) TableName() string { return "master_revisions" }

// MasterDataModels are the master-data row types, for the migration.
func MasterDataModels() []any {
	return []any{&MasterRecordRow{}, &MasterEventRow{}, &MasterRevisionRow{}}
}

func masterRecordRow(r masterdata.Record) (MasterRecordRow, error) {
	body, err := json.Marshal(r.Body)
	if err != nil {
		return MasterRecordRow{}, fmt.Errorf("%s %s: %w", r.Type, r.Key, err)
	}
	return MasterRecordRow{Type: r.Type, Key: r.Key, Company: r.Company, Active: r.Active, ValidFrom: r.ValidFrom,
		ValidTo: r.ValidTo, Body: string(body), Version: r.Version, UpdatedAt: r.UpdatedAt.UTC(), UpdatedBy: r.UpdatedBy}, nil
}

func (row MasterRecordRow) record() (masterdata.Record, error) {
	body, err := masterdata.ParseBody([]byte(row.Body))
	if err != nil {
		return masterdata.Record{}, fmt.Errorf("the body of %s %s: %w", row.Type, row.Key, err)
	}
	return masterdata.Record{Type: row.Type, Key: row.Key, Company: row.Company, Active: row.Active, ValidFrom: row.ValidFrom,
		ValidTo: row.ValidTo, Body: body, Version: row.Version, UpdatedAt: row.UpdatedAt, UpdatedBy: row.UpdatedBy}, nil
}

func masterEventRow(e masterdata.Event) MasterEventRow {
	return MasterEventRow{Type: e.Type, Key: e.Key, Action: e.Action, By: e.By, At: e.At.UTC(), Before: string(e.Before), After: string(e.After)}
}

func (row MasterEventRow) event() masterdata.Event {
	e := masterdata.Event{ID: row.ID, Type: row.Type, Key: row.Key, Action: row.Action, By: row.By, At: row.At}
	if row.Before != "" {
		e.Before = json.RawMessage(row.Before)
	}
	if row.After != "" {
		e.After = json.RawMessage(row.After)
	}
	return e
}
