// Package masterdatatest has an in-memory masterdata.Store for the tests of
// the packages that read the master data.
package masterdatatest

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"

	"formwork/masterdata"
)

// Store keeps master data in memory (masterdata.Store). Fill it with Import
// or by appending to Records before use; Err, when set, is the answer of
// every read.
type Store struct {
	mu      sync.Mutex
	Records masterdata.Records
	Err     error
}

var _ masterdata.Store = (*Store)(nil)

// sorted returns a copy of list ordered by key.
func sorted[T any](list []T, key func(T) string) []T {
	out := slices.Clone(list)
	slices.SortStableFunc(out, func(a, b T) int { return cmp.Compare(key(a), key(b)) })
	return out
}

func find[T any](list []T, key func(T) string, code string) *T {
	for _, x := range list {
		if key(x) == code {
			return &x
		}
	}
	return nil
}

func (s *Store) read() (*masterdata.Records, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.Records
	return &r, s.Err
}

func (s *Store) SetsOfBooks(context.Context) ([]masterdata.SetOfBooks, error) {
	r, err := s.read()
	return sorted(r.SetsOfBooks, func(x masterdata.SetOfBooks) string { return x.Code }), err
}

func (s *Store) Companies(context.Context) ([]masterdata.Company, error) {
	r, err := s.read()
	return sorted(r.Companies, func(x masterdata.Company) string { return x.Code }), err
}

func (s *Store) Departments(context.Context) ([]masterdata.Department, error) {
	r, err := s.read()
	return sorted(r.Departments, func(x masterdata.Department) string { return x.Code }), err
}

func (s *Store) CostCenters(context.Context) ([]masterdata.CostCenter, error) {
	r, err := s.read()
	return sorted(r.CostCenters, func(x masterdata.CostCenter) string { return x.Code }), err
}

func (s *Store) ProfitCenters(context.Context) ([]masterdata.ProfitCenter, error) {
	r, err := s.read()
	return sorted(r.ProfitCenters, func(x masterdata.ProfitCenter) string { return x.Code }), err
}

func (s *Store) BusinessRanges(context.Context) ([]masterdata.BusinessRange, error) {
	r, err := s.read()
	return sorted(r.BusinessRanges, func(x masterdata.BusinessRange) string { return x.Code }), err
}

func (s *Store) Employees(context.Context) ([]masterdata.Employee, error) {
	r, err := s.read()
	return sorted(r.Employees, func(x masterdata.Employee) string { return x.EmpID }), err
}

func (s *Store) Vendors(context.Context) ([]masterdata.Vendor, error) {
	r, err := s.read()
	return sorted(r.Vendors, func(x masterdata.Vendor) string { return x.Code }), err
}

func (s *Store) Customers(context.Context) ([]masterdata.Customer, error) {
	r, err := s.read()
	return sorted(r.Customers, func(x masterdata.Customer) string { return x.Code }), err
}

func (s *Store) Banks(context.Context) ([]masterdata.Bank, error) {
	r, err := s.read()
	return sorted(r.Banks, func(x masterdata.Bank) string { return x.Cnaps }), err
}

func (s *Store) Projects(context.Context) ([]masterdata.Project, error) {
	r, err := s.read()
	return sorted(r.Projects, func(x masterdata.Project) string { return x.Code }), err
}

func (s *Store) SpecialAccounts(_ context.Context, level int) ([]masterdata.SpecialAccount, error) {
	r, err := s.read()
	var out []masterdata.SpecialAccount
	for _, a := range r.SpecialAccounts {
		if a.Level == level {
			out = append(out, a)
		}
	}
	return sorted(out, func(x masterdata.SpecialAccount) string { return x.Code }), err
}

func (s *Store) SetOfBooks(_ context.Context, c string) (*masterdata.SetOfBooks, error) {
	r, err := s.read()
	return find(r.SetsOfBooks, func(x masterdata.SetOfBooks) string { return x.Code }, c), err
}

func (s *Store) Company(_ context.Context, c string) (*masterdata.Company, error) {
	r, err := s.read()
	return find(r.Companies, func(x masterdata.Company) string { return x.Code }, c), err
}

func (s *Store) Department(_ context.Context, c string) (*masterdata.Department, error) {
	r, err := s.read()
	return find(r.Departments, func(x masterdata.Department) string { return x.Code }, c), err
}

func (s *Store) CostCenter(_ context.Context, c string) (*masterdata.CostCenter, error) {
	r, err := s.read()
	return find(r.CostCenters, func(x masterdata.CostCenter) string { return x.Code }, c), err
}

func (s *Store) BusinessRange(_ context.Context, c string) (*masterdata.BusinessRange, error) {
	r, err := s.read()
	return find(r.BusinessRanges, func(x masterdata.BusinessRange) string { return x.Code }, c), err
}

func (s *Store) SpecialAccount(_ context.Context, c string) (*masterdata.SpecialAccount, error) {
	r, err := s.read()
	return find(r.SpecialAccounts, func(x masterdata.SpecialAccount) string { return x.Code }, c), err
}

func (s *Store) CompaniesOf(ctx context.Context, codes []string) ([]masterdata.Company, error) {
	all, err := s.Companies(ctx)
	return slices.DeleteFunc(all, func(x masterdata.Company) bool { return !slices.Contains(codes, x.Code) }), err
}

func (s *Store) DepartmentsOf(ctx context.Context, codes []string) ([]masterdata.Department, error) {
	all, err := s.Departments(ctx)
	return slices.DeleteFunc(all, func(x masterdata.Department) bool { return !slices.Contains(codes, x.Code) }), err
}

func (s *Store) RecordName(_ context.Context, kind masterdata.Kind, c string) (*masterdata.Name, error) {
	r, err := s.read()
	names := map[string]masterdata.Name{}
	switch kind {
	case masterdata.KindSetOfBooks:
		for _, x := range r.SetsOfBooks {
			names[x.Code] = x.Name
		}
	case masterdata.KindCompany:
		for _, x := range r.Companies {
			names[x.Code] = x.Name
		}
	case masterdata.KindDepartment:
		for _, x := range r.Departments {
			names[x.Code] = x.Name
		}
	case masterdata.KindCostCenter:
		for _, x := range r.CostCenters {
			names[x.Code] = x.Name
		}
	case masterdata.KindProfitCenter:
		for _, x := range r.ProfitCenters {
			names[x.Code] = x.Name
		}
	case masterdata.KindBusinessRange:
		for _, x := range r.BusinessRanges {
			names[x.Code] = x.Name
		}
	case masterdata.KindEmployee:
		for _, x := range r.Employees {
			names[x.EmpID] = x.Name
		}
	case masterdata.KindVendor:
		for _, x := range r.Vendors {
			names[x.Code] = x.Name
		}
	case masterdata.KindCustomer:
		for _, x := range r.Customers {
			names[x.Code] = x.Name
		}
	case masterdata.KindBank:
		for _, x := range r.Banks {
			names[x.Cnaps] = x.Name
		}
	case masterdata.KindProject:
		for _, x := range r.Projects {
			names[x.Code] = x.Name
		}
	case masterdata.KindSpecialAccount, masterdata.KindSubAccount:
		for _, x := range r.SpecialAccounts {
			names[x.Code] = x.Name
		}
	}
	n, ok := names[c]
	if !ok {
		return nil, err
	}
	return &n, err
}

func (s *Store) EmployeeByUsername(_ context.Context, username string) (*masterdata.Employee, error) {
	r, err := s.read()
	return find(sorted(r.Employees, func(x masterdata.Employee) string { return x.EmpID }),
		func(x masterdata.Employee) string { return x.Username }, username), err
}

func (s *Store) CountCompanies(context.Context) (int64, error) {
	r, err := s.read()
	return int64(len(r.Companies)), err
}

// contains reports whether one of fields contains text, ignoring case.
func contains(text string, fields ...string) bool {
	for _, f := range fields {
		if strings.Contains(strings.ToLower(f), strings.ToLower(text)) {
			return true
		}
	}
	return false
}

func (s *Store) SearchEmployees(ctx context.Context, f masterdata.EmployeeFilter) ([]masterdata.Employee, error) {
	all, err := s.Employees(ctx)
	var out []masterdata.Employee
	for _, e := range all {
		if e.Status != masterdata.EmployeeActive || f.Company != "" && e.Company != f.Company ||
			f.Department != "" && e.Department != f.Department || f.Username != "" && e.Username != f.Username ||
			!contains(f.Text, e.EmpID, e.EmpNo, e.Username, e.Name.Zh, e.Name.En, e.Name.Th) {
			continue
		}
		if len(out) < f.Limit {
			out = append(out, e)
		}
	}
	return out, err
}

func (s *Store) SearchSpecialAccounts(ctx context.Context, f masterdata.SpecialAccountFilter) ([]masterdata.SpecialAccount, error) {
	all, err := s.SpecialAccounts(ctx, f.Level)
	var out []masterdata.SpecialAccount
	for _, a := range all {
		if f.Level == 1 && a.Company != f.Company && a.Company != "" || f.Level == 2 && a.Parent != f.Parent ||
			!contains(f.Text, a.Code, a.Name.Zh, a.Name.En, a.Name.Th) {
			continue
		}
		if len(out) < f.Limit {
			out = append(out, a)
		}
	}
	return out, err
}

func (s *Store) NamedCodes(_ context.Context, dicIDs ...string) ([]masterdata.DictionaryEntry, error) {
	r, err := s.read()
	var out []masterdata.DictionaryEntry
	for _, e := range r.NamedCodes {
		if len(dicIDs) == 0 || slices.Contains(dicIDs, e.DicID) {
			out = append(out, e)
		}
	}
	return sorted(out, func(x masterdata.DictionaryEntry) string { return x.DicID + "\x00" + x.Code }), err
}

func (s *Store) NamedCode(_ context.Context, dicID, c string) (*masterdata.DictionaryEntry, error) {
	r, err := s.read()
	return find(r.NamedCodes, func(x masterdata.DictionaryEntry) string { return x.DicID + "\x00" + x.Code }, dicID+"\x00"+c), err
}

// InTx runs fn on a copy of the records and keeps it only when fn
// succeeds: all the writes, or none.
func (s *Store) InTx(_ context.Context, fn func(tx masterdata.Tx) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := &fakeTx{r: s.Records}
	if err := fn(tx); err != nil {
		return err
	}
	s.Records = tx.r
	return nil
}

// fakeTx is the writes of an import (masterdata.Tx).
type fakeTx struct{ r masterdata.Records }

func (t *fakeTx) AddSetsOfBooks(rows []masterdata.SetOfBooks) error {
	t.r.SetsOfBooks = append(t.r.SetsOfBooks, rows...)
	return nil
}
func (t *fakeTx) AddCompanies(rows []masterdata.Company) error {
	t.r.Companies = append(t.r.Companies, rows...)
	return nil
}
func (t *fakeTx) AddDepartments(rows []masterdata.Department) error {
	t.r.Departments = append(t.r.Departments, rows...)
	return nil
}
func (t *fakeTx) AddCostCenters(rows []masterdata.CostCenter) error {
	t.r.CostCenters = append(t.r.CostCenters, rows...)
	return nil
}
func (t *fakeTx) AddProfitCenters(rows []masterdata.ProfitCenter) error {
	t.r.ProfitCenters = append(t.r.ProfitCenters, rows...)
	return nil
}
func (t *fakeTx) AddBusinessRanges(rows []masterdata.BusinessRange) error {
	t.r.BusinessRanges = append(t.r.BusinessRanges, rows...)
	return nil
}
func (t *fakeTx) AddEmployees(rows []masterdata.Employee) error {
	t.r.Employees = append(t.r.Employees, rows...)
	return nil
}
func (t *fakeTx) AddVendors(rows []masterdata.Vendor) error {
	t.r.Vendors = append(t.r.Vendors, rows...)
	return nil
}
func (t *fakeTx) AddCustomers(rows []masterdata.Customer) error {
	t.r.Customers = append(t.r.Customers, rows...)
	return nil
}
func (t *fakeTx) AddBanks(rows []masterdata.Bank) error {
	t.r.Banks = append(t.r.Banks, rows...)
	return nil
}
func (t *fakeTx) AddProjects(rows []masterdata.Project) error {
	t.r.Projects = append(t.r.Projects, rows...)
	return nil
}
func (t *fakeTx) AddSpecialAccounts(rows []masterdata.SpecialAccount) error {
	t.r.SpecialAccounts = append(t.r.SpecialAccounts, rows...)
	return nil
}
func (t *fakeTx) AddNamedCodes(rows []masterdata.DictionaryEntry) error {
	t.r.NamedCodes = append(t.r.NamedCodes, rows...)
	return nil
}
