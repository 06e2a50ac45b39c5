package masterdata_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"formwork/masterdata"
	"formwork/masterdata/masterdatatest"
	"formwork/seeding"

	"gorm.io/gorm"
)

func name(zh string) masterdata.Name { return masterdata.Name{Zh: zh, En: zh + " en", Th: zh + " th"} }

// records has one record of every kind, with names that make LIKE's
// wildcards appear in searches.
func records() *seeding.MasterRecords {
	return &seeding.MasterRecords{
		SetsOfBooks:    []masterdata.SetOfBooks{{Code: "1000", Name: name("账套")}},
		Companies:      []masterdata.Company{{Code: "1000", Name: name("公司"), Sob: "1000"}, {Code: "2000", Name: name("分公司"), Sob: "1000"}},
		Departments:    []masterdata.Department{{Code: "D1", Name: name("部门"), Company: "1000", CostCenter: "CC1"}},
		CostCenters:    []masterdata.CostCenter{{Code: "CC1", Name: name("成本中心"), Company: "1000"}},
		ProfitCenters:  []masterdata.ProfitCenter{{Code: "PC1", Name: name("利润中心"), Company: "1000"}},
		BusinessRanges: []masterdata.BusinessRange{{Code: "BR1", Name: name("业务范围"), Company: "1000"}},
		Employees: []masterdata.Employee{
			{EmpID: "E1", Name: masterdata.Name{Zh: "张三", En: "Zhang 100% San"}, Username: "employee01", Company: "1000", Department: "D1"},
			{EmpID: "E2", Name: masterdata.Name{Zh: "李四", En: "Li 1000 Si"}, Username: "manager01", Company: "1000", CostCenter: "CC1"},
			{EmpID: "E3", Name: masterdata.Name{Zh: "王五", En: "Wang_Wu"}, Username: "left01", Company: "2000", Status: masterdata.EmployeeLeft},
			{EmpID: "E4", Name: masterdata.Name{Zh: "赵六", En: "WangXWu"}, Username: "zhaoliu", Company: "2000"}},
		Vendors: []masterdata.Vendor{{BusinessPartner: masterdata.BusinessPartner{Code: "V1", Name: name("供应商"), Bank: "102290000011"},
			Accounts: []masterdata.PayeeAccount{{Bank: "102", Cnaps: "102290000011", Account: "6222", BvTyp: "0001"}}}},
		Customers: []masterdata.Customer{{BusinessPartner: masterdata.BusinessPartner{Code: "C1", Name: name("客户")}}},
		Banks:     []masterdata.Bank{{Cnaps: "102290000011", Name: name("支行"), BankCode: "102", BankName: name("银行")}},
		Projects:  []masterdata.Project{{Code: "0", Name: name("无项目")}, {Code: "P1", Name: name("项目"), Company: "1000"}},
		SpecialAccounts: []masterdata.SpecialAccount{{Code: "RD", Name: name("研发"), Level: 1, Company: "1000"},
			{Code: "RD01", Name: name("研发一"), Level: 2, Parent: "RD", Company: "1000"},
			{Code: "GEN", Name: name("通用"), Level: 1}, {Code: "OTH", Name: name("其他公司"), Level: 1, Company: "2000"}},
		NamedCodes: []masterdata.DictionaryEntry{{DicID: "docFamily", Code: "ap", Name: masterdata.Name{Zh: "应付", En: "Payables"}},
			{DicID: "empLevel", Code: "P3", Name: masterdata.Name{Zh: "专员"}}},
	}
}

// The typed views read the generic records, on both databases.
func TestTypedViews(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, _ *gorm.DB) {
		ctx := context.Background()
		if _, err := seeding.LoadMasterRecords(ctx, md, records(), "test"); err != nil {
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
			if err != nil || n.In("zh") == "" {
				t.Errorf("the name of %s %s: %v (%v)", k, code, n, err)
			}
			if none, err := md.CodeName(ctx, string(k), "nosuch"); err != nil || none != nil {
				t.Errorf("the name of %s nosuch: %v (%v)", k, none, err)
			}
		}
		search := func(f masterdata.EmployeeFilter) string {
			f.Limit = 50
			var ids []string
			for _, e := range must(md.SearchEmployees(ctx, f)) {
				ids = append(ids, e.EmpID)
			}
			return strings.Join(ids, " ")
		}
		for f, want := range map[masterdata.EmployeeFilter]string{
			{}:                      "E1 E2 E4", // with the group only, by employee id
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
		if one := must(md.SearchEmployees(ctx, masterdata.EmployeeFilter{Limit: 1})); len(one) != 1 || one[0].EmpID != "E1" {
			t.Errorf("at most 1: %+v", one)
		}
		accounts := must(md.SearchSpecialAccounts(ctx, masterdata.SpecialAccountFilter{Level: 1, Company: "1000", Limit: 50}))
		if len(accounts) != 2 || accounts[0].Code != "GEN" || accounts[1].Code != "RD" {
			t.Errorf("level 1 of company 1000 and of every company: %+v", accounts)
		}
		subs := must(md.SearchSpecialAccounts(ctx, masterdata.SpecialAccountFilter{Level: 2, Parent: "RD", Text: "一 EN", Limit: 50}))
		if len(subs) != 1 || subs[0].Code != "RD01" {
			t.Errorf("level 2 under RD: %+v", subs)
		}
		if v := must(md.Vendors(ctx)); len(v) != 1 || len(v[0].Accounts) != 1 || v[0].Accounts[0].BvTyp != "0001" {
			t.Errorf("the vendor with its payee accounts: %+v", v)
		}
		if cos := must(md.CompaniesOf(ctx, []string{"2000", "9"})); len(cos) != 1 || cos[0].Code != "2000" {
			t.Errorf("companies of 2000 and 9: %+v", cos)
		}
		if named := must(md.NamedCodes(ctx, "docFamily")); len(named) != 1 || named.Name("docFamily", "ap", "en") != "Payables" {
			t.Errorf("the named codes of docFamily: %+v", named)
		}
		// a code the seeds have already: nothing of the second seed is written
		again := &seeding.MasterRecords{SetsOfBooks: []masterdata.SetOfBooks{{Code: "3000", Name: name("新账套")}},
			Companies: []masterdata.Company{{Code: "1000", Name: name("重复"), Sob: "3000"}}}
		if _, err := seeding.LoadMasterRecords(ctx, md, again, "test"); err == nil {
			t.Fatal("seeding a company code the store has: no error")
		}
		if sob := must(md.SetOfBooks(ctx, "3000")); sob != nil {
			t.Errorf("the failed seed wrote set of books 3000: %+v", sob)
		}
	})
}

func TestPrefill(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, _ *gorm.DB) {
		ctx := context.Background()
		if _, err := seeding.LoadMasterRecords(ctx, md, records(), "test"); err != nil {
			t.Fatal(err)
		}
		for username, want := range map[string]string{
			"employee01": "{1000 1000 D1 CC1 BR1 employee01}", // the department's cost centre, the company's one business range
			"manager01":  "{1000 1000  CC1 BR1 manager01}",
			"left01":     "<nil>", // left the group
			"nobody":     "<nil>",
			"":           "<nil>",
		} {
			p := must(md.Prefill(ctx, username))
			got := "<nil>"
			if p != nil {
				got = fmt.Sprint(*p)
			}
			if got != want {
				t.Errorf("prefill of %q: %s, want %s", username, got, want)
			}
		}
	})
}

func TestNames(t *testing.T) {
	ctx := context.Background()
	types := testTypes()
	md := masterdata.NewService(masterdatatest.NewStore(), masterdata.Config{Types: func() []*masterdata.Type { return types }})
	if _, err := seeding.LoadMasterRecords(ctx, md, records(), "test"); err != nil {
		t.Fatal(err)
	}
	must(md.Deactivate(ctx, admin, "company", "2000", 1)) // still named: old documents name it
	for _, c := range []struct{ dic, code, lang, want string }{
		{"company", "1000", "th", "公司 th"},
		{"company", "2000", "en", "分公司 en"},
		{"employee", "E1", "en", "Zhang 100% San"},
		{"employee", "E3", "zh", "王五"}, // left the group, still named
		{"project", "0", "th", "无项目 th"},
		{"specAccCode2", "RD01", "zh", "研发一"},
		{"docFamily", "ap", "en", "Payables"},
		{"empLevel", "P3", "en", "专员"}, // engine.Text: Chinese first
		{"company", "9999", "en", ""},
		{"docFamily", "zz", "en", ""},
		{"company", "", "en", ""},
	} {
		got, err := md.CodeName(ctx, c.dic, c.code)
		if err != nil || got.In(c.lang) != c.want {
			t.Errorf("CodeName(%s, %s) in %s: %q (%v), want %q", c.dic, c.code, c.lang, got.In(c.lang), err, c.want)
		}
	}
	if n, err := md.PersonName(ctx, "employee01"); err != nil || n.In("en") != "Zhang 100% San" {
		t.Errorf("PersonName: %v %v", n, err)
	}
	d, err := md.Dictionary(ctx)
	if err != nil || d.Name("docFamily", "ap", "en") != "Payables" || d.Name("docFamily", "zz", "en") != "zz" ||
		d.Name("company", "1000", "en") != "公司 en" || d.Name("specAccCode1", "RD01", "zh") != "RD01" {
		t.Errorf("Dictionary: %v %v", d, err)
	}
	if empty, err := md.Empty(ctx); empty || err != nil {
		t.Errorf("empty %v (%v) after loading records", empty, err)
	}
}
