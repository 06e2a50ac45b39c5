package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"
)

// The people search helps: employee info (applicants, payees) and
// companions (fellow travellers, inventory personnel, supervisors). Both
// offer only employees still with the group, by employee id, at most
// searchLimit; searchTxt matches the employee id, number, uniquename or
// name.

// employeeOptions turns employees into the spec's employee info (documents.md
// 3): key the employee id, value the name; attr1 uniquename, attr2 company,
// attr3 department, attr4 set of books (the company's), attr5 contact (phone),
// attr6 email, attr7 cost centre, attr8 employee number, attr9 the
// department's name, attr10 position, attr11 status (1 with the group, 0 left).
func (s *Server) employeeOptions(ctx context.Context, list []Employee, lang string) ([]option, error) {
	var companies, departments []string
	for _, e := range list {
		companies = append(companies, e.Company)
		departments = append(departments, e.Department)
	}
	var cos []Company
	var depts []Department
	db := s.db.WithContext(ctx)
	if err := db.Where("code IN ?", append(companies, "")).Find(&cos).Error; err != nil {
		return nil, fmt.Errorf("load companies: %w", err)
	}
	if err := db.Where("code IN ?", append(departments, "")).Find(&depts).Error; err != nil {
		return nil, fmt.Errorf("load departments: %w", err)
	}
	sobOf, deptName := map[string]string{}, map[string]string{}
	for _, c := range cos {
		sobOf[c.Code] = c.Sob
	}
	for _, d := range depts {
		deptName[d.Code] = d.Name.In(lang)
	}
	out := make([]option, 0, len(list))
	for _, e := range list {
		out = append(out, opt(e.EmpID, e.Name.In(lang), e.Username, e.Company, e.Department, sobOf[e.Company], e.Phone,
			e.Email, e.CostCenter, e.EmpNo, deptName[e.Department], e.Position, e.Status))
	}
	return out, nil
}

// employeeFilter narrows the active employees.
type employeeFilter struct {
	text, company, department, username string
}

// findEmployees lists the active employees that pass f, by employee id, at
// most searchLimit.
func (s *Server) findEmployees(ctx context.Context, f employeeFilter) ([]Employee, error) {
	q := s.db.WithContext(ctx).Where("status = ?", employeeActive)
	for _, by := range [][2]string{{"company", f.company}, {"department", f.department}, {"username", f.username}} {
		if by[1] != "" {
			q = q.Where(by[0]+" = ?", by[1])
		}
	}
	q = matchText(q, f.text, append([]string{"emp_id", "emp_no", "username"}, nameColumns...)...)
	var list []Employee
	if err := q.Order("emp_id").Limit(searchLimit).Find(&list).Error; err != nil {
		return nil, fmt.Errorf("search employees: %w", err)
	}
	return list, nil
}

// checkCodes answers 400 for the first parameter whose code, when given, is
// no record of its kind.
func (s *Server) checkCodes(c echo.Context, checks ...codeCheck) error {
	for _, ch := range checks {
		if ch.code == "" {
			continue
		}
		found, err := s.findMaster(c.Request().Context(), ch.model, ch.column, ch.code)
		if err != nil {
			return err
		}
		if !found {
			return unknownCode(c, ch.param, ch.code)
		}
	}
	return nil
}

// codeCheck is a parameter whose code must be a record of model's kind.
type codeCheck struct {
	param, code, column string
	model               any
}

func companyCheck(code string) codeCheck { return codeCheck{"companyCode", code, "code", &Company{}} }
func departmentCheck(code string) codeCheck {
	return codeCheck{"department", code, "code", &Department{}}
}

// queryEmployeeInfo: POST /api/galaxyform/searchhelp/queryEmployeeInfo
// {searchTxt?, companyCode?, department?, uniquename?}: employees of the
// whole group unless narrowed.
func (s *Server) queryEmployeeInfo(c echo.Context) error {
	var in struct {
		SearchTxt   looseString `json:"searchTxt"`
		CompanyCode looseString `json:"companyCode"`
		Department  looseString `json:"department"`
		Uniquename  looseString `json:"uniquename"`
	}
	if err := readBody(c, &in, `{"searchTxt": "张", "companyCode": "1000"}`); err != nil {
		return err
	}
	text, err := searchTextOf(c, in.SearchTxt)
	if err != nil {
		return err
	}
	if err := s.checkCodes(c, companyCheck(string(in.CompanyCode)), departmentCheck(string(in.Department))); err != nil {
		return err
	}
	return s.answerEmployees(c, employeeFilter{text: text, company: string(in.CompanyCode), department: string(in.Department),
		username: strings.ToLower(string(in.Uniquename))})
}

// queryCompanion: POST /api/galaxycommon/searchhelp/queryCompanion
// {searchTxt, companyCode, department, shareDepPerson?, selectShare?}:
// colleagues to pick as companions, inventory personnel or supervisors.
// companyCode defaults to the X-company context; department narrows to a
// department. shareDepPerson Y without a department: the signed-in user's
// own department. selectShare Y: people of every company of the group
// (cost sharing across companies), companyCode ignored.
func (s *Server) queryCompanion(c echo.Context) error {
	var in struct {
		SearchTxt      looseString `json:"searchTxt"`
		CompanyCode    looseString `json:"companyCode"`
		Department     looseString `json:"department"`
		ShareDepPerson looseString `json:"shareDepPerson"`
		SelectShare    looseString `json:"selectShare"`
	}
	if err := readBody(c, &in, `{"searchTxt": "", "companyCode": "1000", "department": "SAL02"}`); err != nil {
		return err
	}
	text, err := searchTextOf(c, in.SearchTxt)
	if err != nil {
		return err
	}
	if err := s.checkCodes(c, companyCheck(string(in.CompanyCode)), departmentCheck(string(in.Department))); err != nil {
		return err
	}
	f := employeeFilter{text: text, company: string(in.CompanyCode), department: string(in.Department)}
	id := CurrentUser(c)
	if f.company == "" {
		f.company = id.Company
	}
	if in.SelectShare.yes() {
		f.company = ""
	}
	if f.department == "" && in.ShareDepPerson.yes() {
		f.department = id.User.DeptID
	}
	return s.answerEmployees(c, f)
}

func (s *Server) answerEmployees(c echo.Context, f employeeFilter) error {
	ctx := c.Request().Context()
	list, err := s.findEmployees(ctx, f)
	if err != nil {
		return err
	}
	out, err := s.employeeOptions(ctx, list, lang(c))
	if err != nil {
		return err
	}
	return ok(c, out)
}
