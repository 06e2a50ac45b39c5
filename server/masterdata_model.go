package server

import "formwork/engine"

// Master data: the organisation (sets of books, companies, departments, cost
// and profit centres, business ranges), its people and its partners (vendors,
// customers, banks), projects and special account codes. It is loaded from
// seeds/masterdata on an empty database (SeedMasterData) and read by the
// search helps and dictionaries; handlers never name a record themselves.
//
// Codes are unique within a kind across the whole group, so that a code
// alone names a record (the documents carry codes only).

// masterName is a record's name in each language; Chinese is required.
type masterName struct {
	Zh string `gorm:"size:200;not null" yaml:"zh"`
	En string `gorm:"size:200" yaml:"en"`
	Th string `gorm:"size:200" yaml:"th"`
}

// In is the name in lang, falling back as engine.Text does.
func (n masterName) In(lang string) string {
	return engine.Text{"zh": n.Zh, "en": n.En, "th": n.Th}.In(lang)
}

// SetOfBooks is a set of books (账套, sob): the ledger a company posts to,
// and what picks a catalogue edition (schemas/_editions.yaml).
type SetOfBooks struct {
	Code     string     `gorm:"primaryKey;size:20" yaml:"code"`
	Name     masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Currency string     `gorm:"size:3" yaml:"currency"`
}

func (SetOfBooks) TableName() string { return "master_sets_of_books" }

// Company is a legal entity of the group (companyCode); it posts to one set
// of books.
type Company struct {
	Code     string     `gorm:"primaryKey;size:20" yaml:"code"`
	Name     masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Sob      string     `gorm:"size:20;not null;index" yaml:"sob"`
	Currency string     `gorm:"size:3" yaml:"currency"`
	TaxNo    string     `gorm:"size:30" yaml:"taxNo"`
	City     string     `gorm:"size:60" yaml:"city"`
}

func (Company) TableName() string { return "master_companies" }

// Department is an organisational unit of a company, possibly under another
// one; CostCenter is the cost centre its people book to by default.
type Department struct {
	Code       string     `gorm:"primaryKey;size:40" yaml:"code"`
	Name       masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Company    string     `gorm:"size:20;not null;index" yaml:"company"`
	Parent     string     `gorm:"size:40" yaml:"parent"`
	CostCenter string     `gorm:"size:20" yaml:"costCenter"`
}

func (Department) TableName() string { return "master_departments" }

// CostCenter is a cost centre of a company, owned by a department and
// settled to a profit centre.
type CostCenter struct {
	Code         string     `gorm:"primaryKey;size:20" yaml:"code"`
	Name         masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Company      string     `gorm:"size:20;not null;index" yaml:"company"`
	Department   string     `gorm:"size:40" yaml:"department"`
	ProfitCenter string     `gorm:"size:20" yaml:"profitCenter"`
}

func (CostCenter) TableName() string { return "master_cost_centers" }

// ProfitCenter is a profit centre of a company.
type ProfitCenter struct {
	Code    string     `gorm:"primaryKey;size:20" yaml:"code"`
	Name    masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Company string     `gorm:"size:20;not null;index" yaml:"company"`
}

func (ProfitCenter) TableName() string { return "master_profit_centers" }

// BusinessRange is a business range (业务范围, the head's bizRang) of a
// company.
type BusinessRange struct {
	Code    string     `gorm:"primaryKey;size:20" yaml:"code"`
	Name    masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Company string     `gorm:"size:20;not null;index" yaml:"company"`
}

func (BusinessRange) TableName() string { return "master_business_ranges" }

// Employee is a person of the group, whether or not they sign in: Username
// is the spec's uniquename (the login name of users.yaml when they do).
type Employee struct {
	EmpID      string     `gorm:"primaryKey;size:40" yaml:"empId"`
	EmpNo      string     `gorm:"size:40;index" yaml:"empNo"`
	Name       masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Username   string     `gorm:"size:64;index" yaml:"username"`
	Company    string     `gorm:"size:20;not null;index" yaml:"company"`
	Department string     `gorm:"size:40;index" yaml:"department"`
	CostCenter string     `gorm:"size:20" yaml:"costCenter"`
	Position   string     `gorm:"size:100" yaml:"position"`
	Phone      string     `gorm:"size:40" yaml:"phone"`
	Email      string     `gorm:"size:200" yaml:"email"`
	Status     string     `gorm:"size:2;not null" yaml:"status"` // employeeActive or "0" (left)
}

func (Employee) TableName() string { return "master_employees" }

// employeeActive is the status of a person still with the group; search
// helps offer only them, dictionaries name everyone.
const employeeActive = "1"

// BusinessPartner is what vendors and customers share: a code, a name, the
// company that deals with them (empty: every company of the group), the tax
// number and the account (Bank is the branch's CNAPS code).
type BusinessPartner struct {
	Code        string     `gorm:"primaryKey;size:20" yaml:"code"`
	Name        masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Company     string     `gorm:"size:20;index" yaml:"company"`
	TaxNo       string     `gorm:"size:30" yaml:"taxNo"`
	Bank        string     `gorm:"size:20" yaml:"bank"`
	Account     string     `gorm:"size:40" yaml:"account"`
	AccountName string     `gorm:"size:200" yaml:"accountName"`
}

// Vendor is a supplier, with the account it is paid to.
type Vendor struct {
	BusinessPartner `gorm:"embedded" yaml:",inline"`
}

func (Vendor) TableName() string { return "master_vendors" }

// Customer is a buyer, with the account it pays from.
type Customer struct {
	BusinessPartner `gorm:"embedded" yaml:",inline"`
}

func (Customer) TableName() string { return "master_customers" }

// Bank is a bank branch, named by its CNAPS code (联行号, 12 digits: the
// bank's 3-digit code, a 4-digit city code, the branch and a check digit).
type Bank struct {
	Cnaps    string     `gorm:"primaryKey;size:20" yaml:"cnaps"`
	Name     masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	BankCode string     `gorm:"size:10;index" yaml:"bankCode"`
	BankName masterName `gorm:"embedded;embeddedPrefix:bank_name_" yaml:"bankName"`
	City     string     `gorm:"size:60" yaml:"city"`
}

func (Bank) TableName() string { return "master_banks" }

// Project is a project costs are booked to. Code "0" is reserved for the
// dictionary's no-project entry.
type Project struct {
	Code    string     `gorm:"primaryKey;size:20" yaml:"code"`
	Name    masterName `gorm:"embedded;embeddedPrefix:name_" yaml:"name"`
	Company string     `gorm:"size:20;not null;index" yaml:"company"`
	Status  string     `gorm:"size:2;not null" yaml:"status"` // projectOpen or "0" (closed)
}

func (Project) TableName() string { return "master_projects" }

// projectOpen is the status of a project that takes costs.
const projectOpen = "1"

// SpecialAccount is a special account code (专项科目): level 1
// (specAccCode1) or level 2 under a level-1 code (specAccCode2). Company
// empty: every company uses it.
type SpecialAccount struct {
	Code    string     `gorm:"primaryKey;size:20"`
	Name    masterName `gorm:"embedded;embeddedPrefix:name_"`
	Level   int        `gorm:"not null;index"`
	Parent  string     `gorm:"size:20;index"`
	Company string     `gorm:"size:20"`
}

func (SpecialAccount) TableName() string { return "master_special_accounts" }

// masterDataModels are the master-data tables, for the migration.
func masterDataModels() []any {
	return []any{&SetOfBooks{}, &Company{}, &Department{}, &CostCenter{}, &ProfitCenter{}, &BusinessRange{},
		&Employee{}, &Vendor{}, &Customer{}, &Bank{}, &Project{}, &SpecialAccount{}}
}
