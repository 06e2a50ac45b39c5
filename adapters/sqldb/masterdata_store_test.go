package sqldb_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formwork/adapters/sqldb"
	"formwork/masterdata"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// The master-data store on SQLite and on PostgreSQL (127.0.0.1:5432, trust
// auth, database test, or FORMWORK_TEST_PG; skipped when unreachable,
// except under CI=true).

func forEachDB(t *testing.T, body func(t *testing.T, db *gorm.DB)) {
	t.Run("sqlite", func(t *testing.T) {
		db, err := gorm.Open(sqlite.Open(filepath.Join(t.TempDir(), "t.db")), &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)})
		if err != nil {
			t.Fatal(err)
		}
		migrated(t, db)
		body(t, db)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := os.Getenv("FORMWORK_TEST_PG")
		if dsn == "" {
			dsn = "host=127.0.0.1 port=5432 user=postgres dbname=test sslmode=disable connect_timeout=5"
		}
		admin, err := gorm.Open(postgres.Open(dsn), &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)})
		if err == nil {
			err = admin.Exec("SELECT 1").Error
		}
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("PostgreSQL is unreachable: %v", err)
			}
			t.Skipf("PostgreSQL is unreachable: %v", err)
		}
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		schema := "fw_" + hex.EncodeToString(b)
		if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { admin.Exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE") })
		db, err := gorm.Open(postgres.Open(dsn+" search_path="+schema), &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)})
		if err != nil {
			t.Fatal(err)
		}
		migrated(t, db)
		body(t, db)
		if sqlDB, err := db.DB(); err == nil {
			sqlDB.Close()
		}
	})
}

func migrated(t *testing.T, db *gorm.DB) {
	t.Helper()
	if err := db.AutoMigrate(sqldb.MasterDataModels()...); err != nil {
		t.Fatal(err)
	}
}

func name(zh string) masterdata.Name { return masterdata.Name{Zh: zh, En: zh + " en", Th: zh + " th"} }

// records has one record of every kind, with names that make LIKE's
// wildcards appear in searches.
func records() *masterdata.Records {
	return &masterdata.Records{
		SetsOfBooks:    []masterdata.SetOfBooks{{Code: "1000", Name: name("账套")}},
		Companies:      []masterdata.Company{{Code: "1000", Name: name("公司"), Sob: "1000"}, {Code: "2000", Name: name("分公司"), Sob: "1000"}},
		Departments:    []masterdata.Department{{Code: "D1", Name: name("部门"), Company: "1000"}},
		CostCenters:    []masterdata.CostCenter{{Code: "CC1", Name: name("成本中心"), Company: "1000"}},
		ProfitCenters:  []masterdata.ProfitCenter{{Code: "PC1", Name: name("利润中心"), Company: "1000"}},
		BusinessRanges: []masterdata.BusinessRange{{Code: "BR1", Name: name("业务范围"), Company: "1000"}},
		Employees: []masterdata.Employee{
			{EmpID: "E1", Name: masterdata.Name{Zh: "张三", En: "Zhang 100% San"}, Username: "employee01", Company: "1000", Department: "D1"},
			{EmpID: "E2", Name: masterdata.Name{Zh: "李四", En: "Li 1000 Si"}, Username: "manager01", Company: "1000"},
			{EmpID: "E3", Name: masterdata.Name{Zh: "王五", En: "Wang_Wu"}, Username: "left01", Company: "2000", Status: masterdata.EmployeeLeft},
			{EmpID: "E4", Name: masterdata.Name{Zh: "赵六", En: "WangXWu"}, Company: "2000"}},
		Vendors:   []masterdata.Vendor{{BusinessPartner: masterdata.BusinessPartner{Code: "V1", Name: name("供应商"), Bank: "102290000011"}}},
		Customers: []masterdata.Customer{{BusinessPartner: masterdata.BusinessPartner{Code: "C1", Name: name("客户")}}},
		Banks:     []masterdata.Bank{{Cnaps: "102290000011", Name: name("支行"), BankCode: "102", BankName: name("银行")}},
		Projects:  []masterdata.Project{{Code: "P1", Name: name("项目"), Company: "1000"}},
		SpecialAccounts: []masterdata.SpecialAccount{{Code: "RD", Name: name("研发"), Level: 1, Company: "1000"},
			{Code: "RD01", Name: name("研发一"), Level: 2, Parent: "RD", Company: "1000"},
			{Code: "GEN", Name: name("通用"), Level: 1}, {Code: "OTH", Name: name("其他公司"), Level: 1, Company: "2000"}},
		NamedCodes: []masterdata.DictionaryEntry{{DicID: "docFamily", Code: "ap", Zh: "应付", En: "Payables"},
			{DicID: "empLevel", Code: "P3", Zh: "专员"}},
	}
}

func TestMasterDataStore(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		store := sqldb.NewMasterDataStore(db)
		md := masterdata.NewService(store)
		if _, err := md.Import(ctx, records()); err != nil {
			t.Fatal(err)
		}
		for _, k := range masterdata.Kinds {
			code := map[masterdata.Kind]string{masterdata.KindEmployee: "E1", masterdata.KindBank: "102290000011",
				masterdata.KindSpecialAccount: "RD", masterdata.KindSubAccount: "RD01", masterdata.KindVendor: "V1",
				masterdata.KindCustomer: "C1", masterdata.KindDepartment: "D1", masterdata.KindCostCenter: "CC1",
				masterdata.KindProfitCenter: "PC1", masterdata.KindBusinessRange: "BR1", masterdata.KindProject: "P1"}[k]
			if code == "" {
				code = "1000"
			}
			n, err := md.CodeName(ctx, string(k), code)
			if err != nil || n.In("th") == "" || n.In("zh") == "" {
				t.Errorf("the name of %s %s: %v (%v)", k, code, n, err)
			}
			if none, err := md.CodeName(ctx, string(k), "nosuch"); err != nil || none != nil {
				t.Errorf("the name of %s nosuch: %v (%v)", k, none, err)
			}
		}
		search := func(f masterdata.EmployeeFilter) string {
			f.Limit = 50
			list, err := store.SearchEmployees(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, e := range list {
				ids = append(ids, e.EmpID)
			}
			return strings.Join(ids, " ")
		}
		for f, want := range map[masterdata.EmployeeFilter]string{
			{}:                      "E1 E2 E4", // active only, by employee id
			{Text: "100%"}:          "E1",       // % is no wildcard
			{Text: "wang_wu"}:       "",         // nor _ (and E3 has left)
			{Text: "WANGX"}:         "E4",       // case ignored
			{Text: "张"}:             "E1",
			{Company: "2000"}:       "E4",
			{Department: "D1"}:      "E1",
			{Username: "manager01"}: "E2",
		} {
			if got := search(f); got != want {
				t.Errorf("employees %+v: %q, want %q", f, got, want)
			}
		}
		one, _ := store.SearchEmployees(ctx, masterdata.EmployeeFilter{Limit: 1})
		if len(one) != 1 || one[0].EmpID != "E1" {
			t.Errorf("at most 1: %+v", one)
		}
		accounts, err := store.SearchSpecialAccounts(ctx, masterdata.SpecialAccountFilter{Level: 1, Company: "1000", Limit: 50})
		if err != nil || len(accounts) != 2 || accounts[0].Code != "GEN" || accounts[1].Code != "RD" {
			t.Errorf("level 1 of company 1000 and of every company: %+v (%v)", accounts, err)
		}
		subs, err := store.SearchSpecialAccounts(ctx, masterdata.SpecialAccountFilter{Level: 2, Parent: "RD", Text: "一 EN", Limit: 50})
		if err != nil || len(subs) != 1 || subs[0].Code != "RD01" {
			t.Errorf("level 2 under RD: %+v (%v)", subs, err)
		}
		if e, err := store.EmployeeByUsername(ctx, "employee01"); err != nil || e == nil || e.Name.En != "Zhang 100% San" {
			t.Errorf("employee01: %+v (%v)", e, err)
		}
		if cos, err := store.CompaniesOf(ctx, []string{"2000", "9"}); err != nil || len(cos) != 1 || cos[0].Code != "2000" {
			t.Errorf("companies of 2000 and 9: %+v (%v)", cos, err)
		}
		if named, err := store.NamedCodes(ctx); err != nil || len(named) != 2 || named[0].DicID != "docFamily" {
			t.Errorf("every named code: %+v (%v)", named, err)
		}
		// a write that fails leaves nothing behind
		if _, err := md.Import(ctx, &masterdata.Records{SetsOfBooks: []masterdata.SetOfBooks{{Code: "3000", Name: name("新账套")}},
			Companies: []masterdata.Company{{Code: "1000", Name: name("重复"), Sob: "3000"}}}); err == nil {
			t.Fatal("importing a company code the store has: no error")
		}
		if sob, err := store.SetOfBooks(ctx, "3000"); err != nil || sob != nil {
			t.Errorf("the failed import wrote set of books 3000: %+v (%v)", sob, err)
		}
	})
}
