package masterdata

import (
	"context"

	"formwork/engine"
)

// Service is the master data's use cases: reading the records and their
// names, and importing a whole set of records at once.
type Service struct {
	store Store
}

// NewService builds the master-data service on its store.
func NewService(store Store) *Service { return &Service{store: store} }

// SetsOfBooks lists every set of books, by code.
func (s *Service) SetsOfBooks(ctx context.Context) ([]SetOfBooks, error) {
	return s.store.SetsOfBooks(ctx)
}

// Companies lists every company, by code.
func (s *Service) Companies(ctx context.Context) ([]Company, error) { return s.store.Companies(ctx) }

// Departments lists every department, by code.
func (s *Service) Departments(ctx context.Context) ([]Department, error) {
	return s.store.Departments(ctx)
}

// CostCenters lists every cost centre, by code.
func (s *Service) CostCenters(ctx context.Context) ([]CostCenter, error) {
	return s.store.CostCenters(ctx)
}

// ProfitCenters lists every profit centre, by code.
func (s *Service) ProfitCenters(ctx context.Context) ([]ProfitCenter, error) {
	return s.store.ProfitCenters(ctx)
}

// BusinessRanges lists every business range, by code.
func (s *Service) BusinessRanges(ctx context.Context) ([]BusinessRange, error) {
	return s.store.BusinessRanges(ctx)
}

// Employees lists every employee, active or not, by employee id.
func (s *Service) Employees(ctx context.Context) ([]Employee, error) { return s.store.Employees(ctx) }

// Vendors lists every vendor, by code.
func (s *Service) Vendors(ctx context.Context) ([]Vendor, error) { return s.store.Vendors(ctx) }

// Customers lists every customer, by code.
func (s *Service) Customers(ctx context.Context) ([]Customer, error) { return s.store.Customers(ctx) }

// Banks lists every bank branch, by CNAPS code.
func (s *Service) Banks(ctx context.Context) ([]Bank, error) { return s.store.Banks(ctx) }

// Projects lists every project, open or closed, by code.
func (s *Service) Projects(ctx context.Context) ([]Project, error) { return s.store.Projects(ctx) }

// SpecialAccounts lists the special account codes of a level (1 or 2), by
// code.
func (s *Service) SpecialAccounts(ctx context.Context, level int) ([]SpecialAccount, error) {
	return s.store.SpecialAccounts(ctx, level)
}

// SetOfBooks is the set of books of a code; nil when there is none.
func (s *Service) SetOfBooks(ctx context.Context, code string) (*SetOfBooks, error) {
	return s.store.SetOfBooks(ctx, code)
}

// Company is the company of a code; nil when there is none.
func (s *Service) Company(ctx context.Context, code string) (*Company, error) {
	return s.store.Company(ctx, code)
}

// Department is the department of a code; nil when there is none.
func (s *Service) Department(ctx context.Context, code string) (*Department, error) {
	return s.store.Department(ctx, code)
}

// CostCenter is the cost centre of a code; nil when there is none.
func (s *Service) CostCenter(ctx context.Context, code string) (*CostCenter, error) {
	return s.store.CostCenter(ctx, code)
}

// BusinessRange is the business range of a code; nil when there is none.
func (s *Service) BusinessRange(ctx context.Context, code string) (*BusinessRange, error) {
	return s.store.BusinessRange(ctx, code)
}

// SpecialAccount is the special account code of a code (either level); nil
// when there is none.
func (s *Service) SpecialAccount(ctx context.Context, code string) (*SpecialAccount, error) {
	return s.store.SpecialAccount(ctx, code)
}

// CompaniesOf lists the companies of some codes.
func (s *Service) CompaniesOf(ctx context.Context, codes []string) ([]Company, error) {
	return s.store.CompaniesOf(ctx, codes)
}

// DepartmentsOf lists the departments of some codes.
func (s *Service) DepartmentsOf(ctx context.Context, codes []string) ([]Department, error) {
	return s.store.DepartmentsOf(ctx, codes)
}

// SearchEmployees lists the active employees that pass f, by employee id.
func (s *Service) SearchEmployees(ctx context.Context, f EmployeeFilter) ([]Employee, error) {
	return s.store.SearchEmployees(ctx, f)
}

// SearchSpecialAccounts lists the special account codes that pass f, by
// code.
func (s *Service) SearchSpecialAccounts(ctx context.Context, f SpecialAccountFilter) ([]SpecialAccount, error) {
	return s.store.SearchSpecialAccounts(ctx, f)
}

// Dictionary is every named code (DictionaryEntry), by dictionary and code.
func (s *Service) Dictionary(ctx context.Context) (Dictionary, error) {
	entries, err := s.store.NamedCodes(ctx)
	if err != nil {
		return nil, err
	}
	return dictionaryOf(entries), nil
}

// NamedCodes is the named codes of some dictionaries.
func (s *Service) NamedCodes(ctx context.Context, dicIDs ...string) (Dictionary, error) {
	if len(dicIDs) == 0 {
		return Dictionary{}, nil
	}
	entries, err := s.store.NamedCodes(ctx, dicIDs...)
	if err != nil {
		return nil, err
	}
	return dictionaryOf(entries), nil
}

// CodeName is the name of a code of a dictionary in every language it has:
// the record's name for a master-data kind (specAccCode1 and specAccCode2
// name either level), else the named code's. Nil when the dictionary has
// no such code.
func (s *Service) CodeName(ctx context.Context, dic, code string) (engine.Text, error) {
	if code == "" {
		return nil, nil
	}
	if kind, ok := KindOf(dic); ok {
		if kind == KindProject && code == NoProjectCode {
			return NoProject, nil
		}
		n, err := s.store.RecordName(ctx, kind, code)
		if err != nil || n == nil {
			return nil, err
		}
		return n.Text(), nil
	}
	e, err := s.store.NamedCode(ctx, dic, code)
	if err != nil || e == nil {
		return nil, err
	}
	return e.Text(), nil
}

// PersonName is the name of the employee who signs in as username, in
// every language it has; nil when no employee does.
func (s *Service) PersonName(ctx context.Context, username string) (engine.Text, error) {
	if username == "" {
		return nil, nil
	}
	e, err := s.store.EmployeeByUsername(ctx, username)
	if err != nil || e == nil {
		return nil, err
	}
	return e.Name.Text(), nil
}

// Empty reports whether there is no master data yet (no company).
func (s *Service) Empty(ctx context.Context) (bool, error) {
	n, err := s.store.CountCompanies(ctx)
	return n == 0, err
}
