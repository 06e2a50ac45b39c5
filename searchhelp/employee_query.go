package searchhelp

import (
	"context"
	"strings"

	"formwork/masterdata"
)

// The people search helps: employee info (applicants, payees) and
// companions (fellow travellers, inventory personnel, supervisors). Both
// offer only employees still with the group, by employee id, at most
// SearchLimit; the search text matches the employee id, number, uniquename
// or name.

// employeeOptions turns employees into the spec's employee info (documents.md
// 3): key the employee id, value the name; attr1 uniquename, attr2 company,
// attr3 department, attr4 set of books (the company's), attr5 contact (phone),
// attr6 email, attr7 cost centre, attr8 employee number, attr9 the
// department's name, attr10 position, attr11 status (1 with the group, 0 left).
func (s *Service) employeeOptions(ctx context.Context, list []masterdata.Employee, lang string) ([]Option, error) {
	var companies, departments []string
	for _, e := range list {
		companies = append(companies, e.Company)
		departments = append(departments, e.Department)
	}
	cos, err := s.md.CompaniesOf(ctx, companies)
	if err != nil {
		return nil, err
	}
	depts, err := s.md.DepartmentsOf(ctx, departments)
	if err != nil {
		return nil, err
	}
	sobOf, deptName := map[string]string{}, map[string]string{}
	for _, c := range cos {
		sobOf[c.Code] = c.Sob
	}
	for _, d := range depts {
		deptName[d.Code] = d.Name.In(lang)
	}
	out := make([]Option, 0, len(list))
	for _, e := range list {
		out = append(out, Opt(e.EmpID, e.Name.In(lang), e.Username, e.Company, e.Department, sobOf[e.Company], e.Phone,
			e.Email, e.CostCenter, e.EmpNo, deptName[e.Department], e.Position, e.Status))
	}
	return out, nil
}

// checkCompanyAndDepartment answers EINVALID for a company or department
// that is sent but does not exist.
func (s *Service) checkCompanyAndDepartment(ctx context.Context, company, department string) error {
	if company != "" {
		co, err := s.md.Company(ctx, company)
		if err != nil {
			return err
		}
		if co == nil {
			return unknownCode("companyCode", company)
		}
	}
	if department != "" {
		d, err := s.md.Department(ctx, department)
		if err != nil {
			return err
		}
		if d == nil {
			return unknownCode("department", department)
		}
	}
	return nil
}

// EmployeeQuery asks queryEmployeeInfo: employees of the whole group
// unless narrowed by company, department or uniquename.
type EmployeeQuery struct {
	SearchTxt, CompanyCode, Department, Uniquename string
}

// Employees answers queryEmployeeInfo.
func (s *Service) Employees(ctx context.Context, q EmployeeQuery, lang string) ([]Option, error) {
	text, err := searchText(q.SearchTxt)
	if err != nil {
		return nil, err
	}
	if err := s.checkCompanyAndDepartment(ctx, q.CompanyCode, q.Department); err != nil {
		return nil, err
	}
	return s.employees(ctx, masterdata.EmployeeFilter{Text: text, Company: q.CompanyCode, Department: q.Department,
		Username: strings.ToLower(q.Uniquename)}, lang)
}

// CompanionQuery asks queryCompanion: colleagues to pick as companions,
// inventory personnel or supervisors.
type CompanionQuery struct {
	SearchTxt, CompanyCode, Department string
	// ShareDepPerson without a department: the caller's own department.
	ShareDepPerson bool
	// SelectShare: people of every company of the group (cost sharing
	// across companies), CompanyCode ignored.
	SelectShare bool
	Caller      Caller
}

// Companions answers queryCompanion: CompanyCode defaults to the caller's
// company; Department narrows to a department.
func (s *Service) Companions(ctx context.Context, q CompanionQuery, lang string) ([]Option, error) {
	text, err := searchText(q.SearchTxt)
	if err != nil {
		return nil, err
	}
	if err := s.checkCompanyAndDepartment(ctx, q.CompanyCode, q.Department); err != nil {
		return nil, err
	}
	f := masterdata.EmployeeFilter{Text: text, Company: q.CompanyCode, Department: q.Department}
	if f.Company == "" {
		f.Company = q.Caller.Company
	}
	if q.SelectShare {
		f.Company = ""
	}
	if f.Department == "" && q.ShareDepPerson {
		f.Department = q.Caller.Department
	}
	return s.employees(ctx, f, lang)
}

func (s *Service) employees(ctx context.Context, f masterdata.EmployeeFilter, lang string) ([]Option, error) {
	f.Limit = SearchLimit
	list, err := s.md.SearchEmployees(ctx, f)
	if err != nil {
		return nil, err
	}
	return s.employeeOptions(ctx, list, lang)
}
