package sqldb

import "formwork/masterdata"

// The master-data tables: one per kind, keyed by code (employees by
// employee id, banks by CNAPS code). Column names and sizes are those the
// tables were created with.

// nameRow is a record's name in each language (columns name_zh, name_en,
// name_th, or with another prefix).
type nameRow struct {
	Zh string `gorm:"size:200;not null"`
	En string `gorm:"size:200"`
	Th string `gorm:"size:200"`
}

// SetOfBooksRow is a set of books.
type SetOfBooksRow struct {
	Code     string  `gorm:"primaryKey;size:20"`
	Name     nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Currency string  `gorm:"size:3"`
}

func (SetOfBooksRow) TableName() string { return "master_sets_of_books" }

// CompanyRow is a company.
type CompanyRow struct {
	Code     string  `gorm:"primaryKey;size:20"`
	Name     nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Sob      string  `gorm:"size:20;not null;index"`
	Currency string  `gorm:"size:3"`
	TaxNo    string  `gorm:"size:30"`
	City     string  `gorm:"size:60"`
}

func (CompanyRow) TableName() string { return "master_companies" }

// DepartmentRow is a department.
type DepartmentRow struct {
	Code       string  `gorm:"primaryKey;size:40"`
	Name       nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Company    string  `gorm:"size:20;not null;index"`
	Parent     string  `gorm:"size:40"`
	CostCenter string  `gorm:"size:20"`
}

func (DepartmentRow) TableName() string { return "master_departments" }

// CostCenterRow is a cost centre.
type CostCenterRow struct {
	Code         string  `gorm:"primaryKey;size:20"`
	Name         nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Company      string  `gorm:"size:20;not null;index"`
	Department   string  `gorm:"size:40"`
	ProfitCenter string  `gorm:"size:20"`
}

func (CostCenterRow) TableName() string { return "master_cost_centers" }

// ProfitCenterRow is a profit centre.
type ProfitCenterRow struct {
	Code    string  `gorm:"primaryKey;size:20"`
	Name    nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Company string  `gorm:"size:20;not null;index"`
}

func (ProfitCenterRow) TableName() string { return "master_profit_centers" }

// BusinessRangeRow is a business range.
type BusinessRangeRow struct {
	Code    string  `gorm:"primaryKey;size:20"`
	Name    nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Company string  `gorm:"size:20;not null;index"`
}

func (BusinessRangeRow) TableName() string { return "master_business_ranges" }

// EmployeeRow is an employee.
type EmployeeRow struct {
	EmpID      string  `gorm:"primaryKey;size:40"`
	EmpNo      string  `gorm:"size:40;index"`
	Name       nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Username   string  `gorm:"size:64;index"`
	Company    string  `gorm:"size:20;not null;index"`
	Department string  `gorm:"size:40;index"`
	CostCenter string  `gorm:"size:20"`
	Position   string  `gorm:"size:100"`
	Phone      string  `gorm:"size:40"`
	Email      string  `gorm:"size:200"`
	Status     string  `gorm:"size:2;not null"`
}

func (EmployeeRow) TableName() string { return "master_employees" }

// BusinessPartnerRow is what vendor and customer rows share.
type BusinessPartnerRow struct {
	Code        string  `gorm:"primaryKey;size:20"`
	Name        nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Company     string  `gorm:"size:20;index"`
	TaxNo       string  `gorm:"size:30"`
	Bank        string  `gorm:"size:20"`
	Account     string  `gorm:"size:40"`
	AccountName string  `gorm:"size:200"`
}

// VendorRow is a vendor.
type VendorRow struct {
	BusinessPartnerRow `gorm:"embedded"`
}

func (VendorRow) TableName() string { return "master_vendors" }

// CustomerRow is a customer.
type CustomerRow struct {
	BusinessPartnerRow `gorm:"embedded"`
}

func (CustomerRow) TableName() string { return "master_customers" }

// BankRow is a bank branch.
type BankRow struct {
	Cnaps    string  `gorm:"primaryKey;size:20"`
	Name     nameRow `gorm:"embedded;embeddedPrefix:name_"`
	BankCode string  `gorm:"size:10;index"`
	BankName nameRow `gorm:"embedded;embeddedPrefix:bank_name_"`
	City     string  `gorm:"size:60"`
}

func (BankRow) TableName() string { return "master_banks" }

// ProjectRow is a project.
type ProjectRow struct {
	Code    string  `gorm:"primaryKey;size:20"`
	Name    nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Company string  `gorm:"size:20;not null;index"`
	Status  string  `gorm:"size:2;not null"`
}

func (ProjectRow) TableName() string { return "master_projects" }

// SpecialAccountRow is a special account code of level 1 or 2.
type SpecialAccountRow struct {
	Code    string  `gorm:"primaryKey;size:20"`
	Name    nameRow `gorm:"embedded;embeddedPrefix:name_"`
	Level   int     `gorm:"not null;index"`
	Parent  string  `gorm:"size:20;index"`
	Company string  `gorm:"size:20"`
}

func (SpecialAccountRow) TableName() string { return "master_special_accounts" }

// DictionaryEntryRow is a named code of a dictionary.
type DictionaryEntryRow struct {
	DicID string `gorm:"primaryKey;size:40"`
	Code  string `gorm:"primaryKey;size:60"`
	Zh    string `gorm:"size:200"`
	En    string `gorm:"size:200"`
	Th    string `gorm:"size:200"`
}

func (DictionaryEntryRow) TableName() string { return "dictionary_entries" }

// MasterDataModels are the master-data row types, for the migration.
func MasterDataModels() []any {
	return []any{&SetOfBooksRow{}, &CompanyRow{}, &DepartmentRow{}, &CostCenterRow{}, &ProfitCenterRow{}, &BusinessRangeRow{},
		&EmployeeRow{}, &VendorRow{}, &CustomerRow{}, &BankRow{}, &ProjectRow{}, &SpecialAccountRow{}, &DictionaryEntryRow{}}
}

// Conversions between rows and the domain's records.

func (r SetOfBooksRow) record() masterdata.SetOfBooks {
	return masterdata.SetOfBooks{Code: r.Code, Name: masterdata.Name(r.Name), Currency: r.Currency}
}

func setOfBooksRow(x masterdata.SetOfBooks) SetOfBooksRow {
	return SetOfBooksRow{Code: x.Code, Name: nameRow(x.Name), Currency: x.Currency}
}

func (r CompanyRow) record() masterdata.Company {
	return masterdata.Company{Code: r.Code, Name: masterdata.Name(r.Name), Sob: r.Sob, Currency: r.Currency, TaxNo: r.TaxNo, City: r.City}
}

func companyRow(x masterdata.Company) CompanyRow {
	return CompanyRow{Code: x.Code, Name: nameRow(x.Name), Sob: x.Sob, Currency: x.Currency, TaxNo: x.TaxNo, City: x.City}
}

func (r DepartmentRow) record() masterdata.Department {
	return masterdata.Department{Code: r.Code, Name: masterdata.Name(r.Name), Company: r.Company, Parent: r.Parent, CostCenter: r.CostCenter}
}

func departmentRow(x masterdata.Department) DepartmentRow {
	return DepartmentRow{Code: x.Code, Name: nameRow(x.Name), Company: x.Company, Parent: x.Parent, CostCenter: x.CostCenter}
}

func (r CostCenterRow) record() masterdata.CostCenter {
	return masterdata.CostCenter{Code: r.Code, Name: masterdata.Name(r.Name), Company: r.Company, Department: r.Department, ProfitCenter: r.ProfitCenter}
}

func costCenterRow(x masterdata.CostCenter) CostCenterRow {
	return CostCenterRow{Code: x.Code, Name: nameRow(x.Name), Company: x.Company, Department: x.Department, ProfitCenter: x.ProfitCenter}
}

func (r ProfitCenterRow) record() masterdata.ProfitCenter {
	return masterdata.ProfitCenter{Code: r.Code, Name: masterdata.Name(r.Name), Company: r.Company}
}

func profitCenterRow(x masterdata.ProfitCenter) ProfitCenterRow {
	return ProfitCenterRow{Code: x.Code, Name: nameRow(x.Name), Company: x.Company}
}

func (r BusinessRangeRow) record() masterdata.BusinessRange {
	return masterdata.BusinessRange{Code: r.Code, Name: masterdata.Name(r.Name), Company: r.Company}
}

func businessRangeRow(x masterdata.BusinessRange) BusinessRangeRow {
	return BusinessRangeRow{Code: x.Code, Name: nameRow(x.Name), Company: x.Company}
}

func (r EmployeeRow) record() masterdata.Employee {
	return masterdata.Employee{EmpID: r.EmpID, EmpNo: r.EmpNo, Name: masterdata.Name(r.Name), Username: r.Username, Company: r.Company,
		Department: r.Department, CostCenter: r.CostCenter, Position: r.Position, Phone: r.Phone, Email: r.Email, Status: r.Status}
}

func employeeRow(x masterdata.Employee) EmployeeRow {
	return EmployeeRow{EmpID: x.EmpID, EmpNo: x.EmpNo, Name: nameRow(x.Name), Username: x.Username, Company: x.Company,
		Department: x.Department, CostCenter: x.CostCenter, Position: x.Position, Phone: x.Phone, Email: x.Email, Status: x.Status}
}

func (r BusinessPartnerRow) partner() masterdata.BusinessPartner {
	return masterdata.BusinessPartner{Code: r.Code, Name: masterdata.Name(r.Name), Company: r.Company, TaxNo: r.TaxNo, Bank: r.Bank,
		Account: r.Account, AccountName: r.AccountName}
}

func businessPartnerRow(x masterdata.BusinessPartner) BusinessPartnerRow {
	return BusinessPartnerRow{Code: x.Code, Name: nameRow(x.Name), Company: x.Company, TaxNo: x.TaxNo, Bank: x.Bank, Account: x.Account,
		AccountName: x.AccountName}
}

func (r VendorRow) record() masterdata.Vendor { return masterdata.Vendor{BusinessPartner: r.partner()} }

func vendorRow(x masterdata.Vendor) VendorRow {
	return VendorRow{businessPartnerRow(x.BusinessPartner)}
}

func (r CustomerRow) record() masterdata.Customer {
	return masterdata.Customer{BusinessPartner: r.partner()}
}

func customerRow(x masterdata.Customer) CustomerRow {
	return CustomerRow{businessPartnerRow(x.BusinessPartner)}
}

func (r BankRow) record() masterdata.Bank {
	return masterdata.Bank{Cnaps: r.Cnaps, Name: masterdata.Name(r.Name), BankCode: r.BankCode, BankName: masterdata.Name(r.BankName), City: r.City}
}

func bankRow(x masterdata.Bank) BankRow {
	return BankRow{Cnaps: x.Cnaps, Name: nameRow(x.Name), BankCode: x.BankCode, BankName: nameRow(x.BankName), City: x.City}
}

func (r ProjectRow) record() masterdata.Project {
	return masterdata.Project{Code: r.Code, Name: masterdata.Name(r.Name), Company: r.Company, Status: r.Status}
}

func projectRow(x masterdata.Project) ProjectRow {
	return ProjectRow{Code: x.Code, Name: nameRow(x.Name), Company: x.Company, Status: x.Status}
}

func (r SpecialAccountRow) record() masterdata.SpecialAccount {
	return masterdata.SpecialAccount{Code: r.Code, Name: masterdata.Name(r.Name), Level: r.Level, Parent: r.Parent, Company: r.Company}
}

func specialAccountRow(x masterdata.SpecialAccount) SpecialAccountRow {
	return SpecialAccountRow{Code: x.Code, Name: nameRow(x.Name), Level: x.Level, Parent: x.Parent, Company: x.Company}
}

// DictionaryEntryRow and masterdata.DictionaryEntry have the same fields:
// a conversion does it.
func (r DictionaryEntryRow) record() masterdata.DictionaryEntry { return masterdata.DictionaryEntry(r) }

func dictionaryEntryRow(x masterdata.DictionaryEntry) DictionaryEntryRow {
	return DictionaryEntryRow(x)
}
