package pushlogdb_test

import (
	"context"
	"testing"
	"time"

	"formwork/adapters/sqldb/pushlogdb"
	"formwork/adapters/sqldb/sqldbtest"
	"formwork/outbound"

	"gorm.io/gorm"
)

func TestPushLogFilters(t *testing.T) {
	sqldbtest.ForEachDB(t, pushlogdb.Models(), func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		p := outbound.NewPushLog(pushlogdb.NewStore(db), nil)
		at := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
		for i, c := range []outbound.Call{
			{System: "accounting", URL: "http://acc/accounting/post", Method: "POST", Status: "E", BusinessID: "EX0200001", Try: 1},
			{System: "accounting", URL: "http://acc/accounting/post", Method: "POST", Status: "S", BusinessID: "EX0200001", Try: 2},
			{System: "tax", URL: "http://tax/itax/push", Method: "POST", Status: "S", BusinessID: "EX0300002", Try: 1},
		} {
			c.At = at.Add(time.Duration(i) * time.Minute)
			if err := p.Store().Record(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		cases := []struct {
			f    outbound.Filter
			want int64
		}{
			{outbound.Filter{}, 3},
			{outbound.Filter{System: "accounting"}, 2},
			{outbound.Filter{Status: "E"}, 1},
			{outbound.Filter{URL: "itax"}, 1},
			{outbound.Filter{BusinessID: "EX02"}, 2},
			{outbound.Filter{From: at.Add(time.Minute)}, 2},
		}
		for _, tc := range cases {
			rows, n, err := p.List(ctx, tc.f)
			if err != nil || n != tc.want || int64(len(rows)) != tc.want {
				t.Errorf("%+v: %d rows (%d) err %v, want %d", tc.f, len(rows), n, err, tc.want)
			}
		}
		rows, _, _ := p.List(ctx, outbound.Filter{})
		if rows[0].System != "tax" {
			t.Errorf("newest first: %+v", rows[0])
		}
		if _, err := p.Report(ctx, outbound.Call{Method: "post"}, "u"); err == nil {
			t.Error("a report without url must be refused")
		}
	})
}
