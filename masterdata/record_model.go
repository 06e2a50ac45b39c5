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
	Zh string `yaml:"zh,omitempty" json:"zh,omitempty"`
	En string `yaml:"en,omitempty" json:"en,omitempty"`
	Th string `yaml:"th,omitempty" json:"th,omitempty"`
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
	Code     string `yaml:"code,omitempty" json:"code,omitempty"`
	Name     Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Currency string `yaml:"currency,omitempty" json:"currency,omitempty"`
}

// Company is a legal entity of the group (companyCode); it posts to one set
// of books.
type Company struct {
	Code     string `yaml:"code,omitempty" json:"code,omitempty"`
	Name     Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Sob      string `yaml:"sob,omitempty" json:"sob,omitempty"`
	Currency string `yaml:"currency,omitempty" json:"currency,omitempty"`
	TaxNo    string `yaml:"taxNo,omitempty" json:"taxNo,omitempty"`
	City     string `yaml:"city,omitempty" json:"city,omitempty"`
}

// Department is an organisational unit of a company, possibly under another
// one; CostCenter is the cost centre its people book to by default.
type Department struct {
	Code       string `yaml:"code,omitempty" json:"code,omitempty"`
	Name       Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Company    string `yaml:"company,omitempty" json:"company,omitempty"`
	Parent     string `yaml:"parent,omitempty" json:"parent,omitempty"`
	CostCenter string `yaml:"costCenter,omitempty" json:"costCenter,omitempty"`
}

// CostCenter is a cost centre of a company, owned by a department and
// settled to a profit centre.
type CostCenter struct {
	Code         string `yaml:"code,omitempty" json:"code,omitempty"`
	Name         Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Company      string `yaml:"company,omitempty" json:"company,omitempty"`
	Department   string `yaml:"department,omitempty" json:"department,omitempty"`
	ProfitCenter string `yaml:"profitCenter,omitempty" json:"profitCenter,omitempty"`
}

// ProfitCenter is a profit centre of a company.
type ProfitCenter struct {
	Code    string `yaml:"code,omitempty" json:"code,omitempty"`
	Name    Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Company string `yaml:"company,omitempty" json:"company,omitempty"`
}

// BusinessRange is a business range (业务范围, the head's bizRang) of a
// company.
type BusinessRange struct {
	Code    string `yaml:"code,omitempty" json:"code,omitempty"`
	Name    Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Company string `yaml:"company,omitempty" json:"company,omitempty"`
}

// Employee is a person of the group, whether or not they sign in: Username
// is the spec's uniquename (the login name when they sign in).
type Employee struct {
	EmpID      string `yaml:"empId,omitempty" json:"empId,omitempty"`
	EmpNo      string `yaml:"empNo,omitempty" json:"empNo,omitempty"`
	Name       Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Username   string `yaml:"username,omitempty" json:"username,omitempty"`
	Company    string `yaml:"company,omitempty" json:"company,omitempty"`
	Department string `yaml:"department,omitempty" json:"department,omitempty"`
	CostCenter string `yaml:"costCenter,omitempty" json:"costCenter,omitempty"`
	Position   string `yaml:"position,omitempty" json:"position,omitempty"`
	Phone      string `yaml:"phone,omitempty" json:"phone,omitempty"`
	Email      string `yaml:"email,omitempty" json:"email,omitempty"`
	Status     string `yaml:"status,omitempty" json:"status,omitempty"` // EmployeeActive or EmployeeLeft
	// Rank is the employee's rank (职级, an employeeRank record): what
	// travel and hospitality standards go by.
	Rank string `yaml:"rank,omitempty" json:"rank,omitempty"`
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
	Code        string `yaml:"code,omitempty" json:"code,omitempty"`
	Name        Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Company     string `yaml:"company,omitempty" json:"company,omitempty"`
	TaxNo       string `yaml:"taxNo,omitempty" json:"taxNo,omitempty"`
	Bank        string `yaml:"bank,omitempty" json:"bank,omitempty"`
	Account     string `yaml:"account,omitempty" json:"account,omitempty"`
	AccountName string `yaml:"accountName,omitempty" json:"accountName,omitempty"`
}

// Vendor is a supplier, with the account it is paid to by default and
// its payee accounts (documents.md 3: vendor, bank, cnaps, account,
// accountName, bvtyp).
type Vendor struct {
	BusinessPartner `yaml:",inline"`
	Accounts        []PayeeAccount `yaml:"accounts,omitempty" json:"accounts,omitempty"`
}

// PayeeAccount is an account a vendor is paid to: Bank the bank's code
// (102 ...), Cnaps the branch (a bank record), BvTyp the partner bank type
// that tells the vendor's accounts apart in the accounting system (0001 ...).
type PayeeAccount struct {
	Bank        string `yaml:"bank,omitempty" json:"bank,omitempty"`
	Cnaps       string `yaml:"cnaps,omitempty" json:"cnaps,omitempty"`
	Account     string `yaml:"account,omitempty" json:"account,omitempty"`
	AccountName string `yaml:"accountName,omitempty" json:"accountName,omitempty"`
	BvTyp       string `yaml:"bvtyp,omitempty" json:"bvtyp,omitempty"`
}

// Customer is a buyer, with the account it pays from.
type Customer struct {
	BusinessPartner `yaml:",inline"`
}

// Bank is a bank branch, named by its CNAPS code (联行号, 12 digits: the
// bank's 3-digit code, a 4-digit city code, the branch and a check digit).
type Bank struct {
	Cnaps    string `yaml:"cnaps,omitempty" json:"cnaps,omitempty"`
	Name     Name   `yaml:"name,omitempty" json:"name,omitzero"`
	BankCode string `yaml:"bankCode,omitempty" json:"bankCode,omitempty"`
	BankName Name   `yaml:"bankName,omitempty" json:"bankName,omitzero"`
	City     string `yaml:"city,omitempty" json:"city,omitempty"`
}

// Project is a project costs are booked to. NoProjectCode is reserved for
// the dictionary's no-project entry.
type Project struct {
	Code    string `yaml:"code,omitempty" json:"code,omitempty"`
	Name    Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Company string `yaml:"company,omitempty" json:"company,omitempty"`
	Status  string `yaml:"status,omitempty" json:"status,omitempty"` // ProjectOpen or ProjectClosed
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
	Code    string `yaml:"code,omitempty" json:"code"`
	Name    Name   `yaml:"name,omitempty" json:"name,omitzero"`
	Level   int    `yaml:"level,omitempty" json:"level"`
	Parent  string `yaml:"parent,omitempty" json:"parent,omitempty"`
	Company string `yaml:"company,omitempty" json:"company,omitempty"`
}

// DictionaryEntry names a code of one dictionary that is no master-data
// kind (the document-type tree's families and modules, budget accounts,
// employee levels, ...) in each language: a record of type dictionary,
// keyed by dicId/code.
type DictionaryEntry struct {
	DicID string `yaml:"dicId,omitempty" json:"dicId"`
	Code  string `yaml:"code,omitempty" json:"code"`
	Name  Name   `yaml:"name,omitempty" json:"name,omitzero"`
}
