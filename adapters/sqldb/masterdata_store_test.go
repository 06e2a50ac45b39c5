package sqldb_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/masterdata"

	"gorm.io/gorm"
)

// The generic master-data store on SQLite and PostgreSQL: records round
// trip with exact numbers, keys are exact, a write moves its type's
// revision, a stale update writes nothing, a duplicate key or a failing
// transaction leaves nothing behind, events come newest first.

func record(typ, key, company string, body map[string]any) masterdata.Record {
	body["code"] = key
	if company != "" {
		body["company"] = company
	}
	return masterdata.Record{Type: typ, Key: key, Company: company, Active: true, Body: body, Version: 1,
		UpdatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), UpdatedBy: "admin"}
}

func TestMasterDataStore(t *testing.T) {
	sqldbtest.ForEachDB(t, sqldb.MasterDataModels(), func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		store := sqldb.NewMasterDataStore(db)
		insert := func(records ...masterdata.Record) error {
			return store.InTx(ctx, func(tx masterdata.Tx) error { return tx.Insert(records) })
		}
		dept := record("department", "IT01", "1000", map[string]any{"name": map[string]any{"zh": "信息技术部", "en": "IT"}})
		rate := record("exchangeRate", "USD/2026-01-02", "", map[string]any{"rate": json.Number("7.123456789012345678")})
		rate.ValidFrom, rate.ValidTo = "2026-01-02", "2026-01-02"
		if err := insert(dept, rate, record("department", "it01", "1000", map[string]any{})); err != nil {
			t.Fatal(err)
		}
		revs := make([]int64, 3)
		err := store.Revisions(ctx, []string{"department", "exchangeRate", "vendor"}, revs)
		if err != nil || !slices.Equal(revs, []int64{1, 1, 0}) {
			t.Errorf("revisions after one insert of each: %v (%v)", revs, err)
		}
		rev, got, err := store.Records(ctx, "department")
		if err != nil || rev != 1 || len(got) != 2 || got[0].Key != "IT01" || got[1].Key != "it01" {
			t.Fatalf("departments at revision %d: %+v (%v)", rev, got, err)
		}
		if g := got[0]; g.Company != "1000" || !g.Active || g.Version != 1 || g.UpdatedBy != "admin" ||
			!g.UpdatedAt.Equal(dept.UpdatedAt) || g.Body["name"].(map[string]any)["en"] != "IT" {
			t.Errorf("IT01 read back: %+v", g)
		}
		_, rates, _ := store.Records(ctx, "exchangeRate")
		if len(rates) != 1 || rates[0].Body["rate"] != json.Number("7.123456789012345678") || rates[0].ValidTo != "2026-01-02" {
			t.Errorf("the rate read back: %+v", rates)
		}

		// a key the store has: nothing of the batch is written
		if err := insert(record("department", "HR01", "1000", map[string]any{}), dept); !errors.Is(err, masterdata.ErrExists) {
			t.Errorf("inserting IT01 again: %v, want ErrExists", err)
		}
		if _, got, _ := store.Records(ctx, "department"); len(got) != 2 {
			t.Errorf("the failed batch wrote %d departments, want 2", len(got))
		}

		// optimistic update
		changed := dept
		changed.Active, changed.Version = false, 2
		var done, staleDone bool
		err = store.InTx(ctx, func(tx masterdata.Tx) error {
			var err error
			if done, err = tx.Update(changed, 1); err != nil {
				return err
			}
			staleDone, err = tx.Update(changed, 1)
			return err
		})
		if err != nil || !done || staleDone {
			t.Errorf("update at version 1: %v, again at version 1: %v (%v)", done, staleDone, err)
		}
		if rec := readOne(t, store, "department", "IT01"); rec == nil || rec.Active || rec.Version != 2 {
			t.Errorf("IT01 after the update: %+v", rec)
		}
		if store.Revisions(ctx, []string{"department"}, revs[:1]); revs[0] != 2 {
			t.Errorf("the update did not move the revision: %v", revs)
		}

		// events, newest first
		err = store.InTx(ctx, func(tx masterdata.Tx) error {
			return tx.AddEvents([]masterdata.Event{
				{Type: "department", Key: "IT01", Action: masterdata.ActionCreate, By: "admin", At: dept.UpdatedAt, After: json.RawMessage(`{"a":1}`)},
				{Type: "department", Key: "IT01", Action: masterdata.ActionDeactivate, By: "admin", At: dept.UpdatedAt},
				{Type: "exchangeRate", Key: "USD/2026-01-02", Action: masterdata.ActionImport, By: "seeds", At: dept.UpdatedAt}})
		})
		if err != nil {
			t.Fatal(err)
		}
		total, events, err := store.Events(ctx, masterdata.EventQuery{Type: "department", Key: "IT01", Page: 1, PageSize: 1})
		if err != nil || total != 2 || len(events) != 1 || events[0].Action != masterdata.ActionDeactivate || events[0].Before != nil {
			t.Errorf("the first page of IT01's events: %d %+v (%v)", total, events, err)
		}
		if total, _, _ := store.Events(ctx, masterdata.EventQuery{Page: 1, PageSize: 10}); total != 3 {
			t.Errorf("every event: %d, want 3", total)
		}

		// a transaction that fails leaves nothing behind
		boom := errors.New("boom")
		err = store.InTx(ctx, func(tx masterdata.Tx) error {
			if err := tx.Insert([]masterdata.Record{record("vendor", "V1", "", map[string]any{})}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) || readOne(t, store, "vendor", "V1") != nil {
			t.Errorf("a failed transaction: %v, vendor V1 %+v", err, readOne(t, store, "vendor", "V1"))
		}
	})
}

func readOne(t *testing.T, store *sqldb.MasterDataStore, typ, key string) *masterdata.Record {
	t.Helper()
	var out *masterdata.Record
	err := store.InTx(context.Background(), func(tx masterdata.Tx) error {
		var err error
		out, err = tx.Record(typ, key)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
