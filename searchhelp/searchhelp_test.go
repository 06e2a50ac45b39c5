package searchhelp_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"formwork/engine"
	"formwork/masterdata"
	"formwork/masterdata/masterdatatest"
	"formwork/searchhelp"
	"formwork/seeding"
)

var repo struct {
	once sync.Once
	cat  *engine.Catalogue
	err  error
}

// fixedCatalogue is the repository's catalogue, loaded once.
type fixedCatalogue struct{ cat *engine.Catalogue }

func (f fixedCatalogue) Catalogue() *engine.Catalogue { return f.cat }

func catalogue(t *testing.T) searchhelp.Catalogues {
	t.Helper()
	repo.once.Do(func() { repo.cat, repo.err = engine.Load(os.DirFS("..")) })
	if repo.err != nil {
		t.Fatal(repo.err)
	}
	return fixedCatalogue{repo.cat}
}

// oneOfEach is master data with a record of every kind and employees
// employees of company 1000.
func oneOfEach(employees int) seeding.MasterRecords {
	n := func(zh string) masterdata.Name { return masterdata.Name{Zh: zh, En: zh + " (en)"} }
	r := seeding.MasterRecords{
		SetsOfBooks:    []masterdata.SetOfBooks{{Code: "1000", Name: n("账套")}},
		Companies:      []masterdata.Company{{Code: "1000", Name: n("公司"), Sob: "1000"}},
		Departments:    []masterdata.Department{{Code: "D1", Name: n("部门"), Company: "1000"}},
		CostCenters:    []masterdata.CostCenter{{Code: "CC1", Name: n("成本中心"), Company: "1000"}},
		ProfitCenters:  []masterdata.ProfitCenter{{Code: "PC1", Name: n("利润中心"), Company: "1000"}},
		BusinessRanges: []masterdata.BusinessRange{{Code: "BR1", Name: n("业务范围"), Company: "1000"}},
		Vendors:        []masterdata.Vendor{{BusinessPartner: masterdata.BusinessPartner{Code: "V1", Name: n("供应商"), Bank: "102290000011"}}},
		Customers:      []masterdata.Customer{{BusinessPartner: masterdata.BusinessPartner{Code: "C1", Name: n("客户")}}},
		Banks:          []masterdata.Bank{{Cnaps: "102290000011", Name: n("支行"), BankCode: "102", BankName: n("银行")}},
		Projects:       []masterdata.Project{{Code: "P1", Name: n("项目"), Company: "1000", Status: masterdata.ProjectOpen}},
		SpecialAccounts: []masterdata.SpecialAccount{{Code: "RD", Name: n("研发"), Level: 1},
			{Code: "RD01", Name: n("研发一"), Level: 2, Parent: "RD"}},
		NamedCodes: []masterdata.DictionaryEntry{{DicID: "empLevel", Code: "P3", Name: masterdata.Name{Zh: "专员", En: "Specialist"}}},
	}
	for i := range employees {
		r.Employees = append(r.Employees, masterdata.Employee{EmpID: fmt.Sprintf("E%04d", i), Name: n(fmt.Sprintf("员工%d", i)),
			Username: fmt.Sprintf("user%04d", i),
			Company:  "1000", Department: "D1", Status: masterdata.EmployeeActive})
	}
	return r
}

func service(t *testing.T, r seeding.MasterRecords) *searchhelp.Service {
	return searchhelp.NewService(seeded(t, r, masterdata.Config{}), catalogue(t))
}

// seeded is a master-data service over an in-memory store holding r.
func seeded(t *testing.T, r seeding.MasterRecords, cfg masterdata.Config) *masterdata.Service {
	t.Helper()
	md := masterdata.NewService(masterdatatest.NewStore(), cfg)
	if _, err := seeding.LoadMasterRecords(context.Background(), md, &r, "test"); err != nil {
		t.Fatal(err)
	}
	return md
}

// Every master-data kind is a dictionary of its records; a named code is a
// dictionary of its own, an unknown id an empty one.
func TestEveryKindIsADictionary(t *testing.T) {
	s := service(t, oneOfEach(1))
	ids := []string{"empLevel", "noSuchDictionary", "yesNo"}
	for _, k := range masterdata.Kinds {
		ids = append(ids, string(k))
	}
	got, err := s.Dictionaries(context.Background(), ids, "en")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"sob": "1000", "company": "1000", "department": "D1", "costCenter": "CC1", "profitCenter": "PC1",
		"bizRang": "BR1", "employee": "E0000", "vendor": "V1", "customer": "C1", "bank": "102290000011", "project": "0 P1",
		"specAccCode1": "RD", "specAccCode2": "RD01", "empLevel": "P3", "noSuchDictionary": "", "yesNo": "Y N"}
	for id, keys := range want {
		var list []string
		for _, o := range got[id] {
			list = append(list, o.Key)
		}
		if strings.Join(list, " ") != keys {
			t.Errorf("dictionary %s: %v, want %s", id, list, keys)
		}
	}
	if v := got["vendor"][0]; v.Value != "供应商 (en)" || v.Attrs[2] != "支行 (en)" {
		t.Errorf("a vendor in English, with its bank's name: %+v", v)
	}
}

// Dictionaries are answered whole (the spec pages neither /rest/dic/list nor
// /rest/dic/children); a search help answers at most SearchLimit.
func TestDictionariesAreWhole(t *testing.T) {
	ctx := context.Background()
	s := service(t, oneOfEach(3*searchhelp.SearchLimit))
	dic, err := s.Dictionaries(ctx, []string{"employee"}, "zh")
	if err != nil || len(dic["employee"]) != 3*searchhelp.SearchLimit {
		t.Errorf("the employee dictionary: %d options (%v), want all %d", len(dic["employee"]), err, 3*searchhelp.SearchLimit)
	}
	found, err := s.Employees(ctx, searchhelp.EmployeeQuery{CompanyCode: "1000"}, "zh")
	if err != nil || len(found) != searchhelp.SearchLimit || found[0].Key != "E0000" {
		t.Errorf("the employee search help: %d options (%v), want the first %d", len(found), err, searchhelp.SearchLimit)
	}
}

func TestRefusals(t *testing.T) {
	ctx := context.Background()
	s := service(t, oneOfEach(1))
	long := strings.Repeat("x", searchhelp.MaxDictionaryIDLength+1)
	many := make([]string, searchhelp.MaxDictionaryIDs+1)
	_, missing := s.SobBusinessTypes(ctx, searchhelp.SobBusinessTypeQuery{Level: 2, DocTypeCode: "EX02"}, "zh")
	_, unknownSob := s.SobBusinessTypes(ctx, searchhelp.SobBusinessTypeQuery{Level: 1, DocTypeCode: "EX02", Sob: "9999"}, "zh")
	_, unknownType := s.DocType(ctx, searchhelp.DocTypeQuery{DocType: "XX9"}, "zh")
	_, tooLong := s.Companions(ctx, searchhelp.CompanionQuery{SearchTxt: strings.Repeat("张", searchhelp.MaxSearchText+1)}, "zh")
	_, notLevel1 := s.SubAccounts(ctx, "RD01", "", "zh")
	for _, c := range []struct {
		err        error
		code, path string
		zh, en, th string
	}{
		{missing, engine.EINVALID, "businessTypeCode1", "businessTypeCode1: 不能为空", "businessTypeCode1: is required", "businessTypeCode1: จำเป็นต้องระบุ"},
		{unknownSob, engine.EINVALID, "sob", "sob: 9999不存在", "sob: there is no 9999", "sob: ไม่มี 9999"},
		{unknownType, engine.ENOTFOUND, "docType", "docType: 单据类型XX9不存在", "docType: there is no document type XX9", "docType: ไม่มีประเภทเอกสาร XX9"},
		{tooLong, engine.EINVALID, "searchTxt", "searchTxt: 搜索文本最多100个字符", "searchTxt: search text has at most 100 characters",
			"searchTxt: ข้อความค้นหายาวได้ไม่เกิน 100 ตัวอักษร"},
		{notLevel1, engine.EINVALID, "specAccCode1", "specAccCode1: RD01不存在", "specAccCode1: there is no RD01", "specAccCode1: ไม่มี RD01"},
		{searchhelp.CheckDictionaryIDs(many), engine.EINVALID, "", "一次最多查询100个字典", "ask for at most 100 dictionaries at once",
			"ขอพจนานุกรมได้ครั้งละไม่เกิน 100 รายการ"},
		{searchhelp.CheckDictionaryIDs([]string{"company", long}), engine.EINVALID, "[1]", "[1]: 字典编号最多60个字符",
			"[1]: a dictionary id has at most 60 characters", "[1]: รหัสพจนานุกรมยาวได้ไม่เกิน 60 ตัวอักษร"},
	} {
		e, ok := c.err.(*engine.Error)
		if !ok {
			t.Errorf("%v: want an *engine.Error", c.err)
			continue
		}
		if e.Code != c.code || e.Path != c.path || e.In("zh") != c.zh || e.In("en") != c.en || e.In("th") != c.th {
			t.Errorf("%s %q: %s | %s | %s\nwant %s %q: %s | %s | %s", e.Code, e.Path, e.In("zh"), e.In("en"), e.In("th"),
				c.code, c.path, c.zh, c.en, c.th)
		}
	}
	if err := searchhelp.CheckDictionaryIDs(make([]string, searchhelp.MaxDictionaryIDs)); err != nil {
		t.Errorf("%d ids: %v", searchhelp.MaxDictionaryIDs, err)
	}
}

// A master-data type of the catalogue that everyone may read is a
// dictionary of its active records; one that is not open to everyone is
// none.
func TestMasterDataTypeIsADictionary(t *testing.T) {
	types := []*masterdata.Type{
		{Code: "city", Keys: []string{"code"}, Display: "name", Read: []string{masterdata.AnyRole}},
		{Code: "salaryGrade", Keys: []string{"code"}, Display: "name", Read: []string{"admin"}},
	}
	r := oneOfEach(1)
	r.Others = map[string][]map[string]any{
		"city":        {{"code": "SH", "name": map[string]any{"zh": "上海", "en": "Shanghai"}}, {"code": "BJ", "name": map[string]any{"zh": "北京"}}},
		"salaryGrade": {{"code": "G1", "name": map[string]any{"zh": "一级"}}},
	}
	md := seeded(t, r, masterdata.Config{Types: func() []*masterdata.Type { return types }})
	got, err := searchhelp.NewService(md, catalogue(t)).Dictionaries(context.Background(), []string{"city", "salaryGrade"}, "en")
	if err != nil || fmt.Sprint(got["city"]) != fmt.Sprint([]searchhelp.Option{searchhelp.Opt("BJ", "北京"), searchhelp.Opt("SH", "Shanghai")}) ||
		len(got["salaryGrade"]) != 0 {
		t.Errorf("dictionaries city and salaryGrade: %v (%v)", got, err)
	}
}

// The project dictionary starts with the no-project entry: the master
// data's record of code 0 when it has one, named and without attributes.
func TestNoProjectRecord(t *testing.T) {
	r := oneOfEach(1)
	r.Projects = append(r.Projects, masterdata.Project{Code: masterdata.NoProjectCode, Name: masterdata.Name{Zh: "不涉及项目"},
		Status: masterdata.ProjectOpen})
	got, err := service(t, r).Dictionaries(context.Background(), []string{"project"}, "zh")
	if err != nil || fmt.Sprint(got["project"]) != fmt.Sprint([]searchhelp.Option{searchhelp.Opt("0", "不涉及项目"),
		searchhelp.Opt("P1", "项目", "1000", "1")}) {
		t.Errorf("the project dictionary: %v (%v)", got["project"], err)
	}
}
