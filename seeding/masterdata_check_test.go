package seeding_test

import (
	"fmt"
	"strings"
	"testing"

	"formwork/masterdata"
	"formwork/seeding"
)

// group is a small consistent set of master data.
func group() *seeding.MasterRecords {
	return &seeding.MasterRecords{
		SetsOfBooks: []masterdata.SetOfBooks{{Code: "1000", Name: masterdata.Name{Zh: "集团账套", En: "Group ledger"}}},
		Companies: []masterdata.Company{{Code: "1000", Name: masterdata.Name{Zh: "集团总部", En: "Group headquarters", Th: "สำนักงานใหญ่กลุ่ม"}, Sob: "1000"},
			{Code: "2000", Name: masterdata.Name{Zh: "分公司", En: "Branch"}, Sob: "1000"}},
		Departments:   []masterdata.Department{{Code: "D1", Name: masterdata.Name{Zh: "销售部"}, Company: "1000", CostCenter: "CC1"}},
		CostCenters:   []masterdata.CostCenter{{Code: "CC1", Name: masterdata.Name{Zh: "成本中心"}, Company: "1000", Department: "D1"}},
		Employees:     []masterdata.Employee{{EmpID: "E1", Name: masterdata.Name{Zh: "张三", En: "Zhang San"}, Username: " Employee01 ", Company: "1000", Department: "D1"}},
		Banks:         []masterdata.Bank{{Cnaps: "102290000011", Name: masterdata.Name{Zh: "工行上海"}, BankCode: "102", BankName: masterdata.Name{Zh: "工商银行"}}},
		Vendors:       []masterdata.Vendor{{BusinessPartner: masterdata.BusinessPartner{Code: "V1", Name: masterdata.Name{Zh: "供应商"}, Bank: "102290000011"}}},
		Projects:      []masterdata.Project{{Code: "P1", Name: masterdata.Name{Zh: "项目"}, Company: "1000"}},
		NamedCodes:    []masterdata.DictionaryEntry{{DicID: "docFamily", Code: "ap", Name: masterdata.Name{Zh: "应付", En: "Payables"}}},
		ProfitCenters: nil,
		SpecialAccounts: []masterdata.SpecialAccount{{Code: "RD", Name: masterdata.Name{Zh: "研发"}, Level: 1, Company: "1000"},
			{Code: "RD01", Name: masterdata.Name{Zh: "研发一"}, Level: 2, Parent: "RD", Company: "1000"}},
	}
}

func TestRecordsProblems(t *testing.T) {
	r := group()
	if p := r.Problems(); len(p) != 0 {
		t.Fatalf("a consistent group has problems: %v", p)
	}
	if e := r.Employees[0]; e.Username != "employee01" || e.Status != masterdata.EmployeeActive || r.Projects[0].Status != masterdata.ProjectOpen {
		t.Errorf("normalised: username %q, status %q, project status %q", e.Username, e.Status, r.Projects[0].Status)
	}
	for name, c := range map[string]struct {
		edit func(r *seeding.MasterRecords)
		want string
	}{
		"an unknown set of books": {func(r *seeding.MasterRecords) { r.Companies[1].Sob = "9" }, "company 2000: set of books 9 is not in the master data"},
		"a code used twice":       {func(r *seeding.MasterRecords) { r.Companies[1].Code = "1000" }, "company 1000: the code is used twice"},
		"a code with spaces":      {func(r *seeding.MasterRecords) { r.Projects[0].Code = " P1" }, `project " P1": the code is empty or has spaces around it`},
		"no Chinese name":         {func(r *seeding.MasterRecords) { r.Departments[0].Name = masterdata.Name{En: "Sales"} }, "department D1: the name needs zh"},
		"another company's cost centre": {func(r *seeding.MasterRecords) {
			r.Employees[0].Company, r.Employees[0].Department, r.Employees[0].CostCenter = "2000", "", "CC1"
		}, "employee E1: cost centre CC1 belongs to company 1000, not 2000"},
		"a username twice": {func(r *seeding.MasterRecords) {
			r.Employees = append(r.Employees, masterdata.Employee{EmpID: "E2", Name: masterdata.Name{Zh: "李四"}, Username: "EMPLOYEE01", Company: "1000"})
		}, "employee E2: username employee01 is another employee's"},
		"an unknown status":         {func(r *seeding.MasterRecords) { r.Employees[0].Status = "9" }, `employee E1: status must be one of 1, 0, not "9"`},
		"a project without company": {func(r *seeding.MasterRecords) { r.Projects[0].Company = "" }, "project P1: the company is missing"},
		"a code with a slash":       {func(r *seeding.MasterRecords) { r.Projects[0].Code = "P/1" }, `project "P/1": the code is empty`},
		"a CNAPS code too short":    {func(r *seeding.MasterRecords) { r.Banks[0].Cnaps = "10229" }, "bank 10229: a CNAPS code is 12 digits"},
		"a level-2 code without its level-1 code": {func(r *seeding.MasterRecords) { r.SpecialAccounts[1].Parent = "XX" },
			`special account code RD01: a level-2 code is under a level-1 code, not "XX"`},
		"a level-2 code of another company": {func(r *seeding.MasterRecords) { r.SpecialAccounts[1].Company = "2000" },
			"special account code RD01: a level-2 code belongs to the companies of its level-1 code RD"},
		"a level 3": {func(r *seeding.MasterRecords) { r.SpecialAccounts[1].Level = 3 }, "special account code RD01: the level is 1 (without a parent) or 2, not 3"},
		"a named code of a master-data kind": {func(r *seeding.MasterRecords) { r.NamedCodes[0].DicID = "company" },
			"dictionaries.company: company is a master-data dictionary"},
	} {
		t.Run(name, func(t *testing.T) {
			r := group()
			c.edit(r)
			err := r.Problems().Err("master data")
			if err == nil || !strings.HasPrefix(err.Error(), "master data: ") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
	many := seeding.Problems{"b", "a", "c"}.Err("seeds")
	if many == nil || many.Error() != "seeds: 3 problems:\n  a\n  b\n  c" {
		t.Errorf("three problems: %v", many)
	}
	var lots seeding.Problems
	for i := range 25 {
		lots = append(lots, fmt.Sprintf("p%02d", i))
	}
	if err := lots.Err("seeds").Error(); !strings.HasSuffix(err, "\n  p19\n  (and 5 more)") {
		t.Errorf("25 problems: %s", err)
	}
}
