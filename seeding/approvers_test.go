package seeding_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/adapters/sqldb"
	"formwork/process"
	"formwork/seeding"

	sqlite "github.com/libtnb/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

func approverService(t *testing.T) (*process.Service, *sqldb.ProcessStore) {
	t.Helper()
	db, err := gorm.Open(sqlite.Open(filepath.Join(t.TempDir(), "seed.db")), &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AutoMigrate(sqldb.ProcessModels()...); err != nil {
		t.Fatal(err)
	}
	store := sqldb.NewProcessStore(db)
	return process.NewService(store, process.Deps{}), store
}

func TestApproversSeed(t *testing.T) {
	svc, store := approverService(t)
	ctx := context.Background()
	seeds := fstest.MapFS{"approvers.yaml": {Data: []byte(`approvers:
  - {companyCode: "1000", minAmount: "0", maxAmount: "10000.00", task1Approver: Manager01, task2Approver: finance01}
  - {companyCode: "2000", task2Approver: admin}
`)}}
	n, err := seeding.Approvers(ctx, seeds, svc)
	if err != nil || n != 2 {
		t.Fatalf("seeded %d rows (%v), want 2", n, err)
	}
	rows, err := store.ApproverConfigs(ctx, true)
	if err != nil || len(rows) != 2 {
		t.Fatalf("stored %d rows in force (%v)", len(rows), err)
	}
	if r := rows[0]; r.Task1Approver != "manager01" || r.MinAmount.StringFixed(2) != "0.00" || r.MaxAmount.StringFixed(2) != "10000.00" || r.UpdateBy != "seed" {
		t.Errorf("first row %+v", r)
	}
	if r := rows[1]; r.MinAmount != nil || r.MaxAmount != nil || r.Task1Approver != "" {
		t.Errorf("second row %+v", r)
	}
	if n, err := seeding.Approvers(ctx, seeds, svc); err != nil || n != 0 {
		t.Errorf("a second start seeded %d (%v), want nothing", n, err)
	}
	if n, err := seeding.Approvers(ctx, fstest.MapFS{}, svc); err != nil || n != 0 {
		t.Errorf("no approvers.yaml: %d %v", n, err)
	}
}

func TestBrokenApproversSeed(t *testing.T) {
	for name, c := range map[string]struct{ yaml, want string }{
		"an amount that is none":  {`approvers: [{companyCode: "1000", minAmount: "ten", task1Approver: a}]`, `entry 1: "ten" is not an amount`},
		"a third decimal":         {`approvers: [{task1Approver: a}, {maxAmount: "1.005", task1Approver: b}]`, "entry 2: maxAmount: maxAmount has more than 2 decimals"},
		"no approver":             {`approvers: [{companyCode: "1000"}]`, "entry 1: task1Approver: name at least one approver"},
		"a maximum below the min": {`approvers: [{minAmount: "5", maxAmount: "4", task1Approver: a}]`, "maxAmount 4.00 is below minAmount 5.00"},
		"a misspelt key":          {`approvers: [{task1Aprover: a}]`, "field task1Aprover not found"},
	} {
		t.Run(name, func(t *testing.T) {
			svc, store := approverService(t)
			_, err := seeding.Approvers(context.Background(), fstest.MapFS{"approvers.yaml": {Data: []byte(c.yaml)}}, svc)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "approvers.yaml") {
				t.Errorf("%v, want an error naming approvers.yaml and %q", err, c.want)
			}
			if rows, _ := store.ApproverConfigs(context.Background(), false); len(rows) != 0 {
				t.Errorf("a broken seed wrote %d rows", len(rows))
			}
		})
	}
}
