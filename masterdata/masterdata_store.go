package masterdata

import "context"

// Store is where the master data is kept. Lists come ordered by code
// (employees by employee id, banks by CNAPS code); a lookup of a code that
// no record has answers nil and no error.
type Store interface {
	SetsOfBooks(ctx context.Context) ([]SetOfBooks, error)
	Companies(ctx context.Context) ([]Company, error)
	Departments(ctx context.Context) ([]Department, error)
	CostCenters(ctx context.Context) ([]CostCenter, error)
	ProfitCenters(ctx context.Context) ([]ProfitCenter, error)
	BusinessRanges(ctx context.Context) ([]BusinessRange, error)
	Employees(ctx context.Context) ([]Employee, error)
	Vendors(ctx context.Context) ([]Vendor, error)
	Customers(ctx context.Context) ([]Customer, error)
	Banks(ctx context.Context) ([]Bank, error)
	Projects(ctx context.Context) ([]Project, error)
	// SpecialAccounts lists the special account codes of one level.
	SpecialAccounts(ctx context.Context, level int) ([]SpecialAccount, error)

	SetOfBooks(ctx context.Context, code string) (*SetOfBooks, error)
	Company(ctx context.Context, code string) (*Company, error)
	Department(ctx context.Context, code string) (*Department, error)
	CostCenter(ctx context.Context, code string) (*CostCenter, error)
	BusinessRange(ctx context.Context, code string) (*BusinessRange, error)
	SpecialAccount(ctx context.Context, code string) (*SpecialAccount, error)
	// CompaniesOf and DepartmentsOf list the records of some codes (codes
	// no record has are left out).
	CompaniesOf(ctx context.Context, codes []string) ([]Company, error)
	DepartmentsOf(ctx context.Context, codes []string) ([]Department, error)
	// RecordName is the name of the record of a kind with a code.
	RecordName(ctx context.Context, kind Kind, code string) (*Name, error)
	// EmployeeByUsername is the employee a login name belongs to.
	EmployeeByUsername(ctx context.Context, username string) (*Employee, error)
	// CountCompanies counts the companies (none: the master data is empty).
	CountCompanies(ctx context.Context) (int64, error)

	// SearchEmployees lists the active employees that pass f, by employee
	// id, at most f.Limit.
	SearchEmployees(ctx context.Context, f EmployeeFilter) ([]Employee, error)
	// SearchSpecialAccounts lists the special account codes that pass f, by
	// code, at most f.Limit.
	SearchSpecialAccounts(ctx context.Context, f SpecialAccountFilter) ([]SpecialAccount, error)

	// NamedCodes lists the named codes of some dictionaries, by dictionary
	// and code; of every dictionary when no id is given.
	NamedCodes(ctx context.Context, dicIDs ...string) ([]DictionaryEntry, error)
	// NamedCode is one named code.
	NamedCode(ctx context.Context, dicID, code string) (*DictionaryEntry, error)

	// InTx runs fn in one transaction: all its writes, or none.
	InTx(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the writes of Import, within one transaction.
type Tx interface {
	AddSetsOfBooks(rows []SetOfBooks) error
	AddCompanies(rows []Company) error
	AddDepartments(rows []Department) error
	AddCostCenters(rows []CostCenter) error
	AddProfitCenters(rows []ProfitCenter) error
	AddBusinessRanges(rows []BusinessRange) error
	AddEmployees(rows []Employee) error
	AddVendors(rows []Vendor) error
	AddCustomers(rows []Customer) error
	AddBanks(rows []Bank) error
	AddProjects(rows []Project) error
	AddSpecialAccounts(rows []SpecialAccount) error
	AddNamedCodes(rows []DictionaryEntry) error
}

// EmployeeFilter narrows the active employees: Text (contained, ignoring
// case, in the employee id, number, username or a name), and the company,
// department and username when set.
type EmployeeFilter struct {
	Text, Company, Department, Username string
	Limit                               int
}

// SpecialAccountFilter narrows the special account codes: Text (contained,
// ignoring case, in the code or a name); Level 1 with the codes of Company
// and of every company; Level 2 with the codes under Parent.
type SpecialAccountFilter struct {
	Text    string
	Level   int
	Company string
	Parent  string
	Limit   int
}
