package wire_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"formwork/seeding"
	"formwork/tools/formwork/wire"

	"golang.org/x/crypto/bcrypt"
	"gopkg.in/yaml.v3"
	"gorm.io/gorm"
)

// The master data of seeds/masterdata: loaded once on an empty database,
// consistent with itself and with the demo identities of users.yaml; broken
// seeds are errors naming the record, and nothing is loaded.

func TestSeedLoadsMasterData(t *testing.T) {
	db := openSQLite(t)
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: db, PasswordCost: bcrypt.MinCost})
	seeds := os.DirFS(filepath.Join("..", "..", "..", "seeds"))
	got, err := srv.Seed(context.Background(), seeds)
	if err != nil {
		t.Fatal(err)
	}
	want := seeding.MasterDataCounts{SetsOfBooks: 3, Companies: 6, Departments: 33, CostCenters: 32, ProfitCenters: 8, BusinessRanges: 6,
		Employees: 200, Vendors: 301, Customers: 102, Banks: 56, Projects: 50, SpecialAccounts: 22, DictionaryEntries: 30,
		Others: map[string]int{"attachmentConfig": 3, "budgetAccount": 6, "budgetDept": 4, "budgetGroupRelation": 2, "budgetRule": 2, "budgetType": 3, "businessLine": 1, "city": 30, "cityType": 4, "commonDescription": 5, "costType": 30, "currency": 6, "employeeRank": 10,
			"exchangeRate": 2190, "glAccount": 42, "holiday": 57, "hospitalityStandard": 240, "invoiceType": 3, "postingKey": 12, "superBookingCard": 4, "travelStandard": 80,
			"wbsElement": 1}, Skipped: map[string]int{}}
	if !reflect.DeepEqual(got.MasterData, want) {
		t.Errorf("seeded %+v,\nwant %+v", got.MasterData, want)
	}
	if got.Identity.Users == 0 || got.Documents == 0 {
		t.Errorf("the identities and documents are seeded as before: %+v", got)
	}
	again, err := srv.Seed(context.Background(), seeds)
	if err != nil || again.MasterData.Total() != 0 {
		t.Errorf("a second start seeded %+v (%v), want nothing", again.MasterData, err)
	}

	// The demo users are employees: same id, company, department and cost centre.
	type person struct{ Username, EmpID, Company, Dept, CostCenter string }
	var users, employees []person
	db.Raw("SELECT username, emp_id, company_code AS company, dept_id AS dept, cost_center FROM users ORDER BY username").Scan(&users)
	for _, body := range masterBodies(t, db, "employee") {
		var e struct{ Username, EmpID, Company, Department, CostCenter string }
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			t.Fatal(err)
		}
		employees = append(employees, person{e.Username, e.EmpID, e.Company, e.Department, e.CostCenter})
	}
	byUsername := map[string]person{}
	for _, e := range employees {
		byUsername[e.Username] = e
	}
	for _, u := range users {
		if e, found := byUsername[u.Username]; !found || e != u {
			t.Errorf("user %+v: the employee is %+v", u, e)
		}
	}
	if len(users) != 4 {
		t.Errorf("%d demo users, want 4", len(users))
	}
}

// users.yaml names companies, departments and cost centres for the current
// user's Txt twins: the same names as the master data.
func TestUsersDictionaryAgreesWithMasterData(t *testing.T) {
	var ids struct {
		Dictionary map[string]map[string]map[string]string `yaml:"dictionary"`
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "seeds", "users.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &ids); err != nil {
		t.Fatal(err)
	}
	db := openSQLite(t)
	srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: db})
	if _, err := srv.SeedMasterData(context.Background(), os.DirFS(filepath.Join("..", "..", "..", "seeds"))); err != nil {
		t.Fatal(err)
	}
	for _, dic := range []string{"company", "department", "costCenter"} {
		named := map[string]map[string]string{}
		for _, body := range masterBodies(t, db, dic) {
			var r struct {
				Code string
				Name map[string]string
			}
			if err := json.Unmarshal([]byte(body), &r); err != nil {
				t.Fatal(err)
			}
			named[r.Code] = r.Name
		}
		for code, names := range ids.Dictionary[dic] {
			if got := named[code]; got == nil || got["zh"] != names["zh"] || got["en"] != names["en"] {
				t.Errorf("users.yaml names %s %s %s / %s; the master data: %+v", dic, code, names["zh"], names["en"], got)
			}
		}
	}
}

func TestBrokenMasterDataSeeds(t *testing.T) {
	org := `setsOfBooks: [{code: "1000", name: {zh: 账套, en: Ledger}}]
companies: [{code: "1000", name: {zh: 总部, en: HQ}, sob: "1000"}, {code: "2000", name: {zh: 分公司, en: Branch}, sob: "1000"}]
departments: [{code: D1, name: {zh: 部门, en: Dept}, company: "1000"}]
costCenters: [{code: CC1, name: {zh: 成本中心, en: CC}, company: "1000", department: D1}]
`
	for name, c := range map[string]struct{ yaml, want string }{
		"an unknown set of books": {
			`setsOfBooks: [{code: "1000", name: {zh: 账套}}]` + "\ncompanies: [{code: \"9\", name: {zh: 公司}, sob: \"2\"}]\n",
			"company 9: set of books 2 is not in the master data"},
		"a code used twice": {
			org + `profitCenters: [{code: P1, name: {zh: 利润中心}, company: "1000"}, {code: P1, name: {zh: 又一个}, company: "1000"}]`,
			"profit centre P1: the code is used twice"},
		"a department of an unknown company": {
			org + `businessRanges: [{code: B1, name: {zh: 业务范围}, company: "3000"}]`,
			"business range B1: company 3000 is not in the master data"},
		"an employee's cost centre of another company": {
			org + `employees: [{empId: E1, name: {zh: 张三}, company: "2000", costCenter: CC1}]`,
			"employee E1: cost centre CC1 belongs to company 1000, not 2000"},
		"a missing Chinese name": {
			org + `projects: [{code: P1, name: {en: Project}, company: "1000"}]`,
			"project P1: the name needs zh"},
		"a CNAPS code of another shape": {
			`banks: [{cnaps: "10229", name: {zh: 支行}, bankCode: "102", bankName: {zh: 工行}}]`,
			"bank 10229: a CNAPS code is 12 digits"},
		"a vendor's unknown bank": {
			`vendors: [{code: V1, name: {zh: 供应商}, bank: "102290000011"}]`,
			"vendor V1: bank 102290000011 is not in the master data"},
		"a misspelt key": {
			org + `employees: [{empid: E1, name: {zh: 张三}, company: "1000"}]`,
			"field empid not found"},
		"a named code that is a master-data dictionary": {
			"dictionaries: {company: {\"1000\": {zh: 总部}}}",
			"dictionaries.company: company is a master-data dictionary"},
	} {
		t.Run(name, func(t *testing.T) {
			db := openSQLite(t)
			srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: db})
			_, err := srv.SeedMasterData(context.Background(), fstest.MapFS{"masterdata/broken.yaml": {Data: []byte(c.yaml)}})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			var n int64
			db.Table("master_records").Count(&n)
			if n != 0 {
				t.Errorf("%d records loaded from broken seeds, want none", n)
			}
		})
	}
	t.Run("no masterdata folder: nothing to load", func(t *testing.T) {
		srv := wire.New(wire.Config{Catalogue: repositoryCatalogue(t), DB: openSQLite(t)})
		got, err := srv.SeedMasterData(context.Background(), fstest.MapFS{"users.yaml": {Data: []byte("users: []")}})
		if err != nil || got.Total() != 0 {
			t.Errorf("seeded %+v (%v), want nothing", got, err)
		}
	})
}

// masterBodies are the JSON bodies of the master records of a type.
func masterBodies(t *testing.T, db *gorm.DB, typ string) []string {
	t.Helper()
	var bodies []string
	if err := db.Table("master_records").Where("type_code = ?", typ).Pluck("body", &bodies).Error; err != nil {
		t.Fatal(err)
	}
	return bodies
}
