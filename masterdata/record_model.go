// Package masterdata is the group's master data: the organisation (sets of
// books, companies, departments, cost and profit centres, business ranges),
// its people and partners (employees, vendors, customers, banks), projects,
// special account codes and the named codes of the other dictionaries.
//
// Codes are unique within a kind across the whole group, so that a code
// alone names a record (the documents carry codes only). The master data is
// read by the search helps, the dictionaries and the print view, and loaded
// in one go by Import (the seeds).
package masterdata

import "formwork/engine"

// Name is a record's name in each language; Chinese is required.
type Name struct {
	Zh string `yaml:"zh"`
	En string `yaml:"en"`
	Th string `yaml:"th"`
}

// Text is the name as an engine.Text (languages without a name left out).
func (n Name) Text() engine.Text {
	t := make(engine.Text, 3)
	for lang, s := range map[string]string{"zh": n.Zh, "en": n.En, "th": n.Th} {
		if s != "" || lang == "zh" {
			t[lang] = s
		}
	}
	return t
}

// In is the name in lang, falling back as engine.Text does.
func (n Name) In(lang string) string { return n.Text().In(lang) }

// SetOfBooks is a set of books (账套, sob): the ledger a company posts to,
// and what picks a catalogue edition (schemas/_editions.yaml).
type SetOfBooks struct {
	Code     string `yaml:"code"`
	Name     Name   `yaml:"name"`
	Currency string `yaml:"currency"`
}

// Company is a legal entity of the group (companyCode); it posts to one set
// of books.
type Company struct {
	Code     string `yaml:"code"`
	Name     Name   `yaml:"name"`
	Sob      string `yaml:"sob"`
	Currency string `yaml:"currency"`
	TaxNo    string `yaml:"taxNo"`
	City     string `yaml:"city"`
}

// Department is an organisational unit of a company, possibly under another
// one; CostCenter is the cost centre its people book to by default.
type Department struct {
	Code       string `yaml:"code"`
	Name       Name   `yaml:"name"`
	Company    string `yaml:"company"`
	Parent     string `yaml:"parent"`
	CostCenter string `yaml:"costCenter"`
}

// CostCenter is a cost centre of a company, owned by a department and
// settled to a profit centre.
type CostCenter struct {
	Code         string `yaml:"code"`
	Name         Name   `yaml:"name"`
	Company      string `yaml:"company"`
	Department   string `yaml:"department"`
	ProfitCenter string `yaml:"profitCenter"`
}

// ProfitCenter is a profit centre of a company.
type ProfitCenter struct {
	Code    string `yaml:"code"`
	Name    Name   `yaml:"name"`
	Company string `yaml:"company"`
}

// BusinessRange is a business range (业务范围, the head's bizRang) of a
// company.
type BusinessRange struct {
	Code    string `yaml:"code"`
	Name    Name   `yaml:"name"`
	Company string `yaml:"company"`
}

// Employee is a person of the group, whether or not they sign in: Username
// is the spec's uniquename (the login name when they sign in).
type Employee struct {
	EmpID      string `yaml:"empId"`
	EmpNo      string `yaml:"empNo"`
	Name       Name   `yaml:"name"`
	Username   string `yaml:"username"`
	Company    string `yaml:"company"`
	Department string `yaml:"department"`
	CostCenter string `yaml:"costCenter"`
	Position   string `yaml:"position"`
	Phone      string `yaml:"phone"`
	Email      string `yaml:"email"`
	Status     string `yaml:"status"` // EmployeeActive or EmployeeLeft
}

// Employee statuses: search helps offer only active employees, dictionaries
// name everyone.
const (
	EmployeeActive = "1"
	EmployeeLeft   = "0"
)

// BusinessPartner is what vendors and customers share: a code, a name, the
// company that deals with them (empty: every company of the group), the tax
// number and the account (Bank is the branch's CNAPS code).
type BusinessPartner struct {
	Code        string `yaml:"code"`
	Name        Name   `yaml:"name"`
	Company     string `yaml:"company"`
	TaxNo       string `yaml:"taxNo"`
	Bank        string `yaml:"bank"`
	Account     string `yaml:"account"`
	AccountName string `yaml:"accountName"`
}

// Vendor is a supplier, with the account it is paid to.
type Vendor struct {
	BusinessPartner `yaml:",inline"`
}

// Customer is a buyer, with the account it pays from.
type Customer struct {
	BusinessPartner `yaml:",inline"`
}

// Bank is a bank branch, named by its CNAPS code (联行号, 12 digits: the
// bank's 3-digit code, a 4-digit city code, the branch and a check digit).
type Bank struct {
	Cnaps    string `yaml:"cnaps"`
	Name     Name   `yaml:"name"`
	BankCode string `yaml:"bankCode"`
	BankName Name   `yaml:"bankName"`
	City     string `yaml:"city"`
}

// Project is a project costs are booked to. NoProjectCode is reserved for
// the dictionary's no-project entry.
type Project struct {
	Code    string `yaml:"code"`
	Name    Name   `yaml:"name"`
	Company string `yaml:"company"`
	Status  string `yaml:"status"` // ProjectOpen or ProjectClosed
}

// Project statuses: an open project takes costs.
const (
	ProjectOpen   = "1"
	ProjectClosed = "0"
)

// NoProjectCode is the key of the no-project entry the project dictionary
// starts with (documents.md 7); no project has it.
const NoProjectCode = "0"

// NoProject names the no-project entry.
var NoProject = engine.Text{"zh": "无项目", "en": "No project", "th": "ไม่มีโครงการ"}

// SpecialAccount is a special account code (专项科目): level 1
// (specAccCode1) or level 2 under a level-1 code (specAccCode2). Company
// empty: every company uses it.
type SpecialAccount struct {
	Code    string
	Name    Name
	Level   int
	Parent  string
	Company string
}

// DictionaryEntry names a code of one dictionary that is no master-data
// kind (the document-type tree's families and modules, budget accounts,
// employee levels, ...) in each language.
type DictionaryEntry struct {
	DicID string
	Code  string
	Zh    string
	En    string
	Th    string
}

// Text is the entry's name as an engine.Text.
func (e DictionaryEntry) Text() engine.Text {
	return Name{Zh: e.Zh, En: e.En, Th: e.Th}.Text()
}
