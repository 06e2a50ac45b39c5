package masterdata

import (
	"context"
	"fmt"
)

// Counts says how many records of each kind Import wrote.
type Counts struct {
	SetsOfBooks, Companies, Departments, CostCenters, ProfitCenters, BusinessRanges    int
	Employees, Vendors, Customers, Banks, Projects, SpecialAccounts, DictionaryEntries int
}

// Total is the number of records written.
func (m Counts) Total() int {
	return m.SetsOfBooks + m.Companies + m.Departments + m.CostCenters + m.ProfitCenters + m.BusinessRanges +
		m.Employees + m.Vendors + m.Customers + m.Banks + m.Projects + m.SpecialAccounts + m.DictionaryEntries
}

// String lists the counts, for serve's start-up message.
func (m Counts) String() string {
	return fmt.Sprintf("%d sets of books, %d companies, %d departments, %d cost centres, %d profit centres, %d business ranges, "+
		"%d employees, %d vendors, %d customers, %d banks, %d projects, %d special account codes, %d named codes",
		m.SetsOfBooks, m.Companies, m.Departments, m.CostCenters, m.ProfitCenters, m.BusinessRanges,
		m.Employees, m.Vendors, m.Customers, m.Banks, m.Projects, m.SpecialAccounts, m.DictionaryEntries)
}

// Import writes a whole set of master data in one transaction. It is meant
// for an empty store: a code the store has already fails the write. The
// records are checked first (Records.Problems): with a problem, the error
// names the first one and nothing is written.
func (s *Service) Import(ctx context.Context, r *Records) (Counts, error) {
	if err := r.Problems().Err("master data"); err != nil {
		return Counts{}, err
	}
	err := s.store.InTx(ctx, func(tx Tx) error {
		for _, part := range []struct {
			what string
			n    int
			add  func() error
		}{
			{"sets of books", len(r.SetsOfBooks), func() error { return tx.AddSetsOfBooks(r.SetsOfBooks) }},
			{"companies", len(r.Companies), func() error { return tx.AddCompanies(r.Companies) }},
			{"departments", len(r.Departments), func() error { return tx.AddDepartments(r.Departments) }},
			{"cost centres", len(r.CostCenters), func() error { return tx.AddCostCenters(r.CostCenters) }},
			{"profit centres", len(r.ProfitCenters), func() error { return tx.AddProfitCenters(r.ProfitCenters) }},
			{"business ranges", len(r.BusinessRanges), func() error { return tx.AddBusinessRanges(r.BusinessRanges) }},
			{"employees", len(r.Employees), func() error { return tx.AddEmployees(r.Employees) }},
			{"vendors", len(r.Vendors), func() error { return tx.AddVendors(r.Vendors) }},
			{"customers", len(r.Customers), func() error { return tx.AddCustomers(r.Customers) }},
			{"banks", len(r.Banks), func() error { return tx.AddBanks(r.Banks) }},
			{"projects", len(r.Projects), func() error { return tx.AddProjects(r.Projects) }},
			{"special account codes", len(r.SpecialAccounts), func() error { return tx.AddSpecialAccounts(r.SpecialAccounts) }},
			{"named codes", len(r.NamedCodes), func() error { return tx.AddNamedCodes(r.NamedCodes) }},
		} {
			if part.n == 0 {
				continue
			}
			if err := part.add(); err != nil {
				return fmt.Errorf("import %s: %w", part.what, err)
			}
		}
		return nil
	})
	if err != nil {
		return Counts{}, err
	}
	return Counts{SetsOfBooks: len(r.SetsOfBooks), Companies: len(r.Companies), Departments: len(r.Departments),
		CostCenters: len(r.CostCenters), ProfitCenters: len(r.ProfitCenters), BusinessRanges: len(r.BusinessRanges),
		Employees: len(r.Employees), Vendors: len(r.Vendors), Customers: len(r.Customers), Banks: len(r.Banks),
		Projects: len(r.Projects), SpecialAccounts: len(r.SpecialAccounts), DictionaryEntries: len(r.NamedCodes)}, nil
}
