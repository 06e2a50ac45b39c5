package sqldb

import (
	"context"
	"fmt"
	"strings"

	"formwork/masterdata"

	"gorm.io/gorm"
)

// MasterDataStore keeps the master data in its tables (masterdata.Store).
type MasterDataStore struct {
	db *gorm.DB
}

// NewMasterDataStore is the master-data store on an opened, migrated
// database.
func NewMasterDataStore(db *gorm.DB) *MasterDataStore { return &MasterDataStore{db: db} }

var _ masterdata.Store = (*MasterDataStore)(nil)

// listRows loads every row of a table, ordered by orderBy, as records.
func listRows[R any, T any](ctx context.Context, db *gorm.DB, what, orderBy string, record func(R) T) ([]T, error) {
	var rows []R
	if err := db.WithContext(ctx).Order(orderBy).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load %s: %w", what, err)
	}
	out := make([]T, 0, len(rows))
	for _, r := range rows {
		out = append(out, record(r))
	}
	return out, nil
}

// findRow loads the row whose column equals code; nil when there is none.
func findRow[R any, T any](ctx context.Context, db *gorm.DB, what, column, code string, record func(R) T) (*T, error) {
	var rows []R
	if err := db.WithContext(ctx).Where(column+" = ?", code).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("look up %s %s: %w", what, code, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	t := record(rows[0])
	return &t, nil
}

func (s *MasterDataStore) SetsOfBooks(ctx context.Context) ([]masterdata.SetOfBooks, error) {
	return listRows(ctx, s.db, "sets of books", "code", SetOfBooksRow.record)
}

func (s *MasterDataStore) Companies(ctx context.Context) ([]masterdata.Company, error) {
	return listRows(ctx, s.db, "companies", "code", CompanyRow.record)
}

func (s *MasterDataStore) Departments(ctx context.Context) ([]masterdata.Department, error) {
	return listRows(ctx, s.db, "departments", "code", DepartmentRow.record)
}

func (s *MasterDataStore) CostCenters(ctx context.Context) ([]masterdata.CostCenter, error) {
	return listRows(ctx, s.db, "cost centres", "code", CostCenterRow.record)
}

func (s *MasterDataStore) ProfitCenters(ctx context.Context) ([]masterdata.ProfitCenter, error) {
	return listRows(ctx, s.db, "profit centres", "code", ProfitCenterRow.record)
}

func (s *MasterDataStore) BusinessRanges(ctx context.Context) ([]masterdata.BusinessRange, error) {
	return listRows(ctx, s.db, "business ranges", "code", BusinessRangeRow.record)
}

func (s *MasterDataStore) Employees(ctx context.Context) ([]masterdata.Employee, error) {
	return listRows(ctx, s.db, "employees", "emp_id", EmployeeRow.record)
}

func (s *MasterDataStore) Vendors(ctx context.Context) ([]masterdata.Vendor, error) {
	return listRows(ctx, s.db, "vendors", "code", VendorRow.record)
}

func (s *MasterDataStore) Customers(ctx context.Context) ([]masterdata.Customer, error) {
	return listRows(ctx, s.db, "customers", "code", CustomerRow.record)
}

func (s *MasterDataStore) Banks(ctx context.Context) ([]masterdata.Bank, error) {
	return listRows(ctx, s.db, "banks", "cnaps", BankRow.record)
}

func (s *MasterDataStore) Projects(ctx context.Context) ([]masterdata.Project, error) {
	return listRows(ctx, s.db, "projects", "code", ProjectRow.record)
}

func (s *MasterDataStore) SpecialAccounts(ctx context.Context, level int) ([]masterdata.SpecialAccount, error) {
	return listRows(ctx, s.db.Where("level = ?", level), "special account codes", "code", SpecialAccountRow.record)
}

func (s *MasterDataStore) SetOfBooks(ctx context.Context, code string) (*masterdata.SetOfBooks, error) {
	return findRow(ctx, s.db, "set of books", "code", code, SetOfBooksRow.record)
}

func (s *MasterDataStore) Company(ctx context.Context, code string) (*masterdata.Company, error) {
	return findRow(ctx, s.db, "company", "code", code, CompanyRow.record)
}

func (s *MasterDataStore) Department(ctx context.Context, code string) (*masterdata.Department, error) {
	return findRow(ctx, s.db, "department", "code", code, DepartmentRow.record)
}

func (s *MasterDataStore) CostCenter(ctx context.Context, code string) (*masterdata.CostCenter, error) {
	return findRow(ctx, s.db, "cost centre", "code", code, CostCenterRow.record)
}

func (s *MasterDataStore) BusinessRange(ctx context.Context, code string) (*masterdata.BusinessRange, error) {
	return findRow(ctx, s.db, "business range", "code", code, BusinessRangeRow.record)
}

func (s *MasterDataStore) SpecialAccount(ctx context.Context, code string) (*masterdata.SpecialAccount, error) {
	return findRow(ctx, s.db, "special account code", "code", code, SpecialAccountRow.record)
}

func (s *MasterDataStore) EmployeeByUsername(ctx context.Context, username string) (*masterdata.Employee, error) {
	return findRow(ctx, s.db.Order("emp_id"), "employee", "username", username, EmployeeRow.record)
}

func (s *MasterDataStore) CompaniesOf(ctx context.Context, codes []string) ([]masterdata.Company, error) {
	return listRows(ctx, s.db.Where("code IN ?", append(codes[:len(codes):len(codes)], "")), "companies", "code", CompanyRow.record)
}

func (s *MasterDataStore) DepartmentsOf(ctx context.Context, codes []string) ([]masterdata.Department, error) {
	return listRows(ctx, s.db.Where("code IN ?", append(codes[:len(codes):len(codes)], "")), "departments", "code", DepartmentRow.record)
}

// nameTables are the table and key column of each kind, for RecordName.
var nameTables = map[masterdata.Kind][2]string{
	masterdata.KindSetOfBooks: {"master_sets_of_books", "code"}, masterdata.KindCompany: {"master_companies", "code"},
	masterdata.KindDepartment: {"master_departments", "code"}, masterdata.KindCostCenter: {"master_cost_centers", "code"},
	masterdata.KindProfitCenter: {"master_profit_centers", "code"}, masterdata.KindBusinessRange: {"master_business_ranges", "code"},
	masterdata.KindEmployee: {"master_employees", "emp_id"}, masterdata.KindVendor: {"master_vendors", "code"},
	masterdata.KindCustomer: {"master_customers", "code"}, masterdata.KindBank: {"master_banks", "cnaps"},
	masterdata.KindProject: {"master_projects", "code"}, masterdata.KindSpecialAccount: {"master_special_accounts", "code"},
	masterdata.KindSubAccount: {"master_special_accounts", "code"},
}

func (s *MasterDataStore) RecordName(ctx context.Context, kind masterdata.Kind, code string) (*masterdata.Name, error) {
	t, ok := nameTables[kind]
	if !ok {
		return nil, fmt.Errorf("no master-data kind %q", kind)
	}
	var rows []nameRow
	err := s.db.WithContext(ctx).Table(t[0]).Select("name_zh AS zh, name_en AS en, name_th AS th").Where(t[1]+" = ?", code).Limit(1).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("look up %s %s: %w", kind, code, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	n := masterdata.Name(rows[0])
	return &n, nil
}

func (s *MasterDataStore) CountCompanies(ctx context.Context) (int64, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&CompanyRow{}).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count companies: %w", err)
	}
	return n, nil
}

// nameColumns are the columns of a master record's name.
var nameColumns = []string{"name_zh", "name_en", "name_th"}

// matchText narrows q to the rows where one of columns contains text,
// ignoring case (ASCII on SQLite); no text leaves q as it is. The text's %,
// _ and \ match themselves.
func matchText(q *gorm.DB, text string, columns ...string) *gorm.DB {
	if text == "" {
		return q
	}
	pattern := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(text)) + "%"
	conds := make([]string, len(columns))
	args := make([]any, len(columns))
	for i, col := range columns {
		conds[i] = "LOWER(" + col + `) LIKE ? ESCAPE '\'`
		args[i] = pattern
	}
	return q.Where("("+strings.Join(conds, " OR ")+")", args...)
}

func (s *MasterDataStore) SearchEmployees(ctx context.Context, f masterdata.EmployeeFilter) ([]masterdata.Employee, error) {
	q := s.db.Where("status = ?", masterdata.EmployeeActive)
	for _, by := range [][2]string{{"company", f.Company}, {"department", f.Department}, {"username", f.Username}} {
		if by[1] != "" {
			q = q.Where(by[0]+" = ?", by[1])
		}
	}
	q = matchText(q, f.Text, append([]string{"emp_id", "emp_no", "username"}, nameColumns...)...)
	return listRows(ctx, q.Limit(f.Limit), "employees", "emp_id", EmployeeRow.record)
}

func (s *MasterDataStore) SearchSpecialAccounts(ctx context.Context, f masterdata.SpecialAccountFilter) ([]masterdata.SpecialAccount, error) {
	var q *gorm.DB
	if f.Level == 1 {
		q = s.db.Where("level = 1 AND (company = ? OR company = '')", f.Company)
	} else {
		q = s.db.Where("level = ? AND parent = ?", f.Level, f.Parent)
	}
	q = matchText(q, f.Text, append([]string{"code"}, nameColumns...)...)
	return listRows(ctx, q.Limit(f.Limit), "special account codes", "code", SpecialAccountRow.record)
}

func (s *MasterDataStore) NamedCodes(ctx context.Context, dicIDs ...string) ([]masterdata.DictionaryEntry, error) {
	q := s.db
	if len(dicIDs) > 0 {
		q = q.Where("dic_id IN ?", dicIDs)
	}
	return listRows(ctx, q, "named codes", "dic_id, code", DictionaryEntryRow.record)
}

func (s *MasterDataStore) NamedCode(ctx context.Context, dicID, code string) (*masterdata.DictionaryEntry, error) {
	return findRow(ctx, s.db.Where("dic_id = ?", dicID), "named code", "code", code, DictionaryEntryRow.record)
}

// InTx runs fn in one database transaction.
func (s *MasterDataStore) InTx(ctx context.Context, fn func(tx masterdata.Tx) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return fn(masterDataTx{tx}) })
}

// masterDataTx is the writes of an import (masterdata.Tx).
type masterDataTx struct{ db *gorm.DB }

// insertRows writes records as rows, in batches.
func insertRows[T any, R any](db *gorm.DB, list []T, row func(T) R) error {
	if len(list) == 0 {
		return nil
	}
	rows := make([]R, 0, len(list))
	for _, x := range list {
		rows = append(rows, row(x))
	}
	if err := db.CreateInBatches(rows, 200).Error; err != nil {
		return err
	}
	return nil
}

func (t masterDataTx) AddSetsOfBooks(rows []masterdata.SetOfBooks) error {
	return insertRows(t.db, rows, setOfBooksRow)
}
func (t masterDataTx) AddCompanies(rows []masterdata.Company) error {
	return insertRows(t.db, rows, companyRow)
}
func (t masterDataTx) AddDepartments(rows []masterdata.Department) error {
	return insertRows(t.db, rows, departmentRow)
}
func (t masterDataTx) AddCostCenters(rows []masterdata.CostCenter) error {
	return insertRows(t.db, rows, costCenterRow)
}
func (t masterDataTx) AddProfitCenters(rows []masterdata.ProfitCenter) error {
	return insertRows(t.db, rows, profitCenterRow)
}
func (t masterDataTx) AddBusinessRanges(rows []masterdata.BusinessRange) error {
	return insertRows(t.db, rows, businessRangeRow)
}
func (t masterDataTx) AddEmployees(rows []masterdata.Employee) error {
	return insertRows(t.db, rows, employeeRow)
}
func (t masterDataTx) AddVendors(rows []masterdata.Vendor) error {
	return insertRows(t.db, rows, vendorRow)
}
func (t masterDataTx) AddCustomers(rows []masterdata.Customer) error {
	return insertRows(t.db, rows, customerRow)
}
func (t masterDataTx) AddBanks(rows []masterdata.Bank) error { return insertRows(t.db, rows, bankRow) }
func (t masterDataTx) AddProjects(rows []masterdata.Project) error {
	return insertRows(t.db, rows, projectRow)
}
func (t masterDataTx) AddSpecialAccounts(rows []masterdata.SpecialAccount) error {
	return insertRows(t.db, rows, specialAccountRow)
}
func (t masterDataTx) AddNamedCodes(rows []masterdata.DictionaryEntry) error {
	return insertRows(t.db, rows, dictionaryEntryRow)
}
